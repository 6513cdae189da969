"""The project's documents stand alone (issue 38): the rules of every game (docs/rules/*.md) and of the tournament
formats (docs/formats.md) are in the project, every rule and decision ID of each rule set is there and is named by
some test, and no file of the project points at a path outside the repository, which a clone does not have."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
THIS_FILE = Path(__file__).resolve()

# The rule sets as they stood when their text moved into the project (issue 38): for each document, the letter of
# its IDs and how many rules (R) and decisions (D) it numbers, from 1 each. Written as counts, not as IDs, so that
# this file does not itself count as a test naming every ID.
RULE_SETS = {
    "docs/rules/the-court.md": ("C", 16, 15),
    "docs/rules/palace-infighting.md": ("P", 9, 6),
    "docs/rules/black-card.md": ("B", 19, 24),
    "docs/rules/coinche.md": ("K", 27, 18),
    "docs/rules/mini-poker.md": ("M", 24, 16),
    "docs/formats.md": ("T", 18, 8),  # T-D8: the poker seat forfeit (issue 34)
}

# An ID as a rules page writes it, and a test naming it in its name or text (`test_x_r18_...`, "# X-R18"): the
# matching of the rule-ID check the project has always used.
ID = re.compile(r"\b([A-Z]-[RD]\d+)\b")
TEST_SUFFIXES = {".py", ".json", ".txt", ".md", ".yaml", ".yml"}


def expected_ids(letter: str, rules: int, decisions: int) -> set[str]:
    return {f"{letter}-R{n}" for n in range(1, rules + 1)} | {f"{letter}-D{n}" for n in range(1, decisions + 1)}


def ids_in(text: str) -> set[str]:
    return set(ID.findall(text))


def named_by(text: str, rule_id: str) -> bool:
    pattern = r"(?<![A-Za-z0-9])" + rule_id[0] + r"[-_]?" + rule_id[2] + rule_id[3:] + r"(?![0-9])"
    return re.search(pattern, text, re.IGNORECASE) is not None


def text_of_the_tests() -> str:
    return "\n".join(
        path.read_text(errors="ignore")
        for path in sorted((ROOT / "tests").rglob("*"))
        if path.is_file() and path.suffix in TEST_SUFFIXES and path.resolve() != THIS_FILE
    )


def doc_text(name: str) -> str:
    return (ROOT / name).read_text()


def test_every_game_has_its_rules_page_and_every_page_a_rule_set() -> None:
    pages = {str(path.relative_to(ROOT)) for path in (ROOT / "docs" / "rules").glob("*.md")}
    assert pages == {name for name in RULE_SETS if name.startswith("docs/rules/")}


def test_each_document_numbers_exactly_the_ids_of_its_rule_set() -> None:
    wrong = {}
    for name, (letter, rules, decisions) in RULE_SETS.items():
        own = {rule_id for rule_id in ids_in(doc_text(name)) if rule_id[0] == letter}
        expected = expected_ids(letter, rules, decisions)
        if own != expected:
            wrong[name] = {"missing": sorted(expected - own), "unknown": sorted(own - expected)}
    assert wrong == {}, f"IDs of a rule set missing from its document, or not of it: {wrong}"


def test_each_rule_is_written_out_once_where_it_belongs() -> None:
    # a rule's text starts at its ID in bold (`**X-R3** ...`); an ID only referred to elsewhere would be a rule lost
    counts = {}
    for name, (letter, rules, decisions) in RULE_SETS.items():
        text = doc_text(name)
        for rule_id in expected_ids(letter, rules, decisions):
            found = len(re.findall(r"\*\*" + re.escape(rule_id) + r"\*\*", text))
            if found != 1:
                counts[f"{name} {rule_id}"] = found
    assert counts == {}, f"rules not written out (in bold) exactly once: {counts}"


def test_an_id_borrowed_from_another_rule_set_exists_there() -> None:
    every = set().union(*(expected_ids(*rule_set) for rule_set in RULE_SETS.values()))
    unknown = {name: sorted(ids_in(doc_text(name)) - every) for name in RULE_SETS}
    unknown = {name: ids for name, ids in unknown.items() if ids}
    assert unknown == {}, f"IDs that no rule set has: {unknown}"


def test_every_id_of_the_rules_is_named_by_some_test() -> None:
    text = text_of_the_tests()
    missing = {name: sorted(i for i in ids_in(doc_text(name)) if not named_by(text, i)) for name in RULE_SETS}
    missing = {name: ids for name, ids in missing.items() if ids}
    assert missing == {}, f"IDs of the rules that no test names: {missing}"


def test_a_test_names_an_id_in_its_name_or_in_its_text() -> None:
    assert named_by("def test_x_r18_must_overtrump():", "X-R18")
    assert named_by("    # X-R18: the partner holds the trick", "X-R18")
    assert named_by('"""Overtrumping (x-d4)."""', "X-D4")
    assert not named_by("def test_x_r180_():", "X-R18")
    assert not named_by("max_r18", "X-R18")
    assert not named_by("X-D18", "X-R18")


# Paths outside the repository, each with what it is. The patterns are written so that this file's own text does not
# match them (`\/` for a slash, `\.\.` for the dots): the check reads this file too.
OUTSIDE = {
    "the folder beside a clone": re.compile(r"\.\./shared\b"),
    "a path of the machine the project was written on": re.compile(r"/work\/"),
    "a Korean original, which is quoted in docs/rules/ and not kept": re.compile(r"\b\d{3}_[0-9a-f]{16}\.txt\b"),
    "the sketch or the style guide beside a clone": re.compile(r"\b(?:DESIGN|STYLE)\.md\b"),
}
CHECKED = [
    "README.md",
    "Makefile",
    "pyproject.toml",
    "manage.py",
    ".pre-commit-config.yaml",
    ".ci",
    "docs",
    "tests",
    "seeds",
    "games",
    "league",
    "config",
    "tools",
    "bench",
    "templates",
    "static",
    "locale",
]
TEXT_SUFFIXES = {".py", ".md", ".txt", ".json", ".html", ".toml", ".cfg", ".yaml", ".yml", ".sh", ".js", ".css", ".po"}


def text_files(root: Path, names: list[str]) -> list[Path]:
    files = []
    for name in names:
        path = root / name
        if path.is_file():
            files.append(path)
        elif path.is_dir():
            files += [
                p
                for p in sorted(path.rglob("*"))
                if p.is_file() and "__pycache__" not in p.parts and (p.suffix in TEXT_SUFFIXES or p.suffix == "")
            ]
    return files


def outside_paths(root: Path, names: list[str]) -> list[str]:
    found = []
    for path in text_files(root, names):
        for number, line in enumerate(path.read_text(errors="ignore").splitlines(), start=1):
            for what, pattern in OUTSIDE.items():
                if pattern.search(line):
                    found.append(f"{path.relative_to(root)}:{number}: {what}: {line.strip()}")
    return found


def test_no_file_of_the_project_points_outside_the_repository() -> None:
    found = outside_paths(ROOT, CHECKED)
    assert found == [], "paths outside the repository:\n" + "\n".join(found)


def test_the_path_check_finds_each_kind_of_outside_path(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    sibling = ".." + "/shared/rules/coinche.md"
    machine = "/" + "work/shared/seeds"
    original = "003_" + "adb0017da1ea1c7e" + ".txt"
    sketch = "DESIGN" + ".md"
    (tmp_path / "docs" / "a.md").write_text(f"fine\nthe rules: {sibling}\nfine\n")
    (tmp_path / "docs" / "b.py").write_text(f'"""from {machine}/{original}, see {sketch}"""\n')
    (tmp_path / "Makefile").write_text(f"RULES := {sibling}\n")
    (tmp_path / "docs" / "c.png").write_text(sibling)
    assert outside_paths(tmp_path, ["Makefile", "docs", "absent"]) == [
        f"Makefile:1: the folder beside a clone: RULES := {sibling}",
        f"docs/a.md:2: the folder beside a clone: the rules: {sibling}",
        f'docs/b.py:1: a path of the machine the project was written on: """from {machine}/{original}, see {sketch}"""',
        f'docs/b.py:1: a Korean original, which is quoted in docs/rules/ and not kept: """from {machine}/{original}, '
        f'see {sketch}"""',
        f'docs/b.py:1: the sketch or the style guide beside a clone: """from {machine}/{original}, see {sketch}"""',
    ]
