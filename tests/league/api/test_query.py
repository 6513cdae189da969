"""An optional whole-number query parameter (league/api/query.py): the schema documents the bounds the view reads
it with, and anything but ASCII digits within them is 400 `invalid` on the parameter."""

import pytest
from drf_spectacular.utils import OpenApiParameter
from rest_framework.request import Request
from rest_framework.test import APIRequestFactory

from league.api.query import QueryInt
from league.api.serializers.fields import ID_MAX
from league.errors import BadInput

SEATING_AFTER = QueryInt("after", "Only the tables numbered above this.", low=0, high=50)


def _request(query: str) -> Request:
    return Request(APIRequestFactory().get(f"/api/poker-tournaments/1/seating/{query}"))


def test_the_parameter_documents_the_bounds_it_is_read_with() -> None:
    parameter = SEATING_AFTER.parameter
    assert (parameter.name, parameter.location, parameter.required, parameter.description) == (
        "after",
        OpenApiParameter.QUERY,
        False,
        "Only the tables numbered above this.",
    )
    assert parameter.type == {"type": "integer", "minimum": 0, "maximum": 50}


def test_a_parameter_left_out_reads_as_none_and_one_in_bounds_as_its_number() -> None:
    assert SEATING_AFTER.read(_request("")) is None
    assert SEATING_AFTER.read(_request("?after=0")) == 0
    assert SEATING_AFTER.read(_request("?after=50")) == 50


@pytest.mark.parametrize("raw", ["51", "-1", "x", "", "1.0", "+3", "%207", "٣"])
def test_a_value_out_of_bounds_or_not_in_ascii_digits_is_invalid_on_the_parameter(raw: str) -> None:
    with pytest.raises(BadInput) as refused:
        SEATING_AFTER.read(_request(f"?after={raw}"))
    assert (refused.value.code, refused.value.field) == ("invalid", "after")


def test_by_default_the_parameter_is_an_id() -> None:
    club = QueryInt("club", "Only the members of this club.")
    assert club.parameter.type == {"type": "integer", "minimum": 1, "maximum": ID_MAX}
    assert club.read(_request(f"?club={ID_MAX}")) == ID_MAX
    for raw in ["0", str(ID_MAX + 1)]:
        with pytest.raises(BadInput):
            club.read(_request(f"?club={raw}"))
