"""The tournament pages (league/views/tournaments.py), through Django's test client: the club's list and the
organizer's form, the tournament page with its bracket as SVG, the actions, the exports."""

import csv
import io
import random
import re

import pytest
from django.test import Client
from django.utils.timezone import now

from league.models import Entrant, Membership, Season, Standing, Table, Tournament
from league.services.clubs import club_create
from league.services.tournaments import TournamentSpec, tournament_create, tournament_register, tournament_start
from league.views.tournaments import CLUB_TOURNAMENTS_SHOWN
from tests.league.factories import ClubFactory, MembershipFactory, PlayerFactory, TournamentFactory, state_of
from tests.league.playing import play_moves

pytestmark = pytest.mark.django_db


@pytest.fixture
def club_setup():
    organizer = PlayerFactory()
    club = club_create(name="Busan Club", organizer=organizer)
    members = PlayerFactory.create_batch(4)
    for member in members:
        MembershipFactory(club=club, player=member, role=Membership.Role.MEMBER)
    return club, organizer, members


def _client(player=None) -> Client:
    client = Client()
    if player is not None:
        client.force_login(player.user)
    return client


def _cup(club, organizer, members, **spec):
    values = {"name": "Spring Cup", "game": "palace-infighting", "format": "double_elim", "seeding": "entered"}
    tournament = tournament_create(club=club, by=organizer, spec=TournamentSpec(**{**values, **spec}))
    for member in members:
        tournament_register(tournament=tournament, player=member)
    return tournament


def test_a_clubs_tournaments_come_a_page_at_a_time_newest_first_each_once():
    # given: a club with a page and a half of tournaments, and another club's
    club = ClubFactory()
    cups = TournamentFactory.create_batch(CLUB_TOURNAMENTS_SHOWN * 3 // 2, club=club)
    TournamentFactory(club=ClubFactory(), name="Elsewhere Cup")
    newest_first = [cup.name for cup in reversed(cups)]
    # when: the first page is read, then the page its link leads to
    first = Client().get(f"/clubs/{club.slug}/tournaments/").content.decode()
    older = re.search(r'rel="next" href="([^"]*\?before=\d+)"', first)
    assert older is not None
    second = Client().get(older.group(1).replace("&amp;", "&")).content.decode()
    # then: the newest page first, the rest on the next, each once, nothing of the other club, and a way back
    listed = [re.findall(r">(Cup \d+)</a>", page) for page in (first, second)]
    assert listed[0] == newest_first[:CLUB_TOURNAMENTS_SHOWN]
    assert listed[1] == newest_first[CLUB_TOURNAMENTS_SHOWN:]
    assert "Elsewhere Cup" not in first + second
    assert 'rel="next"' not in second and f'rel="first" href="/clubs/{club.slug}/tournaments/"' in second
    # and a keyset that is not a number is the first page, not an error
    assert Client().get(f"/clubs/{club.slug}/tournaments/?before=x").content.decode().count(">Cup ") == len(listed[0])


def test_the_club_page_links_to_its_tournaments(club_setup):
    club, _organizer, _members = club_setup
    page = _client().get(f"/clubs/{club.slug}/").content.decode()
    assert f"/clubs/{club.slug}/tournaments/" in page


def test_an_organizer_creates_a_tournament_from_the_form(club_setup):
    club, organizer, members = club_setup
    data = {
        "name": "Winter Cup",
        "game": "palace-infighting",
        "format": "single_elim",
        "seeding": "lot",
        "best_of": "3",
        "third_place": "on",
        "playoff": "single_elim",
        "hours_per_move": "24",
        "points": "10, 6, 4",
        "rated": "on",
    }
    response = _client(organizer).post(f"/clubs/{club.slug}/tournaments/", data)
    tournament = Tournament.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/tournaments/{tournament.pk}/"
    assert (tournament.best_of, tournament.third_place, tournament.points) == (3, True, [10, 6, 4])
    # a member sees the list but no form, and cannot post one
    page = _client(members[0]).get(f"/clubs/{club.slug}/tournaments/").content.decode()
    assert "Winter Cup" in page and 'name="hours_per_move"' not in page
    assert _client(members[0]).post(f"/clubs/{club.slug}/tournaments/", data).status_code == 403


def test_a_refused_setting_is_shown_on_its_field(club_setup):
    club, organizer, _ = club_setup
    data = {"name": "Cup", "game": "palace-infighting", "format": "multi_elim", "seeding": "rating"}
    data |= {"best_of": "1", "playoff": "single_elim", "hours_per_move": "24"}
    response = _client(organizer).post(f"/clubs/{club.slug}/tournaments/", data)
    assert response.status_code == 400
    assert "Multiplayer elimination needs a game of three or more seats." in response.content.decode()
    assert not Tournament.objects.exists()


def test_members_enter_and_the_organizer_starts_from_the_page(club_setup):
    club, organizer, members = club_setup
    tournament = _cup(club, organizer, members[:3])
    page = _client(members[3]).get(f"/tournaments/{tournament.pk}/").content.decode()
    assert f"/tournaments/{tournament.pk}/enter/" in page
    assert _client(members[3]).post(f"/tournaments/{tournament.pk}/enter/").status_code == 302
    assert Entrant.objects.filter(competition=tournament).count() == 4
    # a member cannot start it; the organizer can
    _client(members[0]).post(f"/tournaments/{tournament.pk}/start/")
    assert Tournament.objects.get().status == Tournament.Status.REGISTRATION
    _client(organizer).post(f"/tournaments/{tournament.pk}/start/")
    assert Tournament.objects.get().status == Tournament.Status.RUNNING
    assert Table.objects.filter(tournament_link__tournament=tournament).count() == 2


def test_the_bracket_is_drawn_as_svg_with_the_names_escaped(club_setup):
    club, organizer, members = club_setup
    members[0].display_name = "<b>Mallory</b>"
    members[0].save()
    tournament = _cup(club, organizer, members)
    tournament_start(tournament=tournament, by=organizer)
    page = _client().get(f"/tournaments/{tournament.pk}/").content.decode()
    assert '<svg xmlns="http://www.w3.org/2000/svg" class="bracket"' in page
    assert "Grand final" in page and "Losers final" in page
    assert "&lt;b&gt;Mallory" in page and "<b>Mallory" not in page
    # the fragment htmx refreshes while the tournament runs
    fragment = _client().get(f"/tournaments/{tournament.pk}/", headers={"HX-Request": "true"}).content.decode()
    assert fragment.startswith('\n<div id="bracket"') or fragment.lstrip().startswith('<div id="bracket"')
    assert 'hx-trigger="every 10s"' in fragment


def test_the_exports_list_standings_and_every_seat(club_setup, django_capture_on_commit_callbacks):
    club, organizer, members = club_setup
    tournament = _cup(club, organizer, members[:2], format="single_elim", points=[5, 2])
    tournament_start(tournament=tournament, by=organizer)
    table = Table.objects.get(tournament_link__tournament=tournament)
    with django_capture_on_commit_callbacks(execute=True):
        play_moves(table, random.Random(1))
    standings = _client().get(f"/tournaments/{tournament.pk}/export/standings.csv")
    rows = list(csv.reader(io.StringIO(standings.content.decode())))
    assert rows[0] == [
        "place", "shared", "seed", "player_id", "player", "points", "withdrawn", "partner_id", "partner"
    ]  # fmt: skip
    assert sorted(row[0] for row in rows[1:]) == ["1", "2"]
    results = _client().get(f"/tournaments/{tournament.pk}/export/results.csv").content.decode()
    lines = list(csv.reader(io.StringIO(results)))
    assert len(lines) == 3 and lines[1][0] == "W1.1" and lines[1][3] == "finished"
    assert _client().get(f"/tournaments/{tournament.pk}/export/secrets.csv").status_code == 404


def test_the_bracket_speaks_the_readers_language(club_setup):
    club, organizer, members = club_setup
    tournament = _cup(club, organizer, members)
    tournament_start(tournament=tournament, by=organizer)
    members[0].language = "ko"
    members[0].save()
    page = _client(members[0]).get(f"/tournaments/{tournament.pk}/").content.decode()
    assert "그랜드 파이널" in page and "패자조 결승" in page and "토너먼트" in page


def test_a_multiplayer_elimination_page_lists_each_rounds_tables(club_setup, fake_game):
    club, organizer, members = club_setup
    extra = PlayerFactory.create_batch(3)
    for player in extra:
        MembershipFactory(club=club, player=player, role=Membership.Role.MEMBER)
    tournament = _cup(club, organizer, members + extra, game=fake_game, format="multi_elim", options={"rounds": 1})
    tournament_start(tournament=tournament, by=organizer)
    page = _client().get(f"/tournaments/{tournament.pk}/").content.decode()
    assert "<svg" not in page
    assert "Round 1" in page and 'class="rounds"' in page
    tables = Table.objects.filter(tournament_link__tournament=tournament)
    assert tables.count() == 2
    for table in tables:
        assert f'href="/tables/{table.pk}/"' in page
    for player in members + extra:
        assert player.display_name in page


def _coinche_cup(club, organizer, teams):
    spec = TournamentSpec(name="Coinche Cup", game="coinche", format="single_elim", seeding="entered")
    tournament = tournament_create(club=club, by=organizer, spec=spec)
    for player, partner in teams:
        tournament_register(tournament=tournament, player=player, partner=partner, by=organizer)
    return tournament


def test_an_organizer_enters_a_team_from_the_page(club_setup):
    club, organizer, members = club_setup
    tournament = _coinche_cup(club, organizer, [])
    url = f"/tournaments/{tournament.pk}/"
    page = _client(organizer).get(url).content.decode()
    assert f'action="{url}team/"' in page and 'name="partner"' in page
    # a member sees neither the team form nor an entry button of their own
    member_page = _client(members[0]).get(url).content.decode()
    assert 'name="partner"' not in member_page and f"{url}enter/" not in member_page
    team = {"player": members[0].pk, "partner": members[1].pk}
    assert _client(members[0]).post(f"{url}team/", team).status_code == 403
    assert _client(organizer).post(f"{url}team/", team).status_code == 302
    entrant = Entrant.objects.get(competition=tournament)
    assert (entrant.player_id, entrant.partner_id) == (members[0].pk, members[1].pk)
    # a player already in a team: the refusal is shown on the form
    refused = _client(organizer).post(f"{url}team/", {"player": members[2].pk, "partner": members[1].pk})
    assert refused.status_code == 400 and "already entered" in refused.content.decode()


def test_a_team_bracket_names_each_team_with_both_players(club_setup):
    club, organizer, members = club_setup
    for member, name in zip(members, ["Alice", "Bob", "Carol", "Dan"], strict=True):
        member.display_name = name
        member.save()
    tournament = _coinche_cup(club, organizer, [(members[0], members[1]), (members[2], members[3])])
    tournament_start(tournament=tournament, by=organizer)
    page = _client().get(f"/tournaments/{tournament.pk}/").content.decode()
    assert "Alice &amp; Bob" in page and "Carol &amp; Dan" in page
    # the table in play lists each team once
    assert "Alice &amp; Bob – Carol &amp; Dan" in page


def test_t_d4_the_organizer_rules_a_forfeit_from_the_page(club_setup):
    club, organizer, members = club_setup
    tournament = _cup(club, organizer, members, format="single_elim")
    tournament_start(tournament=tournament, by=organizer)
    url = f"/tournaments/{tournament.pk}/"
    page = _client(organizer).get(url).content.decode()
    assert f'action="{url}forfeit/"' in page
    assert f'value="W1.1:{members[0].pk}"' in page
    assert f'action="{url}forfeit/"' not in _client(members[0]).get(url).content.decode()
    ruling = {"forfeit": f"W1.1:{members[0].pk}", "reason": "absent"}
    # others are refused; the form needs its CSRF token
    assert _client(members[1]).post(f"{url}forfeit/", ruling).status_code == 403
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(organizer.user)
    assert strict.post(f"{url}forfeit/", ruling).status_code == 403
    assert _client(organizer).post(f"{url}forfeit/", ruling).status_code == 302
    tournament.refresh_from_db()
    match = next(m for m in state_of(tournament)["matches"] if m["id"] == "W1.1")
    loser = Entrant.objects.get(competition=tournament, player=members[0])
    assert (match["decided"], match["loser"]) == ("forfeit", loser.pk)
    # the match is decided: it is no longer offered, and the same ruling is refused
    assert f'value="W1.1:{members[0].pk}"' not in _client(organizer).get(url).content.decode()
    assert _client(organizer).post(f"{url}forfeit/", ruling).status_code == 400


def test_t_r11_a_playoff_per_division_is_created_and_started_from_the_pages(club_setup, fake_game):
    club, organizer, members = club_setup
    divisions = []
    for level, (name, players) in enumerate((("North", members[:2]), ("South", members[2:])), start=1):
        season = Season.objects.create(
            club=club,
            name="League",
            league="league",
            division_level=level,
            division_name=name,
            game=fake_game,
            status=Season.Status.DRAFT,
        )
        for rank, player in enumerate(players, start=1):
            entrant = Entrant.objects.create(competition=season, player=player)
            Standing.objects.create(season=season, entrant=entrant, rank=rank, points=5, lot=rank, computed_at=now())
        divisions.append(season)
    data = {"name": "Playoff", "game": fake_game, "format": "two_stage", "seeding": "standings"}
    data |= {"season": divisions[0].pk, "stage_top": "2", "per_division": "on", "best_of": "1"}
    data |= {"playoff": "single_elim", "hours_per_move": "24"}
    # when: the organizer creates the playoffs from the form (the test game's default options)
    response = _client(organizer).post(f"/clubs/{club.slug}/tournaments/", data)
    assert response.status_code == 302 and response["Location"] == f"/clubs/{club.slug}/tournaments/"
    north, south = Tournament.objects.order_by("id")
    assert (north.name, north.season_id, south.season_id) == ("Playoff · North", divisions[0].pk, divisions[1].pk)
    # then: a playoff starts from its page once its division has finished, with its division's players
    Season.objects.filter(pk=divisions[0].pk).update(status=Season.Status.FINISHED)
    assert _client(organizer).post(f"/tournaments/{north.pk}/start/").status_code == 302
    north.refresh_from_db()
    assert north.status == Tournament.Status.RUNNING
    entered = Entrant.objects.filter(competition=north).order_by("seed").values_list("player_id", flat=True)
    assert list(entered) == [members[0].pk, members[1].pk]
    _client(organizer).post(f"/tournaments/{south.pk}/start/")
    assert Tournament.objects.get(pk=south.pk).status == Tournament.Status.REGISTRATION  # the South still plays


def test_t_r11_a_group_stage_is_created_entered_started_and_ruled_from_the_pages(club_setup, fake_game):
    club, organizer, members = club_setup
    data = {"name": "Group Cup", "game": fake_game, "format": "two_stage", "seeding": "entered", "groups": "2"}
    data |= {"stage_top": "1", "best_of": "1", "playoff": "single_elim", "hours_per_move": "24"}
    response = _client(organizer).post(f"/clubs/{club.slug}/tournaments/", data)
    tournament = Tournament.objects.get()
    assert response.status_code == 302 and (tournament.groups, tournament.stage_top) == (2, 1)
    url = f"/tournaments/{tournament.pk}/"
    # members enter from the page (groups take registration, a season's playoff does not)
    for member in members:
        assert f"{url}enter/" in _client(member).get(url).content.decode()
        assert _client(member).post(f"{url}enter/").status_code == 302
    assert _client(organizer).post(f"{url}start/").status_code == 302
    page = _client().get(url).content.decode()
    # two groups of two, each with its one match in play; no bracket until the groups are over
    assert "Group A" in page and "Group B" in page and "<svg" not in page
    assert Table.objects.filter(tournament_link__tournament=tournament, status=Table.Status.ACTIVE).count() == 2
    # when: the organizer rules both group matches forfeited from the page
    for match_id in ("G1.1", "G2.1"):
        match = next(m for m in state_of(Tournament.objects.get())["group_matches"] if m["id"] == match_id)
        loser = Entrant.objects.get(pk=match["entrants"][0])
        ruling = {"forfeit": f"{match_id}:{loser.player_id}", "reason": "absent"}
        assert _client(organizer).post(f"{url}forfeit/", ruling).status_code == 302
    # then: the groups are over and their winners meet in the playoff's final, drawn as a bracket
    tournament.refresh_from_db()
    assert "group_stage" in tournament.state and len(tournament.state["entrants"]) == 2
    page = _client().get(url).content.decode()
    assert "Group A" in page and '<svg xmlns="http://www.w3.org/2000/svg" class="bracket"' in page


def _drawn(page: str, match_id: str) -> bool:
    """The bracket's drawing holds the match's box (its tooltip names it first)."""
    return re.search(rf"<title>{re.escape(match_id)}( —[^<]*)?</title>", page) is not None


def test_a_large_bracket_page_draws_a_part_at_a_time_and_finds_the_readers_match(club_setup):
    club, organizer, _ = club_setup
    members = PlayerFactory.create_batch(130)
    for member in members:
        MembershipFactory(club=club, player=member, role=Membership.Role.MEMBER)
    tournament = _cup(club, organizer, members, format="single_elim")
    tournament = tournament_start(tournament=tournament, by=organizer)
    matches = {m["id"]: m for m in state_of(tournament)["matches"]}

    page = _client().get(f"/tournaments/{tournament.pk}/").content.decode()
    # a visitor sees the first part: rounds 1 to 5 of sixteen first-round matches, the standings' first hundred
    assert "rounds 1–5, part 1 of 8" in page
    assert _drawn(page, "W1.16") and not _drawn(page, "W1.17")
    assert 'href="?round=1&amp;part=1" rel="next"' in page and 'rel="prev"' not in page
    assert "And 30 more entrants" in page
    # another part on request, and the reader's own match first
    assert _drawn(_client().get(f"/tournaments/{tournament.pk}/?round=1&part=3").content.decode(), "W1.49")
    entrant = Entrant.objects.get(competition=tournament, player=members[0])
    # (the first seed's bye took it to round 2 at once: its latest match is there)
    own = max((m for m in matches.values() if entrant.pk in m["entrants"]), key=lambda m: m["round"])
    assert own["round"] == 2
    mine = _client(members[0]).get(f"/tournaments/{tournament.pk}/").content.decode()
    assert _drawn(mine, own["id"])
    assert f"rounds 2–6, part {(own['number'] - 1) // 16 + 1} of 4" in mine
    # the refresh keeps the part being read
    fragment = (
        _client().get(f"/tournaments/{tournament.pk}/?round=1&part=3", headers={"HX-Request": "true"}).content.decode()
    )
    assert "?round=1&amp;part=3" in fragment and _drawn(fragment, "W1.49")
