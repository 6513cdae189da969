"""What the operations' part costs a request, in the web process: the request's metrics (a counter and a histogram,
league.metrics.request_observed) and its JSON log line (league.logs.JsonFormatter through the console handler's
context filter), each timed alone, in prometheus-client's multiprocess mode as deployed and in one process.

usage: .venv/bin/python bench/ops_cost.py [--count 50000]

Prints microseconds per request for each part; a move POST costs some 3-4 ms of the web process's CPU
(docs/benchmarks.md), so these are to be read against that. Bounded: --count calls of each, a few seconds.
"""

import argparse
import io
import logging
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def measure(count: int) -> dict[str, float]:
    from league import metrics
    from league.logs import ContextFilter, JsonFormatter, context_end, context_start

    route, method = "api/tables/<id:table_id>/moves/", "POST"
    started = time.perf_counter()
    for i in range(count):
        metrics.request_observed(route=route, method=method, status=201, seconds=0.004 + (i % 7) / 1000)
    metric_us = (time.perf_counter() - started) / count * 1e6

    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter())
    handler.addFilter(ContextFilter())
    logger = logging.getLogger("bench.request")
    logger.propagate = False
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    token = context_start(request_id="3b2c5a4e-9f1d-4c7b-8e2a-1f0d9c8b7a6e", table_id=1234)
    started = time.perf_counter()
    for i in range(count):
        logger.info(
            "%s %s %s %s ms",
            method,
            route,
            201,
            4.2,
            extra={"method": method, "route": route, "status": 201, "duration_ms": 4.2},
        )
        if i % 1000 == 0:
            stream.seek(0)
            stream.truncate()
    log_us = (time.perf_counter() - started) / count * 1e6
    context_end(token)
    return {"metrics": metric_us, "log line": log_us}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=50_000)
    parser.add_argument("--mode", choices=["multiprocess", "single"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.mode:
        for name, us in measure(args.count).items():
            print(f"{args.mode:12} {name:9} {us:6.2f} us a request")
        return
    for mode in ("multiprocess", "single"):
        env = dict(os.environ)
        with tempfile.TemporaryDirectory() as directory:
            if mode == "multiprocess":
                env["PROMETHEUS_MULTIPROC_DIR"] = directory
            else:
                env.pop("PROMETHEUS_MULTIPROC_DIR", None)
            command = [sys.executable, __file__, "--count", str(args.count), "--mode", mode]
            subprocess.run(command, env=env, check=True)


if __name__ == "__main__":
    main()
