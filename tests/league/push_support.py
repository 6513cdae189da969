"""A push service for the tests, run by the test on the loopback: it takes Web Push messages for the browsers it made
(each with its own P-256 key pair and authentication secret, as a browser makes them), answers each with the status
the test chose, and decrypts what it received with that browser's keys (RFC 8291, http_ece) — what a browser does,
so a test reads exactly what a player's device would show."""

import base64
import http.server
import json
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import http_ece
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.utils import timezone

from league.services.push import push_subscription_add


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


@dataclass
class Browser:
    """A browser's side of a push subscription: where its push service takes messages for it, and its keys."""

    endpoint: str
    private_key: ec.EllipticCurvePrivateKey = field(default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    auth: bytes = field(default_factory=lambda: os.urandom(16))

    def subscription(self) -> dict[str, Any]:
        """What PushSubscription.toJSON() gives the page's script."""
        point = self.private_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {"endpoint": self.endpoint, "keys": {"p256dh": b64url(point), "auth": b64url(self.auth)}}

    def decrypt(self, body: bytes) -> dict[str, Any]:
        plain = http_ece.decrypt(body, private_key=self.private_key, auth_secret=self.auth, version="aes128gcm")
        return json.loads(plain)


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes


class PushService:
    """The server and what it received; `status[path]` is the answer for a browser's endpoint (201 by default)."""

    def __init__(self) -> None:
        self.received: list[Received] = []
        self.status: dict[str, int] = {}
        self.arrived = threading.Event()
        service = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                service.received.append(Received(self.path, {k.lower(): v for k, v in self.headers.items()}, body))
                self.send_response(service.status.get(self.path, 201))
                self.send_header("Content-Length", "0")
                self.end_headers()
                service.arrived.set()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"

    def browser(self, name: str) -> Browser:
        return Browser(endpoint=f"{self.origin}/push/{name}")

    def subscribed(self, player: Any, name: str = "phone") -> Browser:
        """A browser of this service that the player's settings page subscribed (the service's own call)."""
        browser = self.browser(name)
        keys = browser.subscription()["keys"]
        push_subscription_add(player=player, endpoint=browser.endpoint, now=timezone.now(), **keys)
        return browser

    def messages_for(self, browser: Browser) -> list[dict[str, Any]]:
        path = browser.endpoint.removeprefix(self.origin)
        return [browser.decrypt(r.body) for r in self.received if r.path == path]


@contextmanager
def push_service(settings: Any) -> Iterator[PushService]:
    """A push service on the loopback, the site's VAPID keys and the service allowed (PUSH_SERVICES) for the test."""
    from league.management.commands.vapid_keys import vapid_pair

    service = PushService()
    thread = threading.Thread(target=service.server.serve_forever, daemon=True)
    thread.start()
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = vapid_pair()
    settings.VAPID_SUBJECT = "mailto:tests@example.org"
    settings.PUSH_SERVICES = [service.origin]
    try:
        yield service
    finally:
        service.server.shutdown()
        service.server.server_close()
