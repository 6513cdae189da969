"""The Korean catalogue is complete (tools/catalogue_check.py): no entry fuzzy or untranslated, every translation
filling the places its English fills, and every string the code marks for translation in it, as Django's
makemessages finds them in a copy of the sources."""

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def check() -> ModuleType:
    spec = importlib.util.spec_from_file_location("catalogue_check", REPO / "tools" / "catalogue_check.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _po(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "django.po"
    path.write_text('msgid ""\nmsgstr ""\n"Language: ko\\n"\n\n' + text, encoding="utf-8")
    return path


def test_the_korean_catalogue_has_every_string_of_the_code_translated(check: ModuleType) -> None:
    found = check.problems(check.read_po(check.CATALOGUE), check.code_entries())

    assert found == []


def test_the_check_finds_fuzzy_untranslated_misfilled_and_missing_entries(check: ModuleType, tmp_path: Path) -> None:
    catalogue = check.read_po(
        _po(
            tmp_path,
            '#, fuzzy\nmsgid "Fold"\nmsgstr "폴드"\n\n'
            'msgid "Raise"\nmsgstr ""\n\n'
            'msgid "You do not hold {card}."\nmsgstr "{cards}을(를) 들고 있지 않습니다."\n\n'
            'msgid "%(n)s member"\nmsgid_plural "%(n)s members"\nmsgstr[0] "회원 %(n)s명"\n\n'
            'msgid ""\n"A long "\n"line"\nmsgstr "긴 줄"\n',
        )
    )
    code = [check.Entry(msgid="Fold"), check.Entry(msgid="A long line"), check.Entry(msgid="Check")]

    assert [e.msgid for e in catalogue] == ["Fold", "Raise", "You do not hold {card}.", "%(n)s member", "A long line"]
    assert check.problems(catalogue, code) == [
        "fuzzy: 'Fold'",
        "untranslated: 'Raise'",
        "placeholders differ: 'You do not hold {card}.' -> '{cards}을(를) 들고 있지 않습니다.'",
        "missing: 'Check'",
    ]
