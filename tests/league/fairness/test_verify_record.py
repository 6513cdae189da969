"""tools/verify_record.py: the stand-alone verifier, run as a user would, in an isolated Python (no site-packages,
so no Django) with only the script and a copy of the `games/` package."""

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from games import available_games
from league.services.fairness import record_export
from tests.league.factories import table_for
from tests.league.fairness.helpers import finished_with_entropy

pytestmark = pytest.mark.django_db

REPO = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A directory holding nothing of the project but tools/verify_record.py and games/."""
    root = tmp_path_factory.mktemp("kit")
    (root / "tools").mkdir()
    shutil.copy(REPO / "tools" / "verify_record.py", root / "tools" / "verify_record.py")
    shutil.copytree(REPO / "games", root / "games", ignore=shutil.ignore_patterns("__pycache__"))
    return root


def _verify(kit: Path, record: dict, tmp_path: Path) -> subprocess.CompletedProcess:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    # -I: no PYTHONPATH, no user site, no script-relative imports of the test tree; -S: no site-packages at all
    return subprocess.run(
        [sys.executable, "-I", "-S", str(kit / "tools" / "verify_record.py"), str(path)],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
    )


def _failures(done: subprocess.CompletedProcess) -> list[str]:
    return [line.removeprefix("  FAIL ") for line in done.stdout.splitlines() if line.startswith("  FAIL ")]


def _tampered(record: dict, change) -> dict:
    copy = json.loads(json.dumps(record))
    change(copy)
    return copy


@pytest.mark.slow  # a run of the stand-alone script per game
@pytest.mark.parametrize("game", available_games())
def test_the_script_verifies_an_exported_table_of_each_game_and_reports_each_tampering(kit, tmp_path, game) -> None:
    # given: a finished table of the game that went through the entropy step, exported as JSON
    record = json.loads(json.dumps(record_export(table_id=finished_with_entropy(game, seed=f"kit-{game}").pk)))

    # then: the untouched record verifies
    done = _verify(kit, record, tmp_path)
    assert (done.returncode, done.stderr, done.stdout.splitlines()[-1]) == (0, "", "VERIFIED")
    assert any(
        line.startswith(f"  ok   {len(record['moves'])} moves replayed with every public event")
        for line in done.stdout.splitlines()
    )
    # it recomputes every deck and prints none of it: not a card code of any deck
    assert re.findall(r"\b(?:[2-9TJQKA][SHDC]|X[RB])\b", done.stdout) == []

    # and: a stored move, the seed, the entropy, a ledger row and the results, each tampered with, are reported
    def bad_move(r: dict) -> None:
        r["moves"][1]["payload"] = {"type": "no-such-move"}

    def bad_seed(r: dict) -> None:
        r["server_seed"] += "x"

    def bad_entropy(r: dict) -> None:
        r["entropy"][0] = "someone else's"

    def bad_ledger(r: dict) -> None:
        r["ledger"][0] = {**r["ledger"][0], "tampered": True}

    def bad_result(r: dict) -> None:
        r["results"][0]["place"] += 5

    derivation = "the engine seed in the record is not the one derived from the server seed and the entropy"
    outcomes = {
        change.__name__: _verify(kit, _tampered(record, change), tmp_path)
        for change in (bad_move, bad_seed, bad_entropy, bad_ledger, bad_result)
    }
    assert {name: done.returncode for name, done in outcomes.items()} == dict.fromkeys(outcomes, 1)
    assert _failures(outcomes["bad_move"])[0].startswith("the record does not replay: move 2 ")
    assert _failures(outcomes["bad_seed"])[:2] == [
        "the server seed does not match the published commitment",
        derivation,
    ]
    assert _failures(outcomes["bad_entropy"])[0] == derivation
    assert _failures(outcomes["bad_ledger"]) == ["ledger row 0 differs from the replay"]
    assert _failures(outcomes["bad_result"]) == ["results differ from the replay's outcome"]


def test_a_record_exported_while_the_table_runs_cannot_be_verified(kit, tmp_path) -> None:
    record = record_export(table_id=table_for("black-card", players=2).pk)

    done = _verify(kit, json.loads(json.dumps(record)), tmp_path)

    assert done.returncode == 1
    assert _failures(done)[0].startswith("the server seed is not revealed (table is active)")
