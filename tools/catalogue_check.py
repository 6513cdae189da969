"""Check the Korean catalogue (locale/ko/LC_MESSAGES/django.po) against the code: no entry untranslated or fuzzy,
each translation filling the same places ({card}, %(name)s) as its English, and every string the code marks for
translation present.

The strings of the code are collected by Django's own `makemessages`, run over a copy of the sources in a temporary
folder (so the committed catalogue is never rewritten), and compared with the committed one.

    .venv/bin/python tools/catalogue_check.py          # prints each problem; exit status 1 when there is one
"""

import ast
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CATALOGUE = REPO / "locale" / "ko" / "LC_MESSAGES" / "django.po"
# what makemessages reads: the Python packages and the templates (the emails are .txt templates)
SOURCES = ("config", "games", "league", "templates", "manage.py")
# the places a sentence is filled at: an engine's "{card}" (str.format; a Korean sentence may add the particle that
# follows the value, "{card:을/를}": league/particles.py), Django's "%(name)s"
PLACEHOLDER = re.compile(r"\{([a-z_]+)(?::[^{}]*)?\}|%\(([a-z_]+)\)[sd]")


def places(text: str) -> set[str]:
    """The names of the places a sentence fills, whatever particle a translation adds after one."""
    return {brace or percent for brace, percent in PLACEHOLDER.findall(text)}


@dataclass
class Entry:
    msgid: str
    context: str = ""
    plural: str | None = None
    translations: list[str] = field(default_factory=list)
    fuzzy: bool = False

    @property
    def key(self) -> tuple[str, str]:
        return self.context, self.msgid


def _unquote(text: str) -> str:
    value = ast.literal_eval(text.strip())
    assert isinstance(value, str)
    return value


def read_po(path: Path) -> list[Entry]:
    """The entries of a .po file, the header and obsolete (#~) entries left out."""
    entries: list[Entry] = []
    current: Entry | None = None
    target: tuple[str, int] | None = None
    fuzzy = False

    def close() -> None:
        nonlocal current
        if current is not None and current.msgid:
            entries.append(current)
        current = None

    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line:
            close()
            target, fuzzy = None, False
        elif line.startswith("#,"):
            fuzzy = fuzzy or "fuzzy" in line
        elif line.startswith("#"):
            continue
        elif line.startswith("msgctxt "):
            close()
            current = Entry(msgid="", context=_unquote(line[8:]), fuzzy=fuzzy)
            target = ("context", 0)
        elif line.startswith("msgid "):
            if current is None or current.msgid or target != ("context", 0):
                close()
                current = Entry(msgid="", fuzzy=fuzzy)
            current.msgid = _unquote(line[6:])
            target = ("msgid", 0)
        elif line.startswith("msgid_plural ") and current is not None:
            current.plural = _unquote(line[13:])
            target = ("plural", 0)
        elif line.startswith("msgstr") and current is not None:
            index = int(line[7 : line.index("]")]) if line.startswith("msgstr[") else 0
            while len(current.translations) <= index:
                current.translations.append("")
            current.translations[index] = _unquote(line[line.index(" ") + 1 :])
            target = ("msgstr", index)
        elif line.startswith('"') and current is not None and target is not None:
            part, index = target
            text = _unquote(line)
            if part == "context":
                current.context += text
            elif part == "msgid":
                current.msgid += text
            elif part == "plural":
                current.plural = (current.plural or "") + text
            else:
                current.translations[index] += text
    close()
    return entries


def code_entries() -> list[Entry]:
    """Every string the code marks, as `makemessages -l ko` finds it in a copy of the sources."""
    with tempfile.TemporaryDirectory(prefix="catalogue-") as folder:
        copy = Path(folder)
        for name in SOURCES:
            source = REPO / name
            if source.is_dir():
                shutil.copytree(source, copy / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
            else:
                shutil.copy2(source, copy / name)
        (copy / "locale").mkdir()
        env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings_test", "PYTHONPATH": str(copy)}
        subprocess.run(
            [sys.executable, "manage.py", "makemessages", "-l", "ko", "--no-location", "-v", "0"],
            cwd=copy,
            env=env,
            check=True,
        )
        return read_po(copy / "locale" / "ko" / "LC_MESSAGES" / "django.po")


def problems(catalogue: list[Entry], code: list[Entry]) -> list[str]:
    """What is wrong with the catalogue: entries fuzzy or untranslated, a translation that does not fill the
    same places as its English, strings of the code it lacks."""
    found = []
    for entry in catalogue:
        if entry.fuzzy:
            found.append(f"fuzzy: {entry.msgid!r}")
        if not entry.translations or not all(t.strip() for t in entry.translations):
            found.append(f"untranslated: {entry.msgid!r}")
        wanted = places(entry.msgid) | places(entry.plural or "")
        for translation in entry.translations:
            if translation and places(translation) != wanted:
                found.append(f"placeholders differ: {entry.msgid!r} -> {translation!r}")
    known = {entry.key for entry in catalogue}
    found += [f"missing: {entry.msgid!r}" for entry in code if entry.key not in known]
    return found


def main() -> int:
    found = problems(read_po(CATALOGUE), code_entries())
    for problem in found:
        print(problem)
    print(f"{len(found)} problem(s) in {CATALOGUE.relative_to(REPO)}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
