"""What "your move" costs: a move POST with its notifications against the same POST without them, and the work the
notifications do later in the worker.

usage: .venv/bin/python bench/notify.py [--requests 300] [--blocks 6] [--instructions]

A move that brings a table to someone writes one outbox row, whoever and however many they are, in the move's own
statement (league.services.moves); the beat's drain takes it within seconds (league.tasks.turn_notify_drain), and
for each table raises the in-app notification, sends the Web Push message and the mail
(league.services.reminders.turn_remind). This bench measures:

1. the request: move POSTs through Django's test client in this process (the whole stack: middleware, DRF, token
   authentication, the view, the pipeline with its outbox row; the broker that CELERY_BROKER_URL names, Redis as
   deployed, e.g. `CELERY_BROKER_URL=redis://127.0.0.1:6379/13`, takes a finished table's follow-up), in alternating
   blocks with the notifications on and off (off: the pipeline writes no outbox row, nothing else changed), and
   `GET /api/me/` (the trivial endpoint of bench/http_moves.py) beside them; per request: the median wall time and
   this process's CPU time (PostgreSQL's and the broker's own CPU are not in it). With --instructions the same
   requests are counted by valgrind's callgrind instead (the same from run to run, whatever the host does);
2. the worker: `turn_remind` for a table that has just come to a player with a verified address who chose the mail
   and a browser subscribed to push: the in-app notification, the push (encrypted and signed for real, posted to a
   push endpoint this bench runs on the loopback) and the mail (Django's locmem backend), per call.

It creates its own database `cardleague_bench_notify` (dropped at the end) and purges what it published from the
broker. Prints the figures; a benchmark never fails a build, but it stops loudly on an answer it did not expect.
"""

import argparse
import base64
import gc
import http.server
import json
import os
import pathlib
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from benchdb import bench_database

os.environ.setdefault("SECURE_SSL_REDIRECT", "0")
DB = "cardleague_bench_notify"
UNDER_VALGRIND = "CARDLEAGUE_BENCH_UNDER_VALGRIND"
WARM_UP = 20
TURN_TASK = "league.tasks.turn_notify"


@contextmanager
def notifications(on: bool) -> Iterator[None]:
    """The move pipeline with its outbox row of turn_notify (on) or without it (off); everything else as it is."""
    from league.services import moves

    real = moves.follow_up_defer_write

    def without_turns(*, task: str, now: Any, **kwargs: Any) -> None:
        return None

    moves.follow_up_defer_write = real if on else without_turns  # type: ignore[assignment]
    try:
        yield
    finally:
        moves.follow_up_defer_write = real  # type: ignore[assignment]


def turn_rows() -> int:
    from league.models import OutboxMessage

    return OutboxMessage.objects.filter(task=TURN_TASK).count()


def paired_tables(count: int, script_moves: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Two sets of Coinche tables dealt alike, with the same scripted games (bench/http_moves.py's fixtures, twice):
    the moves with and without notifications are then the same moves, at the same points of the same games (a
    Coinche bid and a card played cost the engine differently)."""
    from django.contrib.auth import get_user_model
    from http_moves import GAME
    from playouts import script_make
    from rest_framework.authtoken.models import Token

    from games import get_engine
    from league.models import Club, Membership, Player
    from league.services.tables import table_create

    club = Club.objects.create(name="Bench", slug="bench")
    engine = get_engine(GAME)
    sets: tuple[list[dict[str, Any]], list[dict[str, Any]]] = ([], [])
    for name, tables in zip("ab", sets, strict=True):
        for number in range(count):
            players, tokens = [], []
            for seat in range(4):
                user = get_user_model().objects.create(username=f"{name}{number}s{seat}", password="!")
                player = Player.objects.create(user=user, display_name=f"{name}{number} S{seat}", is_bot=True)
                Membership.objects.create(club=club, player=player)
                players.append(player)
                tokens.append(Token.objects.create(user=user).key)
            table = table_create(club=club, game=GAME, players=players, seed=f"bench-{number}")
            script = script_make(engine, table.state, random.Random(f"script-{number}"), limit=script_moves)
            tables.append({"id": table.pk, "tokens": tokens, "next": table.version, "script": script})
    return sets


class Requests:
    """The bench's requests against the tables worked out in advance (bench/http_moves.py's fixtures)."""

    def __init__(self, tables: list[dict[str, Any]]) -> None:
        from django.test import Client

        self.tables = tables
        self.client = Client()
        self.turn = 0

    def _next(self) -> dict[str, Any]:
        table = self.tables[self.turn % len(self.tables)]
        self.turn += 1
        return table

    def trivial(self) -> None:
        table = self._next()
        answer = self.client.get("/api/me/", HTTP_AUTHORIZATION=f"Token {table['tokens'][0]}")
        if answer.status_code != 200:
            raise SystemExit(f"GET /api/me/ answered {answer.status_code}")

    def move(self) -> None:
        table = self._next()
        seat, scripted = table["script"][table["next"]]
        answer = self.client.post(
            f"/api/tables/{table['id']}/moves/",
            data=json.dumps({"move": scripted, "expected_version": table["next"]}),
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Token {table['tokens'][seat]}",
            HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex,
        )
        if answer.status_code != 201:
            raise SystemExit(f"the move POST answered {answer.status_code}: {answer.content[:200]!r}")
        table["next"] += 1


def timed(step: Callable[[], None], count: int) -> tuple[list[float], float]:
    """Each request's wall time, and this process's CPU time per request."""
    walls = []
    cpu = time.process_time()
    for _ in range(count):
        start = time.perf_counter()
        step()
        walls.append(time.perf_counter() - start)
    return walls, (time.process_time() - cpu) / count


def outbox_check(before: int, moves: int) -> None:
    """A move with its notifications wrote at most one outbox row (one when the table came to another seat, whoever
    and however many; none when the mover plays on), and nothing else waits there (the broker took every other
    message); then the rows are cleared, as the drain would."""
    from league.models import OutboxMessage

    rows, others = turn_rows() - before, OutboxMessage.objects.exclude(task=TURN_TASK).count()
    if not (moves // 2 < rows <= moves if moves else rows == 0) or others:
        raise SystemExit(f"{rows} outbox rows for {moves} moves, {others} other messages left")
    OutboxMessage.objects.filter(task=TURN_TASK).delete()


def broker_name() -> str:
    return os.environ.get("CELERY_BROKER_URL", "filesystem://localhost (the default)")


def broker_purge() -> None:
    from celery import current_app

    with current_app.connection_for_write() as connection:
        current_app.control.purge(connection=connection)


# --- 1. the request ------------------------------------------------------------------------------------------------


def request_times(requests: int, blocks: int) -> None:
    with bench_database(DB):
        per_block = max(requests // blocks, 1)
        with_them, without = paired_tables(16, script_moves=per_block * blocks // 16 + WARM_UP // 16 + 4)
        benches = {"on": Requests(with_them), "off": Requests(without)}
        for kind, bench in benches.items():
            with notifications(kind == "on"):
                for _ in range(WARM_UP):
                    bench.trivial()
                    bench.move()
        gc.collect()
        gc.freeze()
        figures: dict[str, list[float]] = {"trivial": [], "on": [], "off": []}
        cpu: dict[str, list[float]] = {"trivial": [], "on": [], "off": []}
        for block in range(blocks):
            walls, used = timed(benches["on"].trivial, per_block)
            figures["trivial"] += walls
            cpu["trivial"].append(used)
            for kind in ("on", "off") if block % 2 == 0 else ("off", "on"):
                before = turn_rows()
                with notifications(kind == "on"):
                    walls, used = timed(benches[kind].move, per_block)
                outbox_check(before, per_block if kind == "on" else 0)
                figures[kind] += walls
                cpu[kind].append(used)
        broker_purge()
        load = os.getloadavg()
        print(f"# broker: {broker_name()}; load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} (2 cores)")
        print(f"requests in this process, {per_block * blocks} of each, {blocks} alternating blocks:")
        for kind, name in (("trivial", "GET /api/me/"), ("off", "move POST, no notifications"), ("on", "move POST")):
            print(
                f"  {name:30} median {statistics.median(figures[kind]) * 1000:6.2f} ms   "
                f"CPU {statistics.median(cpu[kind]) * 1000:6.2f} ms a request"
            )
        added = statistics.median(cpu["on"]) - statistics.median(cpu["off"])
        print(f"the notifications add {added * 1000:.2f} ms of CPU to a move POST (this process)")
        print(
            "ratio of CPU trivial : move = "
            f"{statistics.median(cpu['trivial']) / statistics.median(cpu['on']):.2f} with the notifications, "
            f"{statistics.median(cpu['trivial']) / statistics.median(cpu['off']):.2f} without"
        )


def counting(on: bool) -> None:
    subprocess.run(
        ["callgrind_control", "--instr=on" if on else "--instr=off", str(os.getpid())], check=True, capture_output=True
    )


def counted(kind: str) -> None:
    subprocess.run(["callgrind_control", f"--dump={kind}", str(os.getpid())], check=True, capture_output=True)


def request_instructions_measure(requests: int) -> None:
    """Runs under valgrind: each kind of request counted and dumped on its own."""
    with bench_database(DB):
        with_them, without = paired_tables(10, script_moves=requests // 10 + WARM_UP // 10 + 4)
        benches = {"on": Requests(with_them), "off": Requests(without)}
        # both kinds warmed up alike (each shape of the move's statement is prepared after 5 runs, league/sql/)
        for kind, bench in benches.items():
            with notifications(kind == "on"):
                for _ in range(WARM_UP):
                    bench.trivial()
                    bench.move()
        gc.collect()
        gc.freeze()
        before = turn_rows()
        counting(True)
        counted("start")
        for _ in range(requests):
            benches["on"].trivial()
        counted("trivial")
        with notifications(False):
            for _ in range(requests):
                benches["off"].move()
        counted("off")
        with notifications(True):
            for _ in range(requests):
                benches["on"].move()
        counted("on")
        counting(False)
        outbox_check(before, requests)
        broker_purge()


def request_instructions(requests: int) -> None:
    from instructions import totals

    if shutil.which("valgrind") is None:
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
                str(requests),
                "--instructions",
            ],
            env={**os.environ, UNDER_VALGRIND: "1"},
            check=True,
            stderr=subprocess.DEVNULL,
        )
        found = totals(out)
    per = {kind: found[kind] / requests for kind in ("trivial", "off", "on")}
    print(f"# broker: {broker_name()}")
    print(f"instructions of the application per request, {requests} of each (callgrind, Django's test client):")
    print(f"  GET /api/me/ (trivial)        {per['trivial'] / 1e6:6.2f} million")
    print(f"  move POST, no notifications   {per['off'] / 1e6:6.2f} million")
    print(f"  move POST                     {per['on'] / 1e6:6.2f} million")
    print(f"the notifications add {(per['on'] - per['off']) / 1e6:.2f} million ({per['on'] / per['off'] - 1:+.1%})")
    print(f"ratio trivial : move = {per['trivial'] / per['on']:.2f} ({per['trivial'] / per['off']:.2f} without them)")


# --- 2. the worker ---------------------------------------------------------------------------------------------------


class PushService(http.server.BaseHTTPRequestHandler):
    """A push service on the loopback that takes every message (201), as a real one does."""

    received = 0

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        PushService.received += 1
        self.send_response(201)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args: Any) -> None:
        pass


def worker_times(calls: int) -> None:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), PushService)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = server.server_address[1]
    with bench_database(DB):
        from django.conf import settings
        from django.core import mail
        from django.utils import timezone

        from games import get_engine
        from games.core.conformance import concrete
        from league.management.commands.vapid_keys import vapid_pair
        from league.models import Account, Club, Table
        from league.services.clubs import player_create
        from league.services.moves import move_submit
        from league.services.push import push_subscription_add
        from league.services.reminders import turn_remind
        from league.services.tables import table_create

        settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
        mail.outbox = []
        settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = vapid_pair()
        settings.PUSH_SERVICES = [f"http://127.0.0.1:{port}"]
        club = Club.objects.create(name="Bench", slug="bench")
        people = []
        for number in range(4):
            address = f"n{number}@example.org"
            player = player_create(username=f"n{number}", password=None, email=address, language="ko")
            Account.objects.create(player=player, verified_email=address, time_zone="Asia/Seoul")
            push_subscription_add(
                player=player,
                endpoint=f"http://127.0.0.1:{port}/push/{number}",
                p256dh=_browser_key(),
                auth=base64.urlsafe_b64encode(os.urandom(16)).rstrip(b"=").decode(),
                now=timezone.now(),
            )
            people.append(player)
        # Coinche: each move brings the table to the next seat, a new turn told in the app, by push and by mail
        engine = get_engine("coinche")
        rng = random.Random(1)
        walls, cpu_used, done = [], 0.0, 0
        while done < calls:
            table = table_create(club=club, game="coinche", players=people)
            while done < calls and table.status == Table.Status.ACTIVE:
                seat = engine.to_act(table.state)[0]
                move = concrete(rng.choice(engine.legal_moves(table.state, seat)), rng)
                move_submit(table_id=table.pk, player=people[seat], move=move, expected_version=table.version)
                mails, pushes = len(mail.outbox), PushService.received
                start, cpu = time.perf_counter(), time.process_time()
                turn_remind(table_id=table.pk, now=timezone.now())
                walls.append(time.perf_counter() - start)
                cpu_used += time.process_time() - cpu
                table.refresh_from_db()
                if table.status == Table.Status.ACTIVE and (
                    len(mail.outbox) == mails or PushService.received == pushes
                ):
                    raise SystemExit("turn_remind sent no mail or no push for a new turn")
                done += 1
        broker_purge()
    server.shutdown()
    print(
        f"the worker's turn_remind (in-app + push, encrypted and signed, to a loopback push service + mail to locmem), "
        f"{calls} calls: median {statistics.median(walls) * 1000:.1f} ms, CPU {cpu_used / calls * 1000:.1f} ms a call; "
        f"{PushService.received} pushes received"
    )


def _browser_key() -> str:
    """A browser's P-256 public key, as a subscription carries it."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec

    point = ec.generate_private_key(ec.SECP256R1()).public_key()
    raw = point.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", type=int, default=300, help="requests of each kind")
    parser.add_argument("--blocks", type=int, default=6, help="alternating blocks (timings)")
    parser.add_argument("--calls", type=int, default=100, help="turn_remind calls (the worker)")
    parser.add_argument("--instructions", action="store_true", help="count instructions under valgrind instead")
    args = parser.parse_args()
    if os.environ.get(UNDER_VALGRIND):
        request_instructions_measure(args.requests)
        return
    if args.instructions:
        request_instructions(args.requests)
        return
    request_times(args.requests, args.blocks)
    worker_times(args.calls)


if __name__ == "__main__":
    main()
