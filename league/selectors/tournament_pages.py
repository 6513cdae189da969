"""The API's reads of a large tournament a part at a time: its matches a round at a time and its entrants in standing
order, each a page of a keyset, and what a reader needs first (the round under way, the reader's own match).

A 4,096-entrant bracket's state is 2 MB of JSON; reading it whole to show a page of it was 360 ms of the server's
CPU. An elimination bracket's matches are rows (`TournamentMatch`), read a page at a time; a group stage's matches
and a multiplayer elimination's tables are picked out of the state by PostgreSQL (jsonpath, `jsonb_path_query`), so
that only the page's matches reach Python. One sequence holds every match of every format, in the order the state
lists them: a two-stage tournament's group matches first (ids "G<group>.<n>"), then the bracket's ("W2.1", "L1.3",
"GF.1", "P3.1"), or a multiplayer elimination's tables, each a match "R<round>.<table>" (the id its league tables
carry)."""

import json
from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.db.models import F, Q, Value
from django.db.models.functions import Coalesce
from django.utils.translation import gettext as _

from league.errors import BadInput
from league.models import Entrant, Tournament, TournamentTable
from league.selectors.bracket_states import tournament_state_read
from league.selectors.tournaments import tournament_names_of
from league.sql import brackets
from league.tournaments import bracket

MATCHES_PAGE = 100  # matches of a page (a 4,096 bracket's first round holds 2,048)
ENTRANTS_PAGE = 100  # entrants of a page of the standings
LAST = 2**31 - 1  # where an entrant without a place (or a seed) sorts: after every placed one


def _loaded(value: Any) -> Any:
    """A jsonb value as the driver hands it: text (Django leaves jsonb to JSONField to parse), or parsed already."""
    return json.loads(value) if isinstance(value, str) else value


def _in_sql() -> bool:
    """PostgreSQL picks the matches out of the state; elsewhere (SQLite: `make check`, the embedded demo) Python
    reads the state whole, as `matches_in_order` says."""
    return connection.vendor == "postgresql"


def matches_in_order(state: dict[str, Any], round_number: int | None = None) -> list[dict[str, Any]]:
    """The sequence `league.sql.brackets` reads in SQL, from the state in Python: group matches, the bracket's
    matches, then a multiplayer elimination's tables dressed as matches; of round `round_number` only when given."""
    groups = state.get("group_matches") or (state.get("group_stage") or {}).get("group_matches") or []
    tables = [
        {**table, "id": f"R{r['number']}.{table['number']}", "round": r["number"], "entrants": table["seats"]}
        | {"final": r["final"]}
        for r in state.get("rounds") or []
        for table in r["tables"]
    ]
    matches = [*groups, *(state.get("matches") or []), *tables]
    return [m for m in matches if round_number is None or m.get("round") == round_number]


def _state(tournament: Tournament) -> dict[str, Any]:
    return dict(tournament_state_read(tournament_id=tournament.pk)[0])


@dataclass(frozen=True)
class MatchesPage:
    matches: list[dict[str, Any]]  # in the API's shape (`match_view`)
    next_after: str | None  # the id of the page's last match when more follow


def tournament_matches_page(
    *, tournament: Tournament, round_number: int | None = None, after: str | None = None, size: int | None = None
) -> MatchesPage:
    """The tournament's matches (of round `round_number` only when given) after the match `after`, `size` at a time
    (MATCHES_PAGE): a keyset on the match's place in the state. An `after` that is no match of that list is refused
    (400 on `after`): its page would silently start over."""
    size = size or MATCHES_PAGE
    if _in_sql():
        place = (0, 0, 0)
        if after is not None:
            found = brackets.match_place(tournament_id=tournament.pk, round_number=round_number, match_id=after)
            if found is None:
                raise BadInput(_("No such match in this list."), code="invalid", field="after")
            place = found
        rows = brackets.matches_after(
            tournament_id=tournament.pk, round_number=round_number, place=place, size=size + 1
        )
        matches = [_loaded(m) for m in rows]
    else:
        listed = matches_in_order(_state(tournament), round_number)
        ids = [m["id"] for m in listed]
        if after is not None and after not in ids:
            raise BadInput(_("No such match in this list."), code="invalid", field="after")
        start = ids.index(after) + 1 if after is not None else 0
        matches = listed[start : start + size + 1]
    more = len(matches) > size
    matches = matches[:size]
    return MatchesPage(
        matches=matches_view(tournament=tournament, matches=matches), next_after=matches[-1]["id"] if more else None
    )


def tournament_current_round(*, tournament: Tournament) -> int | None:
    """The lowest round with a match still to decide (of a multiplayer elimination: a table not played out); None
    before the start, during a group stage and once every match is decided."""
    if not _in_sql():
        rounds = [
            m["round"]
            for m in matches_in_order(_state(tournament))
            if m.get("round") is not None and m.get("decided", m.get("result")) is None
        ]
        return min(rounds, default=None)
    return brackets.current_round(tournament_id=tournament.pk)


def tournament_match_of(*, tournament: Tournament, entrant_id: int) -> dict[str, Any] | None:
    """The latest match of the entrant (the reader, alone or in a team) in the tournament's order, in the API's
    shape; None when it has none (before the start, or a bye throughout)."""
    if _in_sql():
        last = brackets.last_match_of(tournament_id=tournament.pk, entrant_id=entrant_id)
        found = _loaded(last) if last is not None else None
    else:
        played = [m for m in matches_in_order(_state(tournament)) if entrant_id in (m.get("entrants") or [])]
        found = played[-1] if played else None
    return None if found is None else matches_view(tournament=tournament, matches=[found])[0]


def matches_view(*, tournament: Tournament, matches: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The matches as the API shows them: entrant ids with their names, the tables won by each, the league tables
    that played them (two queries, whatever the page's size)."""
    ids = {e for m in matches for e in m.get("entrants") or [] if e}
    names = tournament_names_of(tournament=tournament, entrant_ids=ids)
    tables: dict[str, list[dict[str, Any]]] = {}
    links = TournamentTable.objects.filter(tournament=tournament, match__in=[m["id"] for m in matches]).order_by("id")
    for match, number, table_id, status in links.values_list("match", "number", "table_id", "table__status"):
        tables.setdefault(match, []).append({"number": number, "table_id": table_id, "status": status})
    return [match_view(m, names=names, tables=tables.get(m["id"], [])) for m in matches]


def match_view(match: dict[str, Any], *, names: dict[int, str], tables: list[dict[str, Any]]) -> dict[str, Any]:
    """One match of any format in one shape: a bracket's match, a group's match or a multiplayer table."""
    entrants = list(match.get("entrants") or [])
    if "bracket" in match:  # a bracket's match (league.tournaments.bracket)
        kind, score, places = "bracket", bracket.score(match) if all(entrants) else None, None
        decided, in_play = match["decided"], bool(match["in_play"])
    elif "group" in match:  # a group's match (league.tournaments.two_stage)
        kind, score, places = "group", None, None
        decided, in_play = match["decided"], match["decided"] is None
    else:  # a multiplayer table (league.tournaments.multiplayer)
        result = match.get("result")
        kind, score, places = "table", None, (result["places"] if result else None)
        decided, in_play = ("played" if result else None), result is None
    return {
        "id": match["id"],
        "kind": kind,
        "bracket": match.get("bracket"),
        "round": match.get("round"),
        "group": match.get("group"),
        "number": match.get("number") or int(match["id"].rpartition(".")[2]),
        "entrants": entrants,
        "names": [names.get(e) if e else None for e in entrants],
        "winner": match.get("winner"),
        "decided": decided,
        "in_play": in_play,
        "score": score,
        "places": places,
        "note": match.get("note"),
        "tables": tables,
    }


@dataclass(frozen=True)
class EntrantsPage:
    entrants: list[Entrant]  # with their player and partner
    next_after: int | None  # the id of the page's last entrant when more follow


def tournament_entrants_page(*, tournament: Tournament, after: int = 0, size: int | None = None) -> EntrantsPage:
    """The entrants in standing order (placed best first, then by seed, then as entered: `tournament_entrants`'s
    order) after the entrant `after`, `size` at a time (ENTRANTS_PAGE): a keyset on that order, whose empty places
    and seeds sort last. An `after` that is no entrant of the tournament is refused (400 on `after`)."""
    size = size or ENTRANTS_PAGE
    # their players fetched after the page is chosen: joined before the sort, PostgreSQL read all 100,000 players
    # for the partners' outer join (25 ms)
    rows = (
        Entrant.objects.filter(competition=tournament)
        .prefetch_related("player", "partner")
        .annotate(place_key=Coalesce("place", Value(LAST)), seed_key=Coalesce("seed", Value(LAST)))
    )
    if after > 0:
        mark = rows.filter(pk=after).values_list("place_key", "seed_key", "entered_at").first()
        if mark is None:
            raise BadInput(_("No such entrant in this tournament."), code="invalid", field="after")
        place, seed, entered = mark
        rows = rows.filter(
            Q(place_key__gt=place)
            | Q(place_key=place, seed_key__gt=seed)
            | Q(place_key=place, seed_key=seed, entered_at__gt=entered)
            | Q(place_key=place, seed_key=seed, entered_at=entered, pk__gt=after)
        )
    entrants: list[Entrant] = list(rows.order_by(F("place_key"), F("seed_key"), "entered_at", "pk")[: size + 1])
    more = len(entrants) > size
    entrants = entrants[:size]
    return EntrantsPage(entrants=entrants, next_after=entrants[-1].pk if more else None)
