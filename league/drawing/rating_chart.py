"""The profile's rating chart, drawn on the server as SVG (no script, readable offline and in a screenshot): the
rating (openskill's ordinal, mu - 3 sigma) after each rated table as a line with its points, the band mu ± 3 sigma
where the skill probably lies, a value axis with round ticks and a date axis; each point's title tells its date,
value and what was rated (a table, or a poker tournament by its name, rated once by its final places), and the
point links to it. An empty history draws the axes and says when the line will come."""

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.urls import reverse
from django.utils.formats import date_format
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from league.ratings import MU, SIGMA

WIDTH, HEIGHT = 640, 240
LEFT, RIGHT, TOP, BOTTOM = 52, 16, 14, 40  # room for the value labels (left) and the dates (below)
DATE_TICKS = 5


@dataclass(frozen=True)
class Point:
    at: Any  # a datetime
    rating: float
    low: float
    high: float
    # what was rated, and its page
    what: str = ""
    href: str = ""


def nice_ticks(low: float, high: float, count: int = 6) -> list[float]:
    """Round values from at or below `low` to at or above `high`, about `count` of them: steps of 1, 2 or 5 times a
    power of ten."""
    span = high - low
    if span <= 0:
        return [low]
    raw = span / max(count - 1, 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first, last = math.floor(low / step), math.ceil(high / step)
    return [round(n * step, 10) for n in range(first, last + 1)]


def chart_points(events: Sequence[Any]) -> list[Point]:
    """The rating after each event (RatingEvent rows, oldest first), its band and what it rated."""
    return [
        Point(
            at=e.at,
            rating=e.mu_after - 3 * e.sigma_after,
            low=e.mu_after - 3 * e.sigma_after,
            high=e.mu_after + 3 * e.sigma_after,
            what=_rated_name(e),
            href=_rated_link(e),
        )
        for e in events
    ]


def _rated_name(event: Any) -> str:
    if getattr(event, "competition_id", None) is not None:
        # the name annotated on the events (league.selectors.profiles.rating_charts)
        return str(event.competition_name)
    table_id = getattr(event, "table_id", None)
    return _("Table #%(id)s") % {"id": table_id} if table_id is not None else ""


def _rated_link(event: Any) -> str:
    if getattr(event, "competition_id", None) is not None:
        return reverse(event.competition_page, args=[event.competition_id]) if event.competition_page else ""
    table_id = getattr(event, "table_id", None)
    return reverse("table", args=[table_id]) if table_id is not None else ""


def _anchor(index: int, count: int) -> str:
    if count > 1 and index == count - 1:
        return "end"
    return "start" if count > 1 and index == 0 else "middle"


def rating_chart_svg(events: Sequence[Any], label: str) -> SafeString:
    """The chart of one game's rating history, titled `label` for screen readers."""
    points = chart_points(events)
    if points:
        low = min(min(p.low for p in points), 0.0)
        high = max(p.high for p in points)
    else:
        low, high = 0.0, MU + 3 * SIGMA
    ticks = nice_ticks(low, high)
    low, high = ticks[0], ticks[-1]
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(index: int) -> float:
        # one step per rated table: tables played on one evening stay apart, as they are apart in the history
        return LEFT + (plot_w * index / (len(points) - 1) if len(points) > 1 else plot_w / 2)

    def y(value: float) -> float:
        return TOP + plot_h * (high - value) / ((high - low) or 1.0)

    grid = format_html_join(
        "",
        '<line class="grid" x1="{}" x2="{}" y1="{}" y2="{}"/>'
        '<text class="tick" x="{}" y="{}" text-anchor="end" dominant-baseline="middle">{}</text>',
        ((LEFT, WIDTH - RIGHT, f"{y(t):.1f}", f"{y(t):.1f}", LEFT - 6, f"{y(t):.1f}", f"{t:g}") for t in ticks),
    )
    axes = format_html(
        '<line class="axis" x1="{0}" x2="{0}" y1="{1}" y2="{2}"/>'
        '<line class="axis" x1="{0}" x2="{3}" y1="{2}" y2="{2}"/>',
        LEFT,
        TOP,
        HEIGHT - BOTTOM,
        WIDTH - RIGHT,
    )
    if not points:
        body = format_html(
            '<text class="empty" x="{}" y="{}" text-anchor="middle">{}</text>',
            LEFT + plot_w / 2,
            TOP + plot_h / 2,
            _("The line starts after the first rated game."),
        )
    else:
        band_top = " ".join(f"{x(i):.1f},{y(p.high):.1f}" for i, p in enumerate(points))
        band_bottom = " ".join(f"{x(i):.1f},{y(p.low):.1f}" for i, p in reversed(list(enumerate(points))))
        line = " ".join(f"{x(i):.1f},{y(p.rating):.1f}" for i, p in enumerate(points))
        shown = sorted({round(i * (len(points) - 1) / (DATE_TICKS - 1)) for i in range(DATE_TICKS)})
        dates = format_html_join(
            "",
            '<text class="tick" x="{}" y="{}" text-anchor="{}">{}</text>',
            (
                # the last date ends at the plot's right edge, so that it is not cut off
                (
                    f"{x(i):.1f}",
                    HEIGHT - BOTTOM + 22,
                    _anchor(i, len(points)),
                    date_format(points[i].at, "SHORT_DATE_FORMAT"),
                )
                for i in shown
            ),
        )
        dots = format_html_join("", "{}", ((_dot(x(i), y(p.rating), p),) for i, p in enumerate(points)))
        body = format_html(
            '<polygon class="band" points="{} {}"/><polyline class="line" points="{}"/>{}{}',
            band_top,
            band_bottom,
            line,
            dots,
            dates,
        )
    return format_html(
        '<svg class="rating-chart" viewBox="0 0 {} {}" role="img" aria-label="{}">{}{}{}</svg>',
        WIDTH,
        HEIGHT,
        label,
        grid,
        axes,
        body,
    )


def _dot(cx: float, cy: float, point: Point) -> SafeString:
    """A point with its title (date: value · what was rated), a link to what was rated when there is one."""
    title = f"{date_format(point.at, 'SHORT_DATE_FORMAT')}: {point.rating:.1f}"
    if point.what:
        title = f"{title} · {point.what}"
    dot = format_html(
        '<circle class="dot" cx="{}" cy="{}" r="3.5"><title>{}</title></circle>', f"{cx:.1f}", f"{cy:.1f}", title
    )
    if not point.href:
        return dot
    return format_html('<a href="{}">{}</a>', point.href, dot)
