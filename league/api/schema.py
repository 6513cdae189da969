"""Helpers that keep the OpenAPI annotations of the views short and alike."""

from typing import Any, Literal

from drf_spectacular.authentication import SessionScheme
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.plumbing import build_parameter_type
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework.permissions import AllowAny, IsAuthenticatedOrReadOnly

from league.api.serializers.errors import ErrorSerializer
from league.api.serializers.fields import ID_MAX


class CsrfSessionScheme(SessionScheme):  # type: ignore[no-untyped-call]  # registers itself, untyped
    """The session's scheme for the schema, as DRF's SessionAuthentication has it: the API's own subclass only names
    its CSRF refusal (league.api.views.base.CsrfSessionAuthentication)."""

    target_class = "league.api.views.base.CsrfSessionAuthentication"


_MEANING = {
    400: "The input is not valid (bad field, bad options, malformed JSON).",
    401: "Not authenticated, or the token is wrong.",
    403: "Authenticated, but not allowed to do this.",
    404: "No such object.",
    409: "Conflict: the table moved on (stale version) or is closed.",
    422: "The move or request is well formed but refused by the rules.",
    429: "Too many requests; retry after the number of seconds in Retry-After.",
}


def error_responses(*statuses: int) -> dict[int, OpenApiResponse]:
    return {code: OpenApiResponse(ErrorSerializer, description=_MEANING[code]) for code in statuses}


class IdConverter:
    """A path id: 1 to 18 digits, so that every id the URL accepts fits a bigint."""

    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


class ApiAutoSchema(AutoSchema):
    """The schema of every ApiView: path ids as integers from 1 to ID_MAX (so that generated clients and fuzzers send
    real ids), and the error responses any such view can give, in the one error format, where a view left them out."""

    def _resolve_path_parameters(self, variables: list[str]) -> list[dict[str, Any]]:
        parameters: list[dict[str, Any]] = super()._resolve_path_parameters(variables)  # type: ignore[no-untyped-call]
        for index, variable in enumerate(variables):
            if f"<id:{variable}>" in self.path_regex:
                parameters[index] = build_parameter_type(
                    name=variable,
                    location=OpenApiParameter.PATH,
                    schema={"type": "integer", "minimum": 1, "maximum": ID_MAX},
                )
        return parameters

    def _implied_errors(self, *, declared: bool) -> list[int]:
        """The error statuses this operation can give whatever it does; with none `declared` by the view, also
        those any service write can give (a conflict with the object's state, a refusal by the rules)."""
        statuses = [401]  # any request may carry a wrong token
        unsafe = self.method not in ("GET", "HEAD", "OPTIONS")
        if unsafe:
            statuses.append(400)
        open_to_all = (AllowAny, IsAuthenticatedOrReadOnly)
        guarded = any(not isinstance(permission, open_to_all) for permission in self.view.get_permissions())
        if unsafe or guarded:
            statuses.append(403)  # a permission, or the CSRF check of a session on an unsafe method
        if "{" in self.path:
            statuses.append(404)
        if unsafe and not declared:
            statuses += [409, 422]
        if self.view.get_throttles():
            statuses.append(429)
        return statuses

    def _get_response_bodies(self, direction: Literal["request", "response"] = "response") -> dict[str, Any]:
        responses = super()._get_response_bodies(direction)
        declared = any(code.startswith("4") for code in responses)
        for code in self._implied_errors(declared=declared):
            if str(code) not in responses:
                response = OpenApiResponse(ErrorSerializer, description=_MEANING[code])
                responses[str(code)] = self._get_response_for_code(  # type: ignore[no-untyped-call]
                    response, str(code), direction=direction
                )
        return responses


IDEMPOTENCY_KEY = OpenApiParameter(
    "Idempotency-Key",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    required=False,
    description="Any string up to 100 characters, unique per move you mean to make. A retry with the same key "
    "returns the first answer and applies nothing twice; the same key with a different move is refused (422).",
)
