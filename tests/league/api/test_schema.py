"""The OpenAPI schema (drf-spectacular) validates without warnings, and is served with its browsable page."""

import pytest
from django.core.management import call_command
from drf_spectacular.generators import SchemaGenerator

from league.api.serializers.fields import ID_MAX


def test_schema_validates_without_warnings(tmp_path) -> None:
    target = tmp_path / "schema.yaml"

    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(target))

    text = target.read_text()
    assert "/api/tables/{table_id}/moves/:" in text
    assert "Idempotency-Key" in text


@pytest.mark.django_db
def test_schema_and_docs_are_served(anon) -> None:
    schema = anon.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    docs = anon.get("/api/docs/")

    assert schema.status_code == 200
    assert schema.json()["openapi"].startswith("3.")
    assert docs.status_code == 200
    assert b"swagger-ui" in docs.content


@pytest.mark.django_db
def test_unknown_api_path_is_a_404_in_the_error_format(anon) -> None:
    response = anon.get("/api/no/such/thing/")

    assert response.status_code == 404
    assert response.json() == {"error": {"code": "no_such_endpoint", "message": "No such endpoint.", "field": None}}


def _operations() -> list[tuple[str, str, dict]]:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    return [(path, method, op) for path, item in schema["paths"].items() for method, op in item.items()]


def test_every_operation_documents_the_error_format_for_bad_tokens_and_unknown_ids() -> None:
    error = {"$ref": "#/components/schemas/Error"}
    for path, method, operation in _operations():
        responses = operation["responses"]
        assert responses["401"]["content"]["application/json"]["schema"] == error, (method, path)
        if "{" in path:
            assert responses["404"]["content"]["application/json"]["schema"] == error, (method, path)
        if method in ("post", "put", "patch"):
            assert "400" in responses and "403" in responses, (method, path)


def test_path_ids_are_bounded_integers() -> None:
    for path, method, operation in _operations():
        for parameter in operation.get("parameters", []):
            if parameter["in"] == "path" and parameter["name"].endswith("_id"):
                assert parameter["schema"] == {"type": "integer", "minimum": 1, "maximum": ID_MAX}, (method, path)


def test_move_submission_documents_idempotency_throttling_and_conflicts() -> None:
    path = "/api/tables/{table_id}/moves/"
    operation = next(op for p, method, op in _operations() if p == path and method == "post")

    assert {"200", "201", "409", "422", "429"} <= set(operation["responses"])
    assert [p["name"] for p in operation["parameters"] if p["in"] == "header"] == ["Idempotency-Key"]


@pytest.mark.django_db
def test_a_path_with_a_line_break_is_a_404_in_the_error_format(anon) -> None:
    response = anon.get("/api/tables/a%0Ab/legal-moves/")

    assert response.status_code == 404
    assert response.json()["error"]["code"] == "no_such_endpoint"
