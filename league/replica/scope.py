"""The switch that sends a request's reads to the replica (`league.replica.router` reads it), and the doors that turn
it on: `replica_reads` on a read page's view, `ReplicaReadsMixin` on an API view. Nothing else ever reads from the
replica: the table page, the legal moves, the move pipeline, every form and POST, the organizer's console, the
admin and the tasks are not marked and read the primary.

A marked door reads from the replica only when it may (`replica_wanted`): a replica is configured, the request is a
GET or HEAD, its player has not written in the last seconds (`league.replica.sticky`), and the replica answers and
is close enough behind (`league.replica.health`). Who is asking is read before the switch, from the primary: a
session ended or a password changed a moment ago is never read back from a replica that has not seen it yet.

A read that fails on the replica in the middle of a request (it went down since the last check, or cancelled the
statement to replay the primary's changes) does not fail the request: the view runs once more, on the primary.
A read page writes nothing, so running it twice is safe; when the primary is what failed, the second run fails as
the request would have without a replica.
"""

from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass
from functools import wraps
from typing import Any, TypeVar

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from rest_framework.request import Request
from rest_framework.response import Response

from league.replica.health import replica_configured, replica_failed, replica_usable
from league.replica.sticky import sticky_marked

R = TypeVar("R")

READS = frozenset({"GET", "HEAD"})


@dataclass
class _Scope:
    allowed: bool  # False on the second run of a view whose reads failed on the replica
    on: bool = False


_current: ContextVar[_Scope | None] = ContextVar("replica_scope", default=None)


def reads_on_replica() -> bool:
    """Whether the current request's reads go to the replica."""
    scope = _current.get()
    return scope is not None and scope.on


def replica_wanted(request: HttpRequest | Request) -> bool:
    if not replica_configured() or request.method not in READS:
        return False
    # who is asking, from the primary (AuthenticationMiddleware's lazy user; the API's user is already known)
    user = getattr(request, "user", None)
    _ = user is not None and user.is_authenticated
    return not sticky_marked(request) and replica_usable()


def replica_reads(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A read page's view, its reads from the replica when it may."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        return _served(lambda: view(request, *args, **kwargs), on=lambda: replica_wanted(request))

    wrapped.replica_reads = True  # type: ignore[attr-defined]  # how a test finds the doors that read the replica
    return wrapped


class ReplicaReadsMixin:
    """An API view whose reads come from the replica when it may: decided in `initial`, once DRF knows who is
    asking (a token is read from the primary), before the handler."""

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        dispatch: Callable[..., HttpResponse] = super().dispatch  # type: ignore[misc]  # APIView's, next in the bases
        return _served(lambda: dispatch(request, *args, **kwargs), on=None)

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        super().initial(request, *args, **kwargs)  # type: ignore[misc]
        scope = _current.get()
        if scope is not None and scope.allowed and replica_wanted(request):
            scope.on = True

    def handle_exception(self, exc: Exception) -> Response:
        # a read that failed on the replica goes on to `_served`, which runs the view again on the primary; the
        # API's handler would answer it 503
        if reads_on_replica() and isinstance(exc, OperationalError | InterfaceError):
            raise exc
        response: Response = super().handle_exception(exc)  # type: ignore[misc]
        return response


def _served(run: Callable[[], R], *, on: Callable[[], bool] | None) -> R:
    """`run` within a scope (switched on now when `on` says so, else by the view), and once more on the primary
    when a read on the replica failed."""
    scope = _Scope(allowed=True, on=on() if on is not None else False)
    token = _current.set(scope)
    try:
        return run()
    except (OperationalError, InterfaceError):
        if not scope.on:
            raise
        replica_failed()
    finally:
        _current.reset(token)
    token = _current.set(_Scope(allowed=False))
    try:
        return run()
    finally:
        _current.reset(token)
