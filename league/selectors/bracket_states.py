"""A tournament's whole state, assembled once per version in each process.

An elimination bracket's matches are rows (`TournamentMatch`) beside the rest of its state (`Tournament.state`, its
header), and so are a group stage's matches and a multiplayer elimination's tables (`TournamentPart`). Readers get
the state as one document either way (`tournament_state`), as the pure code of `league.tournaments` shapes it.

A 4,096-entrant single elimination's state is 1.5 MB of JSON: reading, transferring and parsing it cost its page
~20 ms of CPU and as much again of waiting, on every view, while it changes only when one of its tables ends
(bench/pages.py, "bracket"). Its one writer, `league.services.tournaments`, counts its writes in
`Tournament.state_version`; a page reads the tournament without its state and takes the parsed state of that
version from this process's memory, or reads it once. A version never names two states, so what is held is never
stale: a reader that sees a newer version reads the newer state.

What is held is shared by every request of the process: readers must not change it (the pure functions of
`league.tournaments` never change their input; a page only reads).
"""

import threading
from collections import OrderedDict
from collections.abc import Iterable
from datetime import datetime
from typing import Any

from django.contrib.postgres.aggregates.mixins import OrderableAggMixin
from django.db import connections, router
from django.db.models import Aggregate, JSONField, OuterRef, Subquery

from league.models import Tournament, TournamentMatch, TournamentPart
from league.tournaments import stage_parts
from league.tournaments.common import State

# the brackets kept parsed by a process: the few being followed (a 4,096-entrant one is ~7.5 MB of objects)
KEPT = 4

# (pk, created_at): a row's identity for its lifetime (SQLite may give a deleted row's pk to the next one)
_Key = tuple[int, datetime]

_lock = threading.Lock()
_held: OrderedDict[_Key, tuple[int, State]] = OrderedDict()


def tournament_without_state(*, tournament_id: int) -> Tournament:
    """The tournament without its state, with its club and season (raises Tournament.DoesNotExist)."""
    return Tournament.objects.select_related("club", "season").defer("state").get(pk=tournament_id)


def tournament_state(*, tournament: Tournament) -> State:
    """The tournament's state at `tournament.state_version` or later, parsed at most once per version here."""
    key = (tournament.pk, tournament.created_at)
    with _lock:
        held = _held.get(key)
        if held is not None and held[0] >= tournament.state_version:
            _held.move_to_end(key)
            return held[1]
    state, version = tournament_state_read(tournament_id=tournament.pk)
    with _lock:
        held = _held.get(key)
        if held is None or held[0] < version:
            _held[key] = (version, state)
            _held.move_to_end(key)
            while len(_held) > KEPT:
                _held.popitem(last=False)
    return state


def tournament_state_read(*, tournament_id: int) -> tuple[State, int]:
    """The tournament's whole state as stored now, and its version. On PostgreSQL one statement reads the header,
    the version and the matches' and parts' rows aggregated into JSON arrays, parsed once: as fast as the state read
    from one column was (4,095 rows converted one by one took twice as long, jsonb_agg three times). Elsewhere
    (SQLite) the header, then the rows with the version they were read at, read again in the rare case a table's
    step came between."""
    if connections[router.db_for_read(Tournament)].vendor == "postgresql":
        match_rows, part_rows = (
            model.objects.filter(tournament=OuterRef("pk"))
            .order_by()
            .values("tournament")
            .annotate(listed=_JSONAgg("data", order_by="position"))
            .values("listed")
            for model in (TournamentMatch, TournamentPart)
        )
        header, version, listed, parted = (
            Tournament.objects.filter(pk=tournament_id)
            .annotate(listed=Subquery(match_rows), parted=Subquery(part_rows))
            .values_list("state", "state_version", "listed", "parted")
            .get()
        )
        state = header if parted is None else stage_parts.assembled(header, parted)
        return (state if listed is None else matches_assembled(state, listed)), version
    while True:
        header, version = Tournament.objects.filter(pk=tournament_id).values_list("state", "state_version").get()
        rows = [
            list(
                model.objects.filter(tournament_id=tournament_id)
                .order_by("position")
                .values_list("data", "tournament__state_version")
            )
            for model in (TournamentMatch, TournamentPart)
        ]
        if any(row[1] != version for listed in rows for row in listed[:1]):
            continue
        matches, parts = ([data for data, _version in listed] for listed in rows)
        state = stage_parts.assembled(header, parts) if parts else header
        return (matches_assembled(state, matches) if matches else state), version


class _JSONAgg(OrderableAggMixin, Aggregate):  # type: ignore[misc]
    """PostgreSQL's json_agg: the rows' JSON put together as text (jsonb_agg builds a jsonb value first), handed over
    as text for JSONField to parse (psycopg would parse json itself, and JSONField again)."""

    function = "JSON_AGG"
    template = "%(function)s(%(expressions)s %(order_by)s)::text"
    output_field = JSONField()


def matches_assembled(header: State, matches: Iterable[dict[str, Any]]) -> State:
    """The whole state from its header and its matches in order, its keys as PostgreSQL's jsonb orders them
    (shorter first), so that the API shows the document it showed when the state was one column."""
    state = {**header, "matches": list(matches)}
    return {key: state[key] for key in sorted(state, key=lambda key: (len(key.encode()), key.encode()))}


def states_forget() -> None:
    """Drop every held state (a test that rewrites a state behind the writer's back)."""
    with _lock:
        _held.clear()
