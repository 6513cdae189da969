"""A table's moves and ledger rows, from the database or, once their partition is archived, from its export
(`manage.py moves_archive`; docs/scale.md, "Partitioning"). Every reader of a whole table's history goes through
here: the table's page, its record and replay, and the verification.

The database is read first, as before: a table in play, or ended and not archived, costs no more than it did. Only
an ended table that finds nothing there looks in the registry of archives (`MoveArchive`), and then reads the one
file of its block.
"""

from pathlib import Path
from typing import Any, TypeVar

from django.db import models

from league.archive_files import table_rows
from league.models import LedgerEntry, Move, MoveArchive, Player, Table

ENDED = (Table.Status.FINISHED, Table.Status.ANNULLED)
M = TypeVar("M", bound=models.Model)


def table_moves(*, table: Table, last: int | None = None, with_players: bool = False) -> list[Move]:
    """The table's moves in seq order (the `last` ones only when given), each with its player when asked."""
    queryset = Move.objects.filter(table=table)
    if with_players:
        queryset = queryset.select_related("player")
    moves = list(queryset.order_by("seq")) if last is None else list(reversed(queryset.order_by("-seq")[:last]))
    if moves or table.status not in ENDED or not table.version:
        return moves
    archived = _archived(Move, table, kind="moves")
    if archived is None:
        return moves
    moves = sorted(archived, key=lambda move: move.seq)
    if last is not None:
        moves = moves[-last:] if last else []
    if with_players:
        players = Player.objects.in_bulk({move.player_id for move in moves})
        for move in moves:
            move.player = players[move.player_id]
    return moves


def table_ledger(*, table: Table) -> list[LedgerEntry]:
    """The table's ledger rows in order."""
    rows = list(LedgerEntry.objects.filter(table=table).order_by("index"))
    if rows or table.status not in ENDED or not table.version:
        return rows
    archived = _archived(LedgerEntry, table, kind="ledger")
    return sorted(archived, key=lambda entry: entry.index) if archived is not None else rows


def archive_of(table_id: int) -> MoveArchive | None:
    """The archive whose range holds this table id, if any."""
    return MoveArchive.objects.filter(first_table_id__lte=table_id, end_table_id__gt=table_id).first()


def _archived(model: type[M], table: Table, *, kind: str) -> list[M] | None:
    archive = archive_of(table.pk)
    if archive is None:
        return None
    rows = table_rows(Path(archive.path), kind, table_id=table.pk, block=archive.block)
    return [_instance(model, row) for row in rows]


def _instance(model: type[M], row: dict[str, Any]) -> M:
    """A model instance from a row as `row_to_json` wrote it, each value through its field as a form's would be."""
    fields = model._meta.concrete_fields
    return model.from_db(
        None, [field.attname for field in fields], [field.to_python(row[field.column]) for field in fields]
    )
