"""A group stage's matches and a multiplayer elimination's tables as rows (`TournamentPart`): written whole when
the stage or the tournament starts, read a few at a time by the step after a table, written back a changed one at
a time.

The pure code changes them through its protocols (`two_stage.GroupMatches`, `multiplayer.Tables`); `StageRows` is
both over the rows: the match or table a league table played is read by its key, with its round's count of tables
still to play in the same statement, and the whole tournament only when a round closes (the next round's seating
weighs every table so far).
"""

from collections.abc import Mapping, Sequence
from typing import Any

from django.db.models import Count, Max, OuterRef, Q, Subquery

from league.models import Tournament, TournamentPart
from league.tournaments import multiplayer, stage_parts
from league.tournaments.common import State


def part_row_values(parts: Sequence[stage_parts.Part], *, start: int = 0) -> list[dict[str, Any]]:
    """The fields of each part's row, in order from position `start` (the migration that made the rows uses it
    too)."""
    return [
        {
            "kind": part.kind,
            "key": part.key,
            "position": position,
            "round": part.round,
            "done": _done(part.kind, part.data),
            "data": part.data,
        }
        for position, part in enumerate(parts, start=start)
    ]


def stage_rows_write(*, tournament: Tournament, state: State, before: State | None) -> State:
    """A whole state's parts into their rows: all of them when `before` had none (a start), else those that differ
    from `before`'s; returns the state's header, for `Tournament.state`."""
    parts = stage_parts.parts_of(state)
    olds = {part.key: part.data for part in stage_parts.parts_of(before)} if before is not None else {}
    if not olds:
        TournamentPart.objects.bulk_create(
            (TournamentPart(tournament=tournament, **values) for values in part_row_values(parts)), batch_size=1000
        )
    else:
        changed = {part.key: part.data for part in parts if olds.get(part.key) != part.data}
        if changed:
            StageRows(tournament.pk).changes_write(changed)
    return stage_parts.header_of(state)


def _done(kind: str, data: dict[str, Any]) -> bool:
    return bool(data["decided"] is not None if kind == stage_parts.GROUP else data["result"] is not None)


class StageRows:
    """The group matches or tables of one tournament read from their rows as the pure code asks for them, each read
    once (`two_stage.GroupMatches`, `multiplayer.Tables`)."""

    def __init__(self, tournament_id: int, *, around: str | None = None) -> None:
        self.tournament_id = tournament_id
        self.rows: dict[str, TournamentPart] = {}
        self.whole = False  # every row has been read
        self.to_play: dict[int, int] = {}  # a round's count of tables without a result, as read
        if around is not None:
            # the part a league table played, and how many of its round are still to play: one statement
            count = (
                self._mine()
                .filter(round=OuterRef("round"), done=False)
                .values("tournament")
                .annotate(count=Count("*"))
                .values("count")
            )
            for row in self._mine().filter(key=around).annotate(round_to_play=Subquery(count)):
                self.rows[row.key] = row
                self.to_play[row.round] = row.round_to_play or 0

    def match(self, match_id: str) -> dict[str, Any]:
        return self._data(match_id)

    def table(self, round_number: int, number: int) -> dict[str, Any]:
        return self._data(multiplayer.table_key(round_number, number))

    def pending(self, round_number: int) -> int:
        if round_number not in self.to_play:
            self.to_play[round_number] = int(self._mine().filter(round=round_number, done=False).count())
        return self.to_play[round_number]

    def tables_all(self) -> list[dict[str, Any]]:
        if not self.whole:
            self._read(Q())
            self.whole = True
        return [row.data for row in sorted(self.rows.values(), key=lambda row: row.position)]

    def undecided_left(self) -> bool:
        """A group match, or a table, still to decide, as stored."""
        return bool(self._mine().filter(done=False).exists())

    def changes_write(self, changed: Mapping[str, dict[str, Any]]) -> None:
        """Write the changed parts back (one statement), and the new ones (a round's tables: another)."""
        self.to_play.clear()  # the counts read are those before these changes
        missing = [key for key in changed if key not in self.rows]
        if missing and not self.whole:
            self._read(Q(key__in=missing))
        updated, added = [], []
        for key, data in changed.items():
            row = self.rows.get(key)
            if row is None:
                added.append((key, data))
                continue
            row.data, row.done = data, _done(row.kind, data)
            updated.append(row)
        if updated:
            TournamentPart.objects.bulk_update(updated, ["data", "done"])
        if added:
            self._add(added)

    def _add(self, added: list[tuple[str, dict[str, Any]]]) -> None:
        """New tables (a round seated), after every row so far."""
        if self.whole:
            last = max((row.position for row in self.rows.values()), default=-1)
        else:
            last = self._mine().aggregate(last=Max("position"))["last"]
            last = -1 if last is None else last
        parts = [
            stage_parts.Part(stage_parts.TABLE, key, int(key[1:].split(".")[0]), data)
            if key.startswith("R")
            else stage_parts.Part(stage_parts.GROUP, key, data["group"], data)
            for key, data in added
        ]
        rows = [TournamentPart(tournament_id=self.tournament_id, **v) for v in part_row_values(parts, start=last + 1)]
        TournamentPart.objects.bulk_create(rows)
        self.rows.update((row.key, row) for row in rows)

    def _data(self, key: str) -> dict[str, Any]:
        if key not in self.rows and not self.whole:
            self._read(Q(key=key))
        try:
            data: dict[str, Any] = self.rows[key].data
        except KeyError:
            raise KeyError(f"no match {key!r}") from None
        return data

    def _mine(self) -> Any:
        return TournamentPart.objects.filter(tournament_id=self.tournament_id).order_by()

    def _read(self, where: Q) -> None:
        for row in self._mine().filter(where):
            self.rows.setdefault(row.key, row)
