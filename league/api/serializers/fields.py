"""The bounds and fields every resource's shapes share: ids, enum strings, checked JSON objects."""

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

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
