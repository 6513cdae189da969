"""The bots' transport over DRF's APIClient: the same HTTP requests as urllib would send, without a server."""

import json
from typing import Any

from rest_framework.test import APIClient


class APIClientTransport:
    def __init__(self, client: APIClient | None = None) -> None:
        self.client = client or APIClient()

    def __call__(
        self, method: str, path: str, *, body: Any = None, headers: dict[str, str] | None = None
    ) -> tuple[int, Any, dict[str, str]]:
        extra = {f"HTTP_{name.upper().replace('-', '_')}": value for name, value in (headers or {}).items()}
        data = json.dumps(body) if body is not None else None
        response = self.client.generic(method, path, data=data or "", content_type="application/json", **extra)
        content = response.content
        return response.status_code, json.loads(content) if content else None, dict(response.headers)
