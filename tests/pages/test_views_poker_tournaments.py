"""The poker tournament's pages through Django's test client: the organizer's form, entering, starting, the page
with its level, seating chart and places (and its live fragment), the results CSV, the club page's list."""

import csv
import io
import random
import re
from urllib.parse import quote

import pytest
from django.test import Client
from django.utils.html import escape

from league.models import Membership, Player, PokerEntrant, PokerHand, PokerTournament
from league.selectors import poker_tournaments as poker_selectors
from league.services.clubs import club_create
from league.services.poker_tournaments import poker_tournament_register
from league.tournaments import freezeout
from tests.league.factories import MembershipFactory, PlayerFactory
from tests.league.poker_playing import freezeout_started, hand_play, small_freezeout
from tests.pages.test_form_fuzz import HOSTILE

pytestmark = pytest.mark.django_db


@pytest.fixture
def club_setup():
    organizer = PlayerFactory()
    club = club_create(name="Seoul Club", organizer=organizer)
    members = PlayerFactory.create_batch(5)
    for member in members:
        MembershipFactory(club=club, player=member, role=Membership.Role.MEMBER)
    return club, organizer, members


def _client(player) -> Client:
    client = Client()
    client.force_login(player.user)
    return client


FORM = {
    "game": "the-court",
    "name": "Winter freezeout",
    "starting_stack": "800",
    "table_size": "3",
    "level_hands": "4",
    "levels": "10 5\n20, 10\n\n40 20",
    "points_table": "60 30 10",
    "time_per_move": "12",
}


def test_the_organizer_creates_a_tournament_from_the_form(club_setup):
    club, organizer, members = club_setup
    page = _client(organizer).get(f"/clubs/{club.slug}/poker-tournaments/new/")
    assert page.status_code == 200
    # only the games whose engine plays a freezeout are offered
    assert "?game=mini-poker" in page.content.decode() and "?game=coinche" not in page.content.decode()
    form = _client(organizer).get(f"/clubs/{club.slug}/poker-tournaments/new/?game=the-court")
    assert "Ante" in form.content.decode() and "Smallest bet" in form.content.decode()
    response = _client(organizer).post(f"/clubs/{club.slug}/poker-tournaments/new/", FORM)
    tournament = PokerTournament.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/poker-tournaments/{tournament.pk}/"
    assert tournament.levels == [{"ante": 10, "min_bet": 5}, {"ante": 20, "min_bet": 10}, {"ante": 40, "min_bet": 20}]
    assert tournament.points_table == ["60", "30", "10"] and tournament.time_per_move == 12 * 3600
    assert _client(members[0]).get(f"/clubs/{club.slug}/poker-tournaments/new/").status_code == 403


def test_the_organizer_chooses_whether_the_final_places_count_for_ratings(club_setup):
    club, organizer, _members = club_setup
    form = _client(organizer).get(f"/clubs/{club.slug}/poker-tournaments/new/?game=the-court").content.decode()
    assert "The final places count for ratings" in form
    _client(organizer).post(f"/clubs/{club.slug}/poker-tournaments/new/", FORM | {"rated": "on"})
    _client(organizer).post(f"/clubs/{club.slug}/poker-tournaments/new/", FORM | {"name": "Friendly"})
    assert dict(PokerTournament.objects.values_list("name", "rated")) == {"Winter freezeout": True, "Friendly": False}
    rated = PokerTournament.objects.get(name="Winter freezeout")
    page = _client(organizer).get(f"/poker-tournaments/{rated.pk}/").content.decode()
    assert "<dt>The final places count for ratings</dt><dd>yes</dd>" in page


def test_the_form_shows_what_is_wrong_and_creates_nothing(club_setup):
    club, organizer, _members = club_setup
    url = f"/clubs/{club.slug}/poker-tournaments/new/"
    response = _client(organizer).post(url, FORM | {"levels": "10\n20 10"})
    assert response.status_code == 400 and "Line 1" in response.content.decode()
    response = _client(organizer).post(url, FORM | {"levels": "20 10\n10 5"})
    assert response.status_code == 400 and "never fall" in response.content.decode()
    response = _client(organizer).post(url, FORM | {"points_table": "10 -5"})
    assert response.status_code == 400
    assert not PokerTournament.objects.exists()


def test_players_enter_the_organizer_starts_and_the_page_shows_the_seating_chart(club_setup):
    club, organizer, members = club_setup
    _client(organizer).post(
        f"/clubs/{club.slug}/poker-tournaments/new/", FORM | {"game": "mini-poker", "levels": "5\n10"}
    )
    tournament = PokerTournament.objects.get()
    url = f"/poker-tournaments/{tournament.pk}/"
    for member in members:
        assert _client(member).post(f"{url}enter/").status_code == 302
    _client(members[0]).post(f"{url}leave/")
    assert PokerEntrant.objects.filter(competition=tournament).count() == 4
    page = _client(members[1]).get(url).content.decode()
    assert "Leave the tournament" in page and "Start the tournament" not in page
    # before the start the entrants are numbered, with no place, bust or points yet
    places = page.split('class="poker-places"')[1].split("</table>")[0]
    assert [re.sub("<[^>]+>", "", h) for h in re.findall("<th[^>]*>.*?</th>", places)] == ["#", "Player", "Chips"]
    assert [int(n) for n in re.findall(r"<tr><td>(\d+)</td>", places)] == [1, 2, 3, 4]
    assert "still in" not in places
    # only an organizer starts it
    _client(members[1]).post(f"{url}start/")
    assert PokerTournament.objects.get().status == "registration"
    assert _client(organizer).post(f"{url}start/").status_code == 302
    tournament.refresh_from_db()
    assert tournament.status == "running"
    page = Client().get(url)
    text = page.content.decode()
    assert page.status_code == 200
    assert "Seating chart" in text and "Level 1 of 2" in text and "Ante 5" in text
    assert "1: 60 · 2: 30 · 3: 10" in text  # the points table as people write it
    assert text.count('class="poker-table"') == 2 and "Hand 1 in play" in text
    places = text.split('class="poker-places"')[1].split("</table>")[0]
    assert "Out in hand" in places and places.count("still in") == 4
    for entrant in PokerEntrant.objects.filter(competition=tournament).select_related("player"):
        assert entrant.player.display_name in text
    assert tournament.state["seed"] not in text
    fragment = Client().get(url, headers={"HX-Request": "true"}).content.decode()
    assert fragment.startswith('\n<div id="live"') or fragment.lstrip().startswith('<div id="live"')
    assert "<html" not in fragment and "Seating chart" in fragment
    club_page = Client().get(f"/clubs/{club.slug}/").content.decode()
    assert f"/poker-tournaments/{tournament.pk}/" in club_page


def test_the_results_csv_lists_every_entrant(club_setup):
    club, organizer, members = club_setup
    _client(organizer).post(f"/clubs/{club.slug}/poker-tournaments/new/", FORM | {"game": "black-card", "levels": "1"})
    tournament = PokerTournament.objects.get()
    for member in members[:3]:
        _client(member).post(f"/poker-tournaments/{tournament.pk}/enter/")
    response = Client().get(f"/poker-tournaments/{tournament.pk}/export/standings.csv")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == ["place", "shared", "player", "points", "bust_hand", "chips"]
    assert sorted(row[2] for row in rows[1:]) == sorted(m.display_name for m in members[:3])


def test_an_unknown_action_or_tournament_is_404(club_setup):
    club, organizer, _members = club_setup
    _client(organizer).post(f"/clubs/{club.slug}/poker-tournaments/new/", FORM)
    tournament = PokerTournament.objects.get()
    assert _client(organizer).post(f"/poker-tournaments/{tournament.pk}/explode/").status_code == 404
    assert Client().get("/poker-tournaments/999999/").status_code == 404


def test_the_page_reads_in_korean(club_setup):
    club, organizer, members = club_setup
    _client(organizer).post(f"/clubs/{club.slug}/poker-tournaments/new/", FORM | {"game": "mini-poker", "levels": "5"})
    tournament = PokerTournament.objects.get()
    for member in members[:3]:
        _client(member).post(f"/poker-tournaments/{tournament.pk}/enter/")
    _client(organizer).post(f"/poker-tournaments/{tournament.pk}/start/")
    organizer.language = "ko"
    organizer.save(update_fields=["language"])
    text = _client(organizer).get(f"/poker-tournaments/{tournament.pk}/").content.decode()
    assert "좌석 배치" in text and "레벨 1 / 1" in text and "마지막 레벨입니다" in text
    assert "Seating chart" not in text


def test_a_finished_tournament_shows_its_winner_places_points_and_seed(club_setup, django_capture_on_commit_callbacks):
    club, organizer, members = club_setup
    form = FORM | {"game": "mini-poker", "starting_stack": "100", "levels": "40\n100", "level_hands": "1"}
    _client(organizer).post(f"/clubs/{club.slug}/poker-tournaments/new/", form)
    tournament = PokerTournament.objects.get()
    for member in members[:3]:
        _client(member).post(f"/poker-tournaments/{tournament.pk}/enter/")
    _client(organizer).post(f"/poker-tournaments/{tournament.pk}/start/")
    rnd = random.Random(5)
    for _ in range(100):
        tournament.refresh_from_db()
        if tournament.status == "finished":
            break
        hand = PokerHand.objects.filter(tournament=tournament, stacks_end__isnull=True).select_related("table").first()
        hand_play(hand.table, rnd, django_capture_on_commit_callbacks)
    assert tournament.status == "finished"
    text = Client().get(f"/poker-tournaments/{tournament.pk}/").content.decode()
    assert f"{tournament.winner.display_name} wins the tournament." in text
    assert "Seating chart" not in text and tournament.state["seed"] in text
    rows = list(
        csv.reader(
            io.StringIO(Client().get(f"/poker-tournaments/{tournament.pk}/export/standings.csv").content.decode())
        )
    )
    assert [row[0] for row in rows[1:]] == ["1", "2", "3"] or rows[2][0] == rows[3][0]
    assert rows[1][2] == tournament.winner.display_name and rows[1][3] == "60.000"


@pytest.mark.slow
def test_the_form_survives_hostile_values_in_every_field(club_setup):
    """The form fuzzer's values (tests/pages/test_form_fuzz.py), each field in turn: a form error, never a 5xx."""
    club, organizer, _members = club_setup
    url = f"/clubs/{club.slug}/poker-tournaments/new/"
    client = _client(organizer)
    for field in FORM:
        for value in HOSTILE:
            body = "&".join(f"{name}={value if name == field else quote(str(v))}" for name, v in FORM.items())
            response = client.post(url, body, content_type="application/x-www-form-urlencoded")
            assert response.status_code < 500, (field, value[:40])


# --- the seating chart a part at a time ------------------------------------------------------------------------------


def _tables_shown(text: str) -> list[int]:
    return [int(n) for n in re.findall(r'<h3 id="poker-table-(\d+)"', text)]


def _next_link(text: str) -> str:
    found = re.search(r'<a rel="next" href="([^"]+)"', text)
    return found.group(1) if found else ""


def test_the_seating_chart_shows_a_part_at_a_time_and_its_parts_join_into_the_whole(monkeypatch):
    # given: ten players at tables of three (four tables), parts of two tables
    monkeypatch.setattr(poker_selectors, "SEATING_PAGE", 2)
    tournament, players = freezeout_started(10)
    numbers = [table["id"] for table in freezeout.tables_live(tournament.state)]
    assert len(numbers) == 4
    # when: a visitor follows the parts' rel="next" links from the page
    seen, charts, path = [], "", f"/poker-tournaments/{tournament.pk}/"
    while path:
        text = Client().get(path).content.decode()
        seen.append(_tables_shown(text))
        charts += text.split('id="seating"')[1].split('id="places"')[0]
        path = _next_link(text)
    # then: two parts, every table once in order, every player seated in one of them, linked to their profile
    assert seen == [numbers[:2], numbers[2:]]
    for player in players:
        assert charts.count(f'href="/players/{player.pk}/"') == 1


def test_a_seated_reader_opens_on_the_part_holding_their_table_and_the_refresh_follows_it(monkeypatch):
    # given: parts of two tables; the reader sits at the last table
    monkeypatch.setattr(poker_selectors, "SEATING_PAGE", 2)
    tournament, _players = freezeout_started(10)
    last = freezeout.tables_live(tournament.state)[-1]
    reader = _client(Player.objects.get(pk=freezeout.players_in(last)[0]))
    url = f"/poker-tournaments/{tournament.pk}/"
    # when: they open the page
    text = reader.get(url).content.decode()
    # then: their table comes first, marked, in the part holding it; the refresh asks for their table again
    shown = _tables_shown(text)
    assert shown[0] == last["id"] and len(shown) == 2 and "your table" in text
    assert f'hx-get="{url}"' in text
    assert _tables_shown(reader.get(url, headers={"HX-Request": "true"}).content.decode())[0] == last["id"]
    # and another part, opened by its link, is the part its refresh keeps
    first = _tables_shown(reader.get(f"{url}?after=0").content.decode())
    fragment = reader.get(f"{url}?after=0", headers={"HX-Request": "true"}).content.decode()
    assert f'hx-get="{url}?after=0"' in fragment
    assert _tables_shown(fragment) == first and last["id"] not in first


@pytest.mark.parametrize("after", ["x", "-2", "1.5", "99999999999", "%EF%BC%93"])
def test_a_bad_after_shows_the_first_part_of_the_seating_chart(monkeypatch, after):
    monkeypatch.setattr(poker_selectors, "SEATING_PAGE", 2)
    tournament, _players = freezeout_started(10)
    numbers = [table["id"] for table in freezeout.tables_live(tournament.state)]
    response = Client().get(f"/poker-tournaments/{tournament.pk}/?after={after}")
    assert response.status_code == 200
    assert _tables_shown(response.content.decode()) == numbers[:2]


def test_an_after_past_the_last_table_shows_the_first_part(monkeypatch):
    # a link kept while tables broke may point past the last table still in play
    monkeypatch.setattr(poker_selectors, "SEATING_PAGE", 2)
    tournament, _players = freezeout_started(10)
    numbers = [table["id"] for table in freezeout.tables_live(tournament.state)]
    text = Client().get(f"/poker-tournaments/{tournament.pk}/?after={numbers[-1]}").content.decode()
    assert _tables_shown(text) == numbers[:2]


def test_the_parts_of_the_seating_chart_read_in_korean(monkeypatch):
    monkeypatch.setattr(poker_selectors, "SEATING_PAGE", 2)
    tournament, _players = freezeout_started(10)
    reader = Player.objects.get(pk=freezeout.players_in(freezeout.tables_live(tournament.state)[0])[0])
    reader.language = "ko"
    reader.save(update_fields=["language"])
    text = _client(reader).get(f"/poker-tournaments/{tournament.pk}/").content.decode()
    for english in ("Parts of the seating chart", "Later tables", "your table", "Your table: "):
        assert english not in text


def test_before_the_start_the_organizer_removes_an_entrant_by_the_button_of_their_row(club_setup):
    # given: two entrants; the organizer's client checks CSRF as a browser's request is checked
    club, organizer, members = club_setup
    poker = small_freezeout(club=club, by=organizer)
    for member in members[:2]:
        poker_tournament_register(tournament=poker, player=member)
    client = Client(enforce_csrf_checks=True)
    client.force_login(organizer.user)
    page = client.get(f"/poker-tournaments/{poker.pk}/").content.decode()
    # when: the form of the first entrant's row is sent as the page wrote it
    action = f"/poker-tournaments/{poker.pk}/entrants/{members[0].pk}/remove/"
    form = re.search(rf'<form method="post" action="{action}" class="inline">.*?value="([^"]+)"', page)
    assert form is not None and f'aria-label="Remove {escape(members[0].display_name)}"' in page
    response = client.post(action, {"csrfmiddlewaretoken": form.group(1)})
    # then: they are out, the other still in
    assert response.status_code == 302
    assert list(PokerEntrant.objects.filter(competition=poker).values_list("player_id", flat=True)) == [members[1].pk]
