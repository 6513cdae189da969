"""GET /api/ answers the API's index (every endpoint by name, the docs and the schema), and the docs page loads
Swagger UI from this site's static files, not from a CDN."""

import re

import pytest
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_the_api_root_answers_a_json_index_of_the_endpoints(settings) -> None:
    settings.SITE_URL = "https://cards.example.org"
    answer = Client().get("/api/")

    assert answer.status_code == 200 and answer["Content-Type"] == "application/json"
    body = answer.json()
    # built from SITE_URL, never from the request's Host (testserver)
    assert body["docs"] == "https://cards.example.org/api/docs/"
    assert body["schema"] == "https://cards.example.org/api/schema/"
    assert body["endpoints"]["api-me"] == "/api/me/"
    assert body["endpoints"]["api-table"] == "/api/tables/<id:table_id>/"
    assert "api-no-such-endpoint" not in body["endpoints"] and "api-index" not in body["endpoints"]
    # every endpoint of the API's URL list is in the index
    assert reverse("api-season-standings", args=[1]).startswith("/api/seasons/")
    assert "api-season-standings" in body["endpoints"]


def test_the_docs_load_swagger_ui_from_the_sites_own_static_files() -> None:
    page = Client().get("/api/docs/").content.decode()

    sources = re.findall(r'(?:src|href)="([^"]+)"', page)
    assert any("swagger-ui-bundle.js" in s for s in sources)
    assert all(s.startswith("/static/") or s.startswith("/api/") for s in sources), sources
    assert "cdn" not in page.lower()
