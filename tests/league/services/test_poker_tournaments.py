"""Poker tournaments through the services (issue 22, item 5; T-R13…T-R18, T-D6, T-D7): a 30-player Mini Poker
freezeout played to the end by the engines' bots, every step checked; creation and registration refused where the
rules say so."""

import hashlib
import itertools
import random
import secrets
from datetime import timedelta
from decimal import Decimal
from itertools import pairwise

import pytest

from games import get_engine
from league.errors import InvalidValue, PermissionDenied, WrongStatus
from league.models import Membership, PokerEntrant, PokerHand, PokerTournament, Result, Table
from league.selectors.poker_tournaments import poker_seed_revealed
from league.services.poker_tournaments import (
    PokerTournamentSpec,
    hand_options,
    poker_entrants_add,
    poker_hand_finished,
    poker_hands_settle,
    poker_roles,
    poker_seat_forfeit,
    poker_tournament_create,
    poker_tournament_register,
    poker_tournament_start,
    poker_tournament_withdraw,
)
from league.services.tables import table_annul
from league.tournaments import freezeout as fz
from league.tournaments.common import copied
from tests.league.factories import ClubFactory, MembershipFactory, PlayerFactory
from tests.league.poker_playing import hand_play
from tests.league.tournaments.freezeout_support import invariants_check, moves_replay, sizes

pytestmark = pytest.mark.django_db

LEVELS = [{"ante": 5}, {"ante": 10}, {"ante": 20}, {"ante": 40}, {"ante": 80}, {"ante": 150}]


def _club_with(count: int):
    club = ClubFactory()
    organizer = MembershipFactory(club=club, role=Membership.Role.ORGANIZER).player
    players = [MembershipFactory(club=club).player for _ in range(count)]
    return club, organizer, players


def _tournament(count: int = 30, *, game: str = "mini-poker", **extra):
    club, organizer, players = _club_with(count)
    spec = {
        "game": game,
        "name": "Friday freezeout",
        "starting_stack": 100,
        "table_size": 6,
        "level_hands": 2,
        "levels": LEVELS,
        "points_table": [100, 60, 40, 25, 20, 15, 10, 5],
        "options": {"limit": "no_limit"},
    } | extra
    tournament = poker_tournament_create(club=club, by=organizer, spec=PokerTournamentSpec(**spec))
    for player in players:
        poker_tournament_register(tournament=tournament, player=player)
    return tournament, organizer, players


def _replay(before: dict, hands: list[PokerHand]) -> dict[int, dict]:
    """Replay the events of the hands closed in one step, in order, from the tables before it, checking every move
    against the rules as the tables stood (tests/league/tournaments/freezeout_support.py); the tables rebuilt."""
    tables = {t["id"]: t for t in copied(before)["tables"]}
    for hand in hands:
        table = tables[hand.table_number]
        if table["hand"] is None:  # dealt and ended within the step: its seats from the players
            seats = [next(i for i, s in enumerate(table["seats"]) if s and s["player"] == p) for p in hand.players]
            table["hand"] = {"seats": seats}
        tables = moves_replay({"tables": list(tables.values())}, hand.table_number, hand.stacks_end, hand.events)
    return tables


@pytest.mark.slow  # a minute or more on a loaded machine: `make test` and CI run it, `make check` leaves it out
def test_a_30_player_mini_poker_freezeout_played_to_the_end_by_bots(django_capture_on_commit_callbacks):
    """The done-when of issue 22: every step checked — no table more than one seat from another (T-R15), no player
    seated twice, chips conserved across moves between tables (T-D7), every move replayed against the rules (the
    next to get the button, into the worst open seat), tables broken as the field shrinks down to a final table
    (T-R16), places in bust order with same-hand busts ranked by their starting stacks (T-R17), levels by hands
    played (T-D6), points by place (T-R18)."""
    tournament, organizer, _players = _tournament(30)
    tournament = poker_tournament_start(tournament=tournament, by=organizer, seed="done-when")
    total = 30 * 100
    state = tournament.state
    assert sizes(state) == [6, 6, 6, 6, 6], "T-R13: the fewest tables"
    assert PokerHand.objects.filter(tournament=tournament).count() == 5
    rnd = random.Random(22)
    steps = instant = breaks = levels_seen = 0
    finals = []
    while True:
        tournament.refresh_from_db()
        if tournament.status == PokerTournament.Status.FINISHED:
            break
        open_hands = list(
            PokerHand.objects.filter(tournament=tournament, stacks_end__isnull=True).select_related("table")
        )
        assert open_hands, "a running tournament always has a hand in play"
        # hands in parallel: any table of those in play finishes next
        hand = rnd.choice(open_hands)
        before = tournament.state
        assert hand.stacks_start == next(h["stacks"] for h in fz.hands_in_play(before) if h["number"] == hand.number), (
            "the league table starts from the stacks the freezeout dealt"
        )
        closed = set(
            PokerHand.objects.filter(tournament=tournament, stacks_end__isnull=False).values_list("pk", flat=True)
        )
        hand_play(hand.table, rnd, django_capture_on_commit_callbacks)
        hand.refresh_from_db()
        tournament.refresh_from_db()
        state = tournament.state
        steps += 1
        assert hand.stacks_end is not None, "the table's end reached the tournament"
        # the hand, then any hand the engine ended as it was dealt (all in on the antes), closed in this step
        step_hands = [hand] + [
            h
            for h in PokerHand.objects.filter(tournament=tournament, stacks_end__isnull=False).order_by("number")
            if h.pk not in closed and h.pk != hand.pk
        ]
        instant += len(step_hands) - 1
        rebuilt = _replay(before, step_hands)
        assert [rebuilt[t["id"]]["seats"] for t in state["tables"]] == [t["seats"] for t in state["tables"]]
        invariants_check(state, total)
        seated = [p for t in fz.tables_live(state) for p in fz.players_in(t)]
        assert len(seated) == len(set(seated)), "no player seated twice"
        if not fz.hands_in_play(state):
            assert max(sizes(state)) - min(sizes(state)) <= 1, "T-R15: no table more than one seat from another"
        events = [e for h in step_hands for e in h.events]
        breaks += sum(1 for e in events if e["type"] == "table_broken")
        levels_seen += sum(1 for e in events if e["type"] == "level")
        finals += [e for e in events if e["type"] == "final_table"]
        # the league mirrors the state: every seated entrant's stack, table and seat
        for entrant in PokerEntrant.objects.filter(competition=tournament, place=None):
            table = next(t for t in fz.tables_live(state) if t["id"] == entrant.table_number)
            assert table["seats"][entrant.seat] == {"player": entrant.player_id, "stack": entrant.stack}
        # a hand in play is dealt at the level in force when it was dealt
        for open_hand in PokerHand.objects.filter(tournament=tournament, stacks_end__isnull=True).select_related(
            "table"
        ):
            ante = open_hand.table.options["ante"]
            assert ante == LEVELS[open_hand.level - 1]["ante"]
            assert open_hand.table.options["seat_stacks"] == open_hand.stacks_start
    assert breaks == 4 and len(finals) == 1, "five tables broken down to one final table"
    assert levels_seen >= 3
    # T-R17: places by bust order, the first out last; busts of one hand ranked by their stacks at its start
    entrants = {e.player_id: e for e in PokerEntrant.objects.filter(competition=tournament)}
    busts = state["busts"]
    assert len(busts) == 29 and state["winner"] == tournament.winner_id
    for earlier, later in pairwise(busts):
        assert earlier["place"] >= later["place"]
        if earlier["hand"] == later["hand"]:
            assert earlier["start_stack"] <= later["start_stack"]
    hands = {h.number: h for h in PokerHand.objects.filter(tournament=tournament)}
    for row in busts:
        hand = hands[row["hand"]]
        index = hand.players.index(row["player"])
        assert hand.stacks_end[index] == 0 and hand.stacks_start[index] == row["start_stack"]
        assert entrants[row["player"]].place == row["place"]
        assert entrants[row["player"]].bust_hand == row["hand"]
    # places 1 to 30, shared places as in a competition ranking (two sharing 7th: 7, 7, then 9)
    places = sorted(e.place for e in entrants.values())
    assert all(place == 1 + sum(1 for other in places if other < place) for place in places)
    assert all(e.shared == places.count(e.place) for e in entrants.values())
    winner = entrants[tournament.winner_id]
    assert (winner.place, winner.stack, winner.points) == (1, total, Decimal("100.000"))
    assert sum(e.points for e in entrants.values()) == sum([100, 60, 40, 25, 20, 15, 10, 5])
    assert steps + instant == PokerHand.objects.filter(tournament=tournament).count()
    # the seed of the draws, committed to at the start, is shown once it is over: every draw can be checked
    assert poker_seed_revealed(tournament=tournament) == "done-when"
    assert tournament.seed_commitment == hashlib.sha256(b"done-when").hexdigest()
    entered = PokerEntrant.objects.filter(competition=tournament).order_by("entered_at", "id")
    replayed, _events = fz.freezeout_create(
        list(entered.values_list("player_id", flat=True)),
        seed="done-when",
        starting_stack=100,
        max_seats=6,
        levels=LEVELS,
        level_hands=2,
    )
    for table in replayed["tables"]:  # hands 1 to 5 open tables 1 to 5, from the button on seat 0
        assert hands[table["id"]].players == fz.players_in(table)


def test_hand_options_come_from_the_roles_of_each_poker_engine():
    """The engine options of a hand are found by role, not by the game's name, and each engine accepts them."""
    for game in ("mini-poker", "the-court", "black-card"):
        roles = poker_roles(game)
        tournament = PokerTournament(game=game, options={}, starting_stack=100, table_size=4)
        forced = {option["name"]: 40 for option in roles["forced_bet"]}
        hand = {"forced": forced, "stacks": [30, 100, 250, 20]}
        options = get_engine(game).check_options(hand_options(tournament, roles, hand), 4)
        seat_stacks = roles["seat_stacks"][0]["name"]
        assert options[seat_stacks] == [30, 100, 250, 20]
        assert options[roles["button"][0]["name"]] == 0
        assert options[roles["hand_limit"][0]["name"]] == 1
        state = get_engine(game).new_game(players=4, seed="s", options=options)
        assert get_engine(game).conserved(state)


def test_create_refuses_a_game_without_stacks_and_forced_bets_and_bad_levels():
    club, organizer, _players = _club_with(0)
    spec = {"name": "x", "starting_stack": 100, "table_size": 6, "level_hands": 2, "levels": LEVELS}
    with pytest.raises(InvalidValue) as error:
        poker_tournament_create(club=club, by=organizer, spec=PokerTournamentSpec(game="coinche", **spec))
    assert error.value.code == "not_a_poker_game"
    for levels in ([], [{"ante": 10}, {"ante": 5}], [{"blind": 5}], [{"ante": 0}], "ante"):
        with pytest.raises(InvalidValue) as error:
            poker_tournament_create(
                club=club, by=organizer, spec=PokerTournamentSpec(game="mini-poker", **(spec | {"levels": levels}))
            )
        assert error.value.field == "levels"
    with pytest.raises(InvalidValue) as error:
        poker_tournament_create(
            club=club,
            by=organizer,
            spec=PokerTournamentSpec(game="mini-poker", **spec, options={"seat_stacks": [1, 2]}),
        )
    assert error.value.code == "option_set_by_tournament"
    # every level is checked with the other options: a capped bet below a later ante would stop the tournament
    with pytest.raises(InvalidValue) as error:
        poker_tournament_create(
            club=club,
            by=organizer,
            spec=PokerTournamentSpec(game="mini-poker", **spec, options={"limit": "max_bet", "bet_cap": 50}),
        )
    assert error.value.field == "options"
    with pytest.raises(InvalidValue) as error:
        poker_tournament_create(
            club=club, by=organizer, spec=PokerTournamentSpec(game="mini-poker", **(spec | {"table_size": 2}))
        )
    assert error.value.code == "bad_table_size"
    with pytest.raises(InvalidValue) as error:
        poker_tournament_create(
            club=club, by=organizer, spec=PokerTournamentSpec(game="mini-poker", **spec, points_table=[10, -1])
        )
    assert error.value.code == "bad_points"
    with pytest.raises(InvalidValue) as error:
        poker_tournament_create(
            club=club,
            by=organizer,
            spec=PokerTournamentSpec(game="mini-poker", **spec, time_per_move=timedelta(seconds=1)),
        )
    assert error.value.code == "time_per_move_too_short"
    assert not PokerTournament.objects.exists()


def test_only_organizers_create_and_start_and_only_members_enter():
    tournament, organizer, players = _tournament(3)
    stranger = PlayerFactory()
    with pytest.raises(PermissionDenied):
        poker_tournament_create(
            club=tournament.club,
            by=players[0],
            spec=PokerTournamentSpec(
                game="mini-poker", name="mine", starting_stack=100, table_size=6, level_hands=2, levels=LEVELS
            ),
        )
    with pytest.raises(InvalidValue) as error:
        poker_tournament_register(tournament=tournament, player=stranger)
    assert error.value.code == "not_member"
    with pytest.raises(PermissionDenied):
        poker_tournament_start(tournament=tournament, by=players[0])
    poker_tournament_start(tournament=tournament, by=organizer)
    with pytest.raises(WrongStatus):
        poker_tournament_register(tournament=tournament, player=organizer)
    with pytest.raises(WrongStatus):
        poker_tournament_start(tournament=tournament, by=organizer)


def test_start_refuses_more_chips_than_one_seat_may_hold():
    """Mini Poker's seats hold at most 1,000,000 chips: the winner of the last hand may hold every chip."""
    tournament, organizer, _players = _tournament(3, starting_stack=400_000)
    with pytest.raises(InvalidValue) as error:
        poker_tournament_start(tournament=tournament, by=organizer)
    assert error.value.code == "too_many_chips"


def test_a_hand_finished_twice_or_a_table_of_no_tournament_changes_nothing():
    tournament, organizer, _players = _tournament(4)
    tournament = poker_tournament_start(tournament=tournament, by=organizer, seed="twice")
    hand = PokerHand.objects.get(tournament=tournament)
    assert poker_hand_finished(table_id=hand.table_id) == []  # still in play
    hand.table.status = Table.Status.ANNULLED
    hand.table.save(update_fields=["status"])
    events = poker_hand_finished(table_id=hand.table_id)
    assert events[0]["type"] == "hand_ended" and events[0]["stacks"] == hand.stacks_start
    assert poker_hand_finished(table_id=hand.table_id) == []
    assert PokerHand.objects.filter(tournament=tournament).count() == 2


def test_the_nightly_settle_closes_a_hand_whose_end_was_never_heard_of():
    """A lost task (a broker down) or an annulled table (annulling enqueues nothing): the nightly recompute closes the
    hand, and the tables go on."""
    tournament, organizer, _players = _tournament(4)
    tournament = poker_tournament_start(tournament=tournament, by=organizer, seed="settle")
    hand = PokerHand.objects.get(tournament=tournament)
    assert poker_hands_settle() == 0
    table_annul(table_id=hand.table_id, reason="misdeal")
    assert poker_hands_settle() == 1
    hand.refresh_from_db()
    assert hand.stacks_end == hand.stacks_start
    assert PokerHand.objects.filter(tournament=tournament, stacks_end__isnull=True).count() == 1
    assert poker_hands_settle() == 0


def test_a_tournament_that_ends_as_its_first_hands_are_dealt_keeps_its_winner_and_end(monkeypatch):
    """Two stacks all in on the ante: the engine ends every hand as it deals it, so the start plays the whole
    freezeout; its winner and finishing time are saved with it (the ratings replay tournaments by that time)."""
    # each hand's table draws a fresh secret seed, and one deal in a few dozen is a Mini Poker regame, which waits
    # for the players' moves: fixed seeds make every run deal the same cards
    numbers = itertools.count()
    monkeypatch.setattr(secrets, "token_hex", lambda size: f"instant-hand-{next(numbers)}")
    tournament, organizer, _players = _tournament(2, starting_stack=10, levels=[{"ante": 10}], points_table=[])
    started = poker_tournament_start(tournament=tournament, by=organizer, seed="instant")
    tournament.refresh_from_db()
    assert tournament.status == PokerTournament.Status.FINISHED
    assert (tournament.winner_id, tournament.finished_at) == (started.winner_id, started.finished_at)
    assert tournament.winner_id is not None and tournament.finished_at is not None


def test_hands_over_as_they_are_dealt_are_written_closed_with_their_tables_results(monkeypatch):
    """The step deals on in memory and writes at the end: every hand ended at its deal is written closed, with the
    stacks its table's results hold, each table with one result per seat, the entrants' places as the state's."""
    numbers = itertools.count()
    monkeypatch.setattr(secrets, "token_hex", lambda size: f"instant-hand-{next(numbers)}")
    # two tables whose first hands end as they are dealt, then the final table's, the ante having risen above every
    # stack by then
    tournament, organizer, players = _tournament(
        12, starting_stack=10, level_hands=1, levels=[{"ante": 10}, {"ante": 1000}], points_table=[]
    )
    poker_tournament_start(tournament=tournament, by=organizer, seed="instant")
    tournament.refresh_from_db()
    hands = list(PokerHand.objects.filter(tournament=tournament).order_by("number"))
    assert len(hands) > 1 and all(hand.stacks_end is not None and hand.ended_at is not None for hand in hands)
    assert [hand.number for hand in hands] == list(range(1, len(hands) + 1))
    for hand in hands:
        results = dict(Result.objects.filter(table_id=hand.table_id).values_list("seat", "score"))
        assert [results[seat] for seat in range(len(hand.players))] == hand.stacks_end
        assert Table.objects.get(pk=hand.table_id).status == Table.Status.FINISHED
    places = {row["entrant"]: row["place"] for row in fz.places(tournament.state)}
    stored = dict(PokerEntrant.objects.filter(competition=tournament).values_list("player_id", "place"))
    assert stored == places and sorted(stored) == sorted(player.pk for player in players)


# --- the organizer's entrants and forfeits (issue 34) ---------------------------------------------------------------


def test_an_organizer_enters_members_all_or_none_and_removes_one_before_the_start():
    tournament, organizer, _players = _tournament(0)
    club = tournament.club
    members = [MembershipFactory(club=club).player for _ in range(3)]
    stranger = PlayerFactory()
    # a stranger in the list: nobody is entered
    with pytest.raises(InvalidValue) as error:
        poker_entrants_add(tournament=tournament, by=organizer, players=[*members, stranger])
    assert error.value.code == "not_member" and not PokerEntrant.objects.filter(competition=tournament).exists()
    # a member may not enter others
    with pytest.raises(PermissionDenied):
        poker_entrants_add(tournament=tournament, by=members[0], players=members[1:])
    entrants = poker_entrants_add(tournament=tournament, by=organizer, players=members)
    assert [e.player for e in entrants] == members and {e.stack for e in entrants} == {tournament.starting_stack}
    with pytest.raises(InvalidValue) as error:
        poker_entrants_add(tournament=tournament, by=organizer, players=[members[0]])
    assert error.value.code == "already_entered"
    # removed by the organizer; a member may not remove another
    with pytest.raises(PermissionDenied):
        poker_tournament_withdraw(tournament=tournament, player=members[0], by=members[1])
    poker_tournament_withdraw(tournament=tournament, player=members[0], by=organizer)
    assert sorted(PokerEntrant.objects.filter(competition=tournament).values_list("player_id", flat=True)) == sorted(
        p.pk for p in members[1:]
    )


def test_t_d8_a_forfeited_seat_annuls_the_hand_in_play_and_the_player_places_below_everyone_still_in():
    # given: 5 players at one table, its first hand dealt
    tournament, organizer, players = _tournament(5, table_size=6)
    tournament = poker_tournament_start(tournament=tournament, by=organizer, seed="forfeit")
    [hand] = PokerHand.objects.filter(tournament=tournament)
    leaving = players[2]
    # when: the organizer rules the seat forfeited, with a reason
    with pytest.raises(PermissionDenied):
        poker_seat_forfeit(tournament=tournament, player=leaving, by=players[0], reason="x")
    with pytest.raises(InvalidValue):
        poker_seat_forfeit(tournament=tournament, player=leaving, by=organizer, reason="  ")
    poker_seat_forfeit(tournament=tournament, player=leaving, by=organizer, reason="left for the army")
    # then: the hand in play is annulled and closed with its starting stacks, a new one is dealt without the player
    hand.refresh_from_db()
    assert hand.table.status == Table.Status.ANNULLED and hand.stacks_end == hand.stacks_start
    [new_hand] = PokerHand.objects.filter(tournament=tournament, stacks_end__isnull=True)
    assert leaving.pk not in new_hand.players and len(new_hand.players) == 4
    entrant = PokerEntrant.objects.get(competition=tournament, player=leaving)
    assert (entrant.place, entrant.table_number, entrant.stack) == (5, None, 0)
    tournament.refresh_from_db()
    assert tournament.state["busts"][0]["forfeit"] == "left for the army"
    # a second forfeit of the same player is refused
    with pytest.raises(InvalidValue) as error:
        poker_seat_forfeit(tournament=tournament, player=leaving, by=organizer, reason="again")
    assert error.value.code == "not_in_play"


def test_t_d8_forfeits_down_to_one_player_finish_the_tournament_with_its_places():
    tournament, organizer, players = _tournament(3, table_size=6)
    poker_tournament_start(tournament=tournament, by=organizer, seed="last")
    poker_seat_forfeit(tournament=tournament, player=players[0], by=organizer, reason="ill")
    poker_seat_forfeit(tournament=tournament, player=players[1], by=organizer, reason="ill too")
    tournament.refresh_from_db()
    assert tournament.status == PokerTournament.Status.FINISHED and tournament.winner == players[2]
    places = dict(PokerEntrant.objects.filter(competition=tournament).values_list("player_id", "place"))
    assert places == {players[0].pk: 3, players[1].pk: 2, players[2].pk: 1}
    assert not PokerHand.objects.filter(tournament=tournament, table__status=Table.Status.ACTIVE).exists()
