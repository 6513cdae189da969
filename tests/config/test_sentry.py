"""Error reports (config/sentry.py): with SENTRY_DSN set, an exception in a request reaches the service (here a fake
one on the loopback that keeps the envelopes it is sent) tagged with the request's id and scrubbed of cards, tokens,
e-mail addresses, the body and the cookies; with it unset nothing is sent, and the SDK is not even loaded. Each case
runs in a process of its own: the SDK, once started, hooks the whole process."""

import gzip
import json
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.conf import settings

from config.sentry import report_scrub
from league.logs import log_context

TOKEN = "0123456789abcdef0123456789abcdef01234567"
SECRETS = ("bob@example.org", TOKEN, "sessionkey-abcdefghijklmnopqrstuvwxyz012345", "8D", "QS")

# the process under test: a view that fails with secrets in its message, reached with secrets in every part of the
# request; prints whether the SDK was loaded
SCRIPT = f"""
import sys
import django
from django.conf import settings
from django.http import HttpResponse
from django.urls import path

def failing(request):
    raise RuntimeError("no seat for bob@example.org holding 8D and QS, token {TOKEN}")

django.setup()
# sessions in the cookie itself: the process reaches no database (the suite's database is not this process's), and
# the cookie below still travels with the request as a secret the report must not carry
settings.SESSION_ENGINE = "django.contrib.sessions.backends.signed_cookies"
import config.urls
config.urls.urlpatterns.insert(0, path("boom/", failing))
from django.test import Client
client = Client(raise_request_exception=False)
client.cookies["sessionid"] = "sessionkey-abcdefghijklmnopqrstuvwxyz012345"
response = client.post(
    "/boom/?email=bob@example.org", {{"move": "8D", "password": "hunter2-secret"}},
    HTTP_AUTHORIZATION="Token {TOKEN}", HTTP_X_REQUEST_ID="req-sentry-0001",
)
print("status", response.status_code)
if "sentry_sdk" in sys.modules:
    import sentry_sdk
    sentry_sdk.flush(timeout=10)
print("sdk loaded", "sentry_sdk" in sys.modules)
"""


class Envelopes(list):
    """A Sentry server on the loopback: every envelope posted to it, decompressed."""

    def __init__(self) -> None:
        super().__init__()
        kept = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                if self.headers.get("Content-Encoding") == "gzip":
                    body = gzip.decompress(body)
                elif self.headers.get("Content-Encoding") == "br":
                    import brotli  # type: ignore[import-not-found]

                    body = brotli.decompress(body)
                kept.append((self.path, body))
                self.send_response(200)
                self.end_headers()
                self.wfile.write(b"{}")

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def dsn(self) -> str:
        return f"http://publickey@127.0.0.1:{self.server.server_port}/42"

    def events(self) -> list[dict]:
        found = []
        for _, body in self:
            for line in body.splitlines():
                item = json.loads(line) if line.startswith(b"{") else {}
                if "exception" in item:
                    found.append(item)
        return found


@pytest.fixture
def envelopes() -> Iterator[Envelopes]:
    kept = Envelopes()
    yield kept
    kept.server.shutdown()
    kept.thread.join()


def _run(**env: str) -> str:
    environment = {k: v for k, v in os.environ.items() if k != "SENTRY_DSN"}
    environment.update(DJANGO_SETTINGS_MODULE="config.settings_test", CELERY_TASK_ALWAYS_EAGER="1", **env)
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        cwd=settings.BASE_DIR,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout


def test_an_error_is_reported_with_the_request_id_and_without_a_secret(envelopes: Envelopes) -> None:
    out = _run(SENTRY_DSN=envelopes.dsn)

    assert "status 500" in out and "sdk loaded True" in out
    assert all(path == "/api/42/envelope/" for path, _ in envelopes)
    [event] = envelopes.events()
    assert event["tags"]["request_id"] == "req-sentry-0001"
    [exception] = event["exception"]["values"]
    assert exception["type"] == "RuntimeError"
    assert exception["value"] == "no seat for [email] holding [card] and [card], token [token]"
    request = event["request"]
    assert "data" not in request and "cookies" not in request
    assert request.get("query_string") in (None, "", "[filtered]")
    assert not {"Authorization", "Cookie"} & set(request.get("headers", {}))
    # no frame's variables: a state holds every hand
    frames = [frame for value in event["exception"]["values"] for frame in value["stacktrace"]["frames"]]
    assert frames and not any("vars" in frame for frame in frames)
    everything = b"".join(body for _, body in envelopes).decode()
    assert [secret for secret in (*SECRETS, "hunter2-secret") if secret in everything] == []


def test_nothing_is_sent_and_the_sdk_not_loaded_without_a_dsn(envelopes: Envelopes) -> None:
    out = _run()

    assert "status 500" in out and "sdk loaded False" in out
    assert list(envelopes) == []


def test_a_report_from_a_task_is_tagged_with_the_request_that_caused_it() -> None:
    event = {"message": "lost bob@example.org", "exception": {"values": [{"type": "KeyError", "value": "'AS'"}]}}
    with log_context(request_id="req-7", task="league.tasks.standings_refresh", table_id=9):
        scrubbed = report_scrub(event)

    assert scrubbed["tags"] == {"request_id": "req-7", "task": "league.tasks.standings_refresh", "table_id": "9"}
    assert (scrubbed["message"], scrubbed["exception"]["values"][0]["value"]) == ("lost [email]", "'[card]'")
