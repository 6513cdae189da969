"""The shared fields of the API's shapes (league/api/serializers/fields.py)."""

from datetime import timedelta

import pytest
from rest_framework import serializers

from league.api.serializers.fields import time_per_move_field


class _Timed(serializers.Serializer):
    time_per_move = time_per_move_field(default=86400)


@pytest.mark.parametrize(("sent", "kept"), [(3600, timedelta(hours=1)), ("60", timedelta(minutes=1))])
def test_a_time_per_move_in_seconds_is_validated_into_a_duration(sent: object, kept: timedelta) -> None:
    serializer = _Timed(data={"time_per_move": sent})
    assert serializer.is_valid(), serializer.errors
    assert serializer.validated_data["time_per_move"] == kept


def test_a_time_per_move_left_out_takes_its_default_as_a_duration() -> None:
    serializer = _Timed(data={})
    assert serializer.is_valid(), serializer.errors
    assert serializer.validated_data["time_per_move"] == timedelta(days=1)


@pytest.mark.parametrize(("sent", "code"), [(0, "min_value"), (30 * 86400 + 1, "max_value"), ("soon", "invalid")])
def test_a_time_per_move_out_of_bounds_is_refused_on_its_seconds(sent: object, code: str) -> None:
    serializer = _Timed(data={"time_per_move": sent})
    assert not serializer.is_valid()
    assert serializer.errors["time_per_move"][0].code == code


@pytest.mark.parametrize("stored", [7200, timedelta(hours=2)])
def test_a_time_per_move_reads_out_as_whole_seconds(stored: object) -> None:
    assert _Timed({"time_per_move": stored}).data == {"time_per_move": 7200}
