"""Input validation and output shapes of the API; no business logic (services and selectors decide)."""

from typing import Any

from django.conf import settings
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games import GAME_NAMES, available_games
from league.clocks.check import BOUNDS, POLICIES
from league.engines import TOURNAMENT_ONLY_ROLES, engine_for
from league.errors import BadInput
from league.input import json_check

# bigint primary keys: a path or body id outside this range can match no row, and is refused before it reaches the
# database (where it would overflow)
ID_MAX = 999_999_999_999_999_999


def _enum_field(*values: str) -> type[serializers.CharField]:
    """A read-only string of a fixed set. Several resources have a "status" of their own set: documented by a pattern
    rather than an enum, as drf-spectacular would otherwise merge every "status" into one ambiguous enum component."""

    @extend_schema_field({"type": "string", "pattern": f"^({'|'.join(values)})$", "description": " | ".join(values)})
    class EnumField(serializers.CharField):
        pass

    return EnumField


TableStatusField = _enum_field("seeding", "active", "finished", "annulled")
SeasonStatusField = _enum_field("draft", "registration", "running", "finished", "archived")
RoundStatusField = _enum_field("pending", "running", "finished")

# --- errors ----------------------------------------------------------------------------------------------------------


class ErrorDetailSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="Stable, machine-readable; see docs/api.md for the list.")
    message = serializers.CharField(help_text="For people; may change between versions.")
    field = serializers.CharField(allow_null=True, help_text="The input field at fault (dotted path), or null.")
    current_version = serializers.IntegerField(
        required=False, help_text="With stale_version (409): the table's version now; reload and decide again."
    )


class ErrorSerializer(serializers.Serializer):
    """The body of every 4xx response."""

    error = ErrorDetailSerializer()


# --- auth ------------------------------------------------------------------------------------------------------------


class TokenRequestSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=128, trim_whitespace=False, style={"input_type": "password"})


class PasswordSerializer(serializers.Serializer):
    password = serializers.CharField(max_length=128, trim_whitespace=False, style={"input_type": "password"})


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField(help_text='Send as "Authorization: Token <token>".')


class TokenInfoSerializer(serializers.Serializer):
    created = serializers.DateTimeField()
    expires_at = serializers.DateTimeField(allow_null=True, help_text="Null when tokens do not expire on this site.")
    expired = serializers.BooleanField()
    ending = serializers.CharField(help_text="The key's last four characters.")


# --- shared pieces ---------------------------------------------------------------------------------------------------


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


class ClubRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    slug = serializers.CharField()


# --- player ----------------------------------------------------------------------------------------------------------


class PlayerSettingsSerializer(serializers.Serializer):
    id = serializers.IntegerField(read_only=True)
    username = serializers.CharField(source="user.username", read_only=True)
    display_name = serializers.CharField(min_length=1, max_length=80)
    language = serializers.ChoiceField(choices=[code for code, _ in settings.LANGUAGES])
    is_bot = serializers.BooleanField(read_only=True)
    settings = JsonObjectField(
        help_text="Personal preferences (notifications, push, quiet_hours, theme, sound); keys are merged on update."
    )


class PlayerRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    display_name = serializers.CharField()
    is_bot = serializers.BooleanField()


# --- clubs -----------------------------------------------------------------------------------------------------------


class ClubSerializer(serializers.Serializer):
    id = serializers.IntegerField(read_only=True)
    name = serializers.CharField(min_length=1, max_length=120)
    slug = serializers.SlugField(max_length=60, required=False, help_text="Made from the name when left out.")
    description = serializers.CharField(max_length=5000, required=False, allow_blank=True, default="")
    created_at = serializers.DateTimeField(read_only=True)


class MemberSerializer(serializers.Serializer):
    player_id = serializers.IntegerField(source="player.id")
    display_name = serializers.CharField(source="player.display_name")
    is_bot = serializers.BooleanField(source="player.is_bot")
    role = serializers.CharField()


class ClubLinksSerializer(serializers.Serializer):
    members = serializers.URLField(help_text="The members, a hundred a page (`GET /api/clubs/{club_id}/members/`).")


class ClubDetailSerializer(ClubSerializer):
    """A club without its members, who may be tens of thousands: their count, and where to read them."""

    members_count = serializers.IntegerField(read_only=True)
    links = ClubLinksSerializer(read_only=True)
    your_role = serializers.CharField(allow_null=True, read_only=True, help_text='"organizer", "member" or null.')


class InvitationRequestSerializer(serializers.Serializer):
    player_id = serializers.IntegerField(min_value=1, max_value=ID_MAX, help_text="The player to invite.")
    role = serializers.ChoiceField(choices=["organizer", "member"], default="member")


InvitationStatusField = _enum_field("pending", "accepted", "declined", "revoked")
JoinRequestStatusField = _enum_field("pending", "approved", "declined")


class InvitationSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    club = ClubRefSerializer()
    player = PlayerRefSerializer()
    role = serializers.CharField()
    code = serializers.CharField(help_text="The invitation link's secret: the invited player accepts with it.")
    status = InvitationStatusField()
    created_at = serializers.DateTimeField()


class JoinRequestCreateSerializer(serializers.Serializer):
    message = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")


class JoinRequestSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    club = ClubRefSerializer()
    player = PlayerRefSerializer()
    message = serializers.CharField(allow_blank=True)
    status = JoinRequestStatusField()
    created_at = serializers.DateTimeField()


class RoleSerializer(serializers.Serializer):
    role = serializers.ChoiceField(choices=["organizer", "member"])


class RatedAgreementSerializer(serializers.Serializer):
    table_id = serializers.IntegerField()
    seat = serializers.IntegerField()
    rated_agreed = serializers.BooleanField()


# --- tables ----------------------------------------------------------------------------------------------------------


class TableCreateSerializer(serializers.Serializer):
    game = serializers.ChoiceField(choices=list(GAME_NAMES))
    players = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=ID_MAX),
        min_length=1,
        max_length=10,
        help_text="Player ids in seat order; each must be a member of the club.",
    )
    options = JsonObjectField(required=False, default=dict, help_text="The game's variant options (see the rules).")
    time_per_move = serializers.IntegerField(
        min_value=1,
        max_value=30 * 86400,
        required=False,
        help_text="Seconds each turn may take (default a day; at least the site's floor, an hour by default).",
    )
    rated = serializers.BooleanField(
        required=False,
        default=False,
        help_text="Ask that the table count for ratings: it does if every seat agrees before the first move.",
    )


class TableSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField()
    club = ClubRefSerializer()
    status = TableStatusField()
    version = serializers.IntegerField()
    deadline = serializers.DateTimeField(allow_null=True)
    players = serializers.IntegerField()


class TurnSerializer(TableSummarySerializer):
    your_seat = serializers.IntegerField()


class SeatSerializer(serializers.Serializer):
    index = serializers.IntegerField()
    player_id = serializers.IntegerField()
    display_name = serializers.CharField()
    is_bot = serializers.BooleanField()
    to_act = serializers.BooleanField()


class StoryLineSerializer(serializers.Serializer):
    type = serializers.CharField(help_text="The event's type, one of the game's event types.")
    text = serializers.CharField(help_text="The event in words, in the caller's language.")
    items = serializers.ListField(
        child=serializers.CharField(), help_text="One line per item of a list field: a showdown's hands, a trick."
    )


class MoveLogEntrySerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    seat = serializers.IntegerField()
    display_name = serializers.CharField()
    type = serializers.CharField(allow_null=True, help_text="The move's type as others may know it.")
    auto = serializers.BooleanField(help_text="Played by the clock.")
    hidden = serializers.BooleanField(help_text="A secret choice: others learn only that the seat has chosen.")
    at = serializers.DateTimeField()
    events = serializers.ListField(
        child=serializers.DictField(),
        help_text="What the move did, as the game declares you may see it: the move itself (a bid with its points, "
        "a card played, a discard without its card), then what followed (tricks, reveals, showdowns, pots).",
    )
    story = StoryLineSerializer(many=True, help_text="The events in words, one per event.")
    payload = serializers.DictField(required=False, help_text="The whole move; only on the caller's own moves.")


class ResultSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    place = serializers.IntegerField()
    score = serializers.IntegerField()
    extra = serializers.DictField()


class TableViewSerializer(serializers.Serializer):
    """A table as the caller may see it: their own seat's view, or a spectator's; never a hidden card or the seed."""

    id = serializers.IntegerField()
    game = serializers.CharField()
    club = ClubRefSerializer()
    status = TableStatusField()
    version = serializers.IntegerField(help_text="Send it back as expected_version with a move.")
    deadline = serializers.DateTimeField(allow_null=True)
    time_per_move = serializers.IntegerField()
    options = serializers.DictField()
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    seat = serializers.IntegerField(allow_null=True, help_text="The caller's seat, or null for a spectator.")
    to_act = serializers.ListField(child=serializers.IntegerField())
    your_turn = serializers.BooleanField()
    legal_moves = serializers.ListField(
        child=serializers.DictField(),
        help_text='The caller\'s legal moves now; an entry with "min" and "max" is played with "amount" instead.',
    )
    state = serializers.DictField(help_text="The game's view for the caller's seat (the engine's `view`).")
    seats = SeatSerializer(many=True)
    opening_events = serializers.ListField(
        child=serializers.DictField(), help_text="The first deal's events you may see (your own cards dealt, antes)."
    )
    moves = MoveLogEntrySerializer(many=True, help_text="The public move log, oldest first.")
    moves_total = serializers.IntegerField()
    results = ResultSerializer(many=True)
    annul_reason = serializers.CharField(required=False)


class LegalMovesSerializer(serializers.Serializer):
    table_id = serializers.IntegerField()
    version = serializers.IntegerField()
    seat = serializers.IntegerField(allow_null=True)
    your_turn = serializers.BooleanField()
    legal_moves = serializers.ListField(child=serializers.DictField())


class MoveLogSerializer(serializers.Serializer):
    table_id = serializers.IntegerField()
    version = serializers.IntegerField()
    moves = MoveLogEntrySerializer(many=True)


class MoveSubmitSerializer(serializers.Serializer):
    move = JsonObjectField(help_text='One of the legal moves, e.g. {"type": "call"}; free amounts with "amount".')
    expected_version = serializers.IntegerField(
        min_value=0, max_value=2_147_483_647, help_text="The version of the table you decided on."
    )


class MoveResultSerializer(serializers.Serializer):
    table_id = serializers.IntegerField()
    seq = serializers.IntegerField(help_text="The move's number in the table's log.")
    version = serializers.IntegerField(help_text="The table's version after the move.")
    status = TableStatusField()
    deadline = serializers.DateTimeField(allow_null=True)
    view = serializers.DictField(help_text="The game's view for your seat after the move.")
    replayed = serializers.BooleanField(help_text="True when this answers a retry of an Idempotency-Key.")


# --- seasons ---------------------------------------------------------------------------------------------------------

SMALL_MAX = 32_767  # PositiveSmallIntegerField
INT_MAX = 2_147_483_647  # PositiveIntegerField

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


class ClockSerializer(serializers.Serializer):
    """A season clock (docs/clocks.md): the numbers' bounds are `league.clocks.check.BOUNDS`, checked again, with
    the time zone, by the service (`clock_check`)."""

    bank_start = serializers.IntegerField(
        min_value=BOUNDS["bank_start"][0], max_value=BOUNDS["bank_start"][1], default=0, help_text="Seconds."
    )
    bank_increment = serializers.IntegerField(
        min_value=BOUNDS["bank_increment"][0],
        max_value=BOUNDS["bank_increment"][1],
        default=0,
        help_text="Seconds added to the bank after each move.",
    )
    bank_cap = serializers.IntegerField(
        min_value=BOUNDS["bank_cap"][0],
        max_value=BOUNDS["bank_cap"][1],
        allow_null=True,
        default=None,
        help_text="Most seconds a bank may hold; null: no limit.",
    )
    vacation_days = serializers.IntegerField(
        min_value=BOUNDS["vacation_days"][0], max_value=BOUNDS["vacation_days"][1], default=0
    )
    pause_weekday = serializers.IntegerField(
        min_value=0, max_value=6, allow_null=True, default=None, help_text="0 = Monday; null: none."
    )
    pause_start = serializers.TimeField(allow_null=True, default=None, help_text="e.g. 00:00.")
    pause_hours = serializers.IntegerField(min_value=0, max_value=BOUNDS["pause_hours"][1], default=0)
    time_zone = serializers.CharField(
        max_length=64,
        required=False,
        help_text="An IANA time zone, e.g. Asia/Seoul: of the weekly pause. Left out: the season's own, or (a new "
        "clock) yours.",
    )
    timeout_policy = serializers.ChoiceField(choices=list(POLICIES), default="autoplay")
    abandon_after = serializers.IntegerField(
        min_value=BOUNDS["abandon_after"][0],
        max_value=BOUNDS["abandon_after"][1],
        default=3,
        help_text="Timeouts in a row at one table before a seat is abandoned; 0: never.",
    )


class SeasonSerializer(serializers.Serializer):
    """A season: game, format, match format, points table and tiebreaks (docs/standings.md), dates and status."""

    id = serializers.IntegerField(read_only=True)
    club = ClubRefSerializer(read_only=True)
    game = serializers.ChoiceField(choices=list(GAME_NAMES))
    name = serializers.CharField(min_length=1, max_length=120)
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
    time_per_move = serializers.IntegerField(
        min_value=1, max_value=30 * 86400, required=False, default=86400, help_text="Seconds each turn may take."
    )
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
    created_at = serializers.DateTimeField(read_only=True)
    started_at = serializers.DateTimeField(read_only=True, allow_null=True)
    finished_at = serializers.DateTimeField(read_only=True, allow_null=True)


class EntrantSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    label = serializers.CharField()  # type: ignore[assignment]  # a field named label, as DRF allows
    player_id = serializers.IntegerField()
    partner_id = serializers.IntegerField(allow_null=True)
    name = serializers.CharField(allow_blank=True)
    seed_rank = serializers.IntegerField()
    withdrawn = serializers.BooleanField()


class EntrantRequestSerializer(serializers.Serializer):
    player_id = serializers.IntegerField(min_value=1, max_value=ID_MAX)
    partner_id = serializers.IntegerField(
        min_value=1, max_value=ID_MAX, required=False, allow_null=True, help_text="Fixed-partnership seasons only."
    )
    name = serializers.CharField(max_length=120, required=False, allow_blank=True, default="")


class ReasonSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")


class ForfeitRequestSerializer(ReasonSerializer):
    entrants = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=ID_MAX),
        min_length=1,
        max_length=10,
        help_text="The forfeiting entrants (seated at the table).",
    )


class RolloverRequestSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=120, required=False, help_text="The new edition's name.")


class RulingSerializer(serializers.Serializer):
    table_id = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=["annulled", "forfeit"])
    reason = serializers.CharField(allow_blank=True)
    forfeiting = serializers.ListField(child=serializers.IntegerField(), help_text="Entrant ids.")
    at = serializers.DateTimeField()


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


class VacationSerializer(serializers.Serializer):
    id = serializers.IntegerField(read_only=True)
    starts_at = serializers.DateTimeField(help_text="Not in the past.")
    ends_at = serializers.DateTimeField(read_only=True)
    days = serializers.IntegerField(
        min_value=1, max_value=BOUNDS["vacation_days"][1], write_only=True, help_text="Whole days off."
    )


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


class LeaderboardRowSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    player_id = serializers.IntegerField()
    name = serializers.CharField()
    ordinal = serializers.FloatField(help_text="mu - 3 sigma: the ranking value.")
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    games = serializers.IntegerField()
    provisional = serializers.BooleanField(help_text="Too few rated games yet; listed after the established.")


# --- notifications (issue 33) ---------------------------------------------------------------------------------------


class NotificationSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=["your_move", "deadline_near", "season_news", "tournament_start"])
    text = serializers.CharField(help_text="The notification in words, in the caller's language.")
    url = serializers.CharField(help_text="The page it is about (its table, season or tournament), from SITE_URL.")
    table_id = serializers.IntegerField(allow_null=True)
    season_id = serializers.IntegerField(allow_null=True)
    tournament_id = serializers.IntegerField(allow_null=True)
    poker_tournament_id = serializers.IntegerField(allow_null=True)
    created_at = serializers.DateTimeField(
        help_text='When it was raised ("your move": raised again each time the table comes back).'
    )
    read_at = serializers.DateTimeField(allow_null=True)


class LocaleSerializer(serializers.Serializer):
    time_zone = serializers.CharField(
        max_length=64, help_text="An IANA time zone (Asia/Seoul): every time in the pages, mails and pushes."
    )
    language = serializers.ChoiceField(choices=[code for code, _ in settings.LANGUAGES])
    time_zone_chosen = serializers.BooleanField(
        read_only=True, help_text="False: the zone still follows the browser you log in with (taken at each log-in)."
    )
    language_chosen = serializers.BooleanField(
        read_only=True, help_text="False: the language still follows the browser you log in with."
    )


class UnreadCountSerializer(serializers.Serializer):
    unread = serializers.IntegerField()


class NotificationsReadSerializer(serializers.Serializer):
    ids = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=ID_MAX),
        required=False,
        max_length=1000,
        help_text="Mark these read; leave out (with table_id left out too) to mark every one read.",
    )
    table_id = serializers.IntegerField(
        min_value=1, max_value=ID_MAX, required=False, help_text="Mark read every notification about this table."
    )


class MarkedSerializer(serializers.Serializer):
    marked = serializers.IntegerField(help_text="How many were unread and are now read.")
