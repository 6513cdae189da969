"""The standings' statements (league.services.standings): what one more finished table makes them read."""

from collections.abc import Collection
from functools import cache
from typing import Any

from league.models import Entrant, Result, Round, Seat, Standing, Table, TableRuling
from league.sql import names
from league.sql.internals import cursor, default_db, rows_converted
from league.sql.reads import among

SeatRow = tuple[int, int, str, str | None, int | None, int | None, int | None, int | None]


def season_seat_rows(*, season_id: int, players: Collection[int] | None = None) -> list[SeatRow]:
    """One row per seat of the season's tables, or of those where one of `players` sat: (table id, round number,
    table status, ruling kind or None, seat index, player id, place, score), the last two None without a result; a
    table without seats comes once, its seat's columns None. In round, table and seat order. One statement where
    the ORM took six, each compiled anew (most of the incremental standings' time)."""
    params: list[Any] = [season_id]
    where = ""
    if players is not None:
        if not players:
            return []
        placed, values = among(list(players))
        where = f" AND t.id IN (SELECT m.table_id FROM {names.table(Seat)} m WHERE m.player_id {placed})"
        params += values
    select, order = _season_seat_rows_sql()
    with cursor() as statement:
        statement.execute(select + where + order, params)
        rows: list[SeatRow] = statement.fetchall()
    return rows


@cache
def _season_seat_rows_sql() -> tuple[str, str]:
    index = names.quoted("index")
    select = (
        f"SELECT t.id, r.number, t.status, u.kind, s.{index}, s.player_id, x.place, x.score "
        f"FROM {names.table(Table)} t "
        f"JOIN {names.table(Round)} r ON r.id = t.round_id "
        f"LEFT JOIN {names.table(TableRuling)} u ON u.table_id = t.id "
        f"LEFT JOIN {names.table(Seat)} s ON s.table_id = t.id "
        f"LEFT JOIN {names.table(Result)} x ON x.table_id = t.id AND x.seat = s.{index} "
        "WHERE r.season_id = %s"
    )
    return select, f" ORDER BY r.number, t.id, s.{index}"


def season_standing_rows(*, season_id: int, fields: tuple[str, ...]) -> list[dict[str, Any]]:
    """Every entrant of the season with its stored standing, in rank order: the standing's `id` and the `Standing`
    `fields` (None where the entrant has no row), converted as the ORM converts them, with the entrant's
    `entrant_id`, `player_id`, `partner_id` and `seed`. One statement where the ORM read the entrants and the
    standings in two."""
    db = default_db()
    with cursor(db) as statement:
        statement.execute(_season_standing_rows_sql(fields), [season_id])
        columns = tuple(column[0] for column in statement.description)
        rows = statement.fetchall()
    return rows_converted(Standing, columns, rows, db)


@cache
def _season_standing_rows_sql(fields: tuple[str, ...]) -> str:
    quoted = names.quoted
    listed = ", ".join(f"s.{names.column(Standing, name)[0]} AS {quoted(name)}" for name in fields)
    return (
        f"SELECT s.id, e.id AS entrant_id, {listed}, e.player_id, e.partner_id, e.seed "
        f"FROM {names.table(Entrant)} e "
        f"LEFT JOIN {names.table(Standing)} s ON s.entrant_id = e.id AND s.season_id = e.competition_id "
        f"WHERE e.competition_id = %s ORDER BY s.{quoted('rank')}, e.seed, e.id"
    )


def season_met(*, season_id: int, table_id: int) -> set[int]:
    """The players who sat at a table of the season with one of this table's players, these included (when the
    table is the season's)."""
    seats = names.table(Seat)
    sql = (
        f"SELECT DISTINCT o.player_id FROM {seats} h "
        f"JOIN {seats} m ON m.player_id = h.player_id "
        f"JOIN {names.table(Table)} t ON t.id = m.table_id "
        f"JOIN {names.table(Round)} r ON r.id = t.round_id "
        f"JOIN {seats} o ON o.table_id = t.id "
        "WHERE h.table_id = %s AND r.season_id = %s"
    )
    with cursor() as statement:
        statement.execute(sql, [table_id, season_id])
        return {player_id for (player_id,) in statement.fetchall()}
