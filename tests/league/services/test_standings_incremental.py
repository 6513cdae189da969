"""standings_table_apply (league/services/standings.py): after each finished table only the rows it changes are
written, and the stored standings always equal the full recompute (issue 24, item 3)."""

import random

import pytest
from django.utils import timezone

from league.models import Bye, Entrant, Result, Round, Season, Seat, Standing, Table, TableRuling
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


def _applied(season: Season, table: Table) -> dict[int, tuple]:
    """Run the incremental update for a table that has just ended; check that it wrote exactly the rows that
    changed and that what is stored is what the full recompute stores; return the stored rows."""
    before = _stored(season)
    written = standings_table_apply(season=season, table_id=table.pk)
    after = _stored(season)
    assert written == sum(after[e] != before[e] for e in after)
    assert after == _full(season)
    return after


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
    Entrant.objects.bulk_create(Entrant(competition=season, player=p, seed=i) for i, p in enumerate(players))
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
            Bye.objects.create(round=round_, entrant=Entrant.objects.get(competition=season, player=player))
        standings_recompute(season=season)  # as round_start does once the round is paired
        for start in range(0, len(seated), per_table):
            # when one more table ends and the incremental update runs
            table = _finish(round_, seated[start : start + per_table], rng)
            # then it wrote exactly the rows that changed, and what is stored is what the full recompute stores
            after = _applied(season, table)
    assert [row.entrant for row in season_standings_rows(season)] == sorted(after, key=lambda e: after[e][0])


def test_a_second_apply_of_the_same_table_writes_nothing():
    season, players = _season(6, points_table={"places": {"2": [3, 0]}, "draw": 1, "bye": 3})
    round_ = Round.objects.create(season=season, number=1, status=Round.Status.RUNNING)
    table = _finish(round_, players[:2], random.Random(1))
    assert standings_table_apply(season=season, table_id=table.pk) > 0
    assert standings_table_apply(season=season, table_id=table.pk) == 0


def _table(round_: Round, seated: list, places: list[int], scores: list[int], *, status: str) -> Table:
    """A season table of these players; results (places and scores by seat) only when it is finished."""
    table = Table.objects.create(
        club=round_.season.club,
        game=round_.season.game,
        players=len(seated),
        seed="s",
        state={},
        version=1,
        status=status,
        round=round_,
        finished_at=timezone.now(),
    )
    for index, player in enumerate(seated):
        Seat.objects.create(table=table, index=index, player=player)
        if status == Table.Status.FINISHED:
            Result.objects.create(table=table, seat=index, player=player, place=places[index], score=scores[index])
    return table


def test_forfeited_and_annulled_tables_are_applied_as_the_full_recompute_counts_them():
    rng = random.Random(5)
    # given: a running duel season of 8 entrants, two rounds played and applied table by table
    season, players = _season(8, points_table={"places": {"2": [3, 0]}, "draw": 1, "bye": 3})
    entrant = dict(Entrant.objects.filter(competition=season).values_list("player_id", "id"))
    for number in (1, 2):
        round_ = Round.objects.create(season=season, number=number, status=Round.Status.RUNNING)
        order = players[:]
        rng.shuffle(order)
        for start in range(0, 8, 2):
            table = _finish(round_, order[start : start + 2], rng)
            standings_table_apply(season=season, table_id=table.pk)
    round_ = Round.objects.create(season=season, number=3, status=Round.Status.RUNNING)
    order = players[:]
    rng.shuffle(order)
    # when: a table is forfeited on time (annulled, its loser named by the ruling), another annulled by an
    # organizer's ruling, a third annulled without one, and each is applied as it ends
    forfeited = _table(round_, order[0:2], [], [], status=Table.Status.ANNULLED)
    ruling = TableRuling.objects.create(table=forfeited, kind=TableRuling.Kind.FORFEIT, at=timezone.now())
    ruling.forfeiting.set([entrant[order[1].pk]])
    ruled = _finish(round_, order[2:4], rng)
    TableRuling.objects.create(table=ruled, kind=TableRuling.Kind.ANNULLED, at=timezone.now())
    annulled = _table(round_, order[4:6], [], [], status=Table.Status.ANNULLED)
    start = _stored(season)
    for table in (forfeited, ruled, annulled):
        # then: the forfeit counts as a win for the other entrant, the annulled tables as played with no points,
        # exactly as the full recompute counts them
        _applied(season, table)
    end = _stored(season)
    winner, loser = entrant[order[0].pk], entrant[order[1].pk]
    assert (end[winner][1] - start[winner][1], end[loser][1] - start[loser][1]) == (3, 0)
    assert all(end[entrant[p.pk]][2] == start[entrant[p.pk]][2] for p in order[2:6])


def test_rotating_partners_after_every_table_the_stored_standings_equal_the_full_recompute():
    rng = random.Random(8)
    # given: a Coinche season of 8 rotating-partner entrants, seats 0+2 against 1+3 (K-R1)
    club = ClubFactory()
    season = Season.objects.create(
        club=club,
        game="coinche",
        name="League",
        league="league",
        format=Season.Format.SWISS,
        partners=Season.Partners.ROTATING,
        rounds_planned=4,
        seed="rotating",
        status=Season.Status.RUNNING,
        tiebreaks=TIEBREAKS,
        points_table={"places": {"2": [3, 0]}, "draw": 1, "bye": 3},
    )
    players = [PlayerFactory() for _ in range(8)]
    Entrant.objects.bulk_create(Entrant(competition=season, player=p, seed=i) for i, p in enumerate(players))
    standings_recompute(season=season)
    for number in range(1, 5):
        round_ = Round.objects.create(season=season, number=number, status=Round.Status.RUNNING)
        order = players[:]
        rng.shuffle(order)
        for start in range(0, 8, 4):
            # sides share their place and score; both sides first is a draw
            side_places = rng.choice([(1, 2), (2, 1), (1, 1)])
            side_scores = (rng.randint(0, 162), rng.randint(0, 162))
            places = [side_places[i % 2] for i in range(4)]
            scores = [side_scores[i % 2] for i in range(4)]
            # when: the table ends and the incremental update runs
            table = _table(round_, order[start : start + 4], places, scores, status=Table.Status.FINISHED)
            # then: it wrote the rows that changed, and they are the full recompute's
            _applied(season, table)


def test_ties_that_direct_encounter_breaks_are_rebuilt_as_the_full_recompute_builds_them():
    # given: a duel season of 8 whose first two rounds are all level draws: everyone tied up to direct encounter
    season, players = _season(8, points_table={"places": {"2": [3, 0]}, "draw": 1, "bye": 3})
    for number in (1, 2):
        round_ = Round.objects.create(season=season, number=number, status=Round.Status.RUNNING)
        for start in range(0, 8, 2):
            pair = [players[start], players[(start + 3) % 8]] if number == 2 else players[start : start + 2]
            table = _table(round_, pair, [1, 1], [4, 4], status=Table.Status.FINISHED)
            standings_table_apply(season=season, table_id=table.pk)
    stored = _stored(season).values()
    assert len({(row[1], row[5]["buchholz"], row[5]["sonneborn_berger"]) for row in stored}) == 1
    assert {row[5]["direct_encounter"] for row in stored} == {"1"}
    # when: the third round's tables end one at a time, decisive or level, each splitting or joining ties
    round_ = Round.objects.create(season=season, number=3, status=Round.Status.RUNNING)
    for start, (places, scores) in zip(
        range(0, 8, 2), [([1, 2], [5, 3]), ([1, 1], [4, 4]), ([2, 1], [0, 6]), ([1, 1], [2, 2])], strict=True
    ):
        pair = [players[start], players[(start + 5) % 8]]
        table = _table(round_, pair, places, scores, status=Table.Status.FINISHED)
        # then: what is stored, direct encounter values included, is the full recompute's
        _applied(season, table)


def test_standings_stored_under_other_tiebreaks_are_recomputed_whole():
    # given: stored standings, then the season's tiebreaks changed without a recompute
    season, players = _season(6, points_table={"places": {"2": [3, 0]}, "draw": 1, "bye": 3})
    round_ = Round.objects.create(season=season, number=1, status=Round.Status.RUNNING)
    standings_table_apply(season=season, table_id=_finish(round_, players[:2], random.Random(2)).pk)
    Season.objects.filter(pk=season.pk).update(tiebreaks=["wins", "buchholz"])
    season.refresh_from_db()
    # when: one more table ends
    table = _finish(round_, players[2:4], random.Random(3))
    standings_table_apply(season=season, table_id=table.pk)
    # then: every row carries the new tiebreaks, as the full recompute stores them
    after = _stored(season)
    assert all(set(row[5]) == {"wins", "buchholz"} for row in after.values())
    assert after == _full(season)


def test_an_entrant_without_a_stored_row_has_the_standings_recomputed_whole():
    # given: stored standings, then one more entrant whose row is not stored yet
    season, players = _season(5, points_table={"places": {"2": [3, 0]}, "draw": 1, "bye": 3})
    late = Entrant.objects.create(competition=season, player=PlayerFactory(), seed=9)
    round_ = Round.objects.create(season=season, number=1, status=Round.Status.RUNNING)
    # when: a table ends
    table = _finish(round_, players[:2], random.Random(4))
    standings_table_apply(season=season, table_id=table.pk)
    # then: every entrant has its row, the late one included, as the full recompute stores them
    after = _stored(season)
    assert late.pk in after
    assert after == _full(season)
