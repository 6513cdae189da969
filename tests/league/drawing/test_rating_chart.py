"""The profile's rating chart (league/drawing/rating_chart.py, through its template tag): one number, the ordinal,
with its uncertainty as a band; axes with values and dates; an empty chart that says when its line will come."""

import re
from datetime import UTC, datetime
from types import SimpleNamespace

from league.drawing.rating_chart import nice_ticks
from league.templatetags.rating_chart import rating_chart


def _event(day: int, mu: float, sigma: float) -> SimpleNamespace:
    return SimpleNamespace(at=datetime(2026, 3, day, 20, tzinfo=UTC), mu_after=mu, sigma_after=sigma)


def test_nice_ticks_are_round_values_covering_the_range() -> None:
    assert nice_ticks(-3.2, 41.0) == [-10, 0, 10, 20, 30, 40, 50]
    assert nice_ticks(0, 1) == [0, 0.2, 0.4, 0.6, 0.8, 1]
    assert nice_ticks(5, 5) == [5]


def test_the_chart_draws_the_rating_line_its_band_value_ticks_and_dates() -> None:
    events = [_event(1, 25.0, 8.0), _event(2, 27.0, 7.0), _event(9, 30.0, 6.0)]

    svg = str(rating_chart(events, "Rating in Mini Poker"))

    assert svg.startswith("<svg") and 'aria-label="Rating in Mini Poker"' in svg
    assert 'class="band"' in svg and 'class="line"' in svg and svg.count('class="dot"') == 3
    # each point says its date and the rating (mu - 3 sigma): 1.0, 6.0, 12.0
    assert re.findall(r"<title>(.*?)</title>", svg) == ["03/01/2026: 1.0", "03/02/2026: 6.0", "03/09/2026: 12.0"]
    ticks = re.findall(r'class="tick"[^>]*>([^<]*)<', svg)
    assert "0" in ticks and "03/01/2026" in ticks and "03/09/2026" in ticks


def test_each_point_names_and_links_what_was_rated_a_table_or_a_poker_tournament() -> None:
    # given: a table's event, then a poker tournament's (rated once by its final places: no table)
    table = SimpleNamespace(**vars(_event(1, 25.0, 8.0)), table_id=7, competition_id=None)
    tournament = SimpleNamespace(
        **vars(_event(2, 27.0, 7.0)),
        table_id=None,
        competition_id=3,
        competition_name="Friday <turbo>",
        competition_page="poker_tournament",
    )

    svg = str(rating_chart([table, tournament], "Rating in Mini Poker"))

    # then: the table's point says its number and links to it; the tournament's says its name and links to it
    assert re.findall(r"<title>(.*?)</title>", svg) == [
        "03/01/2026: 1.0 · Table #7",
        "03/02/2026: 6.0 · Friday &lt;turbo&gt;",
    ]
    assert re.findall(r'<a href="([^"]*)"><circle class="dot"', svg) == ["/tables/7/", "/poker-tournaments/3/"]


def test_a_negative_rating_stays_on_the_chart() -> None:
    svg = str(rating_chart([_event(1, 20.0, 8.0)], "Rating"))

    assert "-10" in re.findall(r'class="tick"[^>]*>([^<]*)<', svg)


def test_an_empty_history_draws_the_axes_and_says_the_line_comes_after_the_first_rated_game() -> None:
    svg = str(rating_chart([], "Rating"))

    assert 'class="axis"' in svg and 'class="line"' not in svg
    assert "The line starts after the first rated game." in svg
