"""Fault test (issue 39, item 2): one Redis serves both the cache (the throttles) and the broker (the outbox's
publish), as docs/deploy.md lays it out, and hangs: a redis-server of the test's own, SIGSTOPped (it accepts
connections and never answers). 32 finishing moves are POSTed at once to a real gunicorn (one worker, 32 threads: all
32 in flight together, each meeting the hung Redis before any has found it away). Each is answered within a second:
the request's waits on Redis share one budget, the first failure marks Redis away for every thread, the throttle
lets the move through uncounted and the follow-up waits in the outbox."""

import random
import shutil
import signal
import statistics
import threading
import time
import uuid

import pytest
from django.db import connection
from rest_framework.authtoken.models import Token

from games import get_engine
from games.core.conformance import concrete
from league.models import OutboxMessage, Table
from league.services.moves import move_submit
from tests.league.factories import table_for
from tests.league.faults.live import Gunicorn
from tests.league.faults.support import own_redis
from tests.league.playing import short_options

__all__ = ["own_redis"]

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.postgres,
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("redis-server") is None, reason="needs redis-server"),
]

GAME = "mini-poker"
CLIENTS = 32


def _ending(table: Table, rng: random.Random) -> tuple[int, dict, int]:
    """Play the table on until one legal move would end it: that seat, that move and the version it extends."""
    engine = get_engine(GAME)
    players = {seat.index: seat.player for seat in table.seats.select_related("player")}
    while True:
        table.refresh_from_db()
        seat = engine.to_act(table.state)[0]
        moves = [concrete(move, rng) for move in engine.legal_moves(table.state, seat)]
        ending = [move for move in moves if engine.is_over(engine.apply_move(table.state, seat, move))]
        if ending:
            return seat, ending[0], table.version
        on = [move for move in moves if not engine.is_over(engine.apply_move(table.state, seat, move))]
        move_submit(table_id=table.pk, player=players[seat], move=rng.choice(on), expected_version=table.version)


def test_a_hung_redis_shared_by_cache_and_broker_holds_no_move_past_a_second(own_redis, tmp_path):
    url, server = own_redis
    rng = random.Random(39)
    # given 32 tables, each one move from its end, and the token of the seat to make it
    finishing = []
    for number in range(CLIENTS):
        table = table_for(GAME, options=short_options(GAME), seed=f"hung-redis-{number}")
        seat, move, version = _ending(table, rng)
        token = Token.objects.create(user=table.seats.get(index=seat).player.user).key
        finishing.append((table.pk, token, move, version))
    settings = connection.settings_dict
    database = (
        f"postgres://{settings['USER']}@{settings['HOST'] or '127.0.0.1'}:{settings['PORT'] or 5432}/{settings['NAME']}"
    )
    base = url.rsplit("/", 1)[0]
    web = Gunicorn(
        tmp_path / "gunicorn.log",
        env={
            "DATABASE_URL": database,
            # one Redis for both, as docs/deploy.md lays it out
            "CACHE_URL": f"{base}/1",
            "CELERY_BROKER_URL": f"{base}/0",
            "CELERY_TASK_ALWAYS_EAGER": "0",
        },
        threads=CLIENTS,
    ).wait_ready()
    try:
        # every thread of the server has served a request (its database connection made) while Redis answered
        warm = _concurrently(
            [lambda token=token: web.request("GET", "/api/me/", headers=_auth(token)) for _, token, _, _ in finishing]
        )
        assert [answer[0] for answer in warm] == [200] * CLIENTS

        # when Redis hangs, and the 32 finishing moves are POSTed at once
        server.send_signal(signal.SIGSTOP)
        answers = _concurrently(
            [
                lambda table_id=table_id, token=token, move=move, version=version: _timed(
                    web, f"/api/tables/{table_id}/moves/", token, {"move": move, "expected_version": version}
                )
                for table_id, token, move, version in finishing
            ]
        )
    finally:
        server.send_signal(signal.SIGCONT)
        web.stop()

    # then every move was applied, and answered within a second
    took = sorted(seconds for _, seconds in answers)
    print(f"{CLIENTS} finishing moves, Redis hung: median {statistics.median(took):.3f} s, slowest {took[-1]:.3f} s")
    assert [status for status, _ in answers] == [201] * CLIENTS
    assert all(seconds < 1.0 for seconds in took), took
    assert Table.objects.filter(pk__in=[f[0] for f in finishing], status=Table.Status.FINISHED).count() == CLIENTS
    # and their follow-ups wait in the outbox for the drain
    assert OutboxMessage.objects.filter(task="league.tasks.standings_refresh").count() == CLIENTS


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Token {token}"}


def _timed(web: Gunicorn, path: str, token: str, body: dict) -> tuple[int, float]:
    headers = {**_auth(token), "Idempotency-Key": uuid.uuid4().hex}
    start = time.monotonic()
    status, _, _ = web.request("POST", path, body=body, headers=headers, timeout=30)
    return status, time.monotonic() - start


def _concurrently(calls: list) -> list:
    """Each call in a thread of its own, all released at once."""
    barrier = threading.Barrier(len(calls))
    results: list = [None] * len(calls)

    def run(index: int) -> None:
        barrier.wait()
        results[index] = calls[index]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results
