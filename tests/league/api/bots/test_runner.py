"""The bot's loop (league/bots/runner.py) against a scripted transport: conflicts, throttling and refusals."""

import random

from league.bots.client import ApiClient
from league.bots.runner import MAX_REFUSALS, BotRunner

TABLE = {
    "id": 5,
    "game": "palace-infighting",
    "version": 3,
    "your_turn": True,
    "legal_moves": [{"type": "row", "cards": ["K"]}],
    "state": {},
}


class Scripted:
    """Answers GETs from fixed data and each move POST with the next scripted (status, body, headers)."""

    def __init__(self, *answers: tuple) -> None:
        self.answers = list(answers)
        self.posts: list[tuple[dict, dict]] = []

    def __call__(self, method: str, path: str, *, body: object = None, headers: dict | None = None) -> tuple:
        if path == "/api/me/turns/":
            return 200, [{"id": 5}], {}
        if path.startswith("/api/tables/5/?"):
            return 200, TABLE, {}
        self.posts.append((body, headers))
        return self.answers.pop(0)


def _runner(transport: Scripted, sleeps: list) -> BotRunner:
    return BotRunner(ApiClient(transport, token="t"), rng=random.Random(0), sleep=sleeps.append)


def test_a_move_is_sent_with_the_version_seen_and_a_fresh_key() -> None:
    transport = Scripted((201, {}, {}), (201, {}, {}))
    runner = _runner(transport, [])

    runner.play_pass()
    runner.play_pass()

    (first, first_headers), (_, second_headers) = transport.posts
    assert first == {"move": {"type": "row", "cards": ["K"]}, "expected_version": 3}
    assert first_headers["Authorization"] == "Token t"
    assert first_headers["Idempotency-Key"] != second_headers["Idempotency-Key"]
    assert runner.stats.moves == 2


def test_a_conflict_is_counted_and_read_again_next_pass() -> None:
    runner = _runner(Scripted((409, {"error": {"code": "stale_version"}}, {})), [])

    assert runner.play_pass() == 0
    assert (runner.stats.conflicts, runner.stats.moves) == (1, 0)


def test_throttling_waits_as_told() -> None:
    sleeps: list = []
    runner = _runner(Scripted((429, {"error": {"code": "throttled"}}, {"Retry-After": "7"})), sleeps)

    runner.play_pass()

    assert sleeps == [7.0]
    assert runner.stats.throttled == 1


def test_a_table_that_keeps_refusing_is_given_up() -> None:
    refusal = (422, {"error": {"code": "bad_move"}}, {})
    transport = Scripted(*[refusal] * MAX_REFUSALS)
    runner = _runner(transport, [])

    for _ in range(MAX_REFUSALS + 2):
        runner.play_pass()

    assert len(transport.posts) == MAX_REFUSALS
    assert runner.stats.given_up == {5}


def test_run_stops_after_max_moves() -> None:
    runner = _runner(Scripted(*[(201, {}, {})] * 10), [])

    runner.run(max_moves=3)

    assert runner.stats.moves == 3


def test_run_stops_when_idle_long_enough() -> None:
    sleeps: list = []
    runner = BotRunner(ApiClient(lambda *a, **k: (200, [], {}), token="t"), sleep=sleeps.append)

    runner.run(poll=5, idle_exit=20)

    assert sleeps == [5, 5, 5, 5]
