"""An elimination bracket's matches as rows (`TournamentMatch`): written whole when a bracket is built, read a few at
a time by the step after a table, written back one changed match at a time.

The pure code of `league.tournaments.bracket` changes a bracket held anywhere through its `Matches` protocol;
`BracketRows` is that protocol over the rows: the match a table played, then the matches its winner and loser go to
with the other matches that feed those, are read in two statements, and whatever else a bye or a withdrawal settles
in turn is read when the pure code asks for it.
"""

from collections.abc import Mapping, Sequence
from typing import Any

from django.db.models import Q

from league.models import Tournament, TournamentMatch
from league.tournaments import bracket


def match_row_values(matches: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The fields of each match's row, in the bracket's order (the migration that made the rows uses it too)."""
    goes_to = bracket.destinations(matches)
    return [
        {
            "match": match["id"],
            "position": position,
            "round": match["round"],
            "decided": match["decided"] or "",
            "winner_to": goes_to[match["id"]][0] or "",
            "loser_to": goes_to[match["id"]][1] or "",
            "data": match,
        }
        for position, match in enumerate(matches)
    ]


def bracket_rows_create(*, tournament: Tournament, matches: Sequence[dict[str, Any]]) -> None:
    """A new bracket's matches, one row each (a playoff after its groups replaces nothing: it had no rows)."""
    TournamentMatch.objects.filter(tournament=tournament).delete()
    TournamentMatch.objects.bulk_create(
        (TournamentMatch(tournament=tournament, **values) for values in match_row_values(matches)), batch_size=1000
    )


class BracketRows:
    """The matches of one bracket read from their rows as `bracket.Matches` hands them out, each read once."""

    def __init__(self, tournament_id: int, *, around: str | None = None) -> None:
        self.tournament_id = tournament_id
        self.rows: dict[str, TournamentMatch] = {}
        if around is not None:
            self._read(Q(match=around))
            row = self.rows.get(around)
            goes_to = [to for to in (row.winner_to, row.loser_to) if to] if row is not None else []
            if goes_to:
                # where its winner and loser go, and every match feeding those: what a result settles unless a bye
                # or a withdrawal carries it further (three index lookups, OR-ed)
                mine = Q(tournament_id=tournament_id)
                self._read(
                    mine & Q(match__in=goes_to) | mine & Q(winner_to__in=goes_to) | mine & Q(loser_to__in=goes_to)
                )

    def match(self, match_id: str) -> dict[str, Any]:
        if match_id not in self.rows:
            self._read(Q(match=match_id))
        try:
            data: dict[str, Any] = self.rows[match_id].data
        except KeyError:
            raise KeyError(f"no match {match_id!r}") from None
        return data

    def fed(self, match_id: str) -> list[str]:
        row = self.rows[match_id]
        goes_to = [to for to in (row.winner_to, row.loser_to) if to]
        missing = [to for to in goes_to if to not in self.rows]
        if missing:
            self._read(Q(match__in=missing))
        return sorted(goes_to, key=lambda to: self.rows[to].position)

    def changes_write(self, changed: Mapping[str, dict[str, Any]]) -> None:
        """Write the changed matches back, in one statement."""
        missing = [match_id for match_id in changed if match_id not in self.rows]
        if missing:
            self._read(Q(match__in=missing))
        rows = []
        for match_id, data in changed.items():
            row = self.rows[match_id]
            row.data, row.decided = data, data["decided"] or ""
            rows.append(row)
        if rows:
            TournamentMatch.objects.bulk_update(rows, ["data", "decided"])

    def _read(self, where: Q) -> None:
        for row in TournamentMatch.objects.filter(where, tournament_id=self.tournament_id).order_by():
            self.rows.setdefault(row.match, row)
