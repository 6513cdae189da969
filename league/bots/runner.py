"""The bot's loop: read "your turn", read each table, choose a legal move, submit it with the version it saw and an
Idempotency-Key; a 409 (the table moved on) means read again; a 429 means wait as told."""

import logging
import random
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field

from league.bots.client import ApiClient, ApiError
from league.bots.heuristics import choose_heuristic, choose_random

log = logging.getLogger(__name__)

STRATEGIES = ("random", "heuristic")
# a move refused by the rules is a bug in the bot or the engine; give the table up after this many in a row
MAX_REFUSALS = 3


@dataclass
class BotStats:
    moves: int = 0
    conflicts: int = 0
    refused: int = 0
    throttled: int = 0
    given_up: set[int] = field(default_factory=set)


class BotRunner:
    def __init__(
        self,
        client: ApiClient,
        *,
        strategy: str = "random",
        rng: random.Random | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if strategy not in STRATEGIES:
            raise ValueError(f"unknown strategy {strategy!r}")
        self.client = client
        self.strategy = strategy
        self.rng = rng or random.Random()
        self.sleep = sleep
        self.stats = BotStats()
        self._refusals: dict[int, int] = {}

    def choose(self, table: dict) -> dict:
        if self.strategy == "heuristic":
            return choose_heuristic(table["game"], table["state"], table["legal_moves"], self.rng)
        return choose_random(table["state"], table["legal_moves"], self.rng)

    def play_table(self, table_id: int) -> bool:
        """One move at one table if it is the bot's turn there; True when a move was applied."""
        table = self.client.table(table_id)
        if not table["your_turn"] or not table["legal_moves"]:
            return False
        move = self.choose(table)
        key = uuid.uuid4().hex
        try:
            self.client.move(table_id, move=move, expected_version=table["version"], key=key)
        except ApiError as error:
            if error.status == 409:
                # the table moved on (or closed) since it was read: the next pass reads it again
                self.stats.conflicts += 1
                return False
            if error.status == 429:
                self.stats.throttled += 1
                self.sleep(float(error.retry_after or 1))
                return False
            if error.status == 422:
                self.stats.refused += 1
                self._refusals[table_id] = self._refusals.get(table_id, 0) + 1
                log.warning("table %s refused %s: %s", table_id, move, error.body)
                if self._refusals[table_id] >= MAX_REFUSALS:
                    self.stats.given_up.add(table_id)
                return False
            raise
        self._refusals.pop(table_id, None)
        self.stats.moves += 1
        return True

    def play_pass(self, *, max_moves: int | None = None) -> int:
        """One pass over the tables waiting for the bot, at most one move each; the number of moves made."""
        made = 0
        for turn in self.client.turns():
            if max_moves is not None and self.stats.moves >= max_moves:
                break
            if turn["id"] in self.stats.given_up:
                continue
            made += self.play_table(turn["id"])
        return made

    def run(
        self, *, once: bool = False, max_moves: int | None = None, poll: float = 2.0, idle_exit: float = 60
    ) -> None:
        """Play until told to stop: after one pass (`once`), after `max_moves` moves, or after `idle_exit` seconds
        without a move to make."""
        idle = 0.0
        while True:
            made = self.play_pass(max_moves=max_moves)
            if once or (max_moves is not None and self.stats.moves >= max_moves):
                return
            if made:
                idle = 0.0
                continue
            if idle >= idle_exit:
                return
            self.sleep(poll)
            idle += poll
