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

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import Permission
from django.test import Client
from rest_framework.authtoken.models import Token

from games import IllegalMove, available_games, get_engine
from games.core.cards import card_label
from games.core.events import CARD_FIELDS, CARDS_FIELDS, visible
from games.core.public_record import public_log
from league.models import LedgerEntry, Membership, Move, Player, Table
from league.services.moves import move_submit
from tests.league.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory, table_for
from tests.league.playing import play_moves, random_move, seat_count, short_options
from tests.unrecorded_templates import templates_unrecorded

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


@pytest.fixture(autouse=True)
def _templates_unrecorded() -> Iterator[None]:
    """The tests read the answers' bodies, never `response.context`: the pages render without its record."""
    with templates_unrecorded():
        yield


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


# --- the finished-table pass -----------------------------------------------------------------------------------------
# Once a table has ended its seed is public and every door of it tells the whole match; what it must still never tell
# is what the rules keep secret for ever: a folded hand, a face-down discard, the cards kept back from a showdown. For
# every game, a one-hand table that ends by folds and one that ends at a showdown where a third seat folded; every
# door of the finished table; every viewer. A seat still sees its own cards on its own table page, as in play.
#
# Coinche and Palace Infighting have no folds: every card of a played Coinche deal is played face up, and every Palace
# row is revealed. Their finished tables are checked for the cards shown; what they hide for ever (a Coinche deal
# thrown in) is no move's and no door's, as the conformance kit proves of their events.
#
# How a door is read: a 52-card deck has each card once, so a one-hand table's card codes and labels are searched for
# in every answer. The Court's 100 cards come in five interchangeable ranks, so a King shown is any King: there the
# test plays a twin table that everyone sees the same (its public record equal, card for card) but whose hidden cards
# differ, and every door must name the same cards in the same order at both.

ENDINGS: dict[str, list[str]] = {
    "the-court": ["folds", "showdown"],
    "mini-poker": ["folds", "showdown"],
    "black-card": ["folds", "showdown"],
    "coinche": ["played"],
    "palace-infighting": ["played"],
}
ONE_HAND = {"the-court": {"hand_limit": 1}, "mini-poker": {"hands": 1}, "black-card": {"hand_limit": 1}}
SHORT_MATCH = {"coinche": {"target_score": 100}, "palace-infighting": {}}

FINISHED_DOORS = [
    "/tables/{t}/record.json",
    "/tables/{t}/history.txt",
    "/tables/{t}/verify/",
    "/tables/{t}/replay/",
    "/api/tables/{t}/fairness/export/",
    "/api/tables/{t}/fairness/",
    "/admin/league/table/{t}/change/",
    "/admin/league/move/?q={t}",
]
# what each seat sees of its own cards, as in play (the in-play differential above holds them)
PERSONAL_DOORS = ["/tables/{t}/", "/api/tables/{t}/", "/api/tables/{t}/moves/"]


def _choose(seat: int, legal: list[dict[str, Any]], ending: str, *, holds_secret: bool) -> dict[str, Any]:
    """A move that leads to the ending: fold whenever a fold is offered, else open the betting; or, towards a
    showdown, seat 0 bets, seat 1 calls and seat 2 folds. A seat folds only once it holds a card nobody else saw,
    so that the fold has something to keep secret. Other choices take the first legal one."""
    first: dict[str, dict[str, Any]] = {}
    for move in legal:
        first.setdefault(move["type"], move)

    def played(move: dict[str, Any]) -> dict[str, Any]:
        base = {key: value for key, value in move.items() if key not in ("min", "max")}
        return base | ({"amount": move["min"]} if "min" in move else {})

    wanted = {"folds": ["fold", "bet"], "showdown": [], "played": []}[ending]
    if ending == "showdown":
        wanted = {0: ["bet", "call", "check"], 1: ["call", "check"]}.get(seat, ["fold", "check"])
    if not holds_secret:
        wanted = [kind for kind in wanted if kind not in ("fold", "bet")]
    for kind in [*wanted, "decline_regame", "stay_out", "decline", "check", "call"]:
        if kind in first:
            return played(first[kind])
    calm = [move for move in legal if move["type"] not in ("fold", "bet", "raise")]
    return played((calm or legal)[0])


def _finished(game: str, ending: str, *, seed: str, players: list[Player], club: Any, moves=None) -> Table:
    """A table of the game played through the services to its end with `_choose`, or with the given moves."""
    options = ONE_HAND.get(game, SHORT_MATCH.get(game, {}))
    table = table_for(game, players=players, club=club, options=options, seed=seed)
    by_seat = {seat.index: seat.player for seat in table.seats.select_related("player")}
    engine = get_engine(game)
    rng = random.Random(seed)
    planned = list(moves) if moves is not None else None
    while table.status == Table.Status.ACTIVE:
        if planned is not None:
            seat, move = planned.pop(0)
        elif ending == "played":
            seat, move = random_move(table, rng)
        else:
            seat = engine.to_act(table.state)[0]
            holds_secret = any(seat in event.get("to", ()) and _cards(event) for event in _told(table))
            move = _choose(seat, engine.legal_moves(table.state, seat), ending, holds_secret=holds_secret)
        move_submit(table_id=table.pk, player=by_seat[seat], move=move, expected_version=table.version)
        table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    return table


def _told(table: Table) -> list[dict[str, Any]]:
    return [*table.opening_events, *(event for move in table.moves.order_by("seq") for event in move.events)]


def _cards(value: Any, key: str | None = None) -> list[str]:
    """The card codes a value holds under the fields that name cards (games/core/events.py), nested or not."""
    if isinstance(value, dict):
        return [card for field, item in value.items() if field not in ("to",) for card in _cards(item, field)]
    if isinstance(value, list):
        if key in CARDS_FIELDS:
            return [card for card in value if isinstance(card, str)]
        return [card for item in value for card in _cards(item, key)]
    return [value] if key in CARD_FIELDS and isinstance(value, str) else []


def _secret_for_ever(table: Table, viewer: int | None) -> set[str]:
    """The cards some event named that the viewer never saw named: hidden from it then and never shown after."""
    told = _told(table)
    named = set(_cards(told))
    seen = set(_cards(visible(told, viewer)))
    return named - seen


def _shown(table: Table) -> list[dict[str, Any]]:
    """Every event a spectator saw that names cards: the showdown, the rows revealed, the cards played."""
    return [event for event in visible(_told(table), None) if _cards(event)]


def _steps(table: Table) -> list[str]:
    return [f"/tables/{{t}}/replay/?step={step}" for step in range(table.version + 1)]


def _answers(viewer: Viewer, table: Table, doors: list[str]) -> dict[str, str]:
    moves = list(table.moves.order_by("seq").values_list("pk", flat=True))
    urls = [door.format(t=table.pk) for door in [*doors, *_steps(table)]]
    urls += [f"/admin/league/move/{pk}/change/" for pk in moves]
    out = {}
    for url in urls:
        client = viewer.api if url.startswith("/api/") else viewer.page
        response = client.get(url, **({"HTTP_HX_REQUEST": "true"} if "step=" in url else {}))
        assert response.status_code < 500, (viewer.name, url, response.status_code)
        out[url] = response.content.decode()
    return out


def _doors_of(seat: int | None) -> list[str]:
    return FINISHED_DOORS + (PERSONAL_DOORS if seat is None else [])


def _mentions(code: str) -> re.Pattern[str]:
    """A 52-card code as any door names it: the code itself (JSON, an SVG face's file) or its label (10♦)."""
    label = card_label(code)
    return re.compile(rf"(?<![A-Za-z0-9]){re.escape(code)}(?![A-Za-z0-9])|{re.escape(label)}(?![0-9])")


def _check_unique_deck(game: str, ending: str, table: Table) -> int:
    """A 52-card one-hand table: no viewer finds a card secret from it at any door; the shown cards are at the
    record, the history and the replay's last step."""
    checked = 0
    if ending != "played":
        assert _secret_for_ever(table, None), f"{game} ({ending}): no card was kept secret"
    for viewer, seat in _viewers(table):
        secret = _secret_for_ever(table, seat)
        answers = _answers(viewer, table, _doors_of(seat))
        for url, text in answers.items():
            found = [code for code in secret if _mentions(code).search(text)]
            assert found == [], f"{game} ({ending}): {viewer.name} finds {found} at {url}"
            checked += 1
    _check_shown(game, ending, table, answers)
    return checked


def _check_shown(game: str, ending: str, table: Table, answers: dict[str, str]) -> None:
    """The cards shown to everyone are there: every such event in the record; for a 52-card deck each card at the
    record and the history, and a showdown's at the replay's last step, which plays it."""
    shown = _shown(table)
    record = json.loads(answers[f"/tables/{table.pk}/record.json"])
    public = [*record["opening_events"], *(event for move in record["moves"] for event in move["events"])]
    assert [event for event in shown if event not in public] == [], f"{game}: the record lacks shown cards"
    showdowns = [event for event in shown if event["type"] == "showdown"]
    assert bool(showdowns) == (ending == "showdown"), f"{game} ({ending}): showdowns {showdowns}"
    if game in ("the-court", "palace-infighting"):
        return  # ranks only: the events compared above are the check
    last = f"/tables/{table.pk}/replay/?step={table.version}"
    for url, codes in (
        (f"/tables/{table.pk}/record.json", _cards(shown)),
        (f"/tables/{table.pk}/history.txt", _cards(shown)),
        (last, _cards(showdowns)),
    ):
        missing = [code for code in codes if not _mentions(code).search(answers[url])]
        assert missing == [], f"{game} ({ending}): {url} lacks the shown cards {missing}"


_COURT_CARD = re.compile(r'"([KNSCJ])"|court/([KNSCJ])\.svg|\b(King|Noble|Scholar|Citizen|Jester)\b')


def _court_cards(text: str) -> list[str]:
    return ["".join(match.groups(default="")) for match in _COURT_CARD.finditer(text)]


def _court_twin(table: Table, ending: str) -> tuple[str, list[tuple[int, dict[str, Any]]]]:
    """A twin of a finished Court table that shows everyone the same and hides other cards: for the fold, another seed
    that deals the same public cards and lets the same moves be played; for the showdown, the same seed with the
    folding seat's discard another card (its kept cards differ, and nobody ever sees them)."""
    engine = get_engine("the-court")
    moves = [(move.seat, move.payload) for move in table.moves.order_by("seq")]
    log = [(move.seat, move.payload, move.events) for move in table.moves.order_by("seq")]
    public = public_log(engine, log)
    if ending == "showdown":
        state = engine.new_game(players=table.players, seed=table.seed, options=table.options)
        for index, (seat, move) in enumerate(moves):
            if seat == 2 and move["type"] == "discard":
                others = [rank for rank in state["private"][2] if rank != move["card"]]
                assert others, "seat 2 holds three of a rank: pick another seed"
                moves[index] = (seat, {"type": "discard", "card": others[0]})
                return table.seed, moves
            state = engine.apply_move(state, seat, move)
        raise AssertionError("seat 2 never discarded")
    for attempt in range(20_000):
        seed = f"twin-{attempt}"
        state = engine.new_game(players=table.players, seed=seed, options=table.options)
        try:
            twin_log = []
            for seat, move in moves:
                state, events = engine.play_move(state, seat, move)
                twin_log.append((seat, move, events))
        except IllegalMove:
            continue
        if public_log(engine, twin_log) == public and engine.ledger(state) == engine.ledger(table.state):
            assert state["private"] != table.state["private"]
            return seed, moves
    raise AssertionError("no twin seed in 20,000")


def _check_court(ending: str, table: Table, players: list[Player]) -> int:
    seed, moves = _court_twin(table, ending)
    twin = _finished("the-court", ending, seed=seed, players=players, club=table.club, moves=moves)
    checked = 0
    for (viewer, seat), (twin_viewer, _) in zip(_viewers(table), _viewers(twin), strict=True):
        answers, twin_answers = (_answers(v, t, _doors_of(seat)) for v, t in ((viewer, table), (twin_viewer, twin)))
        for (url, text), twin_text in zip(answers.items(), twin_answers.values(), strict=True):
            assert _court_cards(text) == _court_cards(twin_text), f"the-court ({ending}): {viewer.name} at {url}"
            checked += 1
    _check_shown("the-court", ending, table, answers)
    return checked


@pytest.mark.parametrize(("game", "ending"), [(game, ending) for game in ENDINGS for ending in ENDINGS[game]])
def test_a_finished_table_shows_no_folded_or_mucked_card_at_any_door(game: str, ending: str) -> None:
    if game not in available_games():
        pytest.skip(f"{game} is not installed")
    players = [PlayerFactory() for _ in range(4 if game == "coinche" else 2 if game == "palace-infighting" else 3)]
    if game == "the-court" and ending == "folds":
        players = players[:2]  # a twin that deals the same public cards is found among a few hundred seeds
    club = ClubFactory()
    for player in players:
        MembershipFactory(club=club, player=player)
    table = _finished(game, ending, seed=f"finished-{game}-{ending}", players=players, club=club)
    checked = _check_court(ending, table, players) if game == "the-court" else _check_unique_deck(game, ending, table)
    assert checked > 0
