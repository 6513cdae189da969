"""The form fuzzer: every form of the site, found by reading the pages as their users see them, posted with hostile
values in each field in turn (huge, deeply nested JSON, NUL, an unpaired surrogate, wrong types, superscript and
other non-ASCII digits, numbers too long for int()); no answer may be a 5xx.

The forms are not listed by hand: each page of PAGES is read as the viewer named beside it, and every <form> on it
(its action, method and fields, with the values the page filled in) is fuzzed, so a new form is fuzzed as soon as a
page shows it.
"""

from collections.abc import Iterator
from datetime import timedelta
from html.parser import HTMLParser
from urllib.parse import quote, urljoin

import pytest
from django.contrib.auth.models import Permission
from django.test import Client

from games import available_games, get_engine
from league.models import Membership, Player, Table
from league.services.clubs import invitation_create, join_request_create
from league.services.seasons import SeasonSpec, entrant_register, season_create, season_open_registration
from tests.league.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory, table_for
from tests.league.playing import seat_count, short_options

pytestmark = [pytest.mark.slow, pytest.mark.django_db]

NESTED = '{"a": ' * 5_000 + "1" + "}" * 5_000
# each value percent-encoded as it goes on the wire: the test client cannot encode an unpaired surrogate itself
HOSTILE = [
    quote("x" * 200_000),
    quote(NESTED),
    quote("[" * 900 + "]" * 900),
    "%00",
    quote("a\x00b"),
    "%ED%A0%80",  # U+D800 as UTF-8 bytes (not valid UTF-8)
    quote('{"type": "\\ud800"}'),
    quote('{"type": "bet", "min": "a", "max": "b"}'),
    quote("²"),
    quote("١٢"),
    "9" * 5_000,
    "-1",
    "1e309",
    quote("NaN"),
    quote("[]"),
    quote("{}"),
    "true",
    "",
]


class Forms(HTMLParser):
    """Every form of a page: its action, method, and its fields with the values the page filled in."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict] = []
        self._select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.forms.append({"action": a.get("action", ""), "method": a.get("method", "get").lower(), "fields": {}})
        elif not self.forms:
            return
        elif tag in ("input", "textarea", "button") and a.get("name"):
            if a.get("type") in ("checkbox", "radio") and "checked" not in a:
                self.forms[-1]["fields"].setdefault(a["name"], a.get("value", "on"))
            else:
                self.forms[-1]["fields"][a["name"]] = a.get("value", "")
        elif tag == "select" and a.get("name"):
            self._select = a["name"]
            self.forms[-1]["fields"].setdefault(a["name"], "")
        elif tag == "option" and self._select:
            fields = self.forms[-1]["fields"]
            if not fields[self._select] or "selected" in a:
                fields[self._select] = a.get("value", "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None


@pytest.fixture
def world(settings) -> dict:
    """A club with a staff organizer and members, a season open for registration, a table of each game in play, a
    table waiting for its entropy, an invitation and a request to join."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    club = ClubFactory(slug="fuzz")
    organizer = PlayerFactory(user=UserFactory(is_staff=True))
    organizer.user.user_permissions.add(*Permission.objects.filter(content_type__app_label="league"))
    Membership.objects.create(club=club, player=organizer, role=Membership.Role.ORGANIZER)
    members = [MembershipFactory(club=club).player for _ in range(4)]
    season = season_create(club=club, by=organizer, spec=SeasonSpec(game="the-court", name="Fuzzed"))
    season_open_registration(season=season, by=organizer)
    entrant_register(season=season, by=organizer, player=members[0])
    tables = []
    for game in available_games():
        count = 4 if game == "coinche" else seat_count(game)
        seated = [organizer, *members][:count]
        table = table_for(game, players=seated, club=club, options=short_options(game))
        tables.append(table)
    seeding = table_for(
        "the-court", players=[organizer, members[0]], club=club, entropy_window=timedelta(hours=1), seed="fuzz-s"
    )
    outsider = PlayerFactory()
    invitation = invitation_create(club=club, by=organizer, player=outsider)
    join_request_create(club=club, player=PlayerFactory())
    return {
        "club": club,
        "organizer": organizer,
        "outsider": outsider,
        "season": season,
        "tables": tables,
        "seeding": seeding,
        "invitation": invitation,
    }


def _client(player: Player | None) -> Client:
    client = Client(raise_request_exception=False)
    if player is not None:
        client.force_login(player.user)
    return client


def _pages(world: dict) -> Iterator[tuple[str, Player | None]]:
    organizer, outsider = world["organizer"], world["outsider"]
    yield "/signup/", None
    yield "/login/", None
    yield "/admin/login/", None
    yield "/account/password/reset/", None
    yield "/account/password/", organizer
    yield "/account/tokens/", organizer
    yield f"/clubs/{world['club'].slug}/", organizer
    yield f"/clubs/{world['club'].slug}/", outsider
    yield f"/clubs/{world['club'].slug}/seasons/new/", organizer
    for tab in ("settings", "registration", "rounds", "rulings"):  # the console's door only redirects to a tab
        yield f"/seasons/{world['season'].pk}/manage/{tab}/", organizer
    yield f"/clubs/{world['club'].slug}/members/", organizer
    yield "/clubs/", outsider
    # the player's settings (address, language, time zone, mails; the link sent again; the calendar address)
    yield "/settings/", outsider
    yield f"/invitations/{world['invitation'].code}/", outsider
    yield f"/tables/{world['seeding'].pk}/verify/", organizer
    yield "/admin/league/table/add/", organizer
    yield f"/admin/league/membership/{Membership.objects.filter(club=world['club']).first().pk}/change/", organizer
    for table in world["tables"]:
        # every seat to act sees its move forms
        engine = get_engine(table.game)
        for seat in engine.to_act(Table.objects.get(pk=table.pk).state):
            yield f"/tables/{table.pk}/", table.seats.get(index=seat).player


def test_every_form_of_the_site_survives_hostile_values(world: dict) -> None:
    fuzzed, failures = set(), []
    for page, viewer in _pages(world):
        client = _client(viewer)
        response = client.get(page)
        assert response.status_code == 200, (page, response.status_code)
        parser = Forms()
        parser.feed(response.content.decode())
        for form in parser.forms:
            action = urljoin(page, form["action"] or page)
            if form["method"] != "post" or action.endswith("/logout/") or action.startswith("/language/"):
                continue
            key = (action, tuple(sorted(form["fields"])))
            if key in fuzzed:
                continue
            fuzzed.add(key)
            names = [name for name in form["fields"] if name != "csrfmiddlewaretoken"] + ["row_²", "extra"]
            for name in names:
                for value in HOSTILE:
                    fields = {**form["fields"], name: value}
                    body = "&".join(f"{quote(k)}={v if k == name else quote(str(v))}" for k, v in fields.items())
                    answer = (
                        _client(viewer).post(
                            action, body, content_type="application/x-www-form-urlencoded", HTTP_HX_REQUEST="true"
                        )
                        if "move" in action and len(value) % 2
                        else _client(viewer).post(action, body, content_type="application/x-www-form-urlencoded")
                    )
                    if answer.status_code >= 500:
                        failures.append((action, name, value[:40], answer.status_code))
    assert len(fuzzed) >= 15, sorted(fuzzed)
    assert failures == []
