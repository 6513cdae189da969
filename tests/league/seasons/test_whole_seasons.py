"""Whole seasons of each game played through the services with random legal moves (issue 7, "done when")."""

import io
import random
from collections import Counter

import pytest
from django.core.management import call_command

from games import available_games, get_engine
from league.models import Entrant, Rating, RatingEvent, Round, Season, Seat, Standing, Table
from league.services.rounds import season_start
from league.services.seasons import SeasonSpec, entrant_register, season_create, season_open_registration
from league.services.standings import season_standings_rows
from league.services.verification import table_verify
from tests.league.seasons.support import club_with_members, kwargs_for, play_out

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


def _setup(game, *, format, partners="none", entrants=8, rounds=3, **extra):
    team = partners == Season.Partners.FIXED
    club, organizer, members = club_with_members(entrants * (2 if team else 1))
    season = season_create(
        club=club,
        by=organizer,
        spec=SeasonSpec(
            game=game,
            name=f"{game} league",
            format=format,
            partners=partners,
            rounds_planned=rounds,
            auto_advance=True,
            **kwargs_for(game, **extra),
        ),
    )
    season_open_registration(season=season, by=organizer)
    for i in range(entrants):
        if team:
            entrant_register(season=season, by=organizer, player=members[2 * i], partner=members[2 * i + 1])
        else:
            entrant_register(season=season, by=organizer, player=members[i])
    return season, organizer


def _season_cases():
    cases = []
    for game in available_games():
        engine = get_engine(game)
        if game == "coinche":
            cases += [("coinche", "swiss", "fixed", 8), ("coinche", "multitable", "rotating", 9)]
        elif engine.max_players == 2:
            cases.append((game, "swiss", "none", 9))
        else:
            cases += [(game, "multitable", "none", 11)]
    return cases


@pytest.mark.parametrize(("game", "format", "partners", "count"), _season_cases())
def test_a_whole_season_plays_out_with_standings_and_ratings(
    game, format, partners, count, django_capture_on_commit_callbacks
):
    # given: a season of at least 8 entrants over 3 rounds, started by the organizer
    season, organizer = _setup(game, format=format, partners=partners, entrants=count)
    with django_capture_on_commit_callbacks(execute=True):
        season_start(season=season, by=organizer)
    # when: every table is played with random legal moves through move_submit
    season = play_out(season, random.Random(count), django_capture_on_commit_callbacks)

    # then: the season finished after its three rounds, each round closed
    assert season.status == Season.Status.FINISHED
    assert list(Round.objects.filter(season=season).values_list("number", "status")) == [
        (n, Round.Status.FINISHED) for n in (1, 2, 3)
    ]
    tables = list(Table.objects.filter(round__season=season))
    assert tables and all(t.status == Table.Status.FINISHED for t in tables)
    # every table replays to what is stored: verify_tables finds nothing
    assert {t.pk: table_verify(table=t) for t in tables} == {t.pk: [] for t in tables}
    out = io.StringIO()
    call_command("verify_tables", game=game, stdout=out)
    assert out.getvalue().strip() == f"{len(tables)} tables verified: no difference."
    # standings: one row per entrant, ranks 1..n, each entrant seated or given a bye in every round
    rows = list(Standing.objects.filter(season=season).order_by("rank"))
    assert [r.rank for r in rows] == list(range(1, count + 1))
    assert all(r.played + r.byes == 3 for r in rows)
    # a recompute gives the stored table
    assert [(r.entrant, r.rank) for r in season_standings_rows(season)] == [(r.entrant_id, r.rank) for r in rows]
    # ratings: every player moved once per table played
    per_player = Counter(Seat.objects.filter(table__in=tables).values_list("player_id", flat=True))
    ratings = {r.player_id: r.games for r in Rating.objects.filter(game=game)}
    assert ratings == dict(per_player)
    assert RatingEvent.objects.filter(table__in=tables).count() == sum(per_player.values())


def test_seating_over_a_multitable_season_balances_sizes_and_spreads_byes(
    fake_game, django_capture_on_commit_callbacks
):
    season, organizer = _setup(fake_game, format="multitable", entrants=11, rounds=4, options={"rounds": 1})
    season.table_min, season.table_max = 3, 4
    season.save(update_fields=["table_min", "table_max"])
    with django_capture_on_commit_callbacks(execute=True):
        season_start(season=season, by=organizer)
    season = play_out(season, random.Random(3), django_capture_on_commit_callbacks)
    assert season.status == Season.Status.FINISHED
    for round_ in Round.objects.filter(season=season):
        sizes = sorted(t.players for t in round_.tables.all())
        assert sizes == [3, 4, 4]
        assert round_.byes.count() == 0
    assert set(Entrant.objects.filter(competition=season).values_list("standings__played", flat=True)) == {4}
