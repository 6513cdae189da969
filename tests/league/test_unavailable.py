"""A database that cannot be reached answers 503 with Retry-After (league/middleware.py, league/api/errors.py,
league/views/errors.py): in the API's error format under /api/, the styled page elsewhere; a bad query stays a 500."""

import json
import sys

import pytest
from django.db import IntegrityError, OperationalError
from django.test import RequestFactory

from league.api.errors import exception_handler
from league.middleware import InputGuardMiddleware
from league.views.errors import server_error


def _guard() -> InputGuardMiddleware:
    return InputGuardMiddleware(lambda request: None)


def test_an_api_view_whose_database_is_away_answers_503_in_the_error_format():
    request = RequestFactory().get("/api/clubs/")
    response = exception_handler(OperationalError("connection refused"), {"request": request})
    assert (response.status_code, response["Retry-After"]) == (503, "5")
    assert response.data["error"]["code"] == "database_unavailable"


def test_a_page_whose_database_is_away_answers_the_styled_503_page():
    response = _guard().process_exception(RequestFactory().get("/seasons/1/"), OperationalError("gone"))
    assert (response.status_code, response["Retry-After"]) == (503, "5")
    assert b'class="error-code" aria-hidden="true">503<' in response.content


def test_a_middleware_that_met_the_database_away_gets_a_503_from_the_500_handler():
    # Django calls handler500 inside its `except`: the exception is the one being handled
    try:
        raise OperationalError("the server closed the connection")
    except OperationalError:
        assert sys.exc_info()[0] is OperationalError
        response = server_error(RequestFactory().get("/api/me/"))
    assert (response.status_code, json.loads(response.content)["error"]["code"]) == (503, "database_unavailable")


@pytest.mark.django_db
def test_a_bad_query_is_not_mistaken_for_an_outage():
    assert _guard().process_exception(RequestFactory().get("/"), IntegrityError("duplicate")) is None
    assert exception_handler(IntegrityError("duplicate"), {"request": RequestFactory().get("/api/")}) is None
