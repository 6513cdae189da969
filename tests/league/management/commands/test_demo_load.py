"""manage.py demo_load (league/management/commands/demo_load.py) with the shipped seeds/demo/*.json: the two clubs,
their people, and what the Korean club has lived (issue 34). One load, many checks: the load plays some 2,000
moves, and what follows a finished table has to commit (the test is transactional)."""

import io
import json

import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command

from games import available_games
from league.management.commands.demo_load import DEMO_SEEDS
from league.models import (
    Account,
    Club,
    Membership,
    Notification,
    Player,
    PokerTournament,
    RatingEvent,
    Season,
    Standing,
    Table,
    Tournament,
)
from league.selectors.crosstable import season_crosstable
from league.selectors.seasons import leaderboard
from league.services.verification import table_verify

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

KOREAN, EUROPEAN = (json.loads(path.read_text(encoding="utf-8")) for path in DEMO_SEEDS)


def _people(spec: dict) -> list[dict]:
    return spec["organizers"] + spec["members"]


def test_the_demo_clubs_have_lived_a_season_and_a_second_run_changes_nothing() -> None:
    call_command("demo_load", stdout=io.StringIO(), stderr=io.StringIO())
    korean, european = Club.objects.get(slug="demo"), Club.objects.get(slug="canal-street")

    # --- the people: the organizer staff, the members members; Korean club in Seoul and Korean, the other in Europe
    for spec, club in ((KOREAN, korean), (EUROPEAN, european)):
        roles = dict(club.memberships.values_list("player__user__username", "role"))
        assert {roles[p["username"]] for p in spec["organizers"]} == {Membership.Role.ORGANIZER}
        assert {roles[p["username"]] for p in spec["members"]} == {Membership.Role.MEMBER}
    for person in _people(KOREAN):
        player = Player.objects.get(user__username=person["username"])
        assert (player.language, Account.objects.get(player=player).time_zone) == ("ko", "Asia/Seoul")
    for person in _people(KOREAN) + _people(EUROPEAN):
        account = Account.objects.get(player__user__username=person["username"])
        # their own choice (issue 33): the browser a visitor logs in with does not replace it
        assert account.time_zone_chosen and account.language_chosen
    for person in _people(EUROPEAN):
        player = Player.objects.get(user__username=person["username"])
        assert player.language == "en"
        assert Account.objects.get(player=player).time_zone.startswith("Europe/")
    organizer = authenticate(username="organizer", password="organizer-demo")
    assert organizer is not None and organizer.is_staff and not organizer.is_superuser
    assert organizer.has_perm("league.add_table")
    assert authenticate(username="margot", password="margot-demo") is not None
    alice = authenticate(username="alice", password="alice-demo")
    assert alice is not None and not alice.is_staff

    # --- a finished season of each game: every table over, standings with their tiebreaks, and a running one
    seasons = Season.objects.filter(club=korean)
    for game in available_games():
        finished = seasons.get(game=game, status=Season.Status.FINISHED)
        assert not Table.objects.filter(round__season=finished, status=Table.Status.ACTIVE).exists()
        standings = list(Standing.objects.filter(season=finished).order_by("rank"))
        assert standings[0].rank == 1 and len(standings) == finished.entrants.count()
        assert all(s.tiebreaks for s in standings)
        assert seasons.filter(game=game, status=Season.Status.RUNNING).exists()
        assert Table.objects.filter(round__season__club=korean, game=game, status=Table.Status.ACTIVE).exists()
    round_robin = seasons.get(game="palace-infighting", status=Season.Status.FINISHED)
    assert len(season_crosstable(season=round_robin).rows) == round_robin.entrants.count()
    running_formats = set(seasons.filter(status=Season.Status.RUNNING).values_list("format", flat=True))
    assert running_formats == set(Season.Format.values)

    # --- finished tables replay to what is stored: one finished table of each game, and every friendly table
    for game in available_games():
        finished_table = Table.objects.filter(game=game, status=Table.Status.FINISHED).order_by("id").first()
        assert finished_table is not None and table_verify(table=finished_table) == []
    for table in Table.objects.filter(round__isnull=True, tournament_link__isnull=True, poker_hand__isnull=True):
        assert table.status == Table.Status.ACTIVE and table.version > 0
        assert table_verify(table=table) == []

    # --- ratings with a history: a leaderboard of each game, and every Korean player charted in some game
    for game in available_games():
        assert leaderboard(game=game), game
    for person in KOREAN["members"]:
        events = RatingEvent.objects.filter(player__user__username=person["username"])
        assert max(events.filter(game=g).count() for g in available_games()) >= 2, person["username"]

    # --- a finished single and double elimination with every place, a finished freezeout with its places
    tournaments = Tournament.objects.filter(club=korean)
    for format_ in (Tournament.Format.SINGLE_ELIM, Tournament.Format.DOUBLE_ELIM):
        done = tournaments.get(format=format_, status=Tournament.Status.FINISHED)
        assert sorted(e.place for e in done.entrants.all())[0] == 1
        assert all(e.place is not None for e in done.entrants.all())
    poker = PokerTournament.objects.get(club=korean, status=PokerTournament.Status.FINISHED)
    assert poker.winner is not None and all(e.place is not None for e in poker.entrants.all())
    # --- and a running one of each format, and some open for registration
    running = set(tournaments.filter(status=Tournament.Status.RUNNING).values_list("format", flat=True))
    assert running == set(Tournament.Format.values)
    assert PokerTournament.objects.filter(club=korean, status=PokerTournament.Status.RUNNING).exists()
    assert Tournament.objects.filter(status=Tournament.Status.REGISTRATION).exists()
    assert PokerTournament.objects.filter(status=PokerTournament.Status.REGISTRATION).exists()

    # --- notifications waiting for every demo player
    for person in _people(KOREAN) + _people(EUROPEAN):
        unread = Notification.objects.filter(player__user__username=person["username"], read_at__isnull=True)
        assert unread.exists(), person["username"]

    # --- a second run changes nothing
    counts = (Club.objects.count(), Player.objects.count(), Table.objects.count())
    out = io.StringIO()
    call_command("demo_load", stdout=out, stderr=io.StringIO())
    assert (Club.objects.count(), Player.objects.count(), Table.objects.count()) == counts
    assert "already loaded" in out.getvalue()


def test_the_korean_club_plays_every_installed_game() -> None:
    # a game added later needs its finished and running season in seeds/demo/club.json
    for play in ("finished", "running"):
        assert {e["spec"]["game"] for e in KOREAN["seasons"] if e["play"] == play} == set(available_games())
