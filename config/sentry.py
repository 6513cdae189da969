"""Error reports to Sentry, or any service that speaks its protocol, when SENTRY_DSN is set (docs/operations.md);
nothing is sent, and the SDK is not even started, when it is unset.

What a report may carry is narrowed before it leaves: no request body (a move names a card), no cookie, no user's
address, no frame's local variables (a table's state holds every hand); the strings that remain (messages,
exception values, breadcrumbs, URLs) are masked by league.redact (e-mail addresses, tokens, card codes), and the
headers that carry secrets are dropped. Each report is tagged with the request id of the request or task it came
from (league.logs), so that it leads to that request's log lines.
"""

import os
from typing import Any

from league.logs import context_fields
from league.redact import redact_all

# headers that carry a secret (lower case); Sentry's own scrubber removes more
SECRET_HEADERS = frozenset({"authorization", "cookie", "x-csrftoken", "proxy-authorization", "set-cookie"})


def sentry_start() -> bool:
    """Start the SDK when SENTRY_DSN is set (with Django's and Celery's integrations); whether it was started."""
    dsn = os.environ.get("SENTRY_DSN", "").strip()
    if not dsn:
        return False
    # imported here: a process without SENTRY_DSN never loads the SDK
    import sentry_sdk
    from sentry_sdk.integrations.celery import CeleryIntegration
    from sentry_sdk.integrations.django import DjangoIntegration

    sentry_sdk.init(
        dsn=dsn,
        environment=os.environ.get("SENTRY_ENVIRONMENT", "production"),
        release=os.environ.get("SENTRY_RELEASE") or None,
        integrations=[DjangoIntegration(), CeleryIntegration()],
        send_default_pii=False,
        include_local_variables=False,
        max_request_body_size="never",
        traces_sample_rate=float(os.environ.get("SENTRY_TRACES_SAMPLE_RATE", "0")),
        before_send=report_scrub,  # type: ignore[arg-type]  # an event is a dict; the SDK types it as a TypedDict
        before_breadcrumb=lambda crumb, hint: redact_all(crumb),
    )
    return True


def report_scrub(event: dict[str, Any], hint: Any = None) -> dict[str, Any]:
    """The report as it may leave: tagged with the request id, stripped of bodies, cookies and secret headers, every
    string masked."""
    context = context_fields()
    tags = event.setdefault("tags", {})
    for name in ("request_id", "task", "table_id", "season_id"):
        if name in context:
            tags[name] = str(context[name])
    request = event.get("request")
    if isinstance(request, dict):
        request.pop("data", None)
        request.pop("cookies", None)
        headers = request.get("headers")
        if isinstance(headers, dict):
            request["headers"] = {k: v for k, v in headers.items() if k.lower() not in SECRET_HEADERS}
        query = request.get("query_string")
        if query:
            request["query_string"] = "[filtered]"
    event.pop("user", None)
    # the parts that hold text from the running code; the ids Sentry needs (event, trace: long hex) stay as they are
    for key in ("message", "logentry", "extra", "breadcrumbs", "request", "transaction"):
        if key in event:
            event[key] = redact_all(event[key])
    for exception in (event.get("exception") or {}).get("values") or []:
        if isinstance(exception.get("value"), str):
            exception["value"] = redact_all(exception["value"])
    return event
