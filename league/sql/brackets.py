"""The statements of a large tournament's API pages (league.selectors.tournament_pages), on PostgreSQL: every match of
a tournament as one sequence, whatever its format, read a page, a round or an entrant at a time.

The sequence is ordered by (part, i, j): a two-stage tournament's group matches first, then an elimination
bracket's rows (`TournamentMatch`), or a multiplayer elimination's tables, each dressed as a match; of one round,
and of one entrant, when %(round)s and %(entrant)s are not null. Every one of them is a row (the group matches and
the tables are `TournamentPart`s): `i` is its position (a table's: its round), `j` a table's number.
"""

from typing import Any

from django.db import connection

from league.models import Tournament, TournamentMatch, TournamentPart
from league.sql import names

# the place of a match in the sequence: (part, i, j)
Place = tuple[int, int, int]

_ENTRANT_IN = "(%(entrant)s::bigint IS NULL OR {}->'{}' @> to_jsonb(ARRAY[%(entrant)s::bigint]))"
_MATCHES = f"""
WITH n AS (
    SELECT g.data AS m, 1 AS part, g.position::bigint AS i, 0::bigint AS j
        FROM {names.table(TournamentPart)} g
        WHERE g.tournament_id = %(tournament)s AND g.kind = 'group' AND %(round)s::int IS NULL
            AND {_ENTRANT_IN.format("g.data", "entrants")}
    UNION ALL
    SELECT b.data, 2, b.position, 0
        FROM {names.table(TournamentMatch)} b
        WHERE b.tournament_id = %(tournament)s AND (%(round)s::int IS NULL OR b.round = %(round)s::int)
            AND {_ENTRANT_IN.format("b.data", "entrants")}
    UNION ALL
    SELECT x.data || jsonb_build_object(
            'id', x.key, 'round', x.round, 'entrants', x.data->'seats',
            'final', (SELECT state->'rounds'->(x.round - 1)->'final' FROM {names.table(Tournament)}
                WHERE id = %(tournament)s)), 3, x.round, (x.data->>'number')::bigint
        FROM {names.table(TournamentPart)} x
        WHERE x.tournament_id = %(tournament)s AND x.kind = 'table'
            AND (%(round)s::int IS NULL OR x.round = %(round)s::int)
            AND {_ENTRANT_IN.format("x.data", "seats")}
)
"""
# the lowest round with a match to decide, of a bracket or of a multiplayer elimination (LEAST ignores a null)
_CURRENT_ROUND = f"""
SELECT LEAST(
    (SELECT min(round) FROM {names.table(TournamentMatch)} WHERE tournament_id = %(tournament)s AND decided = ''),
    (SELECT min(round) FROM {names.table(TournamentPart)}
        WHERE tournament_id = %(tournament)s AND kind = 'table' AND NOT done)
)
"""


def match_place(*, tournament_id: int, round_number: int | None, match_id: str) -> Place | None:
    """Where the match is in the sequence (of round `round_number` when given); None when it is not in it."""
    found = _rows(
        _MATCHES + "SELECT part, i, j FROM n WHERE m->>'id' = %(after)s",
        {"tournament": tournament_id, "round": round_number, "after": match_id},
    )
    return (int(found[0][0]), int(found[0][1]), int(found[0][2])) if found else None


def matches_after(*, tournament_id: int, round_number: int | None, place: Place, size: int) -> list[Any]:
    """Up to `size` matches after `place` (of round `round_number` when given), in order, as the driver hands jsonb."""
    part, i, j = place
    page = "SELECT m FROM n WHERE (part, i, j) > (%(part)s, %(i)s, %(j)s) ORDER BY part, i, j LIMIT %(size)s"
    params = {"tournament": tournament_id, "round": round_number, "part": part, "i": i, "j": j, "size": size}
    return [m for (m,) in _rows(_MATCHES + page, params)]


def last_match_of(*, tournament_id: int, entrant_id: int) -> Any | None:
    """The entrant's last match in the sequence, as the driver hands jsonb; None when it has none."""
    rows = _rows(
        _MATCHES + "SELECT m FROM n ORDER BY part DESC, i DESC, j DESC LIMIT 1",
        {"tournament": tournament_id, "entrant": entrant_id},
    )
    return rows[0][0] if rows else None


def current_round(*, tournament_id: int) -> int | None:
    """The lowest round with a match to decide (`_CURRENT_ROUND`)."""
    rows = _rows(_CURRENT_ROUND, {"tournament": tournament_id})
    return None if not rows or rows[0][0] is None else int(rows[0][0])


def _rows(sql: str, params: dict[str, Any]) -> list[tuple[Any, ...]]:
    with connection.cursor() as cursor:
        cursor.execute(sql, {"round": None, "entrant": None, **params})
        return list(cursor.fetchall())
