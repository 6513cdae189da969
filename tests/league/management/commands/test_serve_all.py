"""manage.py serve_all's supervisor (league/management/commands/serve_all.py), on stand-in child processes."""

import os
import pty
import signal
import sys
import threading
import time
from pathlib import Path

from league.management.commands.demo_info import demo_banner
from league.management.commands.serve_all import child_commands, supervise


def _sleeper(pid_file: Path) -> list[str]:
    code = f"import os, time; open({str(pid_file)!r}, 'w').write(str(os.getpid())); time.sleep(60)"
    return [sys.executable, "-c", code]


def _after_files(*paths: Path) -> str:
    waits = "".join(f"\nwhile not os.path.exists({str(p)!r}): time.sleep(0.05)" for p in paths)
    return f"import os, sys, time{waits}\n"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def _wait_for(path: Path) -> int:
    for _ in range(100):
        if path.exists() and path.read_text():
            return int(path.read_text())
        time.sleep(0.05)
    raise AssertionError(f"{path} never written")


def test_when_one_child_dies_the_others_are_stopped_and_its_code_returned(tmp_path: Path) -> None:
    pids: list[int] = []
    threading.Thread(target=lambda: pids.extend(_wait_for(tmp_path / n) for n in ("a", "b")), daemon=True).start()
    commands = {
        "a": _sleeper(tmp_path / "a"),
        "b": _sleeper(tmp_path / "b"),
        # exits once both others are up, so that the test also proves they were running
        "dies": [sys.executable, "-c", _after_files(tmp_path / "a", tmp_path / "b") + "sys.exit(3)"],
    }
    started = time.monotonic()

    code = supervise(commands, out=lambda line: None)

    assert code == 3
    assert time.monotonic() - started < 15
    assert len(pids) == 2 and not any(_alive(pid) for pid in pids)


def test_a_child_that_exits_cleanly_still_stops_the_whole(tmp_path: Path) -> None:
    commands = {"a": _sleeper(tmp_path / "a"), "done": [sys.executable, "-c", "pass"]}

    assert supervise(commands, out=lambda line: None) == 1


def test_sigterm_stops_every_child(tmp_path: Path) -> None:
    commands = {"a": _sleeper(tmp_path / "a"), "b": _sleeper(tmp_path / "b")}

    def stop_when_started() -> None:
        _wait_for(tmp_path / "a"), _wait_for(tmp_path / "b")
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=stop_when_started, daemon=True).start()

    code = supervise(commands, out=lambda line: None)

    assert code == 0
    assert not any(_alive(int((tmp_path / n).read_text())) for n in ("a", "b"))


def test_the_children_are_the_web_server_a_worker_and_beat_without_their_banners() -> None:
    commands = child_commands(address="127.0.0.1:8000")

    assert commands["web"][1:] == ["manage.py", "runserver", "127.0.0.1:8000"]
    # (the worker's -W: Celery's warning against a root worker, which a container's demo always is)
    assert commands["worker"][1:3] == ["-W", "ignore:You're running the worker with superuser privileges"]
    assert commands["worker"][3:9] == ["-m", "celery", "-A", "config", "--quiet", "worker"]
    assert commands["beat"][1:7] == ["-m", "celery", "-A", "config", "--quiet", "beat"]


def test_the_worker_and_beat_log_at_warning_unless_told() -> None:
    quiet = child_commands(address="127.0.0.1:8000")
    chatty = child_commands(address="127.0.0.1:8000", loglevel="info")

    assert [quiet[name][-2:] for name in ("worker", "beat")] == [["--loglevel", "warning"]] * 2
    assert [chatty[name][-2:] for name in ("worker", "beat")] == [["--loglevel", "info"]] * 2


def test_the_demo_is_announced_once_the_web_server_answers(tmp_path: Path) -> None:
    # given: a child that runs a while, and a web server that answers from the third look on
    looks: list[int] = []
    said: list[str] = []

    def ready() -> bool:
        looks.append(1)
        return len(looks) >= 3

    def announce() -> None:
        said.append("banner")
        os.kill(os.getpid(), signal.SIGTERM)  # then stop, as Ctrl-C would

    # when: supervised
    supervise(
        {"sleeper": [sys.executable, "-c", "import time; time.sleep(30)"]},
        out=lambda _: None,
        poll=0.01,
        ready=ready,
        announce=announce,
    )
    # then: the banner came once, after the server answered
    assert (said, len(looks)) == (["banner"], 3)


def test_the_demo_banner_names_the_url_and_every_log_in() -> None:
    banner = demo_banner(address="127.0.0.1:8000")

    assert "open http://127.0.0.1:8000/" in banner
    assert "organizer  / organizer-demo" in banner
    assert "alice      / alice-demo" in banner


def _terminal(monkeypatch) -> int:
    """Make a pseudo-terminal this process's stdin; returns its other end, where a test types."""
    typist, terminal = pty.openpty()
    keys = os.fdopen(terminal, "r")
    monkeypatch.setattr(sys, "stdin", keys)
    return typist


def _stop_soon(after: float = 0.5) -> None:
    threading.Timer(after, os.kill, (os.getpid(), signal.SIGTERM)).start()


def test_an_enter_typed_while_the_demo_loads_does_not_print_the_banner_twice(monkeypatch) -> None:
    # given: a terminal where Enter was pressed before the web server answered (a first run takes a while)
    typist, said, looks = _terminal(monkeypatch), [], []

    def ready() -> bool:
        looks.append(1)
        if len(looks) == 1:  # the server does not answer yet, and Enter is pressed
            os.write(typist, b"\n")
            return False
        return True

    def announce() -> None:
        said.append("banner")
        if len(said) == 1:  # then stop, as Ctrl-C would, leaving a moment for a second banner
            _stop_soon()

    # when: supervised, the banner coming once the server answers
    supervise(
        {"sleeper": [sys.executable, "-c", "import time; time.sleep(30)"]},
        out=lambda _: None,
        poll=0.01,
        ready=ready,
        announce=announce,
    )
    # then: the Enter typed before the banner did not ask for it again
    assert said == ["banner"]
    os.close(typist)


def test_an_enter_typed_after_the_banner_prints_it_again(monkeypatch) -> None:
    # given: a terminal, and a banner already printed
    typist, said = _terminal(monkeypatch), []

    def announce() -> None:
        said.append("banner")
        if len(said) == 1:  # Enter, a moment after the first banner
            threading.Timer(0.2, os.write, (typist, b"\n")).start()
        else:
            _stop_soon(0)

    # when: Enter is pressed
    supervise(
        {"sleeper": [sys.executable, "-c", "import time; time.sleep(30)"]},
        out=lambda _: None,
        poll=0.01,
        announce=announce,
    )
    # then: the banner came again
    assert said == ["banner", "banner"]
    os.close(typist)


def test_a_closed_terminal_stops_every_child(tmp_path: Path) -> None:
    # given: a child running under the supervisor
    def hang_up_when_started() -> None:
        _wait_for(tmp_path / "a")
        os.kill(os.getpid(), signal.SIGHUP)

    threading.Thread(target=hang_up_when_started, daemon=True).start()
    # when: the terminal hangs up
    code = supervise({"a": _sleeper(tmp_path / "a")}, out=lambda line: None)
    # then: the child is stopped too (it lives in a session of its own, which the hang-up does not reach)
    assert code == 0
    assert not _alive(int((tmp_path / "a").read_text()))
