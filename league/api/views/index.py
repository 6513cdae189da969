"""GET /api/: the API's index, so that a client (or a person) who opens the root finds every endpoint and the
documentation instead of an error."""

from typing import Any, ClassVar

from django.conf import settings
from django.urls import URLPattern, URLResolver, reverse
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from league.api.views.base import ApiView
from league.links import site_link


class ApiIndexSerializer(serializers.Serializer):
    name = serializers.CharField()
    version = serializers.CharField()
    docs = serializers.CharField(help_text="Swagger UI, served from this site.")
    schema = serializers.CharField(help_text="The OpenAPI 3 schema.")
    endpoints = serializers.DictField(child=serializers.CharField(), help_text="URL name -> path pattern.")


class ApiIndexView(ApiView):
    permission_classes = [AllowAny]
    # the API's own URL patterns, given by league/api/urls.py: the index lists what is mounted, never a copy of it
    patterns: ClassVar[list[URLPattern | URLResolver]] = []

    @extend_schema(summary="The API's index: its endpoints and documentation.", responses=ApiIndexSerializer)
    def get(self, request: Request) -> Response:
        root = reverse("api-index")
        endpoints: dict[str, Any] = {
            pattern.name: root + str(pattern.pattern)
            for pattern in self.patterns
            # the catch-all and the index itself are not endpoints a client calls
            if isinstance(pattern, URLPattern) and pattern.name not in (None, "api-index", "api-no-such-endpoint")
        }
        return Response(
            {
                "name": "cardleague API",
                "version": settings.SPECTACULAR_SETTINGS["VERSION"],
                "docs": site_link("api-docs"),
                "schema": site_link("api-schema"),
                "endpoints": endpoints,
            }
        )
