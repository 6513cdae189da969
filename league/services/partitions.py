"""The moves' and ledger's partitions kept ahead of the tables, and archived once their tables are long finished
(docs/scale.md, "Partitioning"). PostgreSQL only: elsewhere the tables are plain and both do nothing.

Partitions hold ranges of table ids, so a partition fills while its ids are handed out and is never written again
once the sequence has passed it and its tables have ended. `partitions_ensure` (the beat's monthly task) makes the
next ones before the sequence reaches them; `partitions_archive` (`manage.py moves_archive`) exports a closed one
whose tables all ended before the retention, checks the export, records it in `MoveArchive` and drops it, and the
readers (`league.selectors.move_history`) then read those tables from the export.
"""

import logging
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

from django.conf import settings
from django.db import models, transaction
from django.db.models import Q

from league import archive_files, metrics
from league.models import LedgerEntry, Move, MoveArchive, Table
from league.sql import partitions

logger = logging.getLogger(__name__)

# table ids per file of an export: one file of ~1,000 ended tables (~180,000 moves at the plan, a few MB) is what an
# archived table's page reads
ARCHIVE_BLOCK = 1000
ORDER = {Move: "r.table_id, r.seq", LedgerEntry: 'r.table_id, r."index"'}
KIND = {Move: "moves", LedgerEntry: "ledger"}


@dataclass(frozen=True)
class EnsureReport:
    created: list[str] = field(default_factory=list)
    # rows left in the DEFAULT partitions, by table, after those of each new partition's range were moved into it:
    # none unless a row's table id is in no partition's range (an archived one)
    strays: dict[str, int] = field(default_factory=dict)


def partitions_ensure(*, span: int | None = None, ahead: int | None = None) -> EnsureReport:
    """Make the partitions that keep `ahead` spans of table ids beyond the last one handed out, each new one
    starting where the highest one ends; does nothing when they exist (run it any number of times). Rows found in
    a DEFAULT partition within a new partition's range are moved into it."""
    if not partitions.partitioned():
        return EnsureReport()
    span = span or settings.CARDLEAGUE_MOVE_PARTITION_SPAN
    ahead = settings.CARDLEAGUE_MOVE_PARTITIONS_AHEAD if ahead is None else ahead
    report = EnsureReport()
    with transaction.atomic():
        partitions.partitions_lock()
        wanted = partitions.table_id_last() + ahead * span
        for model in partitions.MODELS:
            top = max(p.upper for p in partitions.partitions_of(model) if p.upper is not None)
            while top <= wanted:
                report.created.append(partitions.partition_create(model, lower=top, upper=top + span))
                top += span
            count, lowest, highest = partitions.default_rows(model)
            metrics.PARTITION_STRAYS.labels(model._meta.db_table).set(count)
            if count:
                report.strays[model._meta.db_table] = count
                logger.error(
                    "%s rows of %s are in its DEFAULT partition (table ids %s to %s), in no partition's range",
                    count,
                    model._meta.db_table,
                    lowest,
                    highest,
                )
    return report


@dataclass(frozen=True)
class Candidate:
    """A partition of the moves (with the ledger's of the same bounds) and why it may not be archived, if so."""

    lower: int
    upper: int
    names: dict[type[models.Model], str]
    refusal: str = ""


def partitions_archivable(*, older_than: timedelta, now: datetime) -> list[Candidate]:
    """Every partition but the DEFAULT one, lowest first, each with the reason it cannot be archived now or ''."""
    if not partitions.partitioned():
        return []
    last_id = partitions.table_id_last()
    ledger = {(p.lower, p.upper): p.name for p in partitions.partitions_of(LedgerEntry)}
    found = []
    for part in partitions.partitions_of(Move):
        if part.upper is None:
            continue
        lower = part.lower or 0
        names: dict[type[models.Model], str] = {Move: part.name, LedgerEntry: ledger.get((part.lower, part.upper), "")}
        found.append(
            Candidate(
                lower=lower,
                upper=part.upper,
                names=names,
                refusal=_refusal(
                    lower, part.upper, last_id=last_id, cutoff=now - older_than, ledger=names[LedgerEntry]
                ),
            )
        )
    return found


def _refusal(lower: int, upper: int, *, last_id: int, cutoff: datetime, ledger: str) -> str:
    if not ledger:
        return "the ledger has no partition of the same bounds"
    if last_id < upper - 1:
        return f"table ids up to {upper - 1} are not all handed out yet (the last is {last_id})"
    tables = Table.objects.filter(id__gte=lower, id__lt=upper)
    if unended := tables.exclude(status__in=[Table.Status.FINISHED, Table.Status.ANNULLED]).count():
        return f"{unended} of its tables have not ended"
    if recent := tables.filter(Q(finished_at__isnull=True) | Q(finished_at__gt=cutoff)).count():
        return f"{recent} of its tables ended after {cutoff:%Y-%m-%d %H:%M} UTC"
    return ""


class ArchiveMismatch(Exception):
    """The export does not hold every row of the partition: nothing was dropped."""


def partition_archive(*, candidate: Candidate, directory: Path, now: datetime) -> MoveArchive:
    """Export one archivable partition of the moves and its ledger's to `directory`/<partition>/ (gzip JSON lines
    by block of table ids, and a manifest), then, in one transaction: detach both, count their rows against the
    files', record the archive, drop both. A difference (ArchiveMismatch) rolls all of it back; the files stay."""
    assert not candidate.refusal, candidate.refusal
    target = directory.resolve() / candidate.names[Move]
    target.mkdir(parents=True, exist_ok=True)
    files: dict[str, dict[str, dict[str, int | str]]] = {}
    written: dict[str, int] = {}
    for model, kind in KIND.items():
        rows = partitions.rows_as_json(candidate.names[model], order=ORDER[model])
        counts = archive_files.rows_write(target, kind, rows, block=ARCHIVE_BLOCK)
        # what the files hold, read back from them, not what was meant to be written
        files[kind] = {
            name: {"rows": archive_files.file_lines(target / name), "sha256": archive_files.file_digest(target / name)}
            for name in counts
        }
        written[kind] = sum(int(entry["rows"]) for entry in files[kind].values())
    archive_files.manifest_write(
        target,
        {
            "first_table_id": candidate.lower,
            "end_table_id": candidate.upper,
            "block": ARCHIVE_BLOCK,
            "partitions": {KIND[model]: name for model, name in candidate.names.items()},
            "rows": written,
            "files": files,
            "written_at": now.isoformat(),
        },
    )
    with transaction.atomic():
        partitions.partitions_lock()
        for model, name in candidate.names.items():
            partitions.partition_detach(model, name)
            # detached under the parent's exclusive lock: nothing can have been added since the export
            if (stored := partitions.rows_count(name)) != written[KIND[model]]:
                raise ArchiveMismatch(f"{name}: {stored} rows, the export holds {written[KIND[model]]}")
        archive = MoveArchive.objects.create(
            first_table_id=candidate.lower,
            end_table_id=candidate.upper,
            path=str(target),
            block=ARCHIVE_BLOCK,
            moves=written["moves"],
            ledger_rows=written["ledger"],
            archived_at=now,
        )
        for name in candidate.names.values():
            partitions.partition_drop(name)
    logger.info(
        "archived %s: %s moves, %s ledger rows in %s", candidate.names[Move], archive.moves, archive.ledger_rows, target
    )
    return archive
