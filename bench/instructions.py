"""The application's share of a request in CPU instructions, counted by valgrind: `GET /api/me/` against a move POST.

usage: .venv/bin/python bench/instructions.py [--requests 100]

The other benchmarks time requests, and on a shared virtual host the same code measured 183 to 546 trivial req/s
within an hour (docs/benchmarks.md). An instruction count is the same from run to run whatever else the machine does
(valgrind's callgrind: it counts instructions executed, not seconds), so it shows a change of the application's cost
of a few per cent that timings cannot. It counts this process only: PostgreSQL's share is in bench/unit_costs.py and
bench/http_moves.py.

What it does: re-runs itself under `valgrind --tool=callgrind` with counting off; creates its own database
`cardleague_bench_instructions` (dropped at the end) and 10 Coinche tables with their games worked out in advance
(as bench/http_moves.py); sends requests through Django's test client in this process (the whole Django stack: the
middleware, DRF, token authentication, the view, the service; no network and no gunicorn), first 20 of each kind
uncounted, then --requests `GET /api/me/` and --requests move POSTs (each the table's next scripted move with the
version it extends and an Idempotency-Key), counting each kind on its own (`callgrind_control`). As in gunicorn
(config/wsgi.py) the objects made at start-up are frozen out of the garbage collector's way first. Prints the
instructions per request of each kind and their ratio. Takes about a minute; valgrind comes with the machine's
development tools (Debian's package valgrind).
"""

import argparse
import gc
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import uuid
from typing import Any

from benchdb import bench_database

os.environ.setdefault("SECURE_SSL_REDIRECT", "0")
DB = "cardleague_bench_instructions"
UNDER_VALGRIND = "CARDLEAGUE_BENCH_UNDER_VALGRIND"
WARM_UP = 20


def counting(on: bool) -> None:
    subprocess.run(
        ["callgrind_control", "--instr=on" if on else "--instr=off", str(os.getpid())], check=True, capture_output=True
    )


def counted(kind: str) -> None:
    """Write the instructions counted since the last dump into a file of their own, named by `kind`."""
    subprocess.run(["callgrind_control", f"--dump={kind}", str(os.getpid())], check=True, capture_output=True)


def measure(requests: int) -> None:
    """Runs under valgrind: the requests, each kind counted and dumped on its own."""
    with bench_database(DB):
        from django.test import Client
        from http_moves import fixtures_create

        tables = fixtures_create(10, script_moves=requests // 10 + WARM_UP)
        client = Client()

        def trivial(table: dict[str, Any]) -> None:
            answer = client.get("/api/me/", HTTP_AUTHORIZATION=f"Token {table['tokens'][0]}")
            if answer.status_code != 200:
                raise SystemExit(f"GET /api/me/ answered {answer.status_code}")

        def move(table: dict[str, Any]) -> None:
            seat, scripted = table["script"][table["next"]]
            answer = client.post(
                f"/api/tables/{table['id']}/moves/",
                data=json.dumps({"move": scripted, "expected_version": table["next"]}),
                content_type="application/json",
                HTTP_AUTHORIZATION=f"Token {table['tokens'][seat]}",
                HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex,
            )
            if answer.status_code != 201:
                raise SystemExit(f"the move POST answered {answer.status_code}: {answer.content[:200]!r}")
            table["next"] += 1

        for number in range(WARM_UP):
            trivial(tables[number % len(tables)])
            move(tables[number % len(tables)])
        gc.collect()
        gc.freeze()
        counting(True)
        counted("start")
        for number in range(requests):
            trivial(tables[number % len(tables)])
        counted("trivial")
        for number in range(requests):
            move(tables[number % len(tables)])
        counted("move")
        counting(False)


def totals(directory: pathlib.Path) -> dict[str, int]:
    """The instructions of each dump, by the name it was dumped with."""
    found = {}
    for path in directory.iterdir():
        text = path.read_text(errors="replace")
        trigger = re.search(r"^desc: Trigger: Client Request: (\w+)|^desc: Trigger: dump (\w+)", text, re.M)
        total = re.search(r"^totals: (\d+)", text, re.M)
        if trigger and total:
            found[trigger.group(1) or trigger.group(2)] = int(total.group(1))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", type=int, default=100, help="requests of each kind counted")
    args = parser.parse_args()
    if os.environ.get(UNDER_VALGRIND):
        measure(args.requests)
        return
    if shutil.which("valgrind") is None or shutil.which("callgrind_control") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    with tempfile.TemporaryDirectory() as directory:
        out = pathlib.Path(directory)
        subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                "--instr-atstart=no",
                f"--callgrind-out-file={out}/callgrind.%p",
                sys.executable,
                __file__,
                "--requests",
                str(args.requests),
            ],
            env={**os.environ, UNDER_VALGRIND: "1"},
            check=True,
            stderr=subprocess.DEVNULL,
        )
        found = totals(out)
    trivial, move = found["trivial"] / args.requests, found["move"] / args.requests
    print(f"instructions of the application per request, {args.requests} of each (callgrind, Django's test client):")
    print(f"  GET /api/me/ (trivial)        {trivial / 1e6:6.2f} million")
    print(f"  POST /api/tables/<id>/moves/  {move / 1e6:6.2f} million")
    print(f"ratio trivial : move = {trivial / move:.2f}")


if __name__ == "__main__":
    sys.exit(main())
