"""Which page shows a competition. A competition's format is the format's row that shares its id (Django's
multi-table inheritance, league.models.competitions); each format has its page."""

from typing import TypeVar

from django.core.exceptions import ObjectDoesNotExist
from django.db.models import Case, CharField, Model, QuerySet, Value, When

from league.models import Competition

# the link from a competition to its format's row, and the name of the format's page
FORMAT_PAGES = {"as_season": "season", "as_tournament": "tournament", "as_poker_tournament": "poker_tournament"}
# what a read of the formats' rows leaves out: their states, which no link reads (a bracket's is 2 MB at 4,096
# entrants)
FORMAT_STATES = ("as_tournament__state", "as_poker_tournament__state")

M = TypeVar("M", bound=Model)


def with_formats(rows: QuerySet[M], path: str = "") -> QuerySet[M]:
    """`rows` read with the format's row of the competition that `path` leads to ("": the rows are competitions),
    without its state, so that `competition_page` reads nothing more."""
    prefix = f"{path}__" if path else ""
    formats = [f"{prefix}{link}" for link in FORMAT_PAGES]
    return rows.select_related(*formats).defer(*(f"{prefix}{state}" for state in FORMAT_STATES))


def competition_page(competition: Competition) -> str:
    """The name of the page that shows the competition (its URL takes the competition's id). Reads the format's rows
    unless they were read with it (`with_formats`)."""
    for link, page in FORMAT_PAGES.items():
        try:
            getattr(competition, link)
        except ObjectDoesNotExist:
            continue
        return page
    raise LookupError(f"competition {competition.pk} has no format")


def page_of(path: str) -> Case:
    """The name of the page of the competition that `path` leads to, as a query's value ("" where there is none): for
    the rows of a list, read with them."""
    formats = (When(**{f"{path}__{link}__isnull": False}, then=Value(page)) for link, page in FORMAT_PAGES.items())
    return Case(*formats, default=Value(""), output_field=CharField())
