"""Writes for seasons before and after play: create one from its settings (`SeasonSpec`), open registration,
register entrants, finish it; and the checks every season write shares (organizer, status, the season's lock).

The running season (start it, its rounds, withdrawals, rulings, the refresh after a table) is
`league.services.rounds`, which builds on this module; standings, ratings and rollover live beside them.
"""

from dataclasses import asdict, dataclass, fields
from datetime import date, time, timedelta
from typing import Any

from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from games import IllegalMove
from games.core.protocol import Engine
from league.clocks.check import clock_check
from league.engines import engine_for, season_options_schema
from league.errors import InvalidValue, NotFound, WrongStatus
from league.labels import refusal_text
from league.models import Club, Entrant, Membership, Player, Round, RoundRobinPairs, Season, SeasonClock
from league.server_seeds import seed_new
from league.services.locks import season_lock as season_lock
from league.services.permissions import organizer_check
from league.services.standings import points_table_default, standings_recompute
from league.services.tables import time_per_move_check
from league.standings import PointsTable
from league.standings.tiebreaks import tiebreak_check

# the match format of a season, by the role each engine declares for its own option (games/core/options.py): each
# engine names its chip stack and hand limit as it likes
MATCH_FORMAT_ROLES = {"starting_stack": "stack", "hand_limit": "hand_limit", "target_score": "target_score"}
# the match-format fields in words, for a refusal (translated where it is shown)
MATCH_FORMAT_WORDS = {
    "starting_stack": gettext_noop("starting stack"),
    "hand_limit": gettext_noop("hand limit"),
    "target_score": gettext_noop("target score"),
}
DEFAULT_ROUNDS = 5


def status_check(season: Season, *allowed: str) -> None:
    if season.status not in allowed:
        raise WrongStatus(f"The season is {season.status}; this needs it {' or '.join(allowed)}.", field="status")


def season_options(
    *, game: str, options: dict[str, Any] | None, seats: int, **match_format: int | None
) -> dict[str, Any]:
    """The engine options of the season's tables: its options with the match-format fields merged in, checked."""
    engine = engine_for(game)
    merged = dict(options or {})
    by_role = {option["role"]: option["name"] for option in engine.options_schema() if option.get("role")}
    for name, value in match_format.items():
        if value is None:
            continue
        option = by_role.get(MATCH_FORMAT_ROLES.get(name, name))
        if option is None:
            raise InvalidValue(
                _("%(game)s has no %(setting)s.")
                % {"game": _(engine.title), "setting": _(MATCH_FORMAT_WORDS.get(name, name))},
                field=name,
            )
        merged[option] = value
    try:
        return engine.check_options(merged, seats)
    except IllegalMove as error:
        raise InvalidValue(options_refusal(engine, error), code=error.code, field="options") from error


def options_refusal(engine: Engine, error: IllegalMove) -> str:
    """The engine's refusal of an option in the reader's words: its template translated, the option named by its
    label rather than its key."""
    labels = {option["name"]: option["label"] for option in engine.options_schema()}
    params = dict(error.params)
    if "option" in params:
        params["option"] = _(labels.get(params["option"], params["option"]))
    # the Korean particle after an option's name follows the name (league/particles.py)
    return refusal_text(error.template, params, fallback=error.message)


@dataclass(frozen=True)
class ClockSpec:
    """A season's time control beyond its per-move time (the fields of `SeasonClock`, docs/clocks.md)."""

    bank_start: int = 0
    bank_increment: int = 0
    bank_cap: int | None = None
    vacation_days: int = 0
    pause_weekday: int | None = None
    pause_start: time | None = None
    pause_hours: int = 0
    time_zone: str = "UTC"
    timeout_policy: str = SeasonClock.Policy.AUTOPLAY
    abandon_after: int = 3

    @classmethod
    def of(cls, clock: SeasonClock) -> "ClockSpec":
        return cls(**{f.name: getattr(clock, f.name) for f in fields(cls)})


@dataclass(frozen=True)
class SeasonSpec:
    """Everything an organizer chooses about a season: what `season_create` checks and stores, and what a rollover
    carries over to the next edition (`SeasonSpec.of(season)`)."""

    game: str
    name: str
    league: str | None = None  # None: the season's name
    edition: int = 1
    division_name: str = ""
    division_level: int = 1
    format: str = Season.Format.ROUND_ROBIN
    partners: str = Season.Partners.NONE
    options: dict[str, Any] | None = None
    rounds_planned: int | None = None
    table_min: int | None = None
    table_max: int | None = None
    starting_stack: int | None = None
    hand_limit: int | None = None
    target_score: int | None = None
    time_per_move: timedelta = timedelta(days=1)
    entropy_window: timedelta = timedelta(0)
    points_table: dict[str, Any] | None = None
    tiebreaks: list[str] | None = None
    promote_count: int = 0
    relegate_count: int = 0
    auto_advance: bool = False
    round_interval_days: int | None = None
    starts_on: date | None = None
    ends_on: date | None = None
    seed: str | None = None  # None: a fresh random seed
    clock: ClockSpec | None = None  # None: per-move time alone

    @classmethod
    def of(cls, season: Season) -> "SeasonSpec":
        """The settings of a stored season (its dates and seed left out: they belong to that season alone)."""
        clock = SeasonClock.objects.filter(season=season).first()
        return cls(
            game=season.game,
            name=season.name,
            league=season.league,
            edition=season.edition,
            division_name=season.division_name,
            division_level=season.division_level,
            format=season.format,
            partners=season.partners,
            options=season.options,
            rounds_planned=season.rounds_planned,
            table_min=season.table_min,
            table_max=season.table_max,
            starting_stack=season.starting_stack,
            hand_limit=season.hand_limit,
            target_score=season.target_score,
            time_per_move=timedelta(seconds=season.time_per_move),
            entropy_window=timedelta(minutes=season.entropy_window_minutes),
            points_table=season.points_table,
            tiebreaks=season.tiebreaks,
            promote_count=season.promote_count,
            relegate_count=season.relegate_count,
            auto_advance=season.auto_advance,
            round_interval_days=season.round_interval_days,
            clock=ClockSpec.of(clock) if clock is not None else None,
        )


@transaction.atomic
def season_create(*, club: Club, by: Player, spec: SeasonSpec, previous: Season | None = None) -> Season:
    """A season in draft: its game, format, match format, points table and tiebreaks, all checked."""
    organizer_check(club=club, player=by)
    values = season_values(spec)
    league = spec.league or spec.name
    if Season.objects.filter(
        club=club, league=league, edition=spec.edition, division_level=spec.division_level
    ).exists():
        raise InvalidValue(_("That division of that season already exists."), code="duplicate", field="division_level")
    season = Season.objects.create(
        club=club,
        league=league,
        edition=spec.edition,
        division_level=spec.division_level,
        previous=previous,
        seed=spec.seed or seed_new(),
        # a competition opens for registration by default; a season is drafted first
        status=Season.Status.DRAFT,
        **values,
    )
    if spec.clock is not None:
        SeasonClock.objects.create(season=season, **asdict(spec.clock))
    return season


def season_values(spec: SeasonSpec) -> dict[str, Any]:
    """The checked settings of a season as its model fields (all but its place in the league: league, edition,
    division level, and its seed); the clock is checked too (`clock_spec_check`). Shared by `season_create` and
    the settings' update (`league.services.season_settings`)."""
    engine = engine_for(spec.game)
    _tournament_options_check(spec, engine)
    _partners_check(spec)
    table_min, table_max = _table_sizes(spec, engine)
    rounds_planned = _rounds_planned(spec)
    seats = _partnership_seats(engine) or table_max or 2
    options = season_options(
        game=spec.game,
        options=spec.options,
        seats=seats,
        starting_stack=spec.starting_stack,
        hand_limit=spec.hand_limit,
        target_score=spec.target_score,
    )
    points, tiebreaks = _points_and_tiebreaks(spec)
    _times_check(spec)
    if spec.clock is not None:
        clock_spec_check(spec.clock)
    return {
        "game": spec.game,
        "name": spec.name,
        "division_name": spec.division_name,
        "options": options,
        "format": spec.format,
        "partners": spec.partners,
        "rounds_planned": rounds_planned,
        "table_min": table_min,
        "table_max": table_max,
        "starting_stack": spec.starting_stack,
        "hand_limit": spec.hand_limit,
        "target_score": spec.target_score,
        "time_per_move": int(spec.time_per_move.total_seconds()),
        "entropy_window_minutes": int(spec.entropy_window.total_seconds() // 60),
        "points_table": points,
        "tiebreaks": tiebreaks,
        "promote_count": spec.promote_count,
        "relegate_count": spec.relegate_count,
        "auto_advance": spec.auto_advance,
        "round_interval_days": spec.round_interval_days,
        "starts_on": spec.starts_on,
        "ends_on": spec.ends_on,
    }


def _tournament_options_check(spec: SeasonSpec, engine: Engine) -> None:
    """A season's tables start from the engine's stacks and first dealer: those options are a tournament's."""
    if not spec.options:
        return
    names = {option["name"] for option in season_options_schema(spec.game)}
    for option in engine.options_schema():
        if option["name"] in (spec.options or {}) and option["name"] not in names:
            raise InvalidValue(
                _("%(option)s is set by tournaments only.") % {"option": _(option["label"])},
                code="option_set_by_tournament",
                field="options",
            )


def clock_spec_check(clock: ClockSpec) -> None:
    """InvalidValue naming the first field at fault (`clock.<field>`) unless the clock is valid (`clock_check`)."""
    problems = clock_check(**asdict(clock))
    if problems:
        raise InvalidValue(problems[0].message, code="bad_clock", field=f"clock.{problems[0].field}")


def _partnership_seats(engine: Engine) -> int | None:
    """The seats of a game played by partners (the engine declares its teams, e.g. Coinche's 0+2 against 1+3);
    None for a game where every seat plays for itself."""
    seats = engine.max_players
    return seats if engine.teams(seats) is not None else None


def _partners_check(spec: SeasonSpec) -> None:
    """Coinche is played by partners, the other games not; rotating partners sit at multi-table rounds, fixed
    teams meet in pairs."""
    if spec.format not in Season.Format.values:
        raise InvalidValue(f"Unknown format {spec.format!r}.", field="format")
    if spec.partners not in Season.Partners.values:
        raise InvalidValue(f"Unknown partnership rule {spec.partners!r}.", field="partners")
    partnership_game = _partnership_seats(engine_for(spec.game)) is not None
    if partnership_game and spec.partners == Season.Partners.NONE:
        title = engine_for(spec.game).title
        raise InvalidValue(f"{title} is played in partnerships: fixed or rotating.", field="partners")
    if not partnership_game and spec.partners != Season.Partners.NONE:
        raise InvalidValue(
            _("%(game)s has no partnerships.") % {"game": _(engine_for(spec.game).title)}, field="partners"
        )
    if spec.partners == Season.Partners.ROTATING and spec.format != Season.Format.MULTITABLE:
        raise InvalidValue("Rotating partners are seated as multi-table rounds.", field="format")
    if spec.partners == Season.Partners.FIXED and spec.format == Season.Format.MULTITABLE:
        raise InvalidValue("Fixed teams meet in pairs: round robin or Swiss.", field="format")


def _table_sizes(spec: SeasonSpec, engine: Engine) -> tuple[int | None, int | None]:
    """The fewest and most seats of a multi-table season's tables (the engine's range by default); none for duels."""
    if spec.format != Season.Format.MULTITABLE:
        if engine.min_players > 2 and spec.partners == Season.Partners.NONE:
            raise InvalidValue(
                _("%(game)s needs at least %(count)s players at a table.")
                % {"game": _(engine.title), "count": engine.min_players},
                field="format",
            )
        return None, None
    table_min = spec.table_min or engine.min_players
    table_max = spec.table_max or engine.max_players
    if not engine.min_players <= table_min <= table_max <= engine.max_players:
        raise InvalidValue(
            _("%(game)s tables seat %(low)s to %(high)s players.")
            % {"game": _(engine.title), "low": engine.min_players, "high": engine.max_players},
            field="table_max",
        )
    if table_max < 3 and spec.partners == Season.Partners.NONE:
        raise InvalidValue("Tables of two are a round robin or Swiss.", field="table_max")
    return table_min, table_max


def _rounds_planned(spec: SeasonSpec) -> int | None:
    """Swiss and multi-table seasons play a planned number of rounds; round robins know their own."""
    if spec.format not in (Season.Format.SWISS, Season.Format.MULTITABLE):
        return None
    rounds = spec.rounds_planned or DEFAULT_ROUNDS
    if rounds < 1:
        raise InvalidValue("A season has at least one round.", field="rounds_planned")
    return rounds


POINTS_EXAMPLE = '{"places": {"2": [3, 0], "4": [4, 2, 1, 0]}, "draw": 1, "bye": 3}'


def points_table_problem(points: Any) -> str | None:
    """What is wrong with a points table, in words that name the part at fault (docs/standings.md); None when its
    shape is right."""
    if not isinstance(points, dict):
        return f"The points table is a JSON object, such as {POINTS_EXAMPLE}."
    if unknown := sorted(set(points) - {"places", "draw", "bye"}):
        return f'The points table has no "{unknown[0][:40]}": its parts are "places", "draw" and "bye".'
    places = points.get("places")
    if not isinstance(places, dict) or not places:
        return f'The points table needs "places": the points of each place by table size, such as {POINTS_EXAMPLE}.'
    for size, row in places.items():
        if not (size.isascii() and size.isdigit() and 2 <= int(size) <= 100):
            return f'"places" is keyed by table sizes from 2 to 100 ("2", "4"), not "{size[:40]}".'
        if not isinstance(row, list) or len(row) != int(size):
            return f'"places" for a table of {size} lists {size} numbers, the points of places 1 to {size}.'
        if not all(_is_points(value) for value in row):
            return f'"places" for a table of {size} lists numbers (0 to 1000).'
    for name in ("draw", "bye"):
        if name in points and not (_is_points(points[name]) or (name == "draw" and points[name] is None)):
            return f'"{name}" is a number of points (0 to 1000).'
    return None


def _is_points(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= 1000


def _points_and_tiebreaks(spec: SeasonSpec) -> tuple[dict[str, Any], list[str]]:
    points = spec.points_table or points_table_default(game=spec.game, partners=spec.partners)
    if (problem := points_table_problem(points)) is not None:
        raise InvalidValue(problem, code="bad_points_table", field="points_table")
    try:
        PointsTable.from_json(points)
        tiebreaks = tiebreak_check(spec.tiebreaks if spec.tiebreaks is not None else default_tiebreaks(spec.format))
    except (ValueError, KeyError, TypeError) as error:
        raise InvalidValue(str(error), field="points_table" if "tiebreak" not in str(error) else "tiebreaks") from error
    return points, tiebreaks


def _times_check(spec: SeasonSpec) -> None:
    time_per_move_check(spec.time_per_move)
    if spec.starts_on is not None and spec.ends_on is not None and spec.starts_on > spec.ends_on:
        raise InvalidValue("The season cannot end before it starts.", code="ends_before_start", field="ends_on")
    if not timedelta(0) <= spec.entropy_window <= timedelta(days=7):
        raise InvalidValue("The entropy window is between 0 and 7 days.", field="entropy_window")


def default_tiebreaks(format: str) -> list[str]:
    """The usual order of a format's tiebreaks: a season's when it sets none."""
    if format == Season.Format.MULTITABLE:
        return ["average_place", "wins", "score_difference"]
    if format == Season.Format.SWISS:
        return ["buchholz_cut1", "buchholz", "sonneborn_berger", "wins"]
    return ["direct_encounter", "sonneborn_berger", "wins", "score_difference"]


@transaction.atomic
def season_open_registration(*, season: Season, by: Player) -> Season:
    season = season_lock(season.pk)
    organizer_check(club=season.club, player=by)
    status_check(season, Season.Status.DRAFT)
    season.status = Season.Status.REGISTRATION
    season.save(update_fields=["status"])
    return season


@transaction.atomic
def entrant_register(
    *, season: Season, by: Player, player: Player, partner: Player | None = None, name: str = ""
) -> Entrant:
    """Enter a player (or, in a fixed-partnership season, a team of two) into a season not yet running."""
    season = season_lock(season.pk)
    organizer_check(club=season.club, player=by)
    status_check(season, Season.Status.DRAFT, Season.Status.REGISTRATION)
    fixed = season.partners == Season.Partners.FIXED
    if fixed and partner is None:
        raise InvalidValue("This season is played by fixed teams: name the partner.", field="partner")
    if not fixed and partner is not None:
        raise InvalidValue("This season has no fixed partners.", field="partner")
    players = [player, *([partner] if partner else [])]
    if partner is not None and partner.pk == player.pk:
        raise InvalidValue("A player cannot partner themselves.", field="partner")
    members = set(Membership.objects.filter(club=season.club, player__in=players).values_list("player_id", flat=True))
    for someone in players:
        if someone.pk not in members:
            raise InvalidValue(f"{someone} is not a member of {season.club}.", code="not_member", field="player")
    taken = Entrant.objects.filter(competition=season).values_list("player_id", "partner_id")
    entered = {p for pair in taken for p in pair if p}
    for someone in players:
        if someone.pk in entered:
            raise InvalidValue(f"{someone} is already entered.", code="already_entered", field="player")
    return Entrant.objects.create(competition=season, player=player, partner=partner, name=name, seed=len(taken) + 1)


@transaction.atomic
def entrant_register_self(*, season: Season, player: Player) -> Entrant:
    """A member enters themselves into a season open for registration (their own consent; an organizer's
    `entrant_register` serves a draft too). Teams of a fixed-partnership season are entered by an organizer, who
    knows who partners whom."""
    season = season_lock(season.pk)
    status_check(season, Season.Status.REGISTRATION)
    if season.partners == Season.Partners.FIXED:
        raise InvalidValue(
            _("This season is played by fixed teams: an organizer enters each team."),
            code="teams_by_organizer",
            field="partner",
        )
    if not Membership.objects.filter(club=season.club, player=player).exists():
        # refused as a bracket's and a poker tournament's entry are (league.services.competitions)
        raise InvalidValue(_("Only the club's members may enter."), code="not_member", field="player")
    taken = Entrant.objects.filter(competition=season).values_list("player_id", "partner_id")
    if any(player.pk in pair for pair in taken):
        raise InvalidValue(_("You are already entered."), code="already_entered", field="player")
    return Entrant.objects.create(competition=season, player=player, seed=len(taken) + 1)


@transaction.atomic
def entrant_leave_self(*, season: Season, player: Player) -> None:
    """A player takes their entry back before the season starts (a team's either player, the team); once it runs,
    an organizer withdraws an entrant (`league.services.rounds.entrant_withdraw`: its tables are forfeited)."""
    season = season_lock(season.pk)
    if season.status not in (Season.Status.DRAFT, Season.Status.REGISTRATION):
        raise WrongStatus(_("The season has started: an organizer withdraws an entrant."), field="status")
    entrant = Entrant.objects.filter(competition=season).filter(Q(player=player) | Q(partner=player)).first()
    if entrant is None:
        raise NotFound(_("This player is not entered."), field="player")
    entrant.delete()
    # the entries after it move up, so that the next entry's rank (the count plus one) is free
    Entrant.objects.filter(competition=season, seed__gt=entrant.seed).update(seed=F("seed") - 1)


@transaction.atomic
def entrants_register(*, season: Season, by: Player, players: list[Player]) -> list[Entrant]:
    """Enter several members at once, each an entrant of their own: all of them, or none when one is refused."""
    return [entrant_register(season=season, by=by, player=player) for player in players]


def rounds_total(season: Season) -> int:
    if season.format in (Season.Format.ROUND_ROBIN, Season.Format.DOUBLE_ROUND_ROBIN):
        return RoundRobinPairs.objects.filter(season=season).count()
    return season.rounds_planned or DEFAULT_ROUNDS


@transaction.atomic
def season_finish(*, season: Season) -> Season:
    """Close a season whose last round is done: final standings stored, status finished."""
    season = season_lock(season.pk)
    status_check(season, Season.Status.RUNNING)
    if Round.objects.filter(season=season, status=Round.Status.RUNNING).exists():
        raise WrongStatus("A round is still running.", code="round_running")
    standings_recompute(season=season)
    Round.objects.filter(season=season, status=Round.Status.PENDING).delete()
    season.status = Season.Status.FINISHED
    season.finished_at = timezone.now()
    season.save(update_fields=["status", "finished_at"])
    return season
