"""Every request's id, its line in the log and its place in the metrics (docs/operations.md).

`RequestLogMiddleware` comes second in the stack, after the probes (league.health, which it never sees): it gives
the request an id (the `X-Request-ID` a proxy in front set, when it is a plain token, else a new one), opens the log
context with it (league.logs), and once the answer is made counts it by route and status with its duration
(league.metrics) and logs one line: method, route (the URL's pattern, e.g. `api/tables/<id:table_id>/moves/`, never
the path, which may hold a token: a password-reset link, a calendar feed, an invitation), status, duration, and the
ids of the URL (table, season, tournament). The answer carries the id back in `X-Request-ID`.
"""

import logging
import re
import time
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse

from league import metrics
from league.logs import context_bind, context_end, context_start, request_id_new

logger = logging.getLogger("cardleague.request")

HEADER = "X-Request-ID"
# an id from the proxy in front is kept when it is a plain token (a UUID, a hex or base-64 string); anything else
# gets a new id, so that a client cannot write what it likes into every log line of its request
_INCOMING = re.compile(r"[A-Za-z0-9._:+/=-]{8,128}")
# the URL's ids that the log line carries (their converters made them integers)
IDS = ("table_id", "season_id", "tournament_id")
UNMATCHED = "(unmatched)"


class RequestLogMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.debug = settings.DEBUG

    def __call__(self, request: HttpRequest) -> HttpResponse:
        started = time.perf_counter()
        # (META, not request.headers: that builds a mapping of every header on first use, which nothing else here needs)
        incoming = request.META.get("HTTP_X_REQUEST_ID", "")
        rid = incoming if _INCOMING.fullmatch(incoming) else request_id_new()
        token = context_start(request_id=rid)
        try:
            response = self.get_response(request)
            seconds = time.perf_counter() - started
            match = request.resolver_match
            route = match.route if match is not None else UNMATCHED
            status = response.status_code
            metrics.request_observed(route=route, method=request.method or "", status=status, seconds=seconds)
            if logger.isEnabledFor(logging.INFO):
                milliseconds = round(seconds * 1000, 1)
                # `make run` (DEBUG) shows the path, which a developer reads more easily; production never does
                shown = request.path if self.debug else route
                logger.info(
                    "%s %s %s %s ms",
                    request.method,
                    shown,
                    status,
                    milliseconds,
                    extra={"method": request.method, "route": route, "status": status, "duration_ms": milliseconds},
                )
            response[HEADER] = rid
            return response
        finally:
            context_end(token)

    def process_view(
        self, request: HttpRequest, view: Callable[..., HttpResponse], args: Any, kwargs: dict[str, Any]
    ) -> None:
        """The URL's ids, for every line logged while the view runs and for the request's own line."""
        ids = {name: value for name, value in kwargs.items() if name in IDS}
        if ids:
            context_bind(**ids)
