#!/usr/bin/env python3
"""Fail on an import of the project's own packages inside a function body (`make lint`).

An import in a function is how a cycle hides: it makes the import graph look one-way to import-linter while the
modules still need each other. The league's and config's modules import what they need at the top; the few
imports that are lazy on purpose are listed in ALLOWED with the reason.

    python tools/lint_function_imports.py [PATH ...]     (default: league config)
"""

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OWN = ("league", "config", "games")
DEFAULT_PATHS = ("league", "config")
# (file relative to the repository, module imported): why it is lazy
ALLOWED: dict[tuple[str, str], str] = {}


def function_imports(path: Path) -> list[tuple[int, str]]:
    """(line, module) of every import of an own package made inside a function or method of the file."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for inner in ast.walk(node):
            if isinstance(inner, ast.Import):
                modules = [alias.name for alias in inner.names]
            elif isinstance(inner, ast.ImportFrom):
                modules = ["." * inner.level + (inner.module or "")]
            else:
                continue
            found += [(inner.lineno, m) for m in modules if m.startswith(".") or m.split(".")[0] in OWN]
    return sorted(set(found))


def main(paths: list[str]) -> int:
    failures = []
    for top in paths or DEFAULT_PATHS:
        for path in sorted((ROOT / top).rglob("*.py")):
            relative = path.relative_to(ROOT).as_posix()
            for line, module in function_imports(path):
                if (relative, module) not in ALLOWED:
                    failures.append(f"{relative}:{line}: import of {module} inside a function")
    for failure in failures:
        print(failure)
    if failures:
        print(f"{len(failures)} import(s) inside functions: import at the top (and break the cycle if one shows up)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
