"""manage.py serve_all: the web server, a Celery worker and Celery beat as children of one command.

Ctrl-C, SIGTERM or a closed terminal (SIGHUP) stops all three; when one of them exits, the others are stopped and
the command exits with its code, so a crash is never hidden behind a half-running service. Once the web server
answers, the demo's URL and log-ins are printed (the last thing on the screen: the worker and beat start without
their banners and log at WARNING unless told otherwise), and again on each Enter typed after that.
"""

import contextlib
import os
import select
import signal
import subprocess
import sys
import termios
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from league.management.commands.demo_info import demo_banner

STOP_GRACE_SECONDS = 10
# the demo runs as whoever typed `make run`, root in a container; Celery's warning against a root worker (eight lines
# before the banner) is for a deployed worker, which docs/deploy.md starts on its own and which still gives it
ROOT_WORKER_WARNING = "ignore:You're running the worker with superuser privileges"


def child_commands(*, address: str, loglevel: str = "warning") -> dict[str, list[str]]:
    """The three children; the worker and beat log at `loglevel` (their routine lines every minute are INFO), and
    start without their banners (`--quiet`): the demo's own banner is the one to read."""
    python = sys.executable
    celery = ["-m", "celery", "-A", "config", "--quiet"]
    return {
        "web": [python, "manage.py", "runserver", address],
        "worker": [python, "-W", ROOT_WORKER_WARNING, *celery, "worker", "--loglevel", loglevel],
        "beat": [python, *celery, "beat", "--loglevel", loglevel],
    }


def answers(url: str) -> Callable[[], bool]:
    """A check that the web server at `url` answers (any HTTP status will do)."""

    def check() -> bool:
        try:
            with urllib.request.urlopen(url, timeout=1):
                return True
        except urllib.error.HTTPError:
            return True
        except OSError:
            return False

    return check


class Command(BaseCommand):
    help = "Run runserver, a Celery worker and Celery beat together; Ctrl-C stops all of them."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("address", nargs="?", default="127.0.0.1:8000")
        parser.add_argument(
            "--loglevel", default="warning", help="of the worker and beat (default warning; info shows every task)"
        )

    def handle(self, *args: Any, address: str, loglevel: str, **options: Any) -> None:
        code = supervise(
            child_commands(address=address, loglevel=loglevel),
            out=self.stdout.write,
            # the probe's path: no request line for it (league/health.py), and no page rendered
            ready=answers(f"http://{address}/healthz"),
            announce=lambda: self.stdout.write(demo_banner(address=address)),
        )
        if code:
            sys.exit(code)


def supervise(
    commands: dict[str, list[str]],
    *,
    out: Any = print,
    poll: float = 0.2,
    ready: Callable[[], bool] | None = None,
    announce: Callable[[], None] | None = None,
) -> int:
    """Start the commands, wait until one exits or a stop signal comes, then stop the others; returns an exit code.
    `announce` is called once `ready` says so (at once without it), and again on each line typed at a terminal."""
    stopping: list[int] = []

    def on_signal(signum: int, frame: Any) -> None:
        stopping.append(signum)

    # a closed terminal (SIGHUP) stops them too: the children live in sessions of their own and would outlive it
    previous = {sig: signal.signal(sig, on_signal) for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)}
    children: dict[str, subprocess.Popen[bytes]] = {}
    try:
        for name, command in commands.items():
            # its own process group, so that stopping it reaches its own children too (runserver's reloader,
            # the worker's pool)
            children[name] = subprocess.Popen(command, start_new_session=True, stdin=subprocess.DEVNULL)
            out(f"started {name} (pid {children[name].pid}): {' '.join(command)}")
        code = 0
        announced = False
        keys = sys.stdin if announce is not None and sys.stdin is not None and sys.stdin.isatty() else None
        while not stopping:
            exited = [(name, child.returncode) for name, child in children.items() if child.poll() is not None]
            if exited:
                name, code = exited[0]
                out(f"{name} exited with code {code}; stopping the others")
                code = code or 1  # one part gone is a failure of the whole, even when it exited cleanly
                break
            if announce is not None and not announced and (ready is None or ready()):
                announce()
                announced = True
                if keys is not None:
                    _typed_ahead_drop(keys)
            if announce is not None and keys is not None and announced:
                typed = _line_typed(keys, poll)
                if typed is None:  # the terminal closed its input: no more keys to wait for
                    keys = None
                elif typed:
                    announce()
                continue
            time.sleep(poll)
        else:
            out("stopping")
        return code
    finally:
        _stop(children)
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def _typed_ahead_drop(keys: Any) -> None:
    # an Enter pressed while a first run loaded the demo waits in the terminal, and would print the banner a second
    # time at once (issue 38): only what is typed after the banner asks for it again
    with contextlib.suppress(OSError, ValueError, termios.error):
        termios.tcflush(keys, termios.TCIFLUSH)


def _line_typed(keys: Any, wait: float) -> bool | None:
    """Whether a line was typed at the terminal within `wait` seconds (read and dropped); None at the end of input."""
    try:
        if not select.select([keys], [], [], wait)[0]:
            return False
        return None if keys.readline() == "" else True
    except (OSError, ValueError):
        return None


def _stop(children: dict[str, subprocess.Popen[bytes]]) -> None:
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


def _signal_group(child: subprocess.Popen[bytes], sig: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):  # the group is gone already
        os.killpg(child.pid, sig)
