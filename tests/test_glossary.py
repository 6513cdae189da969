"""docs/glossary.md and the Korean catalogue say the same (issue 34): each term translated as the glossary says,
and the Jester read as 광대 wherever the pages show it."""

import importlib.util
import re
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.utils import translation


def _catalogue_check() -> Any:
    """tools/catalogue_check.py, the catalogue's reader (tools/ is no package)."""
    path = Path(settings.BASE_DIR) / "tools" / "catalogue_check.py"
    spec = importlib.util.spec_from_file_location("catalogue_check", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


GLOSSARY = Path(settings.BASE_DIR) / "docs" / "glossary.md"
CHECKS = ("exact", "everywhere")


def glossary_rows() -> list[tuple[str, str, str]]:
    """(English, Korean, check) of every row of the glossary's tables."""
    rows = []
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")] if line.startswith("|") else []
        if len(cells) == 4 and cells[3] in CHECKS:
            rows.append((cells[0], cells[1], cells[3]))
    return rows


def _mentions(term: str, entry: Any) -> bool:
    pattern = re.compile(r"(?<![\w-])" + re.escape(term) + r"(?![\w])", re.IGNORECASE)
    return any(pattern.search(text) for text in (entry.msgid, entry.plural or ""))


ROWS = glossary_rows()
CHECK = _catalogue_check()
ENTRIES = CHECK.read_po(CHECK.CATALOGUE)


def test_the_glossary_has_its_tables():
    assert len(ROWS) > 100
    assert ("Jester", "광대", "everywhere") in ROWS


@pytest.mark.parametrize(("english", "korean", "check"), ROWS, ids=[row[0] for row in ROWS])
def test_the_catalogue_translates_each_glossary_term_as_the_glossary_says(english, korean, check):
    exact = [entry for entry in ENTRIES if entry.msgid == english]
    mentioned = [entry for entry in ENTRIES if _mentions(english, entry)]
    # a term the pages never show is a stale row
    assert exact or mentioned, f"no catalogue entry shows {english!r}"
    for entry in exact:
        assert set(entry.translations) == {korean}, f"{english!r} is translated {entry.translations}, not {korean!r}"
    if check == "everywhere":
        wrong = [(e.msgid, e.translations) for e in mentioned if not all(korean in t for t in e.translations)]
        assert not wrong, f"{english!r} is not {korean!r} in: {wrong}"


def test_player_counts_are_written_as_people_write_them():
    # "2–6명" with an en dash, never "2~6명" or "4~4명"
    wrong = [(e.msgid, e.translations) for e in ENTRIES if any(re.search(r"[}s]~[{%]", t) for t in e.translations)]
    assert not wrong


@pytest.mark.django_db
def test_the_jester_is_광대_wherever_it_is_shown(client):
    from games import get_engine
    from league.story import card_text
    from league.templatetags.cardleague import card
    from tests.league.factories import PlayerFactory, table_for

    with translation.override("ko"):
        # the card's label on the boards, and its name in a story's sentence
        assert card("J") == "광대"
        assert card_text("J") == "광대"
        assert "등록" not in card("J")
        # the Court's hand names that name it
        assert translation.gettext("Jester's Crown") == "광대의 크라운"
        assert translation.gettext("Half, Noble to Jester") == "하프, 귀족부터 광대까지"
    # and on a Korean table page, where each player holds two Jesters
    player = PlayerFactory(language="ko")
    table = table_for("palace-infighting", players=[player, PlayerFactory()])
    assert get_engine("palace-infighting").view(table.state, 0)["holdings"][0].count("J") == 2
    client.force_login(player.user)
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert ">광대<" in page and "등록" not in page.split("<main", 1)[1]
