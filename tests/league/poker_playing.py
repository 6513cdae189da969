"""Poker tournament hands played through the move pipeline by the engines' bots, as a client would play them."""

import itertools
import random
from unittest import mock

from games import get_engine
from league.models import Club, Membership, Player, PokerHand, PokerTournament, Seat, Table
from league.services.moves import move_submit
from league.services.poker_tournaments import (
    PokerTournamentSpec,
    poker_hand_finished,
    poker_tournament_create,
    poker_tournament_register,
    poker_tournament_start,
)
from tests.league.factories import ClubFactory, MembershipFactory
from tests.league.playing import play_moves


def bot_move(table: Table, rnd: random.Random) -> tuple[int, dict]:
    """The engine's bot for one seat to act, from that seat's own view and legal moves, as a client would play."""
    engine = get_engine(table.game)
    seat = rnd.choice(engine.to_act(table.state))
    view = engine.view(table.state, seat)
    return seat, engine.bot_move(view, engine.legal_moves(table.state, seat), rnd)


def hand_play(table: Table, rnd: random.Random, capture) -> None:
    """Play one hand's table to its end through the move pipeline; its end reaches the tournament through the
    table-finished path (the task, run on commit)."""
    seats = {seat.index: seat.player for seat in Seat.objects.filter(table=table).select_related("player")}
    while table.status == Table.Status.ACTIVE:
        seat, move = bot_move(table, rnd)
        with capture(execute=True):
            move_submit(table_id=table.pk, player=seats[seat], move=move, expected_version=table.version)
        table.refresh_from_db()


def small_freezeout(*, club: Club, by: Player, **overrides) -> PokerTournament:
    """A Mini Poker freezeout open for entries, small enough for a page's test: stacks of 50, tables of four, an ante
    of 1 raised every two hands (`overrides` change any of it)."""
    options = {
        "game": "mini-poker",
        "name": "Freezeout",
        "starting_stack": 50,
        "table_size": 4,
        "level_hands": 2,
        "levels": [{"ante": 1}],
        **overrides,
    }
    return poker_tournament_create(club=club, by=by, spec=PokerTournamentSpec(**options))


def freezeout_started(
    count: int, *, table_size: int = 3, seed: str = "seating"
) -> tuple[PokerTournament, list[Player]]:
    """A small freezeout (`small_freezeout`) of `count` members started: about `count` / `table_size` tables, each
    with its first hand dealt. Returns it with its players."""
    club = ClubFactory()
    organizer = MembershipFactory(club=club, role=Membership.Role.ORGANIZER).player
    players = [MembershipFactory(club=club).player for _ in range(count)]
    tournament = small_freezeout(club=club, by=organizer, table_size=table_size)
    for player in players:
        poker_tournament_register(tournament=tournament, player=player)
    return poker_tournament_start(tournament=tournament, by=organizer, seed=seed), players


def freezeout_played(
    players: list[Player] | None = None,
    *,
    count: int = 3,
    rated: bool = True,
    seed: str = "all-in",
    club: Club | None = None,
    name: str = "Turbo",
) -> PokerTournament:
    """A short freezeout played to its end through the services: every first hand is all in on its ante (stack 10,
    ante 10) and the engine ends it as it deals it; a split pot leaves stacks that play on, by random legal moves."""
    club = club or ClubFactory()
    organizer = MembershipFactory(club=club, role=Membership.Role.ORGANIZER).player
    if players is None:
        players = [MembershipFactory(club=club).player for _ in range(count)]
    else:
        for player in players:
            MembershipFactory(club=club, player=player)
    tournament = poker_tournament_create(
        club=club,
        by=organizer,
        spec=PokerTournamentSpec(
            game="mini-poker",
            name=name,
            starting_stack=10,
            table_size=6,
            level_hands=1,
            levels=[{"ante": 10}],
            rated=rated,
        ),
    )
    for player in players:
        poker_tournament_register(tournament=tournament, player=player)
    # each hand's server seed from the test's seed, not a random one: the same deals every run (a split pot, which
    # lets stacks play on, happens on some deals and not on others)
    hands = itertools.count(1)
    with mock.patch("league.services.tables.seed_new", lambda: f"{seed}-hand-{next(hands)}"):
        tournament = poker_tournament_start(tournament=tournament, by=organizer, seed=seed)
        tournament.refresh_from_db()
        rnd = random.Random(seed)
        while tournament.status != PokerTournament.Status.FINISHED:
            hand = (
                PokerHand.objects.filter(tournament=tournament, stacks_end__isnull=True).select_related("table").first()
            )
            play_moves(hand.table, rnd)
            # the table-finished path, as the task runs it after the last move's commit
            poker_hand_finished(table_id=hand.table_id)
            tournament.refresh_from_db()
    return tournament
