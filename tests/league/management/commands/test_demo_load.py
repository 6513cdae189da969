"""manage.py demo_load (league/management/commands/demo_load.py) with the shipped seeds/demo/club.json."""

import io
import json

import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command

from games import available_games
from league.management.commands.demo_load import DEFAULT_SEEDS
from league.models import Account, Club, Membership, Player, Table
from league.services.verification import table_verify

pytestmark = pytest.mark.django_db

SPEC = json.loads(DEFAULT_SEEDS.read_text(encoding="utf-8"))


@pytest.fixture(autouse=True)
def fast_hashing(settings) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def test_the_seeds_hold_a_table_of_each_game() -> None:
    assert sorted(entry["game"] for entry in SPEC["tables"]) == sorted(
        ["the-court", "palace-infighting", "black-card", "coinche", "mini-poker"]
    )


def test_demo_load_makes_the_club_its_people_and_a_table_of_each_game_in_progress() -> None:
    call_command("demo_load", stdout=io.StringIO(), stderr=io.StringIO())

    club = Club.objects.get(slug="demo")
    roles = dict(club.memberships.values_list("player__user__username", "role"))
    assert roles["organizer"] == Membership.Role.ORGANIZER
    assert {roles[p["username"]] for p in SPEC["members"]} == {Membership.Role.MEMBER}
    tables = Table.objects.filter(club=club, round__isnull=True)  # the friendly tables; the seasons add their own
    assert sorted(tables.values_list("game", flat=True)) == sorted(
        e["game"] for e in SPEC["tables"] if e["game"] in available_games()
    )
    for table in tables:
        wanted = next(e["moves"] for e in SPEC["tables"] if e["game"] == table.game)
        # random deals: a table may end before its moves run out
        assert table.version == wanted or table.status == Table.Status.FINISHED
        assert table_verify(table=table) == []


def test_the_demo_seeds_are_drawn_at_load_time_not_taken_from_the_repository() -> None:
    # given: no seed in the shipped file
    assert all("seed" not in entry for entry in SPEC["tables"]) and "random_moves_seed" not in SPEC
    # when: the demo is loaded
    call_command("demo_load", stdout=io.StringIO(), stderr=io.StringIO())
    first = dict(Table.objects.filter(round__isnull=True).values_list("game", "seed"))
    from league.models import TableFairness

    servers = set(TableFairness.objects.values_list("server_seed", flat=True))
    # then: every table has a seed of its own, none of them a word of the repository
    assert len(set(first.values())) == len(first)
    assert not any(seed.startswith("demo") for seed in [*first.values(), *servers])
    assert all(len(seed) >= 32 for seed in first.values())


def test_the_demo_log_ins_work_and_the_organizer_may_use_the_admin() -> None:
    call_command("demo_load", stdout=io.StringIO(), stderr=io.StringIO())

    organizer = authenticate(username="organizer", password="organizer-demo")
    alice = authenticate(username="alice", password="alice-demo")
    assert organizer is not None and organizer.is_staff and not organizer.is_superuser
    assert organizer.has_perm("league.view_table") and organizer.has_perm("league.add_table")
    assert alice is not None and not alice.is_staff


def test_a_second_run_changes_nothing() -> None:
    call_command("demo_load", stdout=io.StringIO(), stderr=io.StringIO())
    counts = (Club.objects.count(), Player.objects.count(), Table.objects.count())
    out = io.StringIO()

    call_command("demo_load", stdout=out, stderr=io.StringIO())

    assert (Club.objects.count(), Player.objects.count(), Table.objects.count()) == counts
    assert "already loaded" in out.getvalue()


def test_the_demo_players_live_in_a_european_and_a_korean_club_s_zones_and_languages() -> None:
    call_command("demo_load", stdout=io.StringIO(), stderr=io.StringIO())

    accounts = {a.player.user.username: a for a in Account.objects.select_related("player__user")}
    people = SPEC["organizers"] + SPEC["members"]
    assert {a.time_zone for a in accounts.values()} >= {"Asia/Seoul", "Europe/Paris"}
    for person in people:
        account = accounts[person["username"]]
        assert (account.time_zone, account.player.language) == (person["time_zone"], person["language"])
        # their own choice: the browser a visitor logs in with does not replace it
        assert account.time_zone_chosen and account.language_chosen
    korean = [p for p in people if p["time_zone"] == "Asia/Seoul"]
    assert korean and all(p["language"] == "ko" for p in korean)
