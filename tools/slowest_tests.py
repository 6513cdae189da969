#!/usr/bin/env python3
"""The table of the suite's slowest tests (tests/slowest.py) from the JUnit files of runs, and what two workers of
`pytest -n 2 --dist loadgroup` would take in that order.

    python tools/slowest_tests.py JUNIT.xml [JUNIT.xml ...] > tests/slowest.py
    python tools/slowest_tests.py --makespan COLLECTION.json JUNIT.xml [...]

A later file's time of a test replaces an earlier one's (a run of the changed files after a whole run). The table
keeps the tests of at least MIN_SECONDS: enough to start the long ones first; the order of the rest does not matter.
COLLECTION.json is the run's collection after tests/conftest.py's ordering, [node id, xdist group or null] a test.
"""

import json
import sys
import xml.etree.ElementTree as ET
from collections import OrderedDict, deque
from pathlib import Path

MIN_SECONDS = 30.0
HEADER = '''# ruff: noqa: E501  (a table of test ids, written by tools/slowest_tests.py)
"""The suite's slowest tests, in seconds, as runs measured them (tools/slowest_tests.py wrote it from
their JUnit files): tests/conftest.py starts them first, the slowest first, so that pytest-xdist hands the long tests
out while the short ones can still even out the two workers. A test missing here only runs in its usual place; renew
the table when the slow tests change (the command is in tools/slowest_tests.py). The seconds only order the tests:
they may come from a busy host, several times the quiet figures."""

SLOWEST: dict[str, float] = {
'''


def node_id(classname: str, name: str) -> str:
    """The pytest node id of a JUnit test case: tests.pages.test_x.Class, name -> tests/pages/test_x.py::Class::name."""
    parts = classname.split(".")
    for cut in range(len(parts), 0, -1):
        path = Path(*parts[:cut]).with_suffix(".py")
        if path.exists():
            return "::".join([path.as_posix(), *parts[cut:], name])
    return f"{classname}::{name}"


def durations(files: list[str]) -> dict[str, float]:
    found: dict[str, float] = {}
    for file in files:
        for case in ET.parse(file).iter("testcase"):
            found[node_id(case.get("classname", ""), case.get("name", ""))] = float(case.get("time") or 0)
    return found


def makespan(collection: list[tuple[str, str | None]], seconds: dict[str, float], workers: int = 2) -> list[float]:
    """Each worker's finish as xdist's loadgroup hands out the work: the groups by their number of tests first, then
    one test at a time in the collection's order, a worker taking more when two or fewer of its tests are left."""
    units: OrderedDict[str, list[str]] = OrderedDict()
    for test, group in collection:
        units.setdefault(group or test, []).append(test)
    queue = deque(sorted(units.values(), key=lambda tests: -len(tests)))
    pending: list[deque[str]] = [deque() for _ in range(workers)]
    clock = [0.0] * workers
    for worker in range(workers):
        pending[worker].extend(queue.popleft() if queue else [])
    for worker in range(workers):
        if queue and len(pending[worker]) <= 2:
            pending[worker].extend(queue.popleft())
    while any(pending):
        # the next test to finish: the worker whose test under way ends first
        worker = min((w for w in range(workers) if pending[w]), key=lambda w: clock[w] + seconds.get(pending[w][0], 0))
        clock[worker] += seconds.get(pending[worker].popleft(), 0.0)
        if queue and len(pending[worker]) <= 2:
            pending[worker].extend(queue.popleft())
    return clock


def main(argv: list[str]) -> None:
    if argv and argv[0] == "--makespan":
        collection = [tuple(row) for row in json.loads(Path(argv[1]).read_text())]
        seconds = durations(argv[2:])
        finish = makespan(collection, seconds)  # type: ignore[arg-type]
        print(f"sum {sum(seconds.values()):.1f} s; workers finish at {', '.join(f'{f:.1f} s' for f in finish)}")
        return
    seconds = durations(argv)
    rows = sorted(((s, test) for test, s in seconds.items() if s >= MIN_SECONDS), reverse=True)
    sys.stdout.write(HEADER)
    for s, test in rows:
        sys.stdout.write(f"    {json.dumps(test)}: {s:.1f},\n")
    sys.stdout.write("}\n")


if __name__ == "__main__":
    main(sys.argv[1:])
