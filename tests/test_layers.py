"""The import rules of docs/architecture.md ("Layers") that a test can hold cheaply: no import of the project's own
packages inside a function in league/ or config/ (tools/lint_function_imports.py; import-linter's contracts run in
`make lint`)."""

import importlib.util
from pathlib import Path

from django.conf import settings

_spec = importlib.util.spec_from_file_location(
    "lint_function_imports", Path(settings.BASE_DIR) / "tools" / "lint_function_imports.py"
)
assert _spec is not None and _spec.loader is not None
lint = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(lint)


def test_the_lint_finds_an_import_of_the_league_inside_a_function(tmp_path: Path) -> None:
    module = tmp_path / "module.py"
    module.write_text(
        "import json\n\n\ndef f():\n    from league.services import moves\n    import games\n    import os\n"
    )
    assert lint.function_imports(module) == [(5, "league.services"), (6, "games")]


def test_no_module_of_league_or_config_imports_the_project_inside_a_function() -> None:
    assert lint.main([]) == 0
