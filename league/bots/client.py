"""A small client of the cardleague API on the standard library (urllib + json): what a bot needs, nothing more."""

import json
import urllib.error
import urllib.request
from typing import Any, Protocol


class ApiError(Exception):
    """A 4xx/5xx answer, with the API's error code when it sent one."""

    def __init__(self, status: int, body: Any, retry_after: int | None = None) -> None:
        error = body.get("error") if isinstance(body, dict) else None
        self.status = status
        self.retry_after = retry_after
        self.code = error.get("code") if isinstance(error, dict) else None
        self.body = body
        super().__init__(f"HTTP {status}: {self.code}" if self.code else f"HTTP {status}: {body!r}")


class Transport(Protocol):
    def __call__(
        self, method: str, path: str, *, body: Any = None, headers: dict[str, str] | None = None
    ) -> tuple[int, Any, dict[str, str]]: ...


class UrllibTransport:
    """HTTP over urllib.request against a base URL such as http://127.0.0.1:8000."""

    def __init__(self, base_url: str, *, timeout: float = 30) -> None:
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout

    def __call__(
        self, method: str, path: str, *, body: Any = None, headers: dict[str, str] | None = None
    ) -> tuple[int, Any, dict[str, str]]:
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base_url + path, data=data, method=method)
        request.add_header("Accept", "application/json")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        for name, value in (headers or {}).items():
            request.add_header(name, value)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                return response.status, _json(response.read()), dict(response.headers)
        except urllib.error.HTTPError as error:
            return error.code, _json(error.read()), dict(error.headers)


def _json(raw: bytes) -> Any:
    try:
        return json.loads(raw) if raw else None
    except ValueError:
        return raw.decode(errors="replace")


class ApiClient:
    """The calls a bot makes, authenticated by token."""

    def __init__(self, transport: Transport, token: str | None = None) -> None:
        self.transport = transport
        self.token = token

    def _call(self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None) -> tuple[int, Any]:
        headers = dict(headers or {})
        if self.token:
            headers["Authorization"] = f"Token {self.token}"
        status, data, answer_headers = self.transport(method, path, body=body, headers=headers)
        if status >= 400:
            retry_after = answer_headers.get("Retry-After")
            raise ApiError(status, data, int(retry_after) if retry_after and retry_after.isdigit() else None)
        return status, data

    def login(self, username: str, password: str) -> str:
        _, data = self._call("POST", "/api/auth/token/", {"username": username, "password": password})
        self.token = data["token"]
        return self.token

    def turns(self) -> list[dict[str, Any]]:
        turns: list[dict[str, Any]] = self._call("GET", "/api/me/turns/")[1]
        return turns

    def table(self, table_id: int) -> dict[str, Any]:
        table: dict[str, Any] = self._call("GET", f"/api/tables/{table_id}/?log_limit=0")[1]
        return table

    def move(self, table_id: int, *, move: dict[str, Any], expected_version: int, key: str) -> dict[str, Any]:
        body = {"move": move, "expected_version": expected_version}
        result: dict[str, Any] = self._call("POST", f"/api/tables/{table_id}/moves/", body, {"Idempotency-Key": key})[1]
        return result
