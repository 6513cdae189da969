"""The form fuzzer: every form of the site, found by reading the pages as their users see them, posted with hostile
values in each field in turn (huge, deeply nested JSON, NUL, an unpaired surrogate, wrong types, superscript and
other non-ASCII digits, numbers too long for int()); no answer may be a 5xx.

The forms are not listed by hand: each page of PAGES is read as the viewer named beside it, and every <form> on it
(its action, method and fields, with the values the page filled in) is fuzzed, so a new form is fuzzed as soon as a
page shows it.

A case is one page and one class of values, so that pytest-xdist spreads the fuzzing over its workers (one test was
15 minutes of one worker); the world is built once per class of cases (setUpTestData) and every case starts from it
as it was (its writes are rolled back).
"""

import copy
import re
from collections.abc import Callable, Iterator
from datetime import timedelta
from html.parser import HTMLParser
from urllib.parse import quote, urljoin

import pytest
from django.contrib.auth.models import Permission
from django.test import Client, TestCase, override_settings

from games import available_games, get_engine
from league.models import Membership, Player, Table
from league.services.clubs import invitation_create, join_request_create
from league.services.seasons import SeasonSpec, entrant_register, season_create, season_open_registration
from tests.league.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory, table_for
from tests.league.playing import seat_count, short_options
from tests.unrecorded_templates import templates_unrecorded

pytestmark = [pytest.mark.slow]

NESTED = '{"a": ' * 5_000 + "1" + "}" * 5_000
# each value percent-encoded as it goes on the wire: the test client cannot encode an unpaired surrogate itself
HOSTILE_KINDS = {
    "size": [quote("x" * 200_000), quote(NESTED), quote("[" * 900 + "]" * 900), "9" * 5_000],
    "bytes": ["%00", quote("a\x00b"), "%ED%A0%80", quote('{"type": "\\ud800"}'), quote("²"), quote("١٢")],
    # (U+D800 above as UTF-8 bytes: not valid UTF-8)
    "shapes": [
        quote('{"type": "bet", "min": "a", "max": "b"}'),
        "-1",
        "1e309",
        quote("NaN"),
        quote("[]"),
        quote("{}"),
        "true",
        "",
    ],
}
# every value, whatever its kind (tests/pages/test_views_poker_tournaments.py posts them too)
HOSTILE = [value for values in HOSTILE_KINDS.values() for value in values]


class Forms(HTMLParser):
    """Every form of a page: its action, method, and its fields with the values the page filled in."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict] = []
        self._select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.forms.append(
                {"action": a.get("action", ""), "method": a.get("method", "get").lower(), "fields": {}, "widgets": {}}
            )
        elif not self.forms:
            return
        elif tag in ("input", "textarea", "button") and a.get("name"):
            self.forms[-1]["widgets"][a["name"]] = _widget(tag, a)
            if a.get("type") in ("checkbox", "radio") and "checked" not in a:
                self.forms[-1]["fields"].setdefault(a["name"], a.get("value", "on"))
            else:
                self.forms[-1]["fields"][a["name"]] = a.get("value", "")
        elif tag == "select" and a.get("name"):
            self._select = a["name"]
            self.forms[-1]["widgets"][a["name"]] = _widget(tag, a)
            self.forms[-1]["fields"].setdefault(a["name"], "")
        elif tag == "option" and self._select:
            fields = self.forms[-1]["fields"]
            if not fields[self._select] or "selected" in a:
                fields[self._select] = a.get("value", "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None


def _widget(tag: str, attrs: dict[str, str]) -> tuple:
    """What the page says of a field's input besides its name and value: fields of a numbered family that agree on it
    are one field definition repeated (a points table's places, the tiebreaks' ranks)."""
    ignored = {"name", "id", "value", "checked", "selected", "aria-describedby", "autofocus"}
    return (tag, tuple(sorted((k, v) for k, v in attrs.items() if k not in ignored)))


def _trials(form: dict, values: list[str]) -> Iterator[tuple[str, str]]:
    """(field, value) pairs to post: every value in every field, except that a numbered family of identical fields
    (the 20 places of a points table) takes the values in turn, member after member, until every value and every
    member has been posted at least once; the whole product cost a minute of the suite on the console's form."""
    families: dict[tuple, list[str]] = {}
    for name in [name for name in form["fields"] if name != "csrfmiddlewaretoken"] + ["row_²", "extra"]:
        family = (re.sub(r"\d+", "#", name), form["widgets"].get(name)) if re.search(r"\d", name) else (name, None)
        families.setdefault(family, []).append(name)
    for members in families.values():
        if len(members) == 1:
            yield from ((members[0], value) for value in values)
        else:
            yield from (
                (members[i % len(members)], values[i % len(values)]) for i in range(max(len(members), len(values)))
            )


def _world() -> dict:
    """A club with a staff organizer and members, a season open for registration, a table of each game in play, a
    table waiting for its entropy, an invitation and a request to join."""
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


Viewer = Callable[[dict], Iterator[tuple[str, Player | None]]]


def _one(path: Callable[[dict], str], viewer: str) -> Viewer:
    return lambda world: iter([(path(world), world[viewer])])


def _seats_to_act(game: str) -> Viewer:
    """Every seat to act at the game's table sees its move forms."""

    def pages(world: dict) -> Iterator[tuple[str, Player | None]]:
        table = next(t for t in world["tables"] if t.game == game)
        for seat in get_engine(game).to_act(Table.objects.get(pk=table.pk).state):
            yield f"/tables/{table.pk}/", table.seats.get(index=seat).player

    return pages


def _membership_change(world: dict) -> str:
    return f"/admin/league/membership/{Membership.objects.filter(club=world['club']).first().pk}/change/"


PAGES: dict[str, Viewer] = {
    "signup": _one(lambda w: "/signup/", "nobody"),
    "login": _one(lambda w: "/login/", "nobody"),
    "admin_login": _one(lambda w: "/admin/login/", "nobody"),
    "password_reset": _one(lambda w: "/account/password/reset/", "nobody"),
    "password_change": _one(lambda w: "/account/password/", "organizer"),
    "tokens": _one(lambda w: "/account/tokens/", "organizer"),
    "club_organizer": _one(lambda w: f"/clubs/{w['club'].slug}/", "organizer"),
    "club_outsider": _one(lambda w: f"/clubs/{w['club'].slug}/", "outsider"),
    # (the new season's page posts the console's settings forms, fuzzed below from the console's settings tab)
    # the console's door only redirects to a tab
    **{
        f"console_{tab}": _one(lambda w, tab=tab: f"/seasons/{w['season'].pk}/manage/{tab}/", "organizer")
        for tab in ("settings", "registration", "rounds", "rulings")
    },
    "members": _one(lambda w: f"/clubs/{w['club'].slug}/members/", "organizer"),
    # the player's settings (address, language, time zone, mails; the link sent again; the calendar address)
    "settings": _one(lambda w: "/settings/", "outsider"),
    "invitation": _one(lambda w: f"/invitations/{w['invitation'].code}/", "outsider"),
    "verify": _one(lambda w: f"/tables/{w['seeding'].pk}/verify/", "organizer"),
    "admin_table_add": _one(lambda w: "/admin/league/table/add/", "organizer"),
    "admin_membership": _one(_membership_change, "organizer"),
    **{f"table_{game.replace('-', '_')}": _seats_to_act(game) for game in available_games()},
}


def _forms(client: Client, page: str) -> list[dict]:
    response = client.get(page)
    assert response.status_code == 200, (page, response.status_code)
    parser = Forms()
    parser.feed(response.content.decode())
    return parser.forms


def _post(viewer: Client, action: str, body: str, *, htmx: bool) -> int:
    # a client of its own for each post (a post may set a cookie), with the viewer's session: no log-in per post
    client = Client(raise_request_exception=False)
    client.cookies = copy.deepcopy(viewer.cookies)
    extra = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return client.post(action, body, content_type="application/x-www-form-urlencoded", **extra).status_code


@override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"])
class FormFuzz(TestCase):
    @classmethod
    def setUpTestData(cls) -> None:
        cls.world = {**_world(), "nobody": None}

    def fuzz(self, page_name: str, values: list[str]) -> None:
        with templates_unrecorded():  # only the statuses are read
            fuzzed, failures = self._posts(page_name, values)
        # every page here shows a form to post (a page that stops showing one is taken out of PAGES)
        assert fuzzed, page_name
        assert failures == []

    def _posts(self, page_name: str, values: list[str]) -> tuple[set, list]:
        fuzzed: set = set()
        failures: list = []
        for page, player in PAGES[page_name](self.world):
            viewer = Client(raise_request_exception=False)
            if player is not None:
                viewer.force_login(player.user)
            for form in _forms(viewer, page):
                action = urljoin(page, form["action"] or page)
                if form["method"] != "post" or action.endswith("/logout/") or action.startswith("/language/"):
                    continue
                key = (action, tuple(sorted(form["fields"])))
                if key in fuzzed:
                    continue
                fuzzed.add(key)
                for name, value in _trials(form, values):
                    fields = {**form["fields"], name: value}
                    body = "&".join(f"{quote(k)}={v if k == name else quote(str(v))}" for k, v in fields.items())
                    # the move form answers htmx and plain posts differently: both are tried
                    status = _post(viewer, action, body, htmx="move" in action and len(value) % 2 == 1)
                    if status >= 500:
                        failures.append((action, name, value[:40], status))
        return fuzzed, failures


for _page in PAGES:
    for _kind, _values in HOSTILE_KINDS.items():
        setattr(
            FormFuzz,
            f"test_{_page}_{_kind}",
            lambda self, page=_page, values=_values: self.fuzz(page, values),
        )
