"""The errors services raise: a stable machine-readable `code`, a `message` for people, an optional `field`, and an
HTTP-like `status` that the API maps to its one error format (`as_dict` is the error's part of that body)."""

from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied


class ServiceError(Exception):
    code = "error"
    status = 400
    default_message = "The request cannot be carried out."

    def __init__(self, message: str | None = None, *, code: str | None = None, field: str | None = None) -> None:
        self.message = message or self.default_message
        if code is not None:
            self.code = code
        self.field = field
        super().__init__(f"{self.code}: {self.message}")

    def as_dict(self) -> dict[str, Any]:
        """The error as the API shows it: code, message, field (null when none), and what the error adds."""
        return {"code": self.code, "message": self.message, "field": self.field, **self.details()}

    def details(self) -> dict[str, Any]:
        """What this kind of error tells a client beyond code, message and field (e.g. the current version)."""
        return {}


def error_body(*, code: str, message: str, field: str | None = None, **details: Any) -> dict[str, Any]:
    """The body of every error answer of the API, and of any request under /api/ (a 413, a 500 included); `details`
    are what an error adds (ServiceError.details)."""
    return {"error": {"code": code, "message": message, "field": field, **details}}


class BadInput(ServiceError):
    """What a client sent cannot be read or stored (league.input): malformed, nested too deep, a NUL, a surrogate."""

    code = "bad_input"
    status = 400


class InputTooLarge(BadInput):
    """A body over the API's limit (413), or a JSON value over its field's limit (400)."""

    code = "too_large"
    status = 413

    def __init__(self, message: str | None = None, *, field: str | None = None, status: int = 413) -> None:
        super().__init__(message, field=field)
        self.status = status


class NotFound(ServiceError):
    code = "not_found"
    status = 404
    default_message = "No such object."


class WrongStatus(ServiceError):
    """A season or tournament is not at the stage the action needs (started, registration closed, finished...)."""

    code = "wrong_status"
    status = 409
    default_message = "The season is not at the stage this needs."


class NotSeated(ServiceError):
    code = "not_seated"
    status = 403
    default_message = "You have no seat at this table."


class StaleVersion(ServiceError):
    """The client moved on a version of the table it no longer has; it must reload and decide again."""

    code = "stale_version"
    status = 409

    def __init__(self, *, current: int, expected: int | None = None) -> None:
        self.current = current
        self.expected = expected
        super().__init__(f"The table has moved on to version {current}; reload it.", field="expected_version")

    def details(self) -> dict[str, Any]:
        return {"current_version": self.current}


class TableClosed(ServiceError):
    code = "table_closed"
    status = 409
    default_message = "The table is not in play any more."


class IllegalMoveError(ServiceError):
    """The engine refused the move; `code` is the engine's own (e.g. "not_your_turn")."""

    status = 422

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message, code=code, field="move")


class IdempotencyMismatch(ServiceError):
    code = "idempotency_mismatch"
    status = 422
    default_message = "This idempotency key was already used for a different move."


class InvalidValue(ServiceError):
    """A value the client sent was read but cannot be accepted (a name too long, a format unknown, a date past, a
    role that does not exist...); `field` names it and `code` says why when a client may act on it (`bad_options`:
    a game's options the engine refused)."""

    code = "invalid"
    status = 400
    default_message = "This value is not valid."


class PermissionDenied(ServiceError):
    code = "permission_denied"
    status = 403
    default_message = "You may not do this."


class NoPlayer(PermissionDenied, DjangoPermissionDenied):
    """A signed-in account without a player profile (an admin's) may read but not play. Also Django's
    PermissionDenied, so that a page answers 403 as the API does."""

    code = "no_player"
    default_message = "This account has no player profile."


__all__ = [
    "BadInput",
    "IdempotencyMismatch",
    "IllegalMoveError",
    "InputTooLarge",
    "InvalidValue",
    "NoPlayer",
    "NotFound",
    "NotSeated",
    "PermissionDenied",
    "ServiceError",
    "StaleVersion",
    "TableClosed",
    "error_body",
]
