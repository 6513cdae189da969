"""The OpenAPI schema built once per process (per language and version) and served from memory.

drf-spectacular's generation is not safe to run in several threads at once: 26 of 32 concurrent first
`GET /api/schema/` on a fresh gthread worker answered 500 (issue 19). One lock around the one build, the result
kept, and the web process builds it at start-up (config/wsgi.py), so that no request waits for it either.
"""

import threading
from typing import Any

from django.conf import settings
from django.utils import translation
from drf_spectacular.views import SpectacularAPIView
from rest_framework.request import Request
from rest_framework.response import Response

_lock = threading.Lock()
_schemas: dict[tuple[str | None, str | None], dict[str, Any]] = {}


def schema_build(*, version: str | None = None) -> dict[str, Any]:
    """The schema in the active language, built on the first call and kept; safe from any number of threads."""
    key = (version, translation.get_language())
    if (schema := _schemas.get(key)) is not None:
        return schema
    with _lock:
        if key not in _schemas:
            view = SpectacularAPIView()
            generator = view.generator_class(urlconf=view.urlconf, api_version=version, patterns=view.patterns)
            # public: the whole API whoever asks, so one copy serves every visitor
            _schemas[key] = generator.get_schema(request=None, public=True)  # type: ignore[no-untyped-call]
        return _schemas[key]


def schema_ready() -> None:
    """Build the schema in every language of the site (at a web process's start)."""
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            schema_build()


class SchemaView(SpectacularAPIView):
    """drf-spectacular's schema view, served from the process's one copy."""

    def _get_schema_response(self, request: Request) -> Response:
        version = self.api_version or request.version or self._get_version_parameter(request)  # type: ignore[no-untyped-call]
        return Response(
            data=schema_build(version=version),
            headers={"Content-Disposition": f'inline; filename="{self._get_filename(request, version)}"'},  # type: ignore[no-untyped-call]
        )
