"""The front door through Django's test client (issue 34): the home page for a visitor and for a player, the
header's places on every page with the phone menu, the tournaments and leaderboards pages."""

import html
import random
import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from league.models import Membership
from league.services.clubs import club_create
from league.services.tournaments import TournamentSpec, tournament_create
from tests.league.factories import (
    ClubFactory,
    MembershipFactory,
    PlayerFactory,
    TournamentFactory,
    rated_table_for,
    table_for,
)
from tests.league.playing import play_moves
from tests.league.poker_playing import small_freezeout

pytestmark = pytest.mark.django_db

HEADER_PLACES = ("/clubs/", "/me/games/", "/tournaments/", "/leaderboards/")


@pytest.fixture
def site(django_capture_on_commit_callbacks):
    """A club with a table in play, a finished rated table, a bracket and a poker tournament open for entry."""
    organizer = PlayerFactory()
    club = club_create(name="Riverside", organizer=organizer)
    members = PlayerFactory.create_batch(3)
    for member in members:
        MembershipFactory(club=club, player=member, role=Membership.Role.MEMBER)
    live = table_for("black-card", players=members, club=club)
    finished = rated_table_for("palace-infighting", players=members[:2], club=club)
    with django_capture_on_commit_callbacks(execute=True):  # the rating follows the table's end
        play_moves(finished, random.Random(1))
    cup = tournament_create(
        club=club, by=organizer, spec=TournamentSpec(name="Spring cup", game="palace-infighting", format="single_elim")
    )
    poker = small_freezeout(club=club, by=organizer, name="Friday freezeout")
    return club, organizer, members, live, cup, poker


def _client(player=None, language="en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    if player is not None:
        client.force_login(player.user)
    return client


def test_a_visitor_reads_what_the_site_is_and_what_goes_on_in_it(site):
    club, _organizer, members, live, cup, poker = site
    page = _client().get("/").content.decode()
    assert "Card clubs run leagues, seasons and tournaments" in page
    assert 'href="/signup/"' in page and 'href="/login/"' in page
    # a live table to watch, the tournaments open for entry, a leaderboard with a rated player, the clubs
    assert f'href="/tables/{live.pk}/"' in page
    assert f'href="/tournaments/{cup.pk}/"' in page and f'href="/poker-tournaments/{poker.pk}/"' in page
    assert 'href="/leaderboards/palace-infighting/"' in page
    assert any(f'href="/players/{m.pk}/"' in page for m in members[:2])
    assert f'href="/clubs/{club.slug}/"' in page
    assert "Your clubs' news" not in page


def test_a_player_sees_their_turn_first_then_their_clubs_news(site):
    _club, _organizer, _members, live, _cup, _poker = site
    to_act = live.seats.get(to_act=True).player
    page = _client(to_act).get("/").content.decode()
    turn, news = page.index('id="your-turn"'), page.index('id="news"')
    assert turn < news < page.index('id="live"')
    assert f'href="/tables/{live.pk}/"' in page[turn:news]
    assert "Card clubs run leagues" not in page


def _title(page: str) -> str:
    return re.search(r"<title>(.*?)</title>", page, re.S).group(1).strip()


def test_the_home_page_is_titled_with_the_site_name_once_and_other_pages_add_theirs(site):
    # given: a visitor
    client = _client()
    # when: they open the home page and the clubs page
    home, clubs = client.get("/").content.decode(), client.get("/clubs/").content.decode()
    # then: the home page is the site's name, once; another page its own title, then the site's name
    assert _title(home) == "cardleague"
    assert _title(clubs) == "Clubs · cardleague"


def test_the_news_says_what_started_and_ended_in_the_players_clubs(site, django_capture_on_commit_callbacks):
    from league.services.tournaments import tournament_register, tournament_start

    _club, organizer, members, _live, cup, _poker = site
    for member in members:
        tournament_register(tournament=cup, player=member)
    tournament_start(tournament=cup, by=organizer)
    page = _client(members[0]).get("/").content.decode()
    news = page[page.index('id="news"') : page.index('id="live"')]
    assert re.search(rf'The tournament <a href="/tournaments/{cup.pk}/">Spring cup</a> has started', news)
    # someone of no club has no news
    assert "Nothing new in your clubs yet" in _client(PlayerFactory()).get("/").content.decode()


@pytest.mark.parametrize("path", ["/", "/clubs/", "/tournaments/", "/leaderboards/", "/leaderboards/coinche/"])
def test_every_page_has_the_header_places_and_a_phone_menu_without_script(site, path):
    page = _client().get(path).content.decode()
    header = page[page.index("<header") : page.index("</header>")]
    for place in HEADER_PLACES:
        assert header.count(f'href="{place}"') == 2, place  # inline, and in the phone menu
    assert '<details class="phone-menu">' in header and "<summary>" in header
    assert "onclick" not in header and "<script" not in header


def test_the_header_marks_the_page_you_are_on(site):
    page = _client().get("/tournaments/").content.decode()
    assert '<a href="/tournaments/" aria-current="page">' in page


def test_the_tournaments_page_lists_every_clubs_brackets_and_poker_by_status(site):
    _club, _organizer, _members, _live, _cup, _poker = site
    page = _client().get("/tournaments/").content.decode()
    entry = page[page.index('id="tournaments-registration"') : page.index('id="tournaments-finished"')]
    assert "Spring cup" in entry and "Friday freezeout" in entry and "freezeout" in entry


def test_the_leaderboards_page_shows_every_game_with_its_rated_players(site):
    _club, _organizer, members, *_ = site
    page = _client().get("/leaderboards/").content.decode()
    for game in ("the-court", "palace-infighting", "black-card", "coinche", "mini-poker"):
        assert f'id="board-{game}"' in page
    board = page[page.index('id="board-palace-infighting"') : page.index('id="board-black-card"')]
    assert f'href="/players/{members[0].pk}/"' in board


def test_the_front_door_reads_in_korean(site):
    page = _client(language="ko").get("/").content.decode()
    assert 'lang="ko"' in page
    assert "Card clubs run leagues" not in page and "Live tables to watch" not in page


def test_the_finished_tournaments_page_after_page_and_a_bad_moment_gives_the_first(monkeypatch):
    # given: five finished tournaments, and pages of two
    monkeypatch.setattr("league.views.home.TOURNAMENTS_LISTED", 2)
    club = ClubFactory()
    start = timezone.now() - timedelta(days=30)
    cups = [
        TournamentFactory(club=club, status="finished", started_at=start, finished_at=start + timedelta(days=i))
        for i in range(5)
    ]
    client = _client()
    # when: the reader follows the "older" link to the end
    seen, path = [], "/tournaments/"
    while path:
        page = client.get(path).content.decode()
        finished = page[page.index('id="tournaments-finished"') :]
        seen += [int(pk) for pk in re.findall(r'href="/tournaments/(\d+)/"', finished)]
        link = re.search(r'rel="next" href="([^"]+)"', page)
        path = html.unescape(link.group(1)) if link else ""
    # then: every finished tournament once, newest first; later pages leave out the running and open ones
    assert seen == [c.pk for c in reversed(cups)]
    later = client.get("/tournaments/", {"before": cups[2].finished_at.isoformat()}).content.decode()
    assert 'id="tournaments-running"' not in later and 'rel="first"' in later
    for bad in ("yesterday", "2026-01-01T00:00:00", "9" * 60):
        assert 'id="tournaments-running"' in client.get("/tournaments/", {"before": bad}).content.decode()
