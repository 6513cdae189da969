"""The profile's rating tags: the chart of a game's rating history (drawn by `league.drawing.rating_chart`) and the
band where a player's skill probably lies."""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django import template
from django.utils.safestring import SafeString

from league.drawing.rating_chart import rating_chart_svg
from league.ratings import PROVISIONAL_GAMES

register = template.Library()


@register.simple_tag
def rating_chart(events: Sequence[Any], label: str) -> SafeString:
    """The chart of one game's rating history, titled `label` for screen readers."""
    return rating_chart_svg(events, label)


@dataclass(frozen=True)
class Band:
    low: float
    high: float
    spread: float
    provisional: bool


@register.simple_tag
def rating_band(rating: Any) -> Band:
    """Where the skill probably lies (mu ± 3 sigma): the rating shown is its low end."""
    return Band(
        low=rating.mu - 3 * rating.sigma,
        high=rating.mu + 3 * rating.sigma,
        spread=3 * rating.sigma,
        provisional=rating.games < PROVISIONAL_GAMES,
    )
