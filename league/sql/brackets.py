"""The statements of a large tournament's API pages (league.selectors.tournament_pages), on PostgreSQL: every match of
a tournament as one sequence, whatever its format, read a page, a round or an entrant at a time.

The sequence is ordered by (part, i, j): a two-stage tournament's group matches first, then an elimination
bracket's rows (`TournamentMatch`), or a multiplayer elimination's tables, each dressed as a match; of one round,
and of one entrant, when %(round)s and %(entrant)s are not null. jsonpath filters the state where it is stored and
copies out only the matches it keeps (jsonb_array_elements copied out all 4,095 of a 4,096 bracket: 20-30 ms). `i`
counts the matches kept, so a keyset is good for one filter only, which is how it is used.
"""

from typing import Any

from django.db import connection

from league.models import Tournament, TournamentMatch
from league.sql import names

# the place of a match in the sequence: (part, i, j)
Place = tuple[int, int, int]

_KEPT = "($round == null || @.round == $round) && ($entrant == null || @.entrants[*] == $entrant)"
_TABLE = "$round == null || @.number == $round"
_MATCHES = f"""
WITH t AS (
    SELECT state, jsonb_build_object('round', %(round)s::int, 'entrant', %(entrant)s::bigint) AS vars
    FROM {names.table(Tournament)} WHERE id = %(tournament)s
),
n AS (
    SELECT g.m, 1 AS part, g.i, 0::bigint AS j
        FROM t, jsonb_path_query(t.state, '$.group_matches[*] ? ({_KEPT})', t.vars) WITH ORDINALITY AS g(m, i)
    UNION ALL
    SELECT g.m, 1, g.i, 0
        FROM t, jsonb_path_query(t.state, '$.group_stage.group_matches[*] ? ({_KEPT})', t.vars)
        WITH ORDINALITY AS g(m, i)
    UNION ALL
    SELECT b.data, 2, b.position, 0
        FROM {names.table(TournamentMatch)} b
        WHERE b.tournament_id = %(tournament)s AND (%(round)s::int IS NULL OR b.round = %(round)s::int)
            AND (%(entrant)s::bigint IS NULL OR b.data->'entrants' @> to_jsonb(ARRAY[%(entrant)s::bigint]))
    UNION ALL
    SELECT x.tbl || jsonb_build_object(
            'id', 'R' || (r.rnd->>'number') || '.' || (x.tbl->>'number'), 'round', r.rnd->'number',
            'entrants', x.tbl->'seats', 'final', r.rnd->'final'), 3, r.i, x.j
        FROM t, jsonb_path_query(t.state, '$.rounds[*] ? ({_TABLE})', t.vars) WITH ORDINALITY AS r(rnd, i),
            jsonb_array_elements(r.rnd->'tables') WITH ORDINALITY AS x(tbl, j)
        WHERE %(entrant)s::bigint IS NULL OR x.tbl->'seats' @> to_jsonb(ARRAY[%(entrant)s::bigint])
)
"""
# the lowest round with a match to decide, of a bracket or of a multiplayer elimination (LEAST ignores a null)
_CURRENT_ROUND = f"""
SELECT LEAST(
    (SELECT min(round) FROM {names.table(TournamentMatch)} WHERE tournament_id = %(tournament)s AND decided = ''),
    (SELECT min(r::int) FROM jsonb_path_query(state, '$.rounds[*] ? (exists(@.tables[*] ? (@.result == null))).number')
        AS r)
) FROM {names.table(Tournament)} WHERE id = %(tournament)s
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
