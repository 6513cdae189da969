"""Writes for seasons: create, open registration, register entrants, start, withdraw, finish, and the hook the move
pipeline calls when a table's match ends. Rounds, rulings, standings, ratings and rollover live beside this module.
"""

import secrets
from datetime import date, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from games import IllegalMove
from league.errors import BadOptions, NotFound, PermissionDenied, ServiceError
from league.models import Club, Entrant, Membership, Player, Round, Season, Table
from league.pairing.round_robin import round_robin_schedule
from league.services.ratings import table_rate
from league.services.standings import points_table_default, standings_recompute
from league.services.tables import engine_for
from league.standings import PointsTable
from league.standings.tiebreaks import tiebreak_check

# the match format of a season, in the engines' own option names (each engine names its chip stack and hand limit)
MATCH_FORMAT_OPTIONS = {
    "starting_stack": {"the-court": "starting_stack", "black-card": "chips", "mini-poker": "stack"},
    "hand_limit": {"the-court": "hand_limit", "black-card": "hand_limit", "mini-poker": "hands"},
    "target_score": {"coinche": "target_score"},
}
DEFAULT_ROUNDS = 5


class WrongStatus(ServiceError):
    code = "wrong_status"
    status = 409
    default_message = "The season is not at the stage this needs."


def organizer_check(*, club: Club, player: Player | None) -> None:
    """PermissionDenied unless the player organizes the club."""
    if (
        player is None
        or not Membership.objects.filter(club=club, player=player, role=Membership.Role.ORGANIZER).exists()
    ):
        raise PermissionDenied("Only an organizer of the club may do this.")


def status_check(season: Season, *allowed: str) -> None:
    if season.status not in allowed:
        raise WrongStatus(f"The season is {season.status}; this needs it {' or '.join(allowed)}.", field="status")


def season_lock(season_id: int) -> Season:
    try:
        return Season.objects.select_for_update().get(pk=season_id)
    except Season.DoesNotExist as error:
        raise NotFound("No such season.", field="season") from error


def season_options(
    *, game: str, options: dict[str, Any] | None, seats: int, **match_format: int | None
) -> dict[str, Any]:
    """The engine options of the season's tables: its options with the match-format fields merged in, checked."""
    engine = engine_for(game)
    merged = dict(options or {})
    defaults = engine.default_options()
    for name, value in match_format.items():
        if value is None:
            continue
        option = MATCH_FORMAT_OPTIONS.get(name, {}).get(game, name)
        if option not in defaults:
            raise BadOptions(f"{game} has no {name.replace('_', ' ')}.", field=name)
        merged[option] = value
    try:
        return engine.check_options(merged, seats)
    except IllegalMove as error:
        raise BadOptions(error.message, code=error.code, field="options") from error


@transaction.atomic
def season_create(
    *,
    club: Club,
    by: Player,
    game: str,
    name: str,
    league: str | None = None,
    edition: int = 1,
    division_name: str = "",
    division_level: int = 1,
    format: str = Season.Format.ROUND_ROBIN,
    partners: str = Season.Partners.NONE,
    options: dict[str, Any] | None = None,
    rounds_planned: int | None = None,
    table_min: int | None = None,
    table_max: int | None = None,
    starting_stack: int | None = None,
    hand_limit: int | None = None,
    target_score: int | None = None,
    time_per_move: timedelta = timedelta(days=1),
    entropy_window: timedelta = timedelta(0),
    points_table: dict[str, Any] | None = None,
    tiebreaks: list[str] | None = None,
    promote_count: int = 0,
    relegate_count: int = 0,
    auto_advance: bool = False,
    round_interval_days: int | None = None,
    starts_on: date | None = None,
    ends_on: date | None = None,
    previous: Season | None = None,
    seed: str | None = None,
) -> Season:
    """A season in draft: its game, format, match format, points table and tiebreaks, all checked."""
    organizer_check(club=club, player=by)
    engine = engine_for(game)
    if format not in Season.Format.values:
        raise BadOptions(f"Unknown format {format!r}.", field="format")
    if partners not in Season.Partners.values:
        raise BadOptions(f"Unknown partnership rule {partners!r}.", field="partners")
    partnership_game = game == "coinche"
    if partnership_game and partners == Season.Partners.NONE:
        raise BadOptions("Coinche is played in partnerships: fixed or rotating.", field="partners")
    if not partnership_game and partners != Season.Partners.NONE:
        raise BadOptions(f"{game} has no partnerships.", field="partners")
    if partners == Season.Partners.ROTATING and format != Season.Format.MULTITABLE:
        raise BadOptions("Rotating partners are seated as multi-table rounds.", field="format")
    if partners == Season.Partners.FIXED and format == Season.Format.MULTITABLE:
        raise BadOptions("Fixed teams meet in pairs: round robin or Swiss.", field="format")
    if format == Season.Format.MULTITABLE:
        table_min = table_min or engine.min_players
        table_max = table_max or engine.max_players
        if not engine.min_players <= table_min <= table_max <= engine.max_players:
            raise BadOptions(f"{game} tables seat {engine.min_players} to {engine.max_players}.", field="table_max")
        if table_max < 3 and partners == Season.Partners.NONE:
            raise BadOptions("Tables of two are a round robin or Swiss.", field="table_max")
    else:
        table_min = table_max = None
        if engine.min_players > 2 and partners == Season.Partners.NONE:
            raise BadOptions(f"{game} needs at least {engine.min_players} at a table.", field="format")
    if format in (Season.Format.SWISS, Season.Format.MULTITABLE):
        rounds_planned = rounds_planned or DEFAULT_ROUNDS
        if rounds_planned < 1:
            raise BadOptions("A season has at least one round.", field="rounds_planned")
    else:
        rounds_planned = None
    seats = 4 if partnership_game else (table_max or 2)
    full_options = season_options(
        game=game,
        options=options,
        seats=seats,
        starting_stack=starting_stack,
        hand_limit=hand_limit,
        target_score=target_score,
    )
    points = points_table or points_table_default(game=game, partners=partners)
    try:
        PointsTable.from_json(points)
        checked_tiebreaks = tiebreak_check(tiebreaks if tiebreaks is not None else _default_tiebreaks(format))
    except (ValueError, KeyError, TypeError) as error:
        raise BadOptions(str(error), field="points_table" if "tiebreak" not in str(error) else "tiebreaks") from error
    if time_per_move.total_seconds() < 1:
        raise BadOptions("The time per move must be at least one second.", field="time_per_move")
    if not timedelta(0) <= entropy_window <= timedelta(days=7):
        raise BadOptions("The entropy window is between 0 and 7 days.", field="entropy_window")
    league = league or name
    if Season.objects.filter(club=club, league=league, edition=edition, division_level=division_level).exists():
        raise BadOptions("That division of that season already exists.", code="duplicate", field="division_level")
    return Season.objects.create(
        club=club,
        game=game,
        name=name,
        league=league,
        edition=edition,
        division_name=division_name,
        division_level=division_level,
        previous=previous,
        options=full_options,
        format=format,
        partners=partners,
        rounds_planned=rounds_planned,
        table_min=table_min,
        table_max=table_max,
        starting_stack=starting_stack,
        hand_limit=hand_limit,
        target_score=target_score,
        time_per_move=int(time_per_move.total_seconds()),
        entropy_window_minutes=int(entropy_window.total_seconds() // 60),
        points_table=points,
        tiebreaks=checked_tiebreaks,
        promote_count=promote_count,
        relegate_count=relegate_count,
        auto_advance=auto_advance,
        round_interval_days=round_interval_days,
        starts_on=starts_on,
        ends_on=ends_on,
        seed=seed or secrets.token_hex(16),
    )


def _default_tiebreaks(format: str) -> list[str]:
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
        raise BadOptions("This season is played by fixed teams: name the partner.", field="partner")
    if not fixed and partner is not None:
        raise BadOptions("This season has no fixed partners.", field="partner")
    players = [player, *([partner] if partner else [])]
    if partner is not None and partner.pk == player.pk:
        raise BadOptions("A player cannot partner themselves.", field="partner")
    members = set(Membership.objects.filter(club=season.club, player__in=players).values_list("player_id", flat=True))
    for someone in players:
        if someone.pk not in members:
            raise BadOptions(f"{someone} is not a member of {season.club}.", code="not_member", field="player")
    taken = Entrant.objects.filter(season=season).values_list("player_id", "partner_id")
    entered = {p for pair in taken for p in pair if p}
    for someone in players:
        if someone.pk in entered:
            raise BadOptions(f"{someone} is already entered.", code="already_entered", field="player")
    return Entrant.objects.create(season=season, player=player, partner=partner, name=name, seed_rank=len(taken) + 1)


@transaction.atomic
def season_start(*, season: Season, by: Player) -> Season:
    """Close registration, fix the round robin if there is one, and start the first round."""
    from league.services.rounds import round_start, rounds_schedule

    season = season_lock(season.pk)
    organizer_check(club=season.club, player=by)
    status_check(season, Season.Status.REGISTRATION)
    entrants = list(Entrant.objects.filter(season=season, withdrawn=False).order_by("seed_rank", "id"))
    needed = 4 if season.partners == Season.Partners.ROTATING else (season.table_min or 2)
    if len(entrants) < max(needed, 2):
        raise BadOptions(f"A season needs at least {max(needed, 2)} entrants.", code="too_few_entrants")
    if season.format in (Season.Format.ROUND_ROBIN, Season.Format.DOUBLE_ROUND_ROBIN):
        season.schedule = [
            [list(pair) for pair in pairs]
            for pairs in round_robin_schedule(
                [e.pk for e in entrants], double=season.format == Season.Format.DOUBLE_ROUND_ROBIN
            )
        ]
    season.status = Season.Status.RUNNING
    season.started_at = timezone.now()
    season.save(update_fields=["schedule", "status", "started_at"])
    standings_recompute(season=season)
    rounds_schedule(season=season, first=season.started_at)
    round_start(season=season, by=by)
    season.refresh_from_db()
    return season


def rounds_total(season: Season) -> int:
    if season.format in (Season.Format.ROUND_ROBIN, Season.Format.DOUBLE_ROUND_ROBIN):
        return len(season.schedule)
    return season.rounds_planned or DEFAULT_ROUNDS


@transaction.atomic
def entrant_withdraw(*, season: Season, by: Player, entrant: Entrant, reason: str = "") -> Entrant:
    """Take an entrant out: its tables in play are forfeited, it is paired no more, its results stay."""
    from league.services.rounds import forfeit_award, round_settle

    season = season_lock(season.pk)
    organizer_check(club=season.club, player=by)
    status_check(season, Season.Status.REGISTRATION, Season.Status.RUNNING)
    entrant = Entrant.objects.select_for_update().get(pk=entrant.pk, season=season)
    if entrant.withdrawn:
        raise BadOptions("The entrant has already withdrawn.", code="already_withdrawn", field="entrant")
    entrant.withdrawn = True
    entrant.withdrawn_at = timezone.now()
    entrant.save(update_fields=["withdrawn", "withdrawn_at"])
    players = [entrant.player_id, *([entrant.partner_id] if entrant.partner_id else [])]
    active = Table.objects.filter(
        round__season=season, status=Table.Status.ACTIVE, seats__player_id__in=players
    ).distinct()
    for table in active:
        forfeit_award(table=table, by=by, forfeiting=[entrant], reason=reason or "withdrawn", settle=False)
    standings_recompute(season=season)
    running = Round.objects.filter(season=season, status=Round.Status.RUNNING).first()
    if running is not None:
        round_settle(round=running)
    return entrant


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


def season_table_finished(*, table: Table) -> None:
    """Called by the move pipeline when a match ends: rate it and refresh its season by a task once the move commits
    (a broker that is down is logged, never a failed move)."""
    from league.tasks import standings_refresh_enqueue

    table_id = table.pk
    transaction.on_commit(lambda: standings_refresh_enqueue(table_id=table_id))


@transaction.atomic
def season_table_refresh(*, table_id: int) -> None:
    """Rate a finished table, recompute its season's standings and close its round when it was the last table.
    Idempotent: running it twice leaves the same result as once."""
    from league.services.rounds import round_settle

    table = Table.objects.select_related("round").get(pk=table_id)
    table_rate(table=table)
    if table.round_id is None:
        return
    season = season_lock(table.round.season_id)
    standings_recompute(season=season)
    if season.status == Season.Status.RUNNING:
        round_settle(round=Round.objects.get(pk=table.round_id))
