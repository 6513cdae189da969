"""manage.py serve_all: the web server, a Celery worker and Celery beat as children of one command.

Ctrl-C or SIGTERM stops all three; when one of them exits, the others are stopped and the command exits with its
code, so a crash is never hidden behind a half-running service.
"""

import contextlib
import os
import signal
import subprocess
import sys
import time
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

STOP_GRACE_SECONDS = 10


def child_commands(*, address: str) -> dict[str, list[str]]:
    python = sys.executable
    return {
        "web": [python, "manage.py", "runserver", address],
        "worker": [python, "-m", "celery", "-A", "config", "worker", "--loglevel", "info"],
        "beat": [python, "-m", "celery", "-A", "config", "beat", "--loglevel", "info"],
    }


class Command(BaseCommand):
    help = "Run runserver, a Celery worker and Celery beat together; Ctrl-C stops all of them."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("address", nargs="?", default="127.0.0.1:8000")

    def handle(self, *args: Any, address: str, **options: Any) -> None:
        code = supervise(child_commands(address=address), out=self.stdout.write)
        if code:
            sys.exit(code)


def supervise(commands: dict[str, list[str]], *, out: Any = print, poll: float = 0.2) -> int:
    """Start the commands, wait until one exits or a stop signal comes, then stop the others; returns an exit code."""
    stopping: list[int] = []

    def on_signal(signum: int, frame: Any) -> None:
        stopping.append(signum)

    previous = {sig: signal.signal(sig, on_signal) for sig in (signal.SIGINT, signal.SIGTERM)}
    children: dict[str, subprocess.Popen] = {}
    try:
        for name, command in commands.items():
            # its own process group, so that stopping it reaches its own children too (runserver's reloader,
            # the worker's pool)
            children[name] = subprocess.Popen(command, start_new_session=True)
            out(f"started {name} (pid {children[name].pid}): {' '.join(command)}")
        code = 0
        while not stopping:
            exited = [(name, child.returncode) for name, child in children.items() if child.poll() is not None]
            if exited:
                name, code = exited[0]
                out(f"{name} exited with code {code}; stopping the others")
                code = code or 1  # one part gone is a failure of the whole, even when it exited cleanly
                break
            time.sleep(poll)
        else:
            out("stopping")
        return code
    finally:
        _stop(children)
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def _stop(children: dict[str, subprocess.Popen]) -> None:
    # each child stops its own children on SIGTERM (runserver its reloaded server, the worker its pool, after the
    # tasks at hand); whatever is left of a group after the grace period is killed
    for child in children.values():
        if child.poll() is None:
            child.terminate()
    deadline = time.monotonic() + STOP_GRACE_SECONDS
    for child in children.values():
        with contextlib.suppress(subprocess.TimeoutExpired):
            child.wait(timeout=max(0.0, deadline - time.monotonic()))
        _signal_group(child, signal.SIGKILL)
        child.wait()


def _signal_group(child: subprocess.Popen, sig: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):  # the group is gone already
        os.killpg(child.pid, sig)
