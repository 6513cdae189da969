"""standings_table_apply (league/services/standings.py): after each finished table only the rows it changes are
written, and the stored standings always equal the full recompute (issue 24, item 3)."""

import random

import pytest
from django.utils import timezone

from league.models import Bye, Entrant, Result, Round, Season, Seat, Standing, Table
from league.services.standings import season_standings_rows, standings_recompute, standings_table_apply
from tests.league.factories import ClubFactory, PlayerFactory

pytestmark = pytest.mark.django_db

TIEBREAKS = ["buchholz", "sonneborn_berger", "direct_encounter", "wins", "score_difference"]


def _stored(season: Season) -> dict[int, tuple]:
    rows = Standing.objects.filter(season=season).values_list(
        "entrant_id", "rank", "points", "played", "wins", "byes", "tiebreaks", "lot"
    )
    return {row[0]: row[1:] for row in rows}


def _full(season: Season) -> dict[int, tuple]:
    """What the full recompute stores (it replaces the rows: compared in their stored form)."""
    standings_recompute(season=season)
    return _stored(season)


def _season(entrants: int, *, points_table: dict, players_per_table: int = 2) -> tuple[Season, list]:
    club = ClubFactory()
    season = Season.objects.create(
        club=club,
        game="palace-infighting" if players_per_table == 2 else "mini-poker",
        name="League",
        league="league",
        format=Season.Format.SWISS if players_per_table == 2 else Season.Format.MULTITABLE,
        rounds_planned=6,
        seed="incremental",
        status=Season.Status.RUNNING,
        tiebreaks=TIEBREAKS if players_per_table == 2 else ["buchholz", "average_place", "sonneborn_berger"],
        points_table=points_table,
    )
    players = [PlayerFactory() for _ in range(entrants)]
    Entrant.objects.bulk_create(Entrant(season=season, player=p, seed_rank=i) for i, p in enumerate(players))
    standings_recompute(season=season)  # the season's start stores every entrant's row
    return season, players


def _finish(round_: Round, seated: list, rng: random.Random) -> Table:
    """A finished table of these players with random places (ties included) and scores."""
    table = Table.objects.create(
        club=round_.season.club,
        game=round_.season.game,
        players=len(seated),
        seed="s",
        state={},
        version=1,
        status=Table.Status.FINISHED,
        round=round_,
        finished_at=timezone.now(),
    )
    places = sorted(rng.randint(1, len(seated)) for _ in seated)
    for index, player in enumerate(seated):
        Seat.objects.create(table=table, index=index, player=player)
        Result.objects.create(table=table, seat=index, player=player, place=places[index], score=rng.randint(-20, 40))
    return table


@pytest.mark.parametrize(
    ("entrants", "per_table", "points_table"),
    [
        (13, 2, {"places": {"2": [3, 0]}, "draw": 1, "bye": 3}),
        (14, 3, {"places": {"3": [4, 2, 1]}, "bye": 2}),
    ],
)
def test_after_every_table_the_stored_standings_equal_the_full_recompute(entrants, per_table, points_table):
    rng = random.Random(entrants)
    # given a running season whose standings are stored
    season, players = _season(entrants, points_table=points_table, players_per_table=per_table)
    for number in range(1, 7):
        round_ = Round.objects.create(season=season, number=number, status=Round.Status.RUNNING)
        order = players[:]
        rng.shuffle(order)
        seated, rest = order[: len(order) // per_table * per_table], order[len(order) // per_table * per_table :]
        for player in rest:
            Bye.objects.create(round=round_, entrant=Entrant.objects.get(season=season, player=player))
        standings_recompute(season=season)  # as round_start does once the round is paired
        for start in range(0, len(seated), per_table):
            before = _stored(season)
            # when one more table ends and the incremental update runs
            table = _finish(round_, seated[start : start + per_table], rng)
            written = standings_table_apply(season=season, table_id=table.pk)
            after = _stored(season)
            # then it wrote exactly the rows that changed
            assert written == sum(after[e] != before[e] for e in after)
            # and what is stored is what the full recompute stores
            assert after == _full(season)
    assert [row.entrant for row in season_standings_rows(season)] == sorted(after, key=lambda e: after[e][0])


def test_a_second_apply_of_the_same_table_writes_nothing():
    season, players = _season(6, points_table={"places": {"2": [3, 0]}, "draw": 1, "bye": 3})
    round_ = Round.objects.create(season=season, number=1, status=Round.Status.RUNNING)
    table = _finish(round_, players[:2], random.Random(1))
    assert standings_table_apply(season=season, table_id=table.pk) > 0
    assert standings_table_apply(season=season, table_id=table.pk) == 0
