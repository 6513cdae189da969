"""Seasons: their settings (options documented game by game), entrants, rounds and standings."""

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games import available_games
from league.api.serializers.clocks import ClockSerializer
from league.api.serializers.competitions import CompetitionSerializer
from league.api.serializers.fields import INT_MAX, SMALL_MAX, JsonObjectField, enum_field, id_field, time_per_move_field
from league.api.serializers.refs import PlayerRefSerializer
from league.api.serializers.tables import TableSummarySerializer
from league.engines import TOURNAMENT_ONLY_ROLES, engine_for

SeasonStatusField = enum_field("draft", "registration", "running", "finished", "archived")
RoundStatusField = enum_field("pending", "running", "finished")

FORMATS = ["round_robin", "double_round_robin", "swiss", "multitable"]
PARTNERS = ["none", "fixed", "rotating"]


def _small(**kwargs: Any) -> serializers.IntegerField:
    return serializers.IntegerField(min_value=0, max_value=SMALL_MAX, **kwargs)


def _int(**kwargs: Any) -> serializers.IntegerField:
    return serializers.IntegerField(min_value=0, max_value=INT_MAX, **kwargs)


def _option_schema(option: dict[str, Any]) -> dict[str, Any]:
    """One engine option as an OpenAPI property: its kind, bounds or choices, default, label and help."""
    described = f"{option['label']}. {option.get('help', '')}".strip()
    if option.get("role") in TOURNAMENT_ONLY_ROLES:
        described += " Set by tournaments only: a season refuses it."
    kind = option["kind"]
    schema: dict[str, Any]
    if kind == "bool":
        schema = {"type": "boolean"}
    elif kind == "choice":
        schema = {"type": "string", "enum": [choice["value"] for choice in option["choices"]]}
    elif kind == "seat_ints":
        item = {"type": "integer", "minimum": option["min"], "maximum": option["max"]}
        schema = {"type": "array", "items": item, "nullable": True}
    else:
        schema = {"type": "integer", "minimum": option["min"], "maximum": option["max"]}
    return schema | {"default": option["default"], "description": described}


def season_options_schema_json() -> dict[str, Any]:
    """The `options` of a season, documented game by game from each engine's own schema (`options_schema()`):
    one of these objects, the one of the season's game; the engine checks it again."""
    variants = []
    for game in available_games():
        engine = engine_for(game)
        variants.append(
            {
                "title": f"{engine.title} ({game})",
                "type": "object",
                "properties": {option["name"]: _option_schema(option) for option in engine.options_schema()},
                "additionalProperties": False,
            }
        )
    return {
        "anyOf": variants,
        "description": "The rule options of the season's game (the game's defaults for those left out), checked by "
        "the game's engine; each game's options are listed below, with their bounds, choices and defaults.",
    }


@extend_schema_field(season_options_schema_json())
class SeasonOptionsField(JsonObjectField):
    """A season's rule options: a JSON object, documented per game."""


class SeasonSerializer(CompetitionSerializer):
    """A season: game, format, match format, points table and tiebreaks (docs/standings.md), dates and status."""

    league = serializers.CharField(
        max_length=80, required=False, help_text="The league this season is an edition of (default: the name)."
    )
    edition = serializers.IntegerField(min_value=1, max_value=INT_MAX, required=False, default=1)
    division_name = serializers.CharField(max_length=60, required=False, allow_blank=True, default="")
    division_level = serializers.IntegerField(min_value=1, max_value=SMALL_MAX, required=False, default=1)
    format = serializers.ChoiceField(choices=FORMATS, required=False, default="round_robin")
    partners = serializers.ChoiceField(
        choices=PARTNERS, required=False, default="none", help_text="Coinche only: fixed teams or rotating partners."
    )
    options = SeasonOptionsField(required=False, default=dict)
    rounds_planned = serializers.IntegerField(min_value=1, max_value=SMALL_MAX, required=False, allow_null=True)
    table_min = _small(required=False, allow_null=True)
    table_max = _small(required=False, allow_null=True)
    starting_stack = _int(required=False, allow_null=True)
    hand_limit = _int(required=False, allow_null=True)
    target_score = _int(required=False, allow_null=True)
    time_per_move = time_per_move_field(default=86400)
    clock = ClockSerializer(
        allow_null=True,
        default=None,
        help_text="The season clock (bank, vacations, weekly pause, timeouts); null: per-move time alone.",
    )
    points_table = JsonObjectField(required=False, allow_null=True, help_text="Match points by place; see docs.")
    tiebreaks = serializers.ListField(
        child=serializers.CharField(max_length=40), max_length=12, required=False, allow_null=True
    )
    promote_count = _small(required=False, default=0)
    relegate_count = _small(required=False, default=0)
    auto_advance = serializers.BooleanField(required=False, default=False)
    round_interval_days = _small(required=False, allow_null=True)
    starts_on = serializers.DateField(required=False, allow_null=True)
    ends_on = serializers.DateField(required=False, allow_null=True)
    status = SeasonStatusField(read_only=True)


class EntrantSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    label = serializers.CharField()  # type: ignore[assignment]  # a field named label, as DRF allows
    player_id = serializers.IntegerField()
    partner_id = serializers.IntegerField(allow_null=True)
    name = serializers.CharField(allow_blank=True)
    # the entrant's `seed`, by the name the API has always given it
    seed_rank = serializers.IntegerField(source="seed")
    withdrawn = serializers.BooleanField()


class EntrantRequestSerializer(serializers.Serializer):
    player_id = id_field()
    partner_id = id_field(required=False, allow_null=True, help_text="Fixed-partnership seasons only.")
    name = serializers.CharField(max_length=120, required=False, allow_blank=True, default="")


class RolloverRequestSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=120, required=False, help_text="The new edition's name.")


class RoundTableSerializer(TableSummarySerializer):
    seats = serializers.ListField(child=PlayerRefSerializer(), help_text="Seated players in seat order.")


class RoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    status = RoundStatusField()
    starts_at = serializers.DateTimeField(allow_null=True)
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    tables = RoundTableSerializer(many=True)
    byes = serializers.ListField(child=serializers.IntegerField(), help_text="Entrant ids sitting this round out.")


class StandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField(help_text="Unique: entrants still level are ordered by the draw of lots.")
    shared_rank = serializers.IntegerField(
        help_text="The rank as people read it: entrants level on points and every tiebreak share it."
    )
    entrant_id = serializers.IntegerField()
    label = serializers.CharField()  # type: ignore[assignment]  # a field named label, as DRF allows
    points = serializers.DecimalField(max_digits=10, decimal_places=3)
    played = serializers.IntegerField()
    wins = serializers.IntegerField()
    byes = serializers.IntegerField()
    tiebreaks = serializers.DictField(
        child=serializers.CharField(allow_null=True), help_text='Each tiebreak\'s exact value as "p/q", or null.'
    )
    withdrawn = serializers.BooleanField()
