"""The tournaments package is pure: no Django, no global random, no clock (the league builds around it)."""

import pathlib
import subprocess
import sys

PACKAGE = pathlib.Path(__file__).resolve().parents[3] / "league" / "tournaments"


def test_importing_every_module_loads_no_django():
    modules = sorted(p.stem for p in PACKAGE.glob("*.py") if p.stem != "__init__")
    code = (
        "import sys\n"
        + "".join(f"import league.tournaments.{m}\n" for m in modules)
        + "print(sorted(m for m in sys.modules if m.split('.')[0] in ('django', 'rest_framework', 'celery')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=PACKAGE.parents[1]
    )
    assert out.stdout.strip() == "[]"


def test_no_global_random_and_no_clock_in_the_package():
    for path in PACKAGE.glob("*.py"):
        text = path.read_text()
        assert "import random" not in text and "from random" not in text, path.name
        assert "import time" not in text and "datetime" not in text, path.name
