"""The files of an archived partition (`manage.py moves_archive`), written and read back.

One directory per partition: for each kind of row (`moves`, `ledger`) one gzip file of JSON lines per block of
`block` table ids (`moves-2000000.jsonl.gz` holds the tables 2,000,000 to 2,000,000 + block - 1), each line one row
as PostgreSQL's `row_to_json` wrote it (keyed by column), in table and seq (index) order; and `manifest.json`, the
range, the block and every file with its row count and SHA-256. A table's rows are read from the one file of its
block, so the rare request for an archived table reads a few megabytes, not the whole partition.
"""

import gzip
import hashlib
import json
from collections.abc import Iterable
from itertools import groupby
from pathlib import Path
from typing import Any

KINDS = ("moves", "ledger")
MANIFEST = "manifest.json"


def block_file(directory: Path, kind: str, *, table_id: int, block: int) -> Path:
    return directory / f"{kind}-{table_id // block * block}.jsonl.gz"


def rows_write(directory: Path, kind: str, rows: Iterable[tuple[int, str]], *, block: int) -> dict[str, int]:
    """Write (table id, JSON text) rows, in table order, to the files of their blocks; the row count of each file
    written, by file name."""
    counts: dict[str, int] = {}
    for start, group in groupby(rows, key=lambda row: row[0] // block * block):
        path = block_file(directory, kind, table_id=start, block=block)
        with gzip.open(path, "wt", encoding="utf-8") as out:
            for _, text in group:
                out.write(text + "\n")
                counts[path.name] = counts.get(path.name, 0) + 1
    return counts


def file_lines(path: Path) -> int:
    """The rows a file holds, read back from its compressed text."""
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        return sum(1 for _ in lines)


def file_digest(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as data:
        while chunk := data.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


def manifest_write(directory: Path, manifest: dict[str, Any]) -> None:
    (directory / MANIFEST).write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n", encoding="utf-8")


def table_rows(directory: Path, kind: str, *, table_id: int, block: int) -> list[dict[str, Any]]:
    """The rows of one table from its block's file, in the order they were written; none when the file is absent
    (a block without rows of this kind)."""
    path = block_file(directory, kind, table_id=table_id, block=block)
    if not path.exists():
        return []
    rows = []
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        for line in lines:
            row = json.loads(line)
            if row["table_id"] == table_id:
                rows.append(row)
    return rows
