"""The standings' rows built by one tag (league/templatetags/cardleague.py, `standings_rows`): what the template's
nodes wrote, every outside value escaped."""

from decimal import Decimal
from types import SimpleNamespace

from django.utils import translation

from league.templatetags.cardleague import standings_rows

TIEBREAKS = [("buchholz", "Bu", "Buchholz: ..."), ("wins", "W", "Wins: ...")]


def _row(**values):
    base = {"shared_rank": 1, "tied": False, "label": "Ada", "withdrawn": False, "points": Decimal("3")}
    base |= {"played": 2, "wins": 1, "byes": 0, "tiebreaks": {"buchholz": "7/2", "wins": "1"}}
    return SimpleNamespace(**(base | values))


def test_a_row_reads_rank_name_points_counts_and_each_tiebreak_in_order():
    # points as the template wrote them (floatformat "-3": three places when not whole)
    html = standings_rows([_row(points=Decimal("2.5"))], TIEBREAKS)
    assert html == "<tr><td>1</td><td>Ada</td><td>2.500</td><td>2</td><td>1</td><td>0</td><td>3.5</td><td>1</td></tr>"


def test_a_shared_rank_a_withdrawn_entrant_and_a_missing_tiebreak():
    with translation.override("en"):
        html = standings_rows([_row(shared_rank=2, tied=True, withdrawn=True, tiebreaks={"wins": "1"})], TIEBREAKS)
    assert html.startswith('<tr class="muted"><td>2=</td><td>Ada (withdrawn)</td>')
    assert html.endswith("<td>–</td><td>1</td></tr>")


def test_a_hostile_name_is_escaped():
    html = standings_rows([_row(label='<script>alert("x")</script>')], TIEBREAKS)
    assert "<script>" not in html and "&lt;script&gt;" in html
