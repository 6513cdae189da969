"""A liveness probe of the background processes, for an orchestrator's exec probe (docs/operations.md):

    python -m config.probe worker [--max-age 60]   # the worker's heartbeat file (WORKER_HEARTBEAT_FILE)
    python -m config.probe beat [--max-age 30]     # beat's last tick (BEAT_HEARTBEAT_FILE)

Exit 0 when the file was touched within --max-age seconds, 1 with the reason otherwise. It imports neither Django nor
Celery: a probe runs every few seconds and must cost a few milliseconds, not the seconds of loading the project.
"""

import argparse
import os
import sys
import time
from collections.abc import Mapping

FILES = {"worker": "WORKER_HEARTBEAT_FILE", "beat": "BEAT_HEARTBEAT_FILE"}
# the worker touches its file every 10 s, beat at each tick (5 s at most apart): several missed ones before failing
MAX_AGE = {"worker": 60.0, "beat": 30.0}


def probe(kind: str, *, max_age: float | None = None, environ: Mapping[str, str] | None = None) -> tuple[bool, str]:
    """(alive, what was found) for `kind` ("worker" or "beat"), the file named by the environment."""
    variable = FILES[kind]
    path = (os.environ if environ is None else environ).get(variable)
    if not path:
        return False, f"{variable} is not set"
    try:
        age = time.time() - os.stat(path).st_mtime
    except FileNotFoundError:
        return False, f"{path} does not exist: the {kind} has not started, or stopped"
    limit = MAX_AGE[kind] if max_age is None else max_age
    if age > limit:
        return False, f"{path} last touched {age:.0f} s ago (more than {limit:.0f} s)"
    return True, f"{kind} alive: {path} touched {age:.1f} s ago"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m config.probe", description=__doc__.split("\n\n")[0])
    parser.add_argument("kind", choices=sorted(FILES))
    parser.add_argument("--max-age", type=float, help="seconds (default: worker 60, beat 30)")
    args = parser.parse_args(argv)
    alive, said = probe(args.kind, max_age=args.max_age)
    print(said, file=sys.stdout if alive else sys.stderr)
    return 0 if alive else 1


if __name__ == "__main__":
    sys.exit(main())
