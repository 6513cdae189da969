"""Bracket tournaments (issue 22): their settings, entrants, matches and tables; the services check every rule."""

from typing import Any

from drf_spectacular.utils import extend_schema_field, extend_schema_serializer
from rest_framework import serializers

from league.api.serializers.competitions import CompetitionSerializer
from league.api.serializers.fields import SMALL_MAX, JsonObjectField, enum_field, id_field, time_per_move_field
from league.models import Tournament

# the statuses a tournament goes through (it opens for registration at once, and is never archived)
TournamentStatusField = enum_field("registration", "running", "finished")


# a pattern, not an enum: seasons have a "format" of their own set, which drf-spectacular would merge with this one
@extend_schema_field(
    {
        "type": "string",
        "pattern": f"^({'|'.join(Tournament.Format.values)})$",
        "description": " | ".join(Tournament.Format.values),
    }
)
class TournamentFormatField(serializers.ChoiceField):
    pass


class TournamentSerializer(CompetitionSerializer):
    """A bracket tournament: its format and options (docs/formats.md), status and dates."""

    format = TournamentFormatField(choices=Tournament.Format.values)
    seeding = serializers.ChoiceField(choices=Tournament.Seeding.values, required=False, default="rating")
    season_id = id_field(
        required=False,
        allow_null=True,
        default=None,
        help_text="The season whose standings seed the bracket, or the first stage of a two-stage tournament.",
    )
    best_of = serializers.IntegerField(min_value=1, max_value=9, required=False, default=1)
    third_place = serializers.BooleanField(required=False, default=False)
    grand_final_reset = serializers.BooleanField(required=False, default=True)
    advance = serializers.IntegerField(min_value=1, max_value=SMALL_MAX, required=False, allow_null=True, default=None)
    stage_top = serializers.IntegerField(
        min_value=1,
        max_value=SMALL_MAX,
        required=False,
        allow_null=True,
        default=None,
        help_text="How many of the first stage enter the playoff (two or more); with groups, how many of each group.",
    )
    groups = serializers.IntegerField(
        min_value=1,
        max_value=64,
        required=False,
        allow_null=True,
        default=None,
        help_text="Two stages with groups as the first stage: how many groups (stage_top: how many of each go on).",
    )
    playoff = serializers.ChoiceField(choices=Tournament.Playoff.values, required=False, default="single_elim")
    options = JsonObjectField(required=False, default=dict, help_text="The engine options of every table.")
    time_per_move = time_per_move_field(default=86400)
    points = serializers.ListField(
        child=serializers.IntegerField(min_value=0, max_value=100_000),
        max_length=1024,
        required=False,
        default=list,
        help_text="Points by place, place 1 first.",
    )
    rated = serializers.BooleanField(required=False, default=True)
    status = TournamentStatusField(read_only=True)
    draw_commitment = serializers.CharField(read_only=True, help_text="SHA-256 of the seed of a draw by lot.")
    draw_seed = serializers.CharField(read_only=True, allow_null=True, help_text="Shown once the draw is made.")


# the component's name in the schema is the one it has always had
@extend_schema_serializer(component_name="TournamentEntrant")
class BracketEntrantSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    player_id = serializers.IntegerField()
    partner_id = serializers.IntegerField(allow_null=True, help_text="A team's second player (games played by teams).")
    name = serializers.CharField(help_text="The player's name, or the team's \"Alice & Bob\".")
    seed = serializers.IntegerField(allow_null=True)
    withdrawn = serializers.BooleanField()
    place = serializers.IntegerField(allow_null=True)
    shared = serializers.IntegerField(allow_null=True)
    # as a poker tournament's entrant: the exact decimal with its three places, a string ("1.750")
    points = serializers.DecimalField(max_digits=14, decimal_places=3, allow_null=True)


class TournamentForfeitSerializer(serializers.Serializer):
    match = serializers.CharField(max_length=16, help_text='The match\'s id in the bracket ("W1.3", "L2.1", "GF.1").')
    player_id = id_field(help_text="The player who forfeits (either player of a team: the team).")
    reason = serializers.CharField(max_length=100, required=False, allow_blank=True, default="")


class TournamentTableRefSerializer(serializers.Serializer):
    match = serializers.CharField()
    number = serializers.IntegerField()
    table_id = serializers.IntegerField()
    status = serializers.CharField()


class MatchTableSerializer(serializers.Serializer):
    number = serializers.IntegerField(help_text="The table's number within its match (a best of N plays several).")
    table_id = serializers.IntegerField()
    status = serializers.CharField()


MatchKindField = enum_field("bracket", "group", "table")


class TournamentMatchSerializer(serializers.Serializer):
    """A match of any format: a bracket's match, a group's match (two stages) or a multiplayer elimination's table."""

    id = serializers.CharField(help_text='"W2.1", "L1.3", "GF.1", "P3.1" (bracket), "G1.3" (group), "R2.4" (table).')
    kind = MatchKindField()
    bracket = serializers.CharField(allow_null=True, help_text='"W", "L", "GF" or "P3"; null but in a bracket.')
    round = serializers.IntegerField(allow_null=True, help_text="Null for a group's match.")
    group = serializers.IntegerField(allow_null=True, help_text="A group's match only.")
    number = serializers.IntegerField()
    entrants = serializers.ListField(
        child=serializers.IntegerField(allow_null=True),
        help_text="The entrant ids in its slots (a multiplayer table: at its seats); null: not known yet.",
    )
    names = serializers.ListField(child=serializers.CharField(allow_null=True), help_text="Their names, likewise.")
    winner = serializers.IntegerField(allow_null=True)
    decided = serializers.CharField(
        allow_null=True, help_text='"played", "bye", "forfeit", "draw_limit", "void", "unneeded"; null: not yet.'
    )
    in_play = serializers.BooleanField()
    score = serializers.ListField(
        child=serializers.IntegerField(), allow_null=True, help_text="A bracket's match: tables won by each slot."
    )
    places = serializers.ListField(
        child=serializers.IntegerField(), allow_null=True, help_text="A played multiplayer table: each seat's place."
    )
    note = serializers.CharField(allow_null=True, help_text="Why, when it was not simply played out.")
    tables = MatchTableSerializer(many=True, help_text="The league tables that played it, in the order opened.")


class TournamentLinksSerializer(serializers.Serializer):
    entrants = serializers.URLField(help_text="The entrants in standing order, a hundred a page.")
    matches = serializers.URLField(
        help_text="Every match, a hundred a page; `?round=N` the matches of round N (`current_round` first)."
    )


class TournamentDetailSerializer(TournamentSerializer):
    """A tournament with what a reader needs first: its size, the round under way, the reader's own entry and match,
    and where to read the rest a page at a time. A small one (at most BRACKET_INLINE entrants, 64) carries its
    entrants, tables and bracket whole as well; a larger one has them null (a 4,096 bracket is 2 MB)."""

    entrants_count = serializers.IntegerField(read_only=True)
    current_round = serializers.IntegerField(
        read_only=True, allow_null=True, help_text="The lowest round with a match to decide; null when none."
    )
    your_entry = BracketEntrantSerializer(read_only=True, allow_null=True, help_text="Signed in and entered only.")
    your_match = TournamentMatchSerializer(
        read_only=True, allow_null=True, help_text="Your latest match (signed in and entered only)."
    )
    links = TournamentLinksSerializer(read_only=True)
    entrants = BracketEntrantSerializer(
        many=True, read_only=True, allow_null=True, help_text="Null above 64 entrants: read `links.entrants`."
    )
    tables = TournamentTableRefSerializer(
        many=True, read_only=True, allow_null=True, help_text="Null above 64 entrants: each match lists its tables."
    )
    bracket = JsonObjectField(
        read_only=True,
        allow_null=True,
        help_text="The bracket's state (docs/formats.md); null above 64 entrants: read `links.matches`.",
    )


def tournament_data(tournament: Tournament, commitment: str) -> dict[str, Any]:
    """The fields of a tournament as the serializers read them (the draw's seed only once it is drawn)."""
    return {
        **{name: getattr(tournament, name) for name in TOURNAMENT_FIELDS},
        "club": tournament.club,
        "season_id": tournament.season_id,
        "draw_commitment": commitment,
        "draw_seed": None if tournament.status == Tournament.Status.REGISTRATION else tournament.draw_seed,
    }


TOURNAMENT_FIELDS = [
    "id",
    "name",
    "game",
    "format",
    "seeding",
    "best_of",
    "third_place",
    "grand_final_reset",
    "advance",
    "stage_top",
    "groups",
    "playoff",
    "options",
    "time_per_move",
    "points",
    "rated",
    "status",
    "created_at",
    "started_at",
    "finished_at",
]
