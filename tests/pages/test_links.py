"""Every link that leaves the site is built from SITE_URL (league/links.py), never from the request's Host header:
mails (verification, password reset, reminders), invitations (the club and members pages), the calendar feed and
the settings page's link to it, push messages, the API's index and its notifications; and a system check warns when
SITE_URL's host is not one the site answers to."""

import re

import pytest
from django.core import mail
from django.test import Client
from django.utils import timezone

from league.checks import site_url_check
from league.models import Account
from league.services.accounts import calendar_token_of
from league.services.clubs import invitation_create
from league.services.reminders import turn_notices_drain
from tests.league.factories import PlayerFactory, table_for
from tests.league.push_support import push_service
from tests.league.seasons.support import club_with_members

pytestmark = pytest.mark.django_db

SITE = "https://cards.example.org"
EVIL = "evil.example"


@pytest.fixture
def site(settings):
    # the site answers any host here, so that the forged one reaches the views (a proxy passing it on would do so)
    settings.SITE_URL = SITE
    settings.ALLOWED_HOSTS = ["*"]


def _links(text: str) -> list[str]:
    return re.findall(r"https?://[^\s\"'<>]+", text)


def _only_site_links(text: str) -> None:
    assert EVIL not in text
    own = [link for link in _links(text) if "example.org" in link or "testserver" in link or EVIL in link]
    assert own and all(link.startswith(SITE + "/") for link in own), own


def _client(player=None) -> Client:
    client = Client(HTTP_HOST=EVIL)
    if player is not None:
        client.force_login(player.user)
    return client


def test_the_verification_and_password_reset_mails(site, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        _client().post(
            "/signup/",
            {
                "username": "mina",
                "email": "mina@example.org",
                "display_name": "Mina",
                "language": "en",
                "password1": "correct horse 2027",
                "password2": "correct horse 2027",
            },
        )
    # a reset goes to a verified address only: the verification mail's link is opened first
    verify = re.search(r"https?://[^/\s]+(/account/verify/\S+)", mail.outbox[0].body)
    assert verify
    Client().get(verify.group(1))
    _client().post("/account/password/reset/", {"email": "mina@example.org"})

    assert len(mail.outbox) == 2
    for sent in mail.outbox:
        _only_site_links(sent.body)


def test_invitation_links_on_the_club_and_members_pages(site):
    club, organizer, _members = club_with_members(1)
    invitation_create(club=club, by=organizer, player=PlayerFactory())
    for path in (f"/clubs/{club.slug}/members/", f"/clubs/{club.slug}/"):
        page = _client(organizer).get(path).content.decode()
        assert re.search(rf"{re.escape(SITE)}/invitations/[\w-]+/", page)
        assert EVIL not in page


def test_the_calendar_feed_and_its_address_on_the_settings_page(site):
    player = PlayerFactory()
    table_for("palace-infighting", players=[player, PlayerFactory()])
    token = calendar_token_of(player=player)

    settings_page = _client(player).get("/settings/").content.decode()
    assert f'value="{SITE}/me/calendar/{token}.ics"' in settings_page and EVIL not in settings_page
    feed = _client().get(f"/me/calendar/{token}.ics").content.decode()
    _only_site_links(feed.replace("\r\n ", ""))


def test_the_reminder_mail_the_push_message_and_the_apis_links(site, settings):
    people = PlayerFactory.create_batch(2)
    for player in people:
        player.user.email = f"{player.user.username}@example.org"
        player.user.save(update_fields=["email"])
        Account.objects.create(player=player, verified_email=player.user.email)
    with push_service(settings) as service:
        browser = service.subscribed(people[0])
        table = table_for("palace-infighting", players=people)
        # the drain runs in the worker, where there is no request at all: the page's Host can reach it only through
        # a value stored or passed along, which this shows none does
        _client(people[0]).get(f"/clubs/{table.club.slug}/")
        turn_notices_drain(now=timezone.now())

    [message] = service.messages_for(browser)
    assert message["url"] == f"{SITE}/tables/{table.pk}/"
    for sent in mail.outbox:
        _only_site_links(sent.body)
    api = _client(people[0])
    index = api.get("/api/").json()
    assert (index["docs"], index["schema"]) == (f"{SITE}/api/docs/", f"{SITE}/api/schema/")
    [notification] = api.get("/api/me/notifications/").json()
    assert notification["url"] == f"{SITE}/tables/{table.pk}/"


def test_a_system_check_warns_when_site_urls_host_is_not_served(settings):
    settings.SITE_URL = "https://cards.example.org"
    settings.ALLOWED_HOSTS = ["localhost", "127.0.0.1"]
    [warning] = site_url_check()
    assert warning.id == "league.W001" and "cards.example.org" in warning.msg

    for allowed in (["cards.example.org"], [".example.org"], ["*"]):
        settings.ALLOWED_HOSTS = allowed
        assert site_url_check() == []
    settings.SITE_URL, settings.ALLOWED_HOSTS = "http://127.0.0.1:8001", ["localhost", "127.0.0.1"]
    assert site_url_check() == []  # `make run` on another port
    settings.SITE_URL = "cards.example.org"  # no scheme: not an address a mail can link to
    assert [m.id for m in site_url_check()] == ["league.W001"]
