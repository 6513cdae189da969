"""The demo's load as `make run` and `make demo-reset` do it (issue 34: under 60 s on 2 cores): `manage.py migrate`
then `manage.py demo_load`, each in a process of its own, on SQLite in a throwaway data folder with Celery's
filesystem broker, DEBUG on, as the demo runs.

usage: .venv/bin/python bench/demo_load.py [--runs 1]

Prints, per run, the wall time and the CPU time (user + system) of each command, the load average of the machine
before and after (the host is shared: the wall time is only as good as the CPU left to it), and what was loaded.
Fails loudly when the demo is not what the seeds describe: a club missing, or a season or tournament meant to be
finished not finished.
"""

import argparse
import os
import resource
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds (the child's user + system) of one command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def loaded(database: Path) -> dict[str, int]:
    with sqlite3.connect(database) as db:
        count = lambda sql: db.execute(sql).fetchone()[0]  # noqa: E731
        finished = "select count(*) from {} f join league_competition c on c.id = f.id where c.status = 'finished'"
        return {
            "clubs": count("select count(*) from league_club"),
            "tables": count("select count(*) from league_table"),
            "moves": count("select count(*) from league_move"),
            # a format's status is its competition's (league_competition, the same id)
            "seasons finished": count(finished.format("league_season")),
            "tournaments finished": count(finished.format("league_tournament")),
            "poker tournaments finished": count(finished.format("league_pokertournament")),
            "notifications": count("select count(*) from league_notification"),
        }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    python = sys.executable
    for number in range(1, args.runs + 1):
        with tempfile.TemporaryDirectory() as folder:
            env = {**os.environ, "DATA_DIR": folder, "DEBUG": "1"}
            for name in ("DATABASE_URL", "CELERY_BROKER_URL", "CELERY_TASK_ALWAYS_EAGER"):
                env.pop(name, None)
            load_before = os.getloadavg()[0]
            migrate = run([python, "manage.py", "migrate", "--noinput", "-v", "0"], env)
            demo = run([python, "manage.py", "demo_load"], env)
            load_after = os.getloadavg()[0]
            found = loaded(Path(folder) / "cardleague.sqlite3")
        print(
            f"run {number}: migrate {migrate[0]:.1f} s wall ({migrate[1]:.1f} s CPU); "
            f"demo_load {demo[0]:.1f} s wall ({demo[1]:.1f} s CPU); "
            f"load average {load_before:.1f} before, {load_after:.1f} after"
        )
        print("  " + ", ".join(f"{value} {name}" for name, value in found.items()))
        expected = {"clubs": 2, "seasons finished": 6, "tournaments finished": 2, "poker tournaments finished": 1}
        wrong = {name: found[name] for name, value in expected.items() if found[name] != value}
        if wrong:
            raise SystemExit(f"the demo is not what seeds/demo/*.json describe: {wrong} (expected {expected})")


if __name__ == "__main__":
    main()
