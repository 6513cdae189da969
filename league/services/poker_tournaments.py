"""Poker-style tournaments (freezeouts, T-R13…T-R18): create one, register, start it, and what follows each hand.

The freezeout's rules are `league.tournaments.freezeout` (pure code over one JSON state, kept in
`PokerTournament.state`); this module plays it with the league's tables. Each hand is one league `Table`: one engine
match of one hand (the option of role `hand_limit` at 1), started from the players' stacks (`seat_stacks`) with the
button on engine seat 0 (`button`) and the level's forced bets (`forced_bet`), every option found by its role in the
engine's schema, never by the game's name. When a hand's table ends, the table-finished path (the task
`league.tasks.standings_refresh`) calls `poker_hand_finished`: the stacks at its end come from the engine's outcome
(the `Result` scores), the freezeout applies busts, places, balancing, breaks and the level, and the tables ready
to deal open their next hands.
"""

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import timedelta
from fractions import Fraction
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import GAME_NAMES, IllegalMove
from league.engines import engine_for
from league.errors import InvalidValue, NotFound, WrongStatus
from league.fairness import commitment_of
from league.models import Entrant, Membership, Player, PokerEntrant, PokerHand, PokerTournament, Result, Table
from league.models.clubs import Club
from league.server_seeds import seed_new
from league.services.follow_up import follow_up_enqueue
from league.services.permissions import organizer_check
from league.services.ratings import poker_tournament_rate
from league.services.tables import Opening, TableSpec, table_annul, tables_deal, tables_write, time_per_move_check
from league.sql.writes import Write, sets_of, update_of, writes_run
from league.tournaments import freezeout
from league.tournaments.places import awards, points_decimal, points_table_check

# the roles a game must declare to be played as a freezeout (games/core/options.py)
NEEDED_ROLES = ("seat_stacks", "button", "hand_limit", "forced_bet")
# options the tournament sets at every hand: the organizer's own options may not name them
SET_BY_TOURNAMENT = ("stack", "seat_stacks", "button", "hand_limit", "target_score", "forced_bet")
# what a poker entrant's row mirrors of the state after a hand: its chips and seat, and its place once out
SEATED = ("stack", "table_number", "seat", "bust_hand")
PLACED = ("place", "shared")
Event = dict[str, Any]


# --- the game's options, by role -------------------------------------------------------------------------------------


def poker_roles(game: str) -> dict[str, list[dict[str, Any]]]:
    """The game's options by role ({"forced_bet": [ante option, ...], ...}), from its engine's schema."""
    roles: dict[str, list[dict[str, Any]]] = {}
    for option in engine_for(game).options_schema():
        if option.get("role"):
            roles.setdefault(option["role"], []).append(option)
    return roles


def poker_game_check(game: str) -> dict[str, list[dict[str, Any]]]:
    """The game's roles; InvalidValue unless its engine declares a start from given stacks, a button, a hand limit
    and forced bets (The Court, Black Card and Mini Poker do)."""
    if game not in GAME_NAMES:
        raise InvalidValue(_("No game %(game)s.") % {"game": game}, code="unknown_game", field="game")
    roles = poker_roles(game)
    if any(role not in roles for role in NEEDED_ROLES):
        raise InvalidValue(
            _(
                "This game cannot be played as a poker tournament: its engine does not start from given stacks "
                "with forced bets."
            ),
            code="not_a_poker_game",
            field="game",
        )
    return roles


def _levels_check(levels: Any, roles: Mapping[str, list[dict[str, Any]]]) -> list[dict[str, int]]:
    forced = {option["name"]: option for option in roles["forced_bet"]}
    if not isinstance(levels, list) or not all(isinstance(level, dict) for level in levels):
        raise InvalidValue(_("The levels are a list of forced bets, one object per level."), field="levels")
    try:
        structure = freezeout.levels_check(levels)
    except ValueError as error:
        raise InvalidValue(_("The levels: %(error)s.") % {"error": error}, code="bad_levels", field="levels") from error
    unknown = sorted(set(structure[0]) - set(forced))
    if unknown:
        raise InvalidValue(
            _("The levels set %(unknown)s; this game's forced bets are %(forced)s.")
            % {"unknown": ", ".join(unknown), "forced": ", ".join(sorted(forced))},
            code="bad_levels",
            field="levels",
        )
    for number, level in enumerate(structure, start=1):
        for name, value in level.items():
            low, high = forced[name]["min"], forced[name]["max"]
            if not low <= value <= high:
                raise InvalidValue(
                    _("Level %(number)s: %(name)s is from %(low)s to %(high)s.")
                    % {"number": number, "name": name, "low": low, "high": high},
                    code="bad_levels",
                    field="levels",
                )
    return structure


def _options_check(
    game: str,
    options: Any,
    roles: Mapping[str, list[dict[str, Any]]],
    *,
    table_size: int,
    levels: Sequence[Mapping[str, int]],
) -> dict[str, Any]:
    """The organizer's options for every hand: none the tournament sets itself, and the engine accepts them with
    the forced bets of every level (checked now: a hand the engine refused later would stop the tournament)."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise InvalidValue(_("Options are a JSON object."), code="bad_options", field="options")
    reserved = sorted(
        name for name in options if any(name == o["name"] for r in SET_BY_TOURNAMENT for o in roles.get(r, []))
    )
    if reserved:
        raise InvalidValue(
            _("The tournament sets %(names)s itself.") % {"names": ", ".join(reserved)},
            code="option_set_by_tournament",
            field="options",
        )
    engine = engine_for(game)
    for level in levels:
        hand = {"forced": dict(level), "stacks": [1] * table_size}
        try:
            engine.check_options({**options, **hand_options_of(options, roles, hand)}, table_size)
        except IllegalMove as error:
            raise InvalidValue(error.message, code=error.code, field="options") from error
    return dict(options)


def hand_options(
    tournament: PokerTournament, roles: Mapping[str, list[dict[str, Any]]], hand: Mapping[str, Any]
) -> dict[str, Any]:
    """The engine options of one hand: one hand from the players' stacks, the button on engine seat 0, the level's
    forced bets; a `stack` option (unused when the seats' stacks are set) raised to cover the forced bets, which
    some engines require of it."""
    return hand_options_of(tournament.options, roles, hand)


def hand_options_of(
    extra: Mapping[str, Any], roles: Mapping[str, list[dict[str, Any]]], hand: Mapping[str, Any]
) -> dict[str, Any]:
    options = dict(extra)
    options.update(hand["forced"])
    options[roles["seat_stacks"][0]["name"]] = list(hand["stacks"])
    options[roles["button"][0]["name"]] = 0
    options[roles["hand_limit"][0]["name"]] = 1
    for option in roles.get("stack", []):
        options[option["name"]] = min(max(option["default"], *hand["forced"].values()), option["max"])
    return options


# --- writes ----------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PokerTournamentSpec:
    """What an organizer chooses for a freezeout, as `TournamentSpec` is for a bracket; the pages' form, the API's
    serializer and the demo build one, and `poker_tournament_create` checks all of it."""

    name: str
    game: str
    starting_stack: int
    table_size: int
    level_hands: int
    # T-R14: [{"ante": 10, "min_bet": 10}, ...], the engine's forced bets of each level
    levels: Any
    points_table: Any = ()
    # the engine's other options, the same at every hand
    options: Any = None
    time_per_move: timedelta | None = None
    rated: bool = True


@transaction.atomic
def poker_tournament_create(*, club: Club, by: Player, spec: PokerTournamentSpec) -> PokerTournament:
    """An organizer's freezeout, open for registration. Everything is checked here, once: the game's roles, the
    levels (the engine's forced bets, within their bounds, never falling), the points table, the other options."""
    game, starting_stack, table_size, level_hands = spec.game, spec.starting_stack, spec.table_size, spec.level_hands
    organizer_check(club=club, player=by)
    roles = poker_game_check(game)
    engine = engine_for(game)
    name = (spec.name or "").strip()
    if not 1 <= len(name) <= 120:
        raise InvalidValue(_("A tournament has a name of 1 to 120 characters."), field="name")
    most = min(10, engine.max_players)
    if not isinstance(table_size, int) or not 3 <= table_size <= most:
        raise InvalidValue(
            _("A table seats 3 to %(most)s players.") % {"most": most}, code="bad_table_size", field="table_size"
        )
    stack_high = roles["seat_stacks"][0]["max"]
    if not isinstance(starting_stack, int) or not 1 <= starting_stack <= stack_high:
        raise InvalidValue(
            _("The starting stack is from 1 to %(high)s.") % {"high": stack_high},
            code="bad_stack",
            field="starting_stack",
        )
    if not isinstance(level_hands, int) or not 1 <= level_hands <= 10_000:
        raise InvalidValue(_("A level lasts 1 to 10,000 hands a table."), code="bad_level_hands", field="level_hands")
    structure = _levels_check(spec.levels, roles)
    try:
        table = points_table_check(list(spec.points_table or []))
    except (ValueError, TypeError, ZeroDivisionError) as error:
        raise InvalidValue(
            _("The points table lists points or prizes by place, none negative."),
            code="bad_points",
            field="points_table",
        ) from error
    extra = _options_check(game, spec.options, roles, table_size=table_size, levels=structure)
    seconds = spec.time_per_move or timedelta(days=1)
    time_per_move_check(seconds)
    return PokerTournament.objects.create(
        club=club,
        game=game,
        name=name,
        created_by=by,
        starting_stack=starting_stack,
        table_size=table_size,
        level_hands=level_hands,
        levels=structure,
        points_table=[str(value) for value in table],
        options=extra,
        time_per_move=int(seconds.total_seconds()),
        rated=spec.rated,
    )


def poker_tournament_lock(tournament_id: int) -> PokerTournament:
    """The tournament's row, locked for one step (as `tournament_lock` and `season_lock` lock theirs)."""
    try:
        return PokerTournament.objects.select_for_update().get(pk=tournament_id)
    except PokerTournament.DoesNotExist as error:
        raise NotFound(_("No such tournament."), field="tournament") from error


def _registration_check(tournament: PokerTournament) -> None:
    if tournament.status != PokerTournament.Status.REGISTRATION:
        raise WrongStatus(_("Registration for this tournament is closed."), field="status")


def _running_check(tournament: PokerTournament) -> None:
    if tournament.status != PokerTournament.Status.RUNNING:
        raise WrongStatus(_("The tournament is not running."), field="status")


@transaction.atomic
def poker_tournament_register(*, tournament: PokerTournament, player: Player) -> PokerEntrant:
    """A member of the club enters themself, before the start (refused as a bracket's and a season's entry are)."""
    tournament = poker_tournament_lock(tournament.pk)
    _registration_check(tournament)
    if not Membership.objects.filter(club_id=tournament.club_id, player=player).exists():
        raise InvalidValue(_("Only the club's members may enter."), code="not_member", field="player")
    if PokerEntrant.objects.filter(competition=tournament, player=player).exists():
        raise InvalidValue(_("You are already entered."), code="already_entered", field="player")
    return PokerEntrant.objects.create(competition=tournament, player=player, stack=tournament.starting_stack)


@transaction.atomic
def poker_entrants_add(*, tournament: PokerTournament, by: Player, players: Sequence[Player]) -> list[PokerEntrant]:
    """An organizer enters members of the club before the start: all of them, or none when one is refused (not a
    member, or entered already)."""
    tournament = poker_tournament_lock(tournament.pk)
    organizer_check(club=tournament.club, player=by)
    _registration_check(tournament)
    members = set(
        Membership.objects.filter(club_id=tournament.club_id, player__in=players).values_list("player_id", flat=True)
    )
    entered = set(PokerEntrant.objects.filter(competition=tournament).values_list("player_id", flat=True))
    for player in players:
        if player.pk not in members:
            raise InvalidValue(
                _("%(name)s is not a member of the club.") % {"name": player.display_name},
                code="not_member",
                field="player",
            )
        if player.pk in entered:
            raise InvalidValue(
                _("%(name)s is already entered.") % {"name": player.display_name},
                code="already_entered",
                field="player",
            )
        entered.add(player.pk)
    return [
        PokerEntrant.objects.create(competition=tournament, player=player, stack=tournament.starting_stack)
        for player in players
    ]


@transaction.atomic
def poker_tournament_withdraw(*, tournament: PokerTournament, player: Player, by: Player | None = None) -> None:
    """Leave before the start: the player themself, or an organizer removing them (`by`). After the start a seat is
    left by an organizer's ruling only (`poker_seat_forfeit`, T-D8)."""
    tournament = poker_tournament_lock(tournament.pk)
    if by is not None and by.pk != player.pk:
        organizer_check(club=tournament.club, player=by)
    _registration_check(tournament)
    removed, _counts = PokerEntrant.objects.filter(competition=tournament, player=player).delete()
    if not removed:
        raise NotFound(_("This player is not entered."), field="player")


@transaction.atomic
def poker_tournament_start(*, tournament: PokerTournament, by: Player, seed: str | None = None) -> PokerTournament:
    """Seat the field by lot (T-R13) and deal the first hand of every table. `seed` (secret, never shown) keys
    every draw of the tournament; a fresh one unless given (tests and the benchmark give theirs)."""
    tournament = poker_tournament_lock(tournament.pk)
    organizer_check(club=tournament.club, player=by)
    _registration_check(tournament)
    players = list(
        PokerEntrant.objects.filter(competition=tournament)
        .order_by("entered_at", "id")
        .values_list("player_id", flat=True)
    )
    if len(players) < 2:
        raise WrongStatus(_("Too few entrants to start."), code="too_few_entrants", field="entrants")
    roles = poker_roles(tournament.game)
    most = roles["seat_stacks"][0]["max"]
    if tournament.starting_stack * len(players) > most:
        # the last hand's winner may hold every chip, and the engine takes at most this many in one seat
        raise InvalidValue(
            _("%(count)s stacks of %(stack)s are more chips than one seat may hold (%(most)s).")
            % {"count": len(players), "stack": tournament.starting_stack, "most": most},
            code="too_many_chips",
            field="starting_stack",
        )
    seed = seed or seed_new()
    state, _events = freezeout.freezeout_create(
        players,
        seed=seed,
        starting_stack=tournament.starting_stack,
        max_seats=tournament.table_size,
        levels=tournament.levels,
        level_hands=tournament.level_hands,
    )
    tournament.state = state
    tournament.seed_commitment = commitment_of(seed)
    tournament.status = PokerTournament.Status.RUNNING
    tournament.started_at = timezone.now()
    touched = _hands_open(tournament, roles)
    _step_write(tournament, [], set(players) | touched)
    # the first hands may end it as they are dealt (every player all in on the forced bets): its winner and end too
    tournament.save(update_fields=["seed_commitment", "status", "started_at", "winner", "finished_at"])
    # the entrants hear of it (in the app, and by push for those who chose it)
    follow_up_enqueue(task="league.tasks.tournament_news", tournament_id=tournament.pk)
    return tournament


def poker_hand_finished(*, table_id: int) -> list[Event]:
    """The hook of the table-finished path: when the table is a tournament's hand, close the hand with the stacks
    at its end and apply what follows (busts and places, balancing, breaks, the level, the winner), then open the
    next hands. Idempotent: a hand already closed, or a table of no tournament, changes nothing. An annulled hand
    gives every player their stack back."""
    tournament_id = PokerHand.objects.filter(table_id=table_id).values_list("tournament_id", flat=True).first()
    if tournament_id is None:
        return []
    with transaction.atomic():
        # one tournament step at a time: hands ending at once at two tables are closed one after the other
        tournament = poker_tournament_lock(tournament_id)
        hand = PokerHand.objects.select_related("table").get(table_id=table_id)
        if hand.stacks_end is not None or hand.table.status not in (Table.Status.FINISHED, Table.Status.ANNULLED):
            return []
        events, touched = _hands_end(tournament, [hand])
        touched |= _hands_open(tournament, poker_roles(tournament.game))
        _step_write(tournament, [hand], touched)
        return events


@transaction.atomic
def poker_seat_forfeit(*, tournament: PokerTournament, player: Player, by: Player, reason: str) -> list[Event]:
    """T-D8: an organizer's ruling that a player forfeits their seat: their hand in play, if any, is annulled (every
    stack back as it started), they are out at once, placed below everyone still in, and the reason is kept with
    their place (the tournament's state) and shown on its page."""
    tournament = poker_tournament_lock(tournament.pk)
    organizer_check(club=tournament.club, player=by)
    _running_check(tournament)
    reason = (reason or "").strip()
    if not reason:
        raise InvalidValue(_("Say why the seat is forfeited."), code="no_reason", field="reason")
    in_play = [
        hand
        for hand in PokerHand.objects.filter(tournament=tournament, stacks_end__isnull=True)
        if player.pk in hand.players
    ]
    for hand in in_play:
        table_annul(table_id=hand.table_id, reason=_("forfeit: %(reason)s") % {"reason": reason})
    annulled = list(PokerHand.objects.select_related("table").filter(pk__in=[hand.pk for hand in in_play]))
    _events, touched = _hands_end(tournament, annulled)
    try:
        state, events = freezeout.player_forfeit(tournament.state, player.pk, reason=reason[:200])
    except ValueError as error:
        raise InvalidValue(_("This player has no seat in play."), code="not_in_play", field="player") from error
    tournament.state = state
    touched |= {player.pk} | {e["player"] for e in events if e["type"] == "moved"}
    touched |= _hands_open(tournament, poker_roles(tournament.game))
    _step_write(tournament, annulled, touched)
    return events


def poker_hands_settle(*, limit: int = 500) -> int:
    """Close every hand whose table has ended but whose tournament has not heard of it: its task was lost (a broker
    down), or its table was annulled (annulling enqueues nothing). Run by the nightly recompute; returns the hands
    closed."""
    waiting = PokerHand.objects.filter(
        stacks_end__isnull=True, table__status__in=(Table.Status.FINISHED, Table.Status.ANNULLED)
    ).order_by("table__finished_at", "id")
    table_ids = list(waiting.values_list("table_id", flat=True)[:limit])
    return sum(1 for table_id in table_ids if poker_hand_finished(table_id=table_id))


# --- internals -------------------------------------------------------------------------------------------------------


def _hands_end(tournament: PokerTournament, hands: list[PokerHand]) -> tuple[list[Event], set[int]]:
    """End these hands in the freezeout, one after the other, with the stacks at their end: the engine's outcome
    (each seat's final chips, its `Result` score) for a finished table, the stacks it started with for an annulled
    one. Only the state and the hands in memory change: the step writes them once (`_step_write`). Returns the
    events and the players whose entrant rows the state now contradicts."""
    finished = [hand.table_id for hand in hands if hand.table.status == Table.Status.FINISHED]
    scores: dict[int, dict[int, int]] = {}
    for table_id, seat, score in Result.objects.filter(table_id__in=finished).values_list("table_id", "seat", "score"):
        scores.setdefault(table_id, {})[seat] = score
    events: list[Event] = []
    touched: set[int] = set()
    for hand in hands:
        if hand.table.status == Table.Status.FINISHED:
            stacks = [scores[hand.table_id][seat] for seat in range(len(hand.players))]
        else:
            stacks = list(hand.stacks_start)
        events += _hand_end(tournament, hand, stacks, touched)
    return events, touched


def _hand_end(tournament: PokerTournament, hand: PokerHand, stacks: list[int], touched: set[int]) -> list[Event]:
    """End one hand in the freezeout with these stacks: the state and the hand in memory, the players it touched
    added to `touched`."""
    tournament.state, events = freezeout.hand_end(tournament.state, hand.table_number, stacks=stacks)
    hand.stacks_end, hand.events, hand.ended_at = stacks, events, timezone.now()
    touched |= set(hand.players) | {e["player"] for e in events if e["type"] in ("moved", "busted")}
    return events


def _hands_open(tournament: PokerTournament, roles: Mapping[str, list[dict[str, Any]]]) -> set[int]:
    """Deal the next hand at every table ready for one (T-D7: none with a hand in progress or a move waiting). A
    hand the engine ends as it deals (every player all in on the forced bets) is ended at once, and the tables
    ready after it deal in turn. It is all dealt in memory and written at the end, the tables in one
    `tables_write` and the hands in one insert, those already over with their end: at the last levels one step
    deals a dozen hands in turn, and a round of writes for each made the slowest steps. Returns the players whose
    entrant rows the hands so ended touched, for `_step_write`."""
    people: dict[int, Player] = {}
    hands: list[PokerHand] = []
    openings: list[Opening] = []
    touched: set[int] = set()
    while dealt := _hands_deal(tournament, roles, people):
        for hand, opening in dealt:
            if opening.table.status == Table.Status.FINISHED:
                _hand_end(tournament, hand, [row["score"] for row in opening.results()], touched)
            hands.append(hand)
            openings.append(opening)
        if all(opening.table.status != Table.Status.FINISHED for _hand, opening in dealt):
            break
    if openings:
        tables_write(openings=openings)
        PokerHand.objects.bulk_create(hands)
    return touched


def _step_write(tournament: PokerTournament, hands: list[PokerHand], players: set[int]) -> None:
    """Write what a step changed, as one statement: the freezeout's state, the hands it ended and the entrant rows
    of the players it touched. Then, when the step ended the tournament, its end (`_finish`)."""
    ended = {
        hand.pk: {"stacks_end": hand.stacks_end, "events": hand.events, "ended_at": hand.ended_at} for hand in hands
    }
    writes_run(
        [
            update_of(PokerTournament, {tournament.pk: {"state": tournament.state}}),
            update_of(PokerHand, ended),
            *_entrants_writes(tournament, players),
        ]
    )
    if tournament.state["over"]:
        _finish(tournament)
        tournament.save(update_fields=["status", "winner", "finished_at"])


def _hands_deal(
    tournament: PokerTournament, roles: Mapping[str, list[dict[str, Any]]], people: dict[int, Player]
) -> list[tuple[PokerHand, Opening]]:
    """Deal a hand at every table ready for one, in memory: the freezeout's deal, and its league table dealt by
    the engine (`tables_deal`), neither written. `people` keeps the players read so far in the step."""
    state = tournament.state
    dealt = []
    for table_id in freezeout.tables_ready(state):
        state, hand = freezeout.hand_deal(state, table_id)
        dealt.append(hand)
    tournament.state = state
    if not dealt:
        return []
    people |= Player.objects.in_bulk({p for hand in dealt for p in hand["players"]} - set(people))
    openings = tables_deal(
        specs=[
            TableSpec(
                club=tournament.club,
                game=tournament.game,
                players=[people[p] for p in hand["players"]],
                options=hand_options(tournament, roles, hand),
                time_per_move=timedelta(seconds=tournament.time_per_move),
                played_for=Table.PlayedFor.POKER,
                competition_id=tournament.pk,
            )
            for hand in dealt
        ]
    )
    return [
        (
            PokerHand(
                tournament=tournament,
                number=hand["number"],
                table_number=hand["table"],
                level=hand["level"],
                table=opening.table,
                players=hand["players"],
                stacks_start=hand["stacks"],
            ),
            opening,
        )
        for hand, opening in zip(dealt, openings, strict=True)
    ]


def _entrants_writes(tournament: PokerTournament, players: Iterable[int]) -> list[Write | None]:
    """The writes that mirror the state onto these players' entrant rows: stack, table and seat, place once out."""
    state = tournament.state
    players = set(players)
    where: dict[int, tuple[int | None, int | None, int]] = {}
    for table in freezeout.tables_live(state):
        for index, seat in enumerate(table["seats"]):
            if seat is not None and seat["player"] in players:
                where[seat["player"]] = (table["id"], index, seat["stack"])
    busts = {row["player"]: row for row in state["busts"]}
    # read as plain values and written with the step: the chips and seat are the poker entrant's own row, the place
    # every entrant's (`Entrant`), each written only where it changed (model instances and bulk_update made this,
    # run after every hand, some 15 ms for six rows)
    seated, placed = [], []
    rows = PokerEntrant.objects.filter(competition=tournament, player_id__in=list(players)).values_list(
        "pk", "player_id", *SEATED, *PLACED
    )
    for pk, player, *seat_before, place, shared in rows:
        table_number, seat, stack = where.get(player, (None, None, 0))
        bust = busts.get(player)
        seat_now = [stack, table_number, seat, bust["hand"] if bust else seat_before[3]]
        if seat_now != seat_before:
            seated.append((pk, *seat_now))
        if bust is not None and (bust["place"], bust["shared"]) != (place, shared):
            placed.append((pk, bust["place"], bust["shared"]))
    return [sets_of(PokerEntrant, SEATED, seated), sets_of(Entrant, PLACED, placed)]


def _finish(tournament: PokerTournament) -> None:
    """T-R13, T-R18: the winner placed first, everyone's points from the points table, and the ratings moved once
    by the final places (a rated tournament)."""
    state = tournament.state
    rows = freezeout.places(state)
    values = awards(rows, list(tournament.points_table))
    placed = {row["entrant"]: row for row in rows}
    entrants = dict(PokerEntrant.objects.filter(competition=tournament).values_list("player_id", "pk"))
    final = [
        (pk, placed[player]["place"], placed[player]["shared"], points_decimal(values[player]))
        for player, pk in entrants.items()
    ]
    winner = {entrants[state["winner"]]: {"stack": freezeout.chips_total(state)}} if state["winner"] else {}
    writes_run([update_of(PokerEntrant, winner), sets_of(Entrant, (*PLACED, "points"), final)])
    tournament.status = PokerTournament.Status.FINISHED
    tournament.winner_id = state["winner"]
    tournament.finished_at = timezone.now()
    # in the step's transaction, under the tournament's lock: the rating then locks the players before their
    # ratings (league/services/locks.py); the hands' own tables are never rated
    poker_tournament_rate(tournament=tournament)


def points_display(values: Sequence[str]) -> list[str]:
    """The points table as people read it (exact fractions as decimals of three places)."""
    return [f"{points_decimal(Fraction(value)).normalize():f}" for value in values]
