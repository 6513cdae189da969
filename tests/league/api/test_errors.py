"""The one error format (league/api/errors.py): every exception the API raises becomes
{"error": {"code", "message", "field", ...}} with its status; anything unknown stays a 500."""

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import Http404
from rest_framework import exceptions

from league.api.errors import exception_handler
from league.errors import IllegalMoveError, NotSeated, StaleVersion


def _handle(exc: Exception) -> tuple[int, dict, dict]:
    response = exception_handler(exc, {})
    return response.status_code, response.data, dict(response.headers)


def test_service_error_keeps_its_code_status_and_field_and_a_stale_version_tells_the_current_one() -> None:
    status, body, _ = _handle(StaleVersion(current=7, expected=5))

    assert status == 409
    assert body == {
        "error": {
            "code": "stale_version",
            "message": "The table has moved on to version 7; reload it.",
            "field": "expected_version",
            "current_version": 7,
        }
    }


def test_engine_refusal_carries_the_engine_code() -> None:
    assert _handle(IllegalMoveError("not_your_turn", "Wait for your turn."))[:2] == (
        422,
        {"error": {"code": "not_your_turn", "message": "Wait for your turn.", "field": "move"}},
    )


def test_service_error_without_field_has_null_field() -> None:
    assert _handle(NotSeated())[1]["error"]["field"] is None


def test_validation_error_names_the_first_field_by_its_path() -> None:
    exc = exceptions.ValidationError({"options": {"seats": ["Too many."]}, "name": ["Required."]})

    status, body, _ = _handle(exc)

    assert status == 400
    assert body == {"error": {"code": "invalid", "message": "Too many.", "field": "options.seats"}}


def test_validation_error_in_a_list_item_names_its_index() -> None:
    exc = exceptions.ValidationError({"players": {2: [exceptions.ErrorDetail("Not a number.", code="invalid")]}})

    assert _handle(exc)[1]["error"]["field"] == "players.2"


def test_non_field_validation_error_has_null_field() -> None:
    exc = exceptions.ValidationError({"non_field_errors": [exceptions.ErrorDetail("Clash.", code="clash")]})

    assert _handle(exc)[1] == {"error": {"code": "clash", "message": "Clash.", "field": None}}


def test_django_404_and_permission_denied_are_mapped() -> None:
    assert _handle(Http404("x"))[:2] == (404, {"error": {"code": "not_found", "message": "Not found.", "field": None}})
    assert _handle(DjangoPermissionDenied())[:2] == (
        403,
        {
            "error": {
                "code": "permission_denied",
                "message": "You do not have permission to perform this action.",
                "field": None,
            }
        },
    )


def test_throttled_tells_when_to_retry() -> None:
    status, body, headers = _handle(exceptions.Throttled(wait=12))

    assert status == 429
    assert body["error"]["code"] == "throttled"
    assert headers["Retry-After"] == "12"


def test_parse_error_and_method_not_allowed() -> None:
    assert _handle(exceptions.ParseError())[1]["error"]["code"] == "parse_error"
    assert _handle(exceptions.MethodNotAllowed("PUT"))[:2] == (
        405,
        {"error": {"code": "method_not_allowed", "message": 'Method "PUT" not allowed.', "field": None}},
    )


def test_unknown_exception_is_left_to_the_500_handler() -> None:
    assert exception_handler(RuntimeError("boom"), {}) is None
