"""The bounds and fields every resource's shapes share: ids, enum strings, checked JSON objects."""

from datetime import timedelta
from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.fields import empty

from league.errors import BadInput
from league.input import json_check

# bigint primary keys: a path or body id outside this range can match no row, and is refused before it reaches the
# database (where it would overflow)
ID_MAX = 999_999_999_999_999_999
SMALL_MAX = 32_767  # PositiveSmallIntegerField
INT_MAX = 2_147_483_647  # PositiveIntegerField


def id_field(**kwargs: Any) -> serializers.IntegerField:
    """An id in a body, refused outside a bigint primary key's range (`ID_MAX`)."""
    return serializers.IntegerField(min_value=1, max_value=ID_MAX, **kwargs)


class SecondsField(serializers.IntegerField):
    """A duration: whole seconds on the wire, a `timedelta` once validated (what every spec takes), so that no view
    converts it. The bounds are checked on the seconds, before the conversion."""

    def run_validation(self, data: Any = empty) -> Any:
        value = super().run_validation(data)
        return None if value is None else timedelta(seconds=value)

    def to_representation(self, value: Any) -> int:
        return int(value.total_seconds()) if isinstance(value, timedelta) else super().to_representation(value)


def time_per_move_field(**kwargs: Any) -> SecondsField:
    """How long each turn may take, at most 30 days, as every competition and table takes it."""
    kwargs.setdefault("help_text", "Seconds each turn may take.")
    return SecondsField(min_value=1, max_value=30 * 86400, required=False, **kwargs)


def enum_field(*values: str) -> type[serializers.CharField]:
    """A read-only string of a fixed set. Several resources have a "status" of their own set: documented by a pattern
    rather than an enum, as drf-spectacular would otherwise merge every "status" into one ambiguous enum component."""

    @extend_schema_field({"type": "string", "pattern": f"^({'|'.join(values)})$", "description": " | ".join(values)})
    class EnumField(serializers.CharField):
        pass

    return EnumField


def _json_value(value: object) -> None:
    """The one check of league.input (depth, size, NUL, surrogates, numbers), as the page form runs it too."""
    try:
        json_check(value)
    except BadInput as error:
        raise serializers.ValidationError(error.message, code=error.code) from None


class JsonObjectField(serializers.DictField):
    """A JSON object of any shape (a move, options, settings), checked for what the database cannot store."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("validators", [_json_value])
        super().__init__(**kwargs)
