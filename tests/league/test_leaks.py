"""The differential leak test: no door tells a viewer a card hidden from them.

For every game, a table is played by random legal moves to several points (the deal, a few moves in, a finished hand,
the finished table). For every viewer (each seat, a spectator member of the club, an organizer of the club who is
staff and not seated, an anonymous visitor), every card hidden from that viewer is exchanged among its places
directly in the stored state (the engine's `hidden_places`); every response the viewer can get must then stay
byte-identical: the API, the pages and their htmx fragments, the exports, the replay, the verify page and the admin.

The doors are one list, URLS, so that a new endpoint is one more line. The test holds whatever the pages render: it
compares responses, it does not know what they contain. One door is left out once a table has ended: the verify
page, whose job then is to replay the table from its published seed and report where the stored state differs, as
it does for the exchanged state (a tampered database, to it); by then the seed deals every card for anyone anyway.
"""

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import Permission
from django.test import Client
from rest_framework.authtoken.models import Token

from games import available_games, get_engine
from league.models import LedgerEntry, Membership, Move, Player, Table
from tests.league.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory, table_for
from tests.league.playing import play_moves, seat_count, short_options

pytestmark = [pytest.mark.slow, pytest.mark.django_db]

# every door a viewer may knock at: (path, htmx). {t} is the table, {c} its club, {slug} the club's address, {m} the
# table's last move
URLS: list[tuple[str, bool]] = [
    # the API
    ("/api/tables/{t}/", False),
    ("/api/tables/{t}/?log_limit=3", False),
    ("/api/tables/{t}/moves/", False),
    ("/api/tables/{t}/legal-moves/", False),
    ("/api/tables/{t}/fairness/", False),
    ("/api/tables/{t}/fairness/export/", False),
    ("/api/clubs/{c}/tables/", False),
    ("/api/me/turns/", False),
    # the pages and their htmx fragments
    ("/tables/{t}/", False),
    ("/tables/{t}/", True),
    ("/tables/{t}/version/?v=stale", True),
    ("/tables/{t}/verify/", False),
    ("/tables/{t}/replay/", False),
    ("/tables/{t}/replay/?step=1", True),
    ("/tables/{t}/record.json", False),
    ("/tables/{t}/history.txt", False),
    ("/inbox/", False),
    ("/inbox/", True),
    ("/clubs/{slug}/", False),
    # the admin (an organizer's; others are sent to its log-in)
    ("/admin/league/table/", False),
    ("/admin/league/table/{t}/change/", False),
    ("/admin/league/move/?q={t}", False),
    ("/admin/league/move/{m}/change/", False),
    ("/admin/league/ledgerentry/?q={t}", False),
    ("/admin/league/result/?q={t}", False),
    # the report's questions about hidden state, answered by a changelist's count before they were refused
    ("/admin/league/table/?id={t}&state__hands__1__contains=8D", False),
    ("/admin/league/table/?id={t}&state__icontains=AS", False),
]

VERIFIER = "/tables/{t}/verify/"

# what changes from one answer to the next whatever the state: CSRF tokens, the move form's fresh idempotency key
_VOLATILE = re.compile(rb'(csrfmiddlewaretoken" value="|"X-CSRFToken": "|name="key" value="|csrftoken=)[^";]+')


def _normalized(content: bytes) -> bytes:
    return _VOLATILE.sub(rb"\1", content)


def _get(state: Any, path: list[Any]) -> Any:
    for key in path:
        state = state[key]
    return state


def _set(state: Any, path: list[Any], value: Any) -> None:
    for key in path[:-1]:
        state = state[key]
    state[path[-1]] = value


def _exchanged(state: dict[str, Any], groups: list[list[Any]]) -> dict[str, Any]:
    """The state with the cards of each group rotated one place along the group: every card moves when they differ."""
    import copy

    changed = copy.deepcopy(state)
    for group in groups:
        values = [_get(state, list(path)) for path in group]
        for path, value in zip(group, values[1:] + values[:1], strict=True):
            _set(changed, list(path), value)
    return changed


class Viewer:
    def __init__(self, name: str, player: Player | None) -> None:
        self.name, self.player = name, player
        self.page = Client(raise_request_exception=False)
        self.api = Client(raise_request_exception=False)
        if player is not None:
            self.page.force_login(player.user)
            token, _ = Token.objects.get_or_create(user=player.user)
            self.api = Client(raise_request_exception=False, HTTP_AUTHORIZATION=f"Token {token.key}")

    def answers(self, table: Table) -> dict[str, tuple[int, bytes]]:
        last = Move.objects.filter(table=table).order_by("-seq").values_list("pk", flat=True).first() or 0
        out = {}
        for path, htmx in URLS:
            url = path.format(t=table.pk, c=table.club_id, slug=table.club.slug, m=last)
            if path == VERIFIER and table.status in (Table.Status.FINISHED, Table.Status.ANNULLED):
                continue
            client = self.api if url.startswith("/api/") else self.page
            headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
            response = client.get(url, **headers)
            assert response.status_code < 500, (self.name, url, response.status_code)
            out[f"{url} htmx={htmx}"] = (response.status_code, _normalized(response.content))
        return out


def _viewers(table: Table) -> Iterator[tuple[Viewer, int | None]]:
    for seat in table.seats.select_related("player").order_by("index"):
        yield Viewer(f"seat {seat.index}", seat.player), seat.index
    yield Viewer("spectator", MembershipFactory(club=table.club).player), None
    organizer = PlayerFactory(user=UserFactory(is_staff=True))
    organizer.user.user_permissions.add(*Permission.objects.filter(content_type__app_label="league"))
    Membership.objects.create(club=table.club, player=organizer, role=Membership.Role.ORGANIZER)
    yield Viewer("organizer", organizer), None
    yield Viewer("anonymous", None), None


def _phases(game: str) -> Iterator[tuple[str, Table]]:
    """One table per phase: dealt, a few moves in, past its first finished hand (still in play), finished."""
    engine = get_engine(game)
    for phase in ("dealt", "moves", "hand over", "finished"):
        players = [PlayerFactory() for _ in range(seat_count(game) if game != "coinche" else 4)]
        club = ClubFactory()
        for player in players:
            MembershipFactory(club=club, player=player)
        table = table_for(game, players=players, club=club, options=short_options(game), seed=f"leak-{phase}")
        rng = random.Random(f"{game}-{phase}")
        if phase == "moves":
            table = play_moves(table, rng, count=3)
        elif phase == "hand over":
            while table.status == Table.Status.ACTIVE and not LedgerEntry.objects.filter(table=table).exists():
                table = play_moves(table, rng, count=1)
            if table.status != Table.Status.ACTIVE:
                continue  # the match was one hand: the finished phase covers it
        elif phase == "finished":
            table = play_moves(table, rng)
        assert engine is not None
        yield phase, table


@pytest.mark.parametrize("game", available_games())
def test_no_response_changes_when_the_cards_hidden_from_its_viewer_are_exchanged(game: str) -> None:
    engine = get_engine(game)
    checked = 0
    for phase, table in _phases(game):
        true_state = table.state
        for viewer, seat in _viewers(table):
            groups = [group for group in engine.hidden_places(true_state, seat) if len(group) > 1]
            if not groups:
                continue
            before = viewer.answers(table)
            Table.objects.filter(pk=table.pk).update(state=_exchanged(true_state, groups))
            table.refresh_from_db()
            after = viewer.answers(table)
            Table.objects.filter(pk=table.pk).update(state=true_state)
            table.refresh_from_db()
            changed = [url for url in before if before[url] != after[url]]
            assert changed == [], f"{game}, {phase}: {viewer.name} learns hidden cards from {changed}"
            checked += 1
    assert checked > 0, f"{game}: no viewer had a hidden card in any phase"
