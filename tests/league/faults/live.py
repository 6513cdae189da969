"""Real parts for the fault tests of the web tier: a gunicorn server in a process of its own (gthread, as deployed),
and a TCP proxy in front of PostgreSQL that a test stops and starts to take the database away and bring it back."""

import http.client
import json
import os
import selectors
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from django.conf import settings


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Gunicorn:
    """`gunicorn config.wsgi:application` on a free port with these environment variables (over the test's)."""

    def __init__(self, log: Path, *, env: dict[str, str], threads: int = 32) -> None:
        self.port = free_port()
        self.log = log
        self.out = log.open("ab")
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "config.wsgi:application",
                "--bind",
                f"127.0.0.1:{self.port}",
                "--worker-class",
                "gthread",
                "--workers",
                "1",
                "--threads",
                str(threads),
                "--timeout",
                "120",
            ],
            cwd=settings.BASE_DIR,
            env={
                **os.environ,
                "DJANGO_SETTINGS_MODULE": "config.settings_test",
                "CELERY_TASK_ALWAYS_EAGER": "1",
                "PYTHONUNBUFFERED": "1",
                **env,
            },
            stdout=self.out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def wait_ready(self, timeout: float = 120.0) -> "Gunicorn":
        """Until the worker has loaded the application (its start-up work done) and listens."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.process.poll() is not None:
                raise AssertionError(f"gunicorn exited: {self.log.read_text()[-3000:]}")
            if b"Booting worker" in self.log.read_bytes():
                try:
                    with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                        return self
                except OSError:
                    pass
            time.sleep(0.2)
        raise AssertionError(f"gunicorn did not start: {self.log.read_text()[-3000:]}")

    def request(
        self, method: str, path: str, *, body: Any = None, headers: dict[str, str] | None = None, timeout: float = 60
    ) -> tuple[int, dict[str, str], bytes]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            data = json.dumps(body).encode() if body is not None else None
            all_headers = {"Content-Type": "application/json", **(headers or {})} if data else dict(headers or {})
            connection.request(method, path, body=data, headers=all_headers)
            response = connection.getresponse()
            return response.status, dict(response.getheaders()), response.read()
        finally:
            connection.close()

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, 9)
        self.process.wait(timeout=10)
        self.out.close()


class Proxy:
    """A TCP proxy 127.0.0.1:port -> target. `stop()` closes the listening socket and every connection through it
    (the database is gone, as in a restart); `start()` listens again on the same port."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.port = free_port()
        self._thread: threading.Thread | None = None
        self._running = False

    def start(self) -> "Proxy":
        self._listener = socket.socket()
        self._listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._listener.bind(("127.0.0.1", self.port))
        self._listener.listen(64)
        self._running = True
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._running = False
        if self._thread is not None:
            self._thread.join(timeout=5)

    def _serve(self) -> None:
        selector = selectors.DefaultSelector()
        selector.register(self._listener, selectors.EVENT_READ)
        peers: dict[socket.socket, socket.socket] = {}
        while self._running:
            for key, _ in selector.select(timeout=0.05):
                sock = key.fileobj
                assert isinstance(sock, socket.socket)
                if sock is self._listener:
                    client, _address = self._listener.accept()
                    try:
                        upstream = socket.create_connection(self.target, timeout=5)
                    except OSError:
                        client.close()
                        continue
                    peers[client], peers[upstream] = upstream, client
                    selector.register(client, selectors.EVENT_READ)
                    selector.register(upstream, selectors.EVENT_READ)
                    continue
                other = peers.get(sock)
                try:
                    data = sock.recv(65536)
                    if data and other is not None:
                        other.sendall(data)
                except OSError:
                    data = b""
                if not data:
                    for one in (sock, other):
                        if one is not None and one in peers:
                            selector.unregister(one)
                            peers.pop(one)
                            one.close()
        for sock in [self._listener, *peers]:
            sock.close()
        selector.close()
