"""games/core/rng.py: the seeded shuffle (HMAC-SHA256 counter stream, rejection sampling, Fisher–Yates)."""

import hashlib
import hmac
import itertools
import json
import random
from collections import Counter
from typing import Any

import pytest

from games import available_games, get_engine
from games.core import conformance
from games.core.cards import coinche_deck, court_deck, standard_deck
from games.core.rng import ALGORITHM_VERSION, SeededStream, choice_index, shuffled

DECKS = {"court": court_deck, "standard": standard_deck, "coinche": coinche_deck}


class ScriptedStream(SeededStream):
    """A stream whose bytes are given, to drive `below` through its rejection branch exactly."""

    def __init__(self, script: list[int]) -> None:
        super().__init__("unused", "unused")
        self._script = bytes(script)

    def _bytes(self, count: int) -> bytes:
        if len(self._script) < count:
            raise AssertionError("the stream read more bytes than scripted")
        out, self._script = self._script[:count], self._script[count:]
        return out


# --- determinism ---


@pytest.mark.parametrize("deck", DECKS)
def test_same_seed_and_label_give_the_same_deck(deck: str) -> None:
    cards = DECKS[deck]()
    first = shuffled(cards, seed="table-17", label="deal-3")
    assert shuffled(cards, seed="table-17", label="deal-3") == first
    assert sorted(first) == sorted(cards)
    assert first != cards


@pytest.mark.parametrize("deck", DECKS)
def test_different_labels_or_seeds_give_different_decks(deck: str) -> None:
    cards = DECKS[deck]()
    decks = [shuffled(cards, seed="table-17", label=f"deal-{n}") for n in range(10)]
    decks += [shuffled(cards, seed=f"table-{n}", label="deal-0") for n in range(10)]
    assert len({tuple(d) for d in decks}) == len(decks)


def test_shuffle_leaves_its_input_alone() -> None:
    cards = standard_deck()
    shuffled(cards, seed="s", label="deal-0")
    assert cards == standard_deck()


def test_known_answer_of_algorithm_version_1() -> None:
    """Anyone who knows the seed can re-derive a deal; a change of algorithm must bump ALGORITHM_VERSION."""
    assert ALGORITHM_VERSION == 1
    assert shuffled(standard_deck(), seed="cardleague", label="deal-0")[:8] == [
        "AH",
        "QH",
        "JS",
        "JC",
        "9C",
        "QC",
        "9S",
        "8D",
    ]
    stream = SeededStream("cardleague", "deal-0")
    assert [stream.below(52) for _ in range(5)] == [30, 39, 16, 18, 22]


def test_stream_is_hmac_sha256_of_label_and_counter() -> None:
    """The documented construction, rebuilt with the standard library alone."""
    blocks = b"".join(
        hmac.new(b"my-seed", b"deal-0|" + counter.to_bytes(8, "big"), hashlib.sha256).digest() for counter in range(2)
    )
    stream = SeededStream("my-seed", "deal-0")
    # bound 256: one byte per draw and nothing is ever rejected, so the draws are the stream's bytes
    assert bytes(stream.below(256) for _ in range(64)) == blocks


def test_choice_index_is_reproducible_and_in_range() -> None:
    picks = [choice_index(6, seed=f"s{n}", label="first-dealer") for n in range(300)]
    assert picks == [choice_index(6, seed=f"s{n}", label="first-dealer") for n in range(300)]
    assert set(picks) == set(range(6))


# --- uniformity ---


def test_every_permutation_is_reachable_and_about_equally_likely() -> None:
    """24,000 shuffles of a 4-card deck over a fixed set of seeds: all 24 orders appear, and the chi-square
    statistic stays below 49.7 (23 degrees of freedom, p = 0.001). Fixed seeds, so the test is deterministic."""
    cards = ["A", "B", "C", "D"]
    counts = Counter(tuple(shuffled(cards, seed=f"uniform-{n}", label="deal-0")) for n in range(24_000))
    assert set(counts) == set(itertools.permutations(cards))
    expected = 24_000 / 24
    chi_square = sum((count - expected) ** 2 / expected for count in counts.values())
    assert chi_square < 49.7


def test_every_card_reaches_every_position() -> None:
    """5,200 shuffles of the 52-card deck: the top card is about uniform (51 degrees of freedom, p = 0.001 → 87.0)
    and every card ends up at the bottom at least once."""
    decks = [shuffled(standard_deck(), seed="positions", label=f"deal-{n}") for n in range(5_200)]
    tops = Counter(deck[0] for deck in decks)
    assert set(tops) == set(standard_deck())
    chi_square = sum((count - 100) ** 2 / 100 for count in tops.values())
    assert chi_square < 87.0
    assert {deck[-1] for deck in decks} == set(standard_deck())


# --- rejection sampling ---


def test_rejection_sampling_skips_values_at_or_above_the_limit() -> None:
    # bound 200 in one byte: 256 - 256 % 200 = 200, so 200..255 are drawn again (a modulo would give 50 and 0)
    assert ScriptedStream([250, 200, 199]).below(200) == 199
    assert ScriptedStream([7]).below(200) == 7


def test_rejection_sampling_keeps_the_whole_range_when_it_divides() -> None:
    # bound 128 divides 256: nothing is rejected and 255 maps to 127
    assert ScriptedStream([255]).below(128) == 127
    assert ScriptedStream([255]).below(256) == 255


def test_rejection_sampling_over_two_bytes() -> None:
    # bound 257 needs two bytes; 65536 % 257 == 1, so only 65535 is rejected
    assert ScriptedStream([0xFF, 0xFF, 0x01, 0x00]).below(257) == 256
    assert ScriptedStream([0xFF, 0xFE]).below(257) == 65534 % 257


def test_below_one_reads_nothing_and_nonpositive_bounds_are_refused() -> None:
    assert ScriptedStream([]).below(1) == 0
    for bound in (0, -3):
        with pytest.raises(ValueError):
            ScriptedStream([]).below(bound)


def test_below_stays_under_its_bound() -> None:
    stream = SeededStream("bounds", "deal-0")
    for bound in (2, 3, 52, 200, 257, 1000, 100_000):
        draws = [stream.below(bound) for _ in range(500)]
        assert min(draws) >= 0
        assert max(draws) < bound


# --- engines do not touch the global random ---


def _scramble(step: int, salt: str) -> None:
    random.seed(f"{salt}-{step}")
    random.random()
    random.shuffle(list(range(52)))
    random.getrandbits(step % 64 + 1)


def _traces(engine: Any, *, players: int, options: dict, moves: list) -> list[list[str]]:
    """Each state and view of one move list, replayed twice with the global random scrambled differently before
    every move and every view."""
    traces = []
    for salt in ("one", "two"):
        _scramble(-1, salt)
        state = engine.new_game(players=players, seed="global-random", options=options)
        trace = [json.dumps(state, sort_keys=True)]
        for step, (seat, move) in enumerate(moves):
            _scramble(step, salt)
            state = engine.apply_move(state, seat, move)
            _scramble(step, salt + "-view")
            trace.append(json.dumps([state, engine.view(state, seat), engine.view(state, None)], sort_keys=True))
        trace.append(json.dumps([engine.outcome(state), engine.ledger(state)], sort_keys=True))
        traces.append(trace)
    return traces


@pytest.mark.parametrize("game", available_games())
def test_engines_ignore_the_global_random_state(game: str) -> None:
    """Scrambling the global `random` differently between every two moves leaves every state identical."""
    engine = get_engine(game)
    options = (engine.conformance_variants() or [{}])[0]
    players = engine.min_players
    playout = conformance.play(engine, players=players, seed="global-random", options=options, checks=False)
    one, two = _traces(engine, players=players, options=options, moves=playout.moves)
    assert one == two
    assert json.loads(one[-2])[0] == playout.final


class _UsesGlobalRandom:
    """Palace Infighting with a global-random draw slipped into each state: what the test above must catch."""

    def __getattr__(self, name: str) -> Any:
        return getattr(get_engine("palace-infighting"), name)

    def apply_move(self, state: dict, seat: int, move: dict) -> dict:
        return {**get_engine("palace-infighting").apply_move(state, seat, move), "nonce": random.random()}


def test_the_scramble_catches_an_engine_that_uses_the_global_random() -> None:
    engine = _UsesGlobalRandom()
    playout = conformance.play(engine, players=2, seed="global-random", options={}, checks=False)
    one, two = _traces(engine, players=2, options={}, moves=playout.moves)
    assert one[0] == two[0]
    assert one[1] != two[1]
