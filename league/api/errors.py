"""One error format for every 4xx of the API: `{"error": {"code": ..., "message": ..., "field": ...}}`, plus what
an error adds (a stale version: `current_version`), built by `error_body` alone.

Set as REST_FRAMEWORK["EXCEPTION_HANDLER"]. Codes are stable and documented in docs/api.md; messages are for people.
"""

from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import Http404
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import set_rollback

from league.errors import ServiceError, error_body
from league.middleware import RETRY_AFTER, database_unavailable, unavailable_body

# DRF's own codes are stable already; these few are renamed so that a client sees one vocabulary
_RENAMED = {"error": "bad_request"}


def _first_error(detail: Any, path: tuple[str, ...] = ()) -> tuple[tuple[str, ...], exceptions.ErrorDetail | str]:
    """The first leaf of a (possibly nested) validation detail, with the path of field names that leads to it."""
    if isinstance(detail, dict):
        for key, value in detail.items():
            inner = path if key == "non_field_errors" else (*path, str(key))
            return _first_error(value, inner)
    if isinstance(detail, list):
        for index, value in enumerate(detail):
            # a list of errors for one field stays on that field; a list of items gets the item index
            inner = path if not isinstance(value, dict | list) else (*path, str(index))
            return _first_error(value, inner)
    return path, detail


def _validation_body(exc: exceptions.ValidationError) -> dict[str, Any]:
    path, leaf = _first_error(exc.detail)
    code = getattr(leaf, "code", None) or "invalid"
    return error_body(code=str(code), message=str(leaf), field=".".join(path) or None)


__all__ = ["error_body", "exception_handler"]


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """Map ServiceError and DRF/Django exceptions to the one error format; anything else is a 500, which Django's
    handler500 (league.views.errors) answers in the same format under /api/."""
    if isinstance(exc, ServiceError):
        set_rollback()
        return Response(error_body(**exc.as_dict()), status=exc.status)
    if database_unavailable(exc):
        # the transaction (if any) is lost with its connection: nothing was half-written
        return Response(unavailable_body(), status=503, headers={"Retry-After": str(RETRY_AFTER)})
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    if not isinstance(exc, exceptions.APIException):
        return None

    headers = {}
    if auth_header := getattr(exc, "auth_header", None):
        headers["WWW-Authenticate"] = auth_header
    if wait := getattr(exc, "wait", None):
        headers["Retry-After"] = str(int(wait))

    if isinstance(exc, exceptions.ValidationError):
        body = _validation_body(exc)
    else:
        detail = exc.detail
        code = getattr(detail, "code", None) or exc.default_code
        body = error_body(code=_RENAMED.get(str(code), str(code)), message=str(detail))
    set_rollback()
    return Response(body, status=exc.status_code or status.HTTP_400_BAD_REQUEST, headers=headers)
