"""What a player's public profile shows besides the ratings: the tables they finished and the tournaments they
played, each once (a poker tournament's hands are its own business, not separate games in the history)."""

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Count, F, Q, QuerySet, Window
from django.db.models.functions import RowNumber
from django.urls import reverse

from league.models import Entrant, Player, RatingEvent, Result
from league.selectors.competition_pages import page_of

HISTORY_LENGTH = 50
# the rating chart's points per game: the last rated tables (a chart 640 points wide; all 5,000 of a player's tables
# were 800 KiB of page)
CHART_POINTS = 200


@dataclass(frozen=True)
class TournamentPlace:
    name: str
    game: str
    url: str
    place: int | None  # None: still in play
    shared: int | None
    entrants: int
    at: datetime


def table_history(*, player: Player) -> QuerySet[Result]:
    """The player's last finished tables, newest first, without the hands of poker tournaments."""
    return (
        Result.objects.filter(player=player, table__poker_hand__isnull=True)
        .select_related("table")
        # the list shows each table's game and date: its state was some 25,000 lists and dicts a request, decoded
        # and left to the collector
        .defer("table__state", "table__options")
        .order_by("-finished_at")[:HISTORY_LENGTH]
    )


def rating_charts(*, player: Player, points: int = CHART_POINTS) -> dict[str, list[RatingEvent]]:
    """Each game's rating events of the player, the last `points` of them, oldest first (one query)."""
    events = (
        RatingEvent.objects.filter(player=player)
        # a competition's point (a poker tournament's) is named by it and links to its format's page
        .annotate(
            competition_name=F("competition__name"),
            competition_page=page_of("competition"),
            from_last=Window(RowNumber(), partition_by=[F("game")], order_by=[F("at").desc(), F("id").desc()]),
        )
        .filter(from_last__lte=points)
        .order_by("at", "id")
    )
    charts: dict[str, list[RatingEvent]] = {}
    for event in events:
        charts.setdefault(event.game, []).append(event)
    return charts


def tournament_places(*, player: Player) -> list[TournamentPlace]:
    """Every tournament the player entered (brackets as a player or a partner, and poker tournaments), newest
    first, with the place once known."""
    brackets = Entrant.objects.filter(Q(player=player) | Q(partner=player), competition__as_tournament__isnull=False)
    pokers = Entrant.objects.filter(player=player, competition__as_poker_tournament__isnull=False)
    rows = [_place(entry, "tournament") for entry in _with_field_size(brackets)]
    rows += [_place(entry, "poker_tournament") for entry in _with_field_size(pokers)]
    return sorted(rows, key=lambda row: row.at, reverse=True)


def _with_field_size(entries: QuerySet[Entrant]) -> QuerySet[Entrant]:
    # the competition's own row only: never the format's, whose state the list never shows (a 4,096-entrant
    # bracket is 2 MB of JSON)
    return entries.select_related("competition").annotate(field_size=Count("competition__entrants"))


def _place(entry: Entrant, page: str) -> TournamentPlace:
    tournament = entry.competition
    return TournamentPlace(
        name=tournament.name,
        game=tournament.game,
        url=reverse(page, args=[tournament.pk]),
        place=entry.place,
        shared=entry.shared,
        entrants=entry.field_size,  # type: ignore[attr-defined]  # the annotation
        at=tournament.finished_at or tournament.started_at or tournament.created_at,
    )
