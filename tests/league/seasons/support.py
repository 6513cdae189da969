"""Helpers for season tests: a club with an organizer and members, and whole rounds played through the services."""

import random
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

from league.models import Club, Membership, Player, Season, Table
from tests.league.factories import ClubFactory, MembershipFactory, PlayerFactory
from tests.league.playing import play_moves

Capture = Callable[..., AbstractContextManager]


def club_with_members(count: int) -> tuple[Club, Player, list[Player]]:
    """A club, its organizer, and `count` members."""
    club = ClubFactory()
    organizer = PlayerFactory()
    MembershipFactory(club=club, player=organizer, role=Membership.Role.ORGANIZER)
    members = PlayerFactory.create_batch(count)
    for member in members:
        MembershipFactory(club=club, player=member)
    return club, organizer, members


def tables_in_play(season: Season) -> list[Table]:
    return list(Table.objects.filter(round__season=season, status=Table.Status.ACTIVE).order_by("id"))


def play_out(season: Season, rng: random.Random, capture: Capture, *, max_tables: int = 500) -> Season:
    """Play every table of the season with random legal moves until it finishes (rounds auto-advance); the
    on-commit hooks (ratings, standings, the next round) run after each table, as after a real commit."""
    played = 0
    while True:
        season.refresh_from_db()
        tables = tables_in_play(season)
        if season.status != Season.Status.RUNNING or not tables:
            return season
        for table in tables:
            with capture(execute=True):
                play_moves(table, rng)
            played += 1
            assert played <= max_tables, "the season does not end"


def kwargs_for(game: str, **extra: Any) -> dict[str, Any]:
    """A short match format for each game, so a season plays in seconds."""
    short: dict[str, dict[str, Any]] = {
        "the-court": {"hand_limit": 2, "starting_stack": 100},
        "black-card": {"hand_limit": 2, "starting_stack": 20},
        "mini-poker": {"hand_limit": 3, "starting_stack": 20},
        "coinche": {"target_score": 300},
    }
    return {**short.get(game, {}), **extra}
