"""Bracket tournaments (issue 22): create one, register, start it (seeds, the bracket, its first tables), advance it
when a table ends, forfeits and withdrawals, places and points.

The bracket itself is the pure code of `league.tournaments` (docs/formats.md); this module keeps the league around
it: each match that can be played gets a league table (one after another for a best of N, T-D2), and each finished
table's result goes back into the bracket through `tournament_advance`, which the task run after every finished
table calls (`league.tasks.standings_refresh`, the same seam as a season's table). Tournament tables count for
ratings: registering for a rated tournament is the seat's agreement (Seat.rated_agreed), so the ratings service
rates them like any rated table, before the bracket moves on.

In a game played by two teams (the engine declares them: Coinche's seats 0+2 against 1+3) an entrant is a team of
two, `player` and `partner`, entered by an organizer as a fixed-partnership season's teams are; the bracket knows
only entrants, and the league seats each team at its side's seats and reads the team's place from them.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from games import IllegalMove
from league.engines import engine_for, team_seats
from league.errors import InvalidValue, NotFound, WrongStatus
from league.fairness import commitment_of
from league.models import (
    Club,
    Entrant,
    Membership,
    Player,
    Rating,
    Result,
    Season,
    Seat,
    Standing,
    Table,
    Tournament,
    TournamentMatch,
    TournamentTable,
)
from league.selectors.bracket_states import tournament_state_read
from league.server_seeds import seed_new
from league.services.bracket_rows import BracketRows, bracket_rows_create
from league.services.follow_up import follow_up_enqueue
from league.services.permissions import organizer_check
from league.services.stage_rows import StageRows, stage_rows_write
from league.services.tables import TableSpec, table_annul, tables_open, time_per_move_check
from league.tournaments import bracket, multiplayer, places, two_stage
from league.tournaments.common import State
from league.tournaments.double_elimination import double_elimination_create
from league.tournaments.seeding import seeds_order
from league.tournaments.single_elimination import single_elimination_create

BEST_OF_MAX = 9
GROUPS_MAX = 64
DUEL = 2  # a bracket match is one entrant against another
BRACKETS = (Tournament.Format.SINGLE_ELIM, Tournament.Format.DOUBLE_ELIM, Tournament.Format.TWO_STAGE)


@dataclass(frozen=True)
class TournamentSpec:
    """What an organizer chooses; the pages' form and the API's serializer build one."""

    name: str
    game: str
    format: str
    seeding: str = Tournament.Seeding.RATING
    season: Season | None = None
    best_of: int = 1
    third_place: bool = False
    grand_final_reset: bool = True
    advance: int | None = None
    stage_top: int | None = None
    groups: int | None = None
    playoff: str = Tournament.Playoff.SINGLE_ELIM
    options: dict[str, Any] = field(default_factory=dict)
    time_per_move: timedelta = timedelta(days=1)
    points: Sequence[int] = ()
    rated: bool = True


def draw_commitment(tournament: Tournament) -> str:
    """T-D1: the commitment to the seed of a draw by lot, public from the tournament's creation."""
    return commitment_of(tournament.draw_seed) if tournament.draw_seed else ""


# --- create, register, withdraw ----------------------------------------------------------------------------------


@transaction.atomic
def tournament_create(*, club: Club, by: Player, spec: TournamentSpec) -> Tournament:
    """A tournament open for registration (a two-stage one takes its entrants from its first stage at the start)."""
    organizer_check(club=club, player=by)
    values = tournament_values(club=club, spec=spec)
    return Tournament.objects.create(club=club, created_by=by, **values)


@transaction.atomic
def tournaments_create_per_division(*, club: Club, by: Player, spec: TournamentSpec) -> list[Tournament]:
    """T-R11, issue 22's "divisions may each feed their own playoff": one two-stage tournament per division of the
    first stage's league edition (the seasons of the same league and edition), top division first, each taking the
    top K of its own division; all of them, or none when one is refused."""
    if spec.format != Tournament.Format.TWO_STAGE or spec.season is None:
        raise InvalidValue(
            _("A playoff per division needs two stages and a season as the first stage."), field="season"
        )
    divisions = Season.objects.filter(
        club=club, league=spec.season.league, edition=spec.season.edition, game=spec.season.game
    ).order_by("division_level", "id")
    return [
        tournament_create(
            club=club,
            by=by,
            spec=replace(spec, name=_division_name(spec.name, division), season=division),
        )
        for division in divisions
    ]


def _division_name(name: str, division: Season) -> str:
    label = division.division_name or _("Division %(level)s") % {"level": division.division_level}
    return f"{name.strip()} · {label}"[:120]


def tournament_values(*, club: Club, spec: TournamentSpec) -> dict[str, Any]:
    """The checked fields of a tournament from its spec; InvalidValue naming the field at fault."""
    name = spec.name.strip()
    if not 1 <= len(name) <= 120:  # a competition's name, whatever its format
        raise InvalidValue(_("A tournament has a name of 1 to 120 characters."), field="name")
    if spec.format not in Tournament.Format.values:
        raise InvalidValue(_("No such tournament format."), field="format")
    if spec.seeding not in Tournament.Seeding.values:
        raise InvalidValue(_("No such seeding."), field="seeding")
    engine = engine_for(spec.game)
    duel = spec.format in BRACKETS
    teams = team_seats(engine)
    if duel and teams is None and not engine.min_players <= DUEL <= engine.max_players:
        raise InvalidValue(
            _("This game is not played one against one: choose multiplayer elimination."), field="format"
        )
    if not duel and teams is not None:
        raise InvalidValue(_("This game is played team against team: choose a bracket."), field="format")
    if not duel and engine.max_players < 3:
        raise InvalidValue(_("Multiplayer elimination needs a game of three or more seats."), field="format")
    if not 1 <= spec.best_of <= BEST_OF_MAX or spec.best_of % 2 == 0:
        raise InvalidValue(_("A match is best of an odd number of tables, 1 to 9."), field="best_of")
    if spec.advance is not None and not 1 <= spec.advance < engine.max_players:
        raise InvalidValue(_("At least one player of a table goes through, and not all of them."), field="advance")
    if spec.playoff not in Tournament.Playoff.values:
        raise InvalidValue(_("No such playoff."), field="playoff")
    two_stage_ = spec.format == Tournament.Format.TWO_STAGE
    if spec.groups is not None and (not two_stage_ or not 1 <= spec.groups <= GROUPS_MAX):
        raise InvalidValue(_("Groups are the first stage of two stages: 1 to 64 of them."), field="groups")
    if spec.groups is not None and spec.season is not None:
        raise InvalidValue(_("The first stage is a season or groups, not both."), field="groups")
    from_season = two_stage_ and spec.groups is None
    needs_season = from_season or spec.seeding == Tournament.Seeding.STANDINGS
    if needs_season and spec.season is None:
        raise InvalidValue(_("Choose the season whose standings are used."), field="season")
    if spec.season is not None and (spec.season.club_id != club.pk or spec.season.game != spec.game):
        raise InvalidValue(_("The season must be one of this club's, of the same game."), field="season")
    if from_season and (spec.stage_top is None or spec.stage_top < 2):
        raise InvalidValue(_("Say how many of the first stage go through: two or more."), field="stage_top")
    if two_stage_ and spec.groups is not None and (spec.stage_top is None or spec.stage_top * spec.groups < 2):
        raise InvalidValue(
            _("Say how many of each group go through: two or more in all."), code="bad_stage_top", field="stage_top"
        )
    if any(not isinstance(p, int) or isinstance(p, bool) or not 0 <= p <= 100_000 for p in spec.points):
        raise InvalidValue(_("Points by place are whole numbers from 0 to 100000."), field="points")
    time_per_move_check(spec.time_per_move)
    # a team bracket's tables seat both teams in full; a duel's, one player a side
    seats = engine.max_players if teams is not None or not duel else DUEL
    try:
        options = engine.check_options(dict(spec.options), seats)
    except IllegalMove as error:
        raise InvalidValue(error.message, code=error.code, field="options") from error
    return {
        "name": name,
        "game": spec.game,
        "format": spec.format,
        # a season's playoff is seeded by its standings; groups are drawn by the organizer's seeding (T-D1)
        "seeding": Tournament.Seeding.STANDINGS if from_season else spec.seeding,
        "season": spec.season,
        "best_of": spec.best_of,
        "third_place": spec.third_place,
        "grand_final_reset": spec.grand_final_reset,
        "advance": spec.advance,
        "stage_top": spec.stage_top,
        "groups": spec.groups,
        "playoff": spec.playoff,
        "options": options,
        "time_per_move": int(spec.time_per_move.total_seconds()),
        "points": list(spec.points),
        "rated": spec.rated,
        "draw_seed": seed_new(),
    }


def tournament_lock(tournament_id: int) -> Tournament:
    try:
        return Tournament.objects.select_for_update().get(pk=tournament_id)
    except Tournament.DoesNotExist as error:
        raise NotFound(_("No such tournament."), field="tournament") from error


@transaction.atomic
def tournament_register(
    *, tournament: Tournament, player: Player, partner: Player | None = None, by: Player | None = None
) -> Entrant:
    """Enter a member of the club while registration is open (themselves, or by an organizer). In a game played by
    teams an organizer enters a team of two, as a fixed-partnership season's teams are (the organizer knows who
    partners whom); a player is in one team only."""
    tournament = tournament_lock(tournament.pk)
    by = by or player
    if tournament.status != Tournament.Status.REGISTRATION:
        raise WrongStatus(_("Registration for this tournament is closed."), field="status")
    if tournament.format == Tournament.Format.TWO_STAGE and tournament.groups is None:
        raise WrongStatus(_("The playoff's entrants come from its first stage."), code="no_registration")
    teams = team_seats(engine_for(tournament.game)) is not None
    if teams and partner is None:
        raise InvalidValue(
            _("This tournament is played by teams of two: an organizer enters each team."),
            code="teams_by_organizer",
            field="partner",
        )
    if not teams and partner is not None:
        raise InvalidValue(_("This game has no partners."), code="no_partners", field="partner")
    if teams or by.pk != player.pk:
        organizer_check(club=tournament.club, player=by)
    if partner is not None and partner.pk == player.pk:
        raise InvalidValue(_("A player cannot partner themselves."), code="own_partner", field="partner")
    players = [player, *([partner] if partner is not None else [])]
    members = set(
        Membership.objects.filter(club_id=tournament.club_id, player__in=players).values_list("player_id", flat=True)
    )
    if any(someone.pk not in members for someone in players):
        raise InvalidValue(_("Only the club's members may enter."), code="not_member", field="player")
    entered = Entrant.objects.filter(competition=tournament).filter(Q(player__in=players) | Q(partner__in=players))
    if entered.exists():
        message = _("You are already entered.") if by.pk == player.pk else _("%(name)s is already entered.")
        raise InvalidValue(message % {"name": player.display_name}, code="already_entered", field="player")
    return Entrant.objects.create(competition=tournament, player=player, partner=partner)


@transaction.atomic
def tournament_entrants_add(*, tournament: Tournament, by: Player, players: Sequence[Player]) -> list[Entrant]:
    """An organizer enters several members at once, each an entrant of their own: all of them, or none when one is
    refused."""
    organizer_check(club=tournament.club, player=by)
    return [tournament_register(tournament=tournament, player=player, by=by) for player in players]


def _entrant_of(tournament: Tournament, player: Player) -> Entrant | None:
    """The entrant the player plays in: their own, or the team they partner."""
    return Entrant.objects.filter(competition=tournament).filter(Q(player=player) | Q(partner=player)).first()


@transaction.atomic
def tournament_withdraw(*, tournament: Tournament, player: Player, by: Player) -> Entrant | None:
    """A player leaves (themselves, or by an organizer's decision). Before the start the entry is removed; after, T-D4:
    the match in play or waiting is forfeited, and every later match is a bye for the opponent."""
    tournament = tournament_lock(tournament.pk)
    if by.pk != player.pk:
        organizer_check(club=tournament.club, player=by)
    entrant = _entrant_of(tournament, player)
    if entrant is None:
        raise NotFound(_("This player is not entered."), field="player")
    if tournament.status == Tournament.Status.REGISTRATION:
        entrant.delete()
        return None
    out_in_groups = not _in_groups(tournament) and entrant.pk not in tournament.state.get("entrants", [])
    if tournament.status == Tournament.Status.FINISHED or tournament.format == Tournament.Format.MULTI_ELIM:
        raise WrongStatus(_("A player can no longer withdraw from this tournament."), field="status")
    if out_in_groups:
        # eliminated in the groups: nothing is left to forfeit
        raise WrongStatus(_("A player can no longer withdraw from this tournament."), field="status")
    entrant.withdrawn = True
    entrant.save(update_fields=["withdrawn"])
    if _in_groups(tournament):
        # every match of the entrant's in their group: the whole stage, as rare as a withdrawal is
        before, _version = tournament_state_read(tournament_id=tournament.pk)
        _state_save(tournament, two_stage.group_withdraw(before, entrant.pk), before=before)
        return entrant
    # every later match of the entrant's is settled: the whole bracket, as rare as a withdrawal is
    before, _version = tournament_state_read(tournament_id=tournament.pk)
    state, _events = bracket.entrant_withdraw(before, entrant.pk)
    _state_save(tournament, state, before=before)
    return entrant


@transaction.atomic
def tournament_match_forfeit(
    *, tournament: Tournament, match: str, player: Player, by: Player, reason: str = ""
) -> Tournament:
    """T-D4: an organizer's ruling that `player` (or the team they play in) loses the match `match` (its table in
    play is annulled)."""
    tournament = tournament_lock(tournament.pk)
    organizer_check(club=tournament.club, player=by)
    if tournament.status != Tournament.Status.RUNNING or tournament.format == Tournament.Format.MULTI_ELIM:
        raise WrongStatus(_("Only a running bracket's matches can be forfeited."), field="status")
    groups = StageRows(tournament.pk) if _in_groups(tournament) else None
    rows = None if groups is not None else BracketRows(tournament.pk, around=match)
    try:
        current = groups.match(match) if groups is not None else rows.match(match)  # type: ignore[union-attr]
    except KeyError as error:
        raise NotFound(_("No such match."), field="match") from error
    if current["decided"] is not None:
        raise WrongStatus(_("This match is already decided."), code="match_decided", field="match")
    entrant = _entrant_of(tournament, player)
    if groups is not None:
        if entrant is None or entrant.pk not in current["entrants"]:
            raise InvalidValue(_("This player has no such match to forfeit."), field="match")
        other = current["entrants"][1 - current["entrants"].index(entrant.pk)]
        note = f"{entrant.pk}: {reason[:100] or 'forfeit'}"
        changed = two_stage.part_group_match_record(groups, match, winner=other, decided="forfeit", note=note)
        _groups_changed(tournament, groups, changed)
        return tournament
    assert rows is not None
    try:
        changed, _events = bracket.part_match_forfeit(
            tournament.state, rows, match, entrant=entrant.pk if entrant else -1, reason=reason[:100] or "forfeit"
        )
    except (KeyError, ValueError) as error:
        raise InvalidValue(_("This player has no such match to forfeit."), field="match") from error
    _bracket_changed(tournament, rows, changed)
    return tournament


def _in_groups(tournament: Tournament) -> bool:
    """A two-stage tournament still in its group stage (T-R11)."""
    return bool(tournament.state.get("stage") == "groups")


# --- start -------------------------------------------------------------------------------------------------------


@transaction.atomic
def tournament_start(*, tournament: Tournament, by: Player) -> Tournament:
    """Close registration, seed the field (T-D1), build the bracket with its byes (T-R1) and open the first tables."""
    tournament = tournament_lock(tournament.pk)
    organizer_check(club=tournament.club, player=by)
    if tournament.status != Tournament.Status.REGISTRATION:
        raise WrongStatus(_("The tournament has already started."), field="status")
    if tournament.format == Tournament.Format.TWO_STAGE and tournament.groups is None:
        _entrants_from_stage(tournament)
    entrants = list(Entrant.objects.filter(competition=tournament).order_by("entered_at", "id"))
    engine = engine_for(tournament.game)
    least = DUEL if tournament.format in BRACKETS else engine.min_players
    if len(entrants) < max(least, 2):
        raise WrongStatus(_("Too few entrants to start."), code="too_few_entrants", field="entrants")
    seeds = _seeds(tournament, [e.pk for e in entrants], {e.pk: _members(e) for e in entrants})
    for number, entrant_id in enumerate(seeds, start=1):
        Entrant.objects.filter(pk=entrant_id).update(seed=number)
    if tournament.format == Tournament.Format.TWO_STAGE and tournament.groups is not None:
        try:
            state = two_stage.groups_stage_create(seeds, groups=tournament.groups, per_group=tournament.stage_top or 1)
        except ValueError as error:
            raise WrongStatus(
                _("Too few entrants for these groups: each needs two, and as many as go through."),
                code="too_few_entrants",
                field="entrants",
            ) from error
    else:
        state = _state_new(tournament, seeds, engine.min_players, engine.max_players)
    tournament.status = Tournament.Status.RUNNING
    tournament.started_at = timezone.now()
    _state_save(tournament, state)
    # the entrants hear of it (in the app, and by push for those who chose it)
    follow_up_enqueue(task="league.tasks.tournament_news", tournament_id=tournament.pk)
    return tournament


def _entrants_from_stage(tournament: Tournament) -> None:
    """T-R11, T-R12: the top K of the first stage's final standings enter, seeded in that order."""
    stage = tournament.season
    if stage is None or stage.status not in (Season.Status.FINISHED, Season.Status.ARCHIVED):
        raise WrongStatus(_("The first stage has not finished yet."), code="stage_running", field="season")
    rows = Standing.objects.filter(season=stage).select_related("entrant").order_by("rank")
    # a fixed-partnership season's entrant is a team: it enters the playoff as one
    teams = [(row.entrant.player_id, row.entrant.partner_id) for row in rows if not row.entrant.withdrawn]
    Entrant.objects.filter(competition=tournament).delete()
    Entrant.objects.bulk_create(
        Entrant(competition=tournament, player_id=p, partner_id=q) for p, q in teams[: tournament.stage_top]
    )


def _members(entrant: Entrant) -> list[int]:
    """The entrant's players: one, or a team's two."""
    return [entrant.player_id, *([entrant.partner_id] if entrant.partner_id else [])]


def _seeds(tournament: Tournament, entrant_ids: list[int], players: dict[int, list[int]]) -> list[int]:
    """T-D1: the entrants best first by the organizer's method (the entrant ids, as the bracket holds them). A team's
    rating is the mean of its rated players' ordinals; its standing is that of the first-stage entrant either of its
    players played in."""
    method = tournament.seeding
    ratings: dict[int, float] = {}
    ranking: list[int] = []
    everyone = [p for members in players.values() for p in members]
    if method == Tournament.Seeding.RATING:
        ordinals = dict(
            Rating.objects.filter(game=tournament.game, player_id__in=everyone).values_list("player_id", "ordinal")
        )
        for e, members in players.items():
            rated = [ordinals[p] for p in members if p in ordinals]
            if rated:
                ratings[e] = sum(rated) / len(rated)
    elif method == Tournament.Seeding.STANDINGS:
        by_player = {p: e for e, members in players.items() for p in members}
        rows = Standing.objects.filter(season=tournament.season).order_by("rank")
        for p, q in rows.values_list("entrant__player_id", "entrant__partner_id"):
            found = by_player.get(p) or (by_player.get(q) if q else None)
            if found is not None and found not in ranking:
                ranking.append(found)
    return seeds_order(method, entrant_ids, ratings=ratings, ranking=ranking, seed=tournament.draw_seed)  # type: ignore[arg-type]


def _state_new(tournament: Tournament, seeds: list[int], min_seats: int, max_seats: int) -> State:
    fmt = tournament.format
    if fmt == Tournament.Format.TWO_STAGE:
        fmt = tournament.playoff
    if fmt == Tournament.Format.SINGLE_ELIM:
        state, _events = single_elimination_create(
            seeds, best_of=tournament.best_of, third_place=tournament.third_place
        )
    elif fmt == Tournament.Format.DOUBLE_ELIM:
        state, _events = double_elimination_create(
            seeds, best_of=tournament.best_of, grand_final_reset=tournament.grand_final_reset
        )
    else:
        state, _events = multiplayer.multiplayer_create(
            seeds,
            min_seats=max(min_seats, 2),
            max_seats=max_seats,
            seed=tournament.draw_seed,
            advance=tournament.advance,
        )
    return state


# --- advance -----------------------------------------------------------------------------------------------------


@transaction.atomic
def tournament_advance(*, table_id: int) -> Tournament | None:
    """A tournament table has ended: its result goes into the bracket, the places and points follow, and the tables
    the bracket can now play are opened. Idempotent (the link remembers that it was recorded); None when the table
    plays no tournament match."""
    # a table has one link at most: no order wanted (the default one joins the tournament to sort by it)
    link = TournamentTable.objects.filter(table_id=table_id).order_by("pk").first()
    if link is None:
        return None
    tournament = tournament_lock(link.tournament_id)
    link = TournamentTable.objects.select_related("table").get(pk=link.pk)
    table = link.table
    if link.recorded or table.status in (Table.Status.ACTIVE, Table.Status.SEEDING):
        return tournament
    link.recorded = True
    link.save(update_fields=["recorded"])
    if tournament.status != Tournament.Status.RUNNING:
        return tournament
    if table.status == Table.Status.ANNULLED:
        # an annulled table counts for nothing: the match is played again at a new table (or was decided by a ruling)
        if tournament.format == Tournament.Format.MULTI_ELIM:
            _round_changed(tournament, StageRows(tournament.pk), tournament.state, {}, again=link.match)
        elif _in_groups(tournament):
            _groups_changed(tournament, StageRows(tournament.pk), {}, again=link.match)
        else:
            _bracket_changed(tournament, BracketRows(tournament.pk, around=link.match), {}, again=link.match)
        return tournament
    seats = dict(Seat.objects.filter(table=table).values_list("index", "player_id"))
    entrant_of: dict[int, int] = {}
    rows = Entrant.objects.filter(competition=tournament).filter(
        Q(player_id__in=seats.values()) | Q(partner_id__in=seats.values())
    )
    for entrant_id, player_id, partner_id in rows.order_by().values_list("id", "player_id", "partner_id"):
        entrant_of[player_id] = entrant_id
        if partner_id:
            entrant_of[partner_id] = entrant_id
    results = {r.seat: r for r in Result.objects.filter(table=table)}
    if tournament.format == Tournament.Format.MULTI_ELIM:
        _multiplayer_record(tournament, link, table, results)
    elif _in_groups(tournament):
        _group_record(tournament, link.match, results, seats, entrant_of)
    else:
        _bracket_record(tournament, link.match, results, seats, entrant_of)
    return tournament


def _table_winner(results: dict[int, Result], seats: dict[int, int], entrant_of: dict[int, int]) -> int | None:
    """The entrant alone in first place (a team by its seats, which the engine places together); None when the
    table is drawn (T-D3)."""
    firsts = {entrant_of[seats[seat]] for seat, result in results.items() if result.place == 1}
    return firsts.pop() if len(firsts) == 1 else None


def _bracket_record(
    tournament: Tournament,
    match: str,
    results: dict[int, Result],
    seats: dict[int, int],
    entrant_of: dict[int, int],
) -> None:
    """The table's winner is the entrant alone in first place (a team by its seats, which the engine places
    together); both first is a drawn table (T-D3). Only the matches the result reaches are read and written."""
    rows = BracketRows(tournament.pk, around=match)
    changed: dict[str, dict[str, Any]] = {}
    # decided meanwhile (a forfeit, a withdrawal): this table no longer counts
    if rows.match(match)["decided"] is None:
        winner = _table_winner(results, seats, entrant_of)
        changed, _events = bracket.part_results_record(tournament.state, rows, [(match, winner)])
    _bracket_changed(tournament, rows, changed, again=match)


def _group_record(
    tournament: Tournament,
    match: str,
    results: dict[int, Result],
    seats: dict[int, int],
    entrant_of: dict[int, int],
) -> None:
    """A group match is one table: the entrant alone in first place wins it, else it is drawn. Only the match's row
    is read and written (and the stage whole once, after its last match)."""
    rows = StageRows(tournament.pk)
    changed: dict[str, dict[str, Any]] = {}
    # decided meanwhile (a forfeit, a withdrawal): this table no longer counts
    if rows.match(match)["decided"] is None:
        changed = two_stage.part_group_match_record(rows, match, winner=_table_winner(results, seats, entrant_of))
    _groups_changed(tournament, rows, changed, again=match)


def _multiplayer_record(
    tournament: Tournament, link: TournamentTable, table: Table, results: dict[int, Result]
) -> None:
    """A table's result: that table's row read and written, and every table read once its round is in (the next
    round's seating weighs them all)."""
    header: State = tournament.state
    round_number, table_number = (int(part) for part in link.match.lstrip("R").split("."))
    rows = StageRows(tournament.pk, around=link.match)
    changed: dict[str, dict[str, Any]] = {}
    if round_number == len(header["rounds"]):
        order = sorted(results)
        header, changed, _events = multiplayer.part_table_record(
            header,
            rows,
            table=table_number,
            places=[results[seat].place for seat in order],
            scores=[results[seat].score for seat in order],
            start_total=_start_total(table),
        )
    _round_changed(tournament, rows, header, changed)


def _groups_changed(
    tournament: Tournament, rows: StageRows, changed: dict[str, dict[str, Any]], *, again: str | None = None
) -> None:
    """After a change to a group stage's matches (`changed`, by id): write them back, annul the tables of matches
    decided without them, open a table for `again` (a match whose table was annulled) when it can be played; after
    the stage's last match, the playoff (`_state_save`, once)."""
    rows.changes_write(changed)
    decided = {match_id for match_id, match in changed.items() if match["decided"] is not None}
    _tables_void(tournament, decided)
    if decided and not rows.undecided_left():
        whole, _version = tournament_state_read(tournament_id=tournament.pk)
        _state_save(tournament, whole, before=whole)
        return
    candidates = [] if again is None or again in decided else [again]
    busy, counts = _links_of(tournament, candidates)
    wanted = [(m, rows.match(m)["entrants"]) for m in candidates if m not in busy and rows.match(m)["decided"] is None]
    _tables_for(tournament, wanted, counts)
    tournament.state_version += 1
    tournament.save(update_fields=["state_version"])


def _round_changed(
    tournament: Tournament,
    rows: StageRows,
    header: State,
    changed: dict[str, dict[str, Any]],
    *,
    again: str | None = None,
) -> None:
    """After a multiplayer elimination's table (`header`: the state's header after it, a new one when it closed the
    round; `changed`: the tables it changed or added, by name): place those it put out, open the next round's tables
    (or `again`, a table annulled, played anew) or finish; then write the tables back, and the header when it
    changed. A table that does not close its round reads and writes that table alone, whatever the field."""
    closed = header is not tournament.state
    if closed:
        _places_write(tournament, header["out"][len(tournament.state["out"]) :])
    if header["over"]:
        _finish(tournament)
    else:
        current = header["rounds"][-1]["number"]
        fresh = [key for key in changed if key.startswith(f"R{current}.")] if closed else []
        candidates = [*fresh, *([again] if again is not None and again not in changed else [])]
        busy, counts = _links_of(tournament, candidates)
        wanted = []
        for key in candidates:
            entry = changed.get(key) or rows.table(*(int(part) for part in key.lstrip("R").split(".")))
            if key not in busy and key.startswith(f"R{current}.") and entry["result"] is None:
                wanted.append((key, entry["seats"]))
        _tables_for(tournament, wanted, counts)
    rows.changes_write(changed)
    tournament.state = header
    tournament.state_version += 1
    fields = ["state_version", *_ended_fields(tournament)]
    tournament.save(update_fields=[*fields, "state"] if closed else fields)


def _start_total(table: Table) -> int:
    """T-D5: the chips the table's seats started with, from the options the engine declares as stacks (0 when the
    game has none: scores then compare as they are)."""
    roles = {option.get("role"): option["name"] for option in engine_for(table.game).options_schema()}
    per_seat = table.options.get(roles["seat_stacks"]) if "seat_stacks" in roles else None
    if per_seat:
        return int(sum(per_seat))
    if "stack" in roles:
        return int(table.options.get(roles["stack"]) or 0) * table.players
    return 0


def _state_save(tournament: Tournament, state: State, *, before: State | None = None) -> None:
    """Store a whole state (a start, a withdrawal, a group stage's end), place the entrants it placed, open the
    tables it can play, and finish when it is over. An elimination bracket's matches, a group stage's matches and a
    multiplayer elimination's tables go to their rows: all of them when new, else those that differ from `before`."""
    if state.get("stage") == "groups" and two_stage.groups_over(state):
        # T-R11, T-R12: the groups are over; their qualifiers enter the playoff, the groups kept for the page
        engine = engine_for(tournament.game)
        playoff = _state_new(tournament, two_stage.group_qualifiers(state), engine.min_players, engine.max_players)
        state = {**playoff, "group_stage": state}
    _places_write(tournament, _places(tournament, state))
    _tables_void(tournament, _decided(tournament, state))
    if _over(tournament, state):
        _finish(tournament)
    else:
        state = _tables_open(tournament, state)
    # a group stage's matches, a multiplayer elimination's tables: to their rows, as the bracket's matches below
    header = stage_rows_write(tournament=tournament, state=state, before=before)
    if "matches" not in state:
        tournament.state = header
    elif before is None or "matches" not in before:
        bracket_rows_create(tournament=tournament, matches=state["matches"])
        tournament.state = bracket.header_of(header)
    else:
        olds = before["matches"]
        rows = BracketRows(tournament.pk)
        changed = {new["id"]: new for new, old in zip(state["matches"], olds, strict=True) if new != old}
        rows.changes_write(changed)
        tournament.state = bracket.header_of(header)
    tournament.state_version += 1
    tournament.save(update_fields=["state", "state_version", "status", "started_at", "finished_at"])


def _bracket_changed(
    tournament: Tournament, rows: BracketRows, changed: dict[str, dict[str, Any]], *, again: str | None = None
) -> None:
    """After a change to an elimination bracket's few matches (`changed`, by id; a table's result, a forfeit):
    place the entrants they placed, annul the tables of matches decided without them, open a table for each of
    them that can be played now (and for `again`, a match whose table ended, when it goes on), finish when every
    match is decided; then write the changed matches back. Whatever the field, this reads and writes a few rows."""
    _places_write(tournament, [row for match in changed.values() for row in bracket.match_places(match)])
    decided = {match_id for match_id, match in changed.items() if match["decided"] is not None}
    _tables_void(tournament, decided)
    if decided and _rows_over(tournament, changed):
        _finish(tournament)
    else:
        candidates = [*changed, *([again] if again is not None and again not in changed else [])]
        candidates.sort(key=lambda match_id: rows.rows[match_id].position)
        busy, counts = _links_of(tournament, candidates)
        wanted = []
        for match_id in candidates:
            match = changed.get(match_id) or rows.match(match_id)
            if match_id in busy or not bracket.match_ready(match):
                continue
            changed[match_id], next_table = bracket.match_started(tournament.state, match)
            wanted.append((match_id, next_table["seats"]))
        _tables_for(tournament, wanted, counts)
    rows.changes_write(changed)
    tournament.state_version += 1
    tournament.save(update_fields=["state_version", *_ended_fields(tournament)])


def _ended_fields(tournament: Tournament) -> list[str]:
    """The status and end, written only when the step ended the tournament: they are the competition's row's, and
    writing them unchanged after every table was a statement more for nothing."""
    return ["status", "finished_at"] if tournament.status == Tournament.Status.FINISHED else []


def _rows_over(tournament: Tournament, changed: dict[str, dict[str, Any]]) -> bool:
    """Every match is decided: the changed ones, and every other row."""
    if any(match["decided"] is None for match in changed.values()):
        return False
    undecided = TournamentMatch.objects.filter(tournament=tournament, decided="")
    return not undecided.exclude(match__in=list(changed)).order_by().exists()


def _finish(tournament: Tournament) -> None:
    tournament.status = Tournament.Status.FINISHED
    tournament.finished_at = timezone.now()


def _places_write(tournament: Tournament, placed: list[dict[str, Any]]) -> None:
    """Write the places (and points, T-R18) of these entrants where they changed: one or two after a table."""
    if not placed:
        return
    awards = places.awards(placed, tournament.points) if tournament.points else {}
    stored = {
        pk: (place, shared)
        for pk, place, shared in Entrant.objects.filter(
            competition=tournament, pk__in=[row["entrant"] for row in placed]
        )
        .order_by()
        .values_list("id", "place", "shared")
    }
    changed = [
        Entrant(
            pk=row["entrant"],
            place=row["place"],
            shared=row["shared"],
            points=places.points_decimal(awards[row["entrant"]]) if row["entrant"] in awards else None,
        )
        for row in placed
        if stored.get(row["entrant"]) != (row["place"], row["shared"])
    ]
    Entrant.objects.bulk_update(changed, ["place", "shared", "points"])


def _places(tournament: Tournament, state: State) -> list[dict[str, Any]]:
    if tournament.format == Tournament.Format.MULTI_ELIM:
        rows: list[dict[str, Any]] = multiplayer.standings(state)
        return rows
    if state.get("stage") == "groups":
        return []
    placed = bracket.places(state)
    if "group_stage" in state:
        placed += two_stage.group_places(state["group_stage"])
    return placed


def _over(tournament: Tournament, state: State) -> bool:
    if tournament.format == Tournament.Format.MULTI_ELIM:
        return bool(state["over"])
    if state.get("stage") == "groups":
        return False
    return bracket.is_over(state)


def _decided(tournament: Tournament, state: State) -> set[str]:
    """The decided matches of a bracket's or a group stage's whole state (none of a multiplayer elimination)."""
    if tournament.format == Tournament.Format.MULTI_ELIM:
        return set()
    groups = state if state.get("stage") == "groups" else state.get("group_stage", {"group_matches": []})
    return {m["id"] for m in [*state.get("matches", []), *groups["group_matches"]] if m["decided"] is not None}


def _links_of(tournament: Tournament, matches: list[str]) -> tuple[set[str], dict[str, int]]:
    """Of these matches: those with a table in play, and how many tables each has had."""
    busy: set[str] = set()
    counts: dict[str, int] = {}
    if matches:
        links = TournamentTable.objects.filter(tournament=tournament, match__in=matches).order_by()
        for match, recorded in links.values_list("match", "recorded"):
            counts[match] = counts.get(match, 0) + 1
            if not recorded:
                busy.add(match)
    return busy, counts


def _tables_open(tournament: Tournament, state: State) -> State:
    """A table for every match of a whole state that can be played now and has none in play (T-D2: the tables of
    a match one after another; a match whose table was annulled is played again); the state with those matches
    marked in play."""
    wanted: list[tuple[str, list[int]]] = []
    if tournament.format == Tournament.Format.MULTI_ELIM:
        current = state["rounds"][-1]
        keys = {f"R{current['number']}.{entry['number']}": entry for entry in current["tables"]}
        busy, counts = _links_of(tournament, [key for key, entry in keys.items() if entry["result"] is None])
        wanted = [(key, entry["seats"]) for key, entry in keys.items() if entry["result"] is None and key not in busy]
    elif state.get("stage") == "groups":
        undecided = [match for match in state["group_matches"] if match["decided"] is None]
        busy, counts = _links_of(tournament, [match["id"] for match in undecided])
        wanted = [(match["id"], match["entrants"]) for match in undecided if match["id"] not in busy]
    else:
        busy, counts = _links_of(tournament, bracket.matches_ready(state))
        ready = [match for match in bracket.matches_ready(state) if match not in busy]
        state, next_tables = bracket.matches_start(state, ready)
        wanted += [(match, next_table["seats"]) for match, next_table in zip(ready, next_tables, strict=True)]
    _tables_for(tournament, wanted, counts)
    return state


def _tables_for(tournament: Tournament, wanted: list[tuple[str, list[int]]], counts: dict[str, int]) -> list[Table]:
    """Open the tables `wanted` (a match and its entrants in seat order), each linked to its match as its next
    table (`counts`: how many each match has had)."""
    if not wanted:
        return []
    seated = {entrant for _, entrants in wanted for entrant in entrants}
    members = {
        entrant_id: [player_id, *([partner_id] if partner_id else [])]
        for entrant_id, player_id, partner_id in Entrant.objects.filter(competition=tournament, pk__in=seated)
        .order_by()
        .values_list("id", "player", "partner")
    }
    by_id = Player.objects.in_bulk({p for pair in members.values() for p in pair})
    sides = team_seats(engine_for(tournament.game))
    opened = tables_open(
        specs=[
            TableSpec(
                club=tournament.club,
                game=tournament.game,
                players=[by_id[p] for p in _seating(seats, members, sides)],
                options=tournament.options,
                time_per_move=timedelta(seconds=tournament.time_per_move),
                rated=tournament.rated,
                # entering a rated tournament is each seat's agreement that its tables count (league.services.ratings)
                agreed=tournament.rated,
                played_for=Table.PlayedFor.BRACKET,
                competition_id=tournament.pk,
            )
            for _, seats in wanted
        ]
    )
    links = []
    for (key, _seats), table in zip(wanted, opened, strict=True):
        counts[key] = counts.get(key, 0) + 1
        links.append(TournamentTable(tournament=tournament, table=table, match=key, number=counts[key]))
    TournamentTable.objects.bulk_create(links)
    return opened


def _seating(entrants: list[int], members: dict[int, list[int]], sides: list[list[int]] | None) -> list[int]:
    """The players at a table's seats, in seat order. A team plays at the seats of its side: the entrant the bracket
    seats first (T-D2 alternates it from table to table) at the engine's first team's seats."""
    if sides is None:
        return [members[entrant][0] for entrant in entrants]
    seats = [0] * sum(len(side) for side in sides)
    for side, entrant in zip(sides, entrants, strict=True):
        for seat, player in zip(side, members[entrant], strict=True):
            seats[seat] = player
    return seats


def _tables_void(tournament: Tournament, decided: set[str]) -> None:
    """Annul the tables still in play of these decided matches (decided by a forfeit, a withdrawal, T-D4)."""
    if not decided:
        return
    # the ids and statuses only: a large bracket has hundreds of tables in play, and their states are not needed
    links = TournamentTable.objects.filter(tournament=tournament, recorded=False, match__in=list(decided)).order_by()
    voided = []
    for link_id, table_id, status in links.values_list("id", "table_id", "table__status"):
        if status in (Table.Status.ACTIVE, Table.Status.SEEDING):
            table_annul(table_id=table_id, reason="the match was decided by a forfeit")
        voided.append(link_id)
    if voided:
        TournamentTable.objects.filter(pk__in=voided).update(recorded=True)


def tournaments_catch_up() -> int:
    """Advance the brackets past every tournament table that ended, or was annulled, without its result reaching
    the bracket (a task lost with a broker down, a table annulled by an organizer's ruling); the nightly recompute
    runs it. Returns how many tables it recorded."""
    pending = (
        TournamentTable.objects.filter(recorded=False, tournament__status=Tournament.Status.RUNNING)
        .exclude(table__status__in=[Table.Status.ACTIVE, Table.Status.SEEDING])
        .order_by("id")
        .values_list("table_id", flat=True)
    )
    table_ids = list(pending)
    for table_id in table_ids:
        tournament_advance(table_id=table_id)
    return len(table_ids)
