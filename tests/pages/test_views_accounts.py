"""Sign-up, log-in with the player's language, the profile, the club page and the leaderboards."""

import re

import pytest
from django.conf import settings
from django.test import Client

from league.models import Player, PokerHand
from league.services.clubs import club_create
from tests.league.factories import PlayerFactory
from tests.league.poker_playing import freezeout_played

pytestmark = pytest.mark.django_db


def test_signup_creates_the_user_and_the_player_and_logs_in():
    client = Client()
    response = client.post(
        "/signup/",
        {
            "username": "mina",
            "password1": "correct horse 2027",
            "password2": "correct horse 2027",
            "display_name": "민아",
            "language": "ko",
            "email": "mina@example.org",
        },
    )
    player = Player.objects.get(user__username="mina")
    assert response.status_code == 302
    assert (player.display_name, player.language) == ("민아", "ko")
    assert client.get("/inbox/").status_code == 200


def test_signup_with_a_taken_username_is_a_form_error():
    PlayerFactory(user__username="jun")
    response = Client().post(
        "/signup/",
        {
            "username": "jun",
            "password1": "correct horse 2027",
            "password2": "correct horse 2027",
            "display_name": "Jun",
            "language": "en",
        },
    )
    assert response.status_code == 400
    assert Player.objects.filter(user__username="jun").count() == 1


@pytest.mark.parametrize(
    ("username", "says"),
    [
        ("Jun", "A user with that username already exists."),  # Django's form folds case itself
        ("\u0458un", "This username looks like one that is taken; choose another."),
        ("ju\u200bn", "Enter a valid username."),  # Django's validator takes letters, digits and @.+-_ only
    ],
)
def test_signup_with_a_look_alike_or_an_invisible_character_is_a_form_error(username: str, says: str):
    # given: jun has an account; a newcomer picks a name a reader would take for his (a Cyrillic ј), or his
    # name with a zero-width space in it
    PlayerFactory(user__username="jun")
    response = Client().post(
        "/signup/",
        {
            "username": username,
            "email": "other@example.org",
            "password1": "correct horse 2027",
            "password2": "correct horse 2027",
            "display_name": "Other",
            "language": "en",
        },
    )
    # then: refused on the username, nothing made
    assert response.status_code == 400
    assert says in response.content.decode()
    assert Player.objects.count() == 1


def test_signup_language_defaults_from_the_browser():
    response = Client().get("/signup/", HTTP_ACCEPT_LANGUAGE="ko-KR,ko;q=0.9")
    assert '<option value="ko" selected>' in response.content.decode()


def test_the_players_language_is_applied_after_log_in():
    player = PlayerFactory(language="ko")
    client = Client()
    client.force_login(player.user)
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "ko"
    assert '<html lang="ko">' in response.content.decode()


def test_profile_club_and_leaderboards_render():
    player = PlayerFactory(display_name="Mina")
    club = club_create(name="Daegu Club", organizer=player)
    client = Client()
    assert "Mina" in client.get(f"/players/{player.pk}/").content.decode()
    club_page = client.get(f"/clubs/{club.slug}/").content.decode()
    assert "Mina" in club_page
    assert "Create a season" not in club_page
    assert client.get("/leaderboards/coinche/").status_code == 200
    assert client.get(f"/clubs/{club.slug}/leaderboards/black-card/").status_code == 200
    assert client.get("/leaderboards/chess/").status_code == 404


def test_profile_draws_the_rating_history_of_each_game():
    import random

    from league.services.ratings import table_rate
    from tests.league.factories import rated_table_for
    from tests.league.playing import play_moves, short_options

    table = play_moves(rated_table_for("the-court", players=2, options=short_options("the-court")), random.Random(3))
    table_rate(table=table)
    player = table.seats.get(index=0).player
    page = Client().get(f"/players/{player.pk}/").content.decode()
    points = page.split("<polyline", 1)[1].split('points="', 1)[1].split('"', 1)[0].split()
    # one rated table: one point of the chart, and the table in the history
    assert len(points) == 1
    assert f'href="/tables/{table.pk}/"' in page


def test_the_profile_shows_a_poker_tournaments_rating_by_its_name_and_link():
    """A poker tournament is rated once, with no table: its point on the chart names and links the tournament."""
    tournament = freezeout_played(count=3, name="Midnight turbo")
    page = Client().get(f"/players/{tournament.winner_id}/")

    assert page.status_code == 200
    chart = page.content.decode().split('<svg class="rating-chart"', 1)[1].split("</svg>", 1)[0]
    assert f'<a href="/poker-tournaments/{tournament.pk}/"><circle class="dot"' in chart
    assert "Midnight turbo</title>" in chart


def test_the_profile_lists_a_poker_tournament_once_with_its_place_and_none_of_its_hands_as_tables():
    tournament = freezeout_played(count=3, name="Midnight turbo")
    winner = Player.objects.get(pk=tournament.winner_id)
    hands = set(PokerHand.objects.filter(tournament=tournament).values_list("table_id", flat=True))
    assert hands

    page = Client().get(f"/players/{winner.pk}/").content.decode()

    history, tournaments = page.split(">History<", 1)[1].split(">Tournaments<", 1)
    assert not any(f'href="/tables/{table_id}/"' in history for table_id in hands)
    row = tournaments.split(f'<a href="/poker-tournaments/{tournament.pk}/">Midnight turbo</a>', 1)[1].split("</tr>")[0]
    assert "<td>1</td>" in row
    assert "<td>3</td>" in row


def test_korean_pages_name_games_and_court_cards_in_korean():
    from tests.league.factories import table_for

    player = PlayerFactory(language="ko")
    table = table_for("palace-infighting", players=[player, PlayerFactory()])
    client = Client()
    client.force_login(player.user)
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert "궁정의 암투" in page
    assert ">왕<" in page
    assert "내 카드" in page


def test_the_language_switcher_stores_a_signed_in_players_choice():
    # given: an English-speaking player, signed in, on a page
    player = PlayerFactory(language="en")
    client = Client()
    client.force_login(player.user)
    client.get("/")
    # when: they pick Korean in the header's switcher
    response = client.post("/language/", {"language": "ko", "next": "/inbox/"})
    # then: the cookie, the player's language and the API all follow the choice
    assert response.status_code == 302
    assert response["Location"] == "/inbox/"
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "ko"
    player.refresh_from_db()
    assert player.language == "ko"
    assert client.get("/api/me/").json()["language"] == "ko"


def test_the_language_switcher_sets_only_the_cookie_for_a_visitor():
    response = Client().post("/language/", {"language": "ko", "next": "/"})

    assert response.status_code == 302
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "ko"


def test_the_language_switcher_works_for_an_account_without_a_player():
    from django.contrib.auth import get_user_model

    admin = get_user_model().objects.create_user(username="staff-only", is_staff=True)
    client = Client()
    client.force_login(admin)
    response = client.post("/language/", {"language": "ko", "next": "/"})

    assert response.status_code == 302
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "ko"


def test_the_language_switcher_keeps_the_players_language_for_a_language_the_site_does_not_offer():
    # given: a player in Korean; Django has French translations, the site does not offer French
    player = PlayerFactory(language="ko")
    client = Client()
    client.force_login(player.user)
    client.get("/")
    # when
    response = client.post("/language/", {"language": "fr", "next": "/"})
    # then: Django sets its cookie, but Player.language keeps to the site's languages
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "fr"
    player.refresh_from_db()
    assert player.language == "ko"


def test_reaching_the_language_switcher_by_get_changes_nothing():
    player = PlayerFactory(language="ko")
    client = Client()
    client.force_login(player.user)
    client.get("/")

    response = client.get("/language/", {"language": "en", "next": "/"})

    assert settings.LANGUAGE_COOKIE_NAME not in response.cookies
    player.refresh_from_db()
    assert player.language == "ko"


def test_a_language_picked_in_the_header_before_log_in_wins_over_the_stored_one_and_is_kept():
    # given: an account stored in English; a visitor who picks Korean in the header, then logs in
    player = PlayerFactory(language="en")
    player.user.set_password("correct horse 2027")
    player.user.save()
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.post("/language/", {"language": "ko", "next": "/"})
    client.post("/login/", {"username": player.user.username, "password": "correct horse 2027"})
    # then: the pages stay Korean, and the account takes the choice (the API and the mails follow it)
    assert '<html lang="ko">' in client.get("/").content.decode()
    player.refresh_from_db()
    assert player.language == "ko"
    # and the next log-in, from a browser that says English, keeps it until it is changed again
    again = Client(HTTP_ACCEPT_LANGUAGE="en")
    again.post("/login/", {"username": player.user.username, "password": "correct horse 2027"})
    assert '<html lang="ko">' in again.get("/").content.decode()


def test_a_new_account_takes_the_browsers_language():
    client = Client(HTTP_ACCEPT_LANGUAGE="ko-KR,ko;q=0.9")
    form = client.get("/signup/").content.decode()
    chosen = re.search(r'<select name="language"[^>]*>.*?<option value="(\w+)" selected>', form, re.S).group(1)
    client.post(
        "/signup/",
        {
            "username": "sora",
            "password1": "correct horse 2027",
            "password2": "correct horse 2027",
            "display_name": "소라",
            "language": chosen,
            "email": "sora@example.org",
        },
    )
    assert Player.objects.get(user__username="sora").language == "ko"
    assert '<html lang="ko">' in client.get("/").content.decode()
