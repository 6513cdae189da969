"""Reads of poker tournaments that the pages, the API and the exports share: the seating chart with names and
stacks, the level, the places. Never the tournament's state itself: it holds the seed of every draw."""

from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext

from league.engines import engine_for
from league.errors import NotFound
from league.models import Club, PokerEntrant, PokerHand, PokerTournament
from league.tournaments import freezeout


def poker_tournament_get(*, tournament_id: int) -> PokerTournament:
    try:
        return PokerTournament.objects.select_related("club").get(pk=tournament_id)
    except PokerTournament.DoesNotExist:
        raise NotFound("No such tournament.", field="tournament_id") from None


def club_poker_tournaments(*, club: Club) -> QuerySet[PokerTournament]:
    return PokerTournament.objects.filter(club=club).order_by("-created_at", "-id")


def poker_entrants(*, tournament: PokerTournament) -> list[PokerEntrant]:
    """Everyone entered: placed first, best place first; then those still in, most chips first."""
    rows = list(PokerEntrant.objects.filter(tournament=tournament).select_related("player"))
    return sorted(rows, key=lambda e: (e.place is None, e.place or 0, -e.stack, e.player.display_name.lower()))


def poker_level(*, tournament: PokerTournament) -> dict[str, Any] | None:
    """The level in force (T-D6): its number and forced bets, the hands ended since it began and how many end it
    (level_hands × the tables in play), the next level's forced bets; None before the start."""
    state = tournament.state
    if not state:
        return None
    levels = state["options"]["levels"]
    number = state["level"]
    labels = {o["name"]: gettext(o["label"]) for o in engine_for(tournament.game).options_schema()}
    tables = len(freezeout.tables_live(state))
    last = number >= len(levels)
    return {
        "number": number,
        "count": len(levels),
        "forced": dict(levels[number - 1]),
        "forced_shown": [(labels.get(name, name), value) for name, value in levels[number - 1].items()],
        "hands": state["level_hands"],
        "hands_needed": None if last else state["options"]["level_hands"] * tables,
        "next": None if last else dict(levels[number]),
        "next_shown": [] if last else [(labels.get(name, name), value) for name, value in levels[number].items()],
        "tables": tables,
        "hands_ended": state["hands_ended"],
    }


def poker_seating(*, tournament: PokerTournament) -> list[dict[str, Any]]:
    """The seating chart (`freezeout.seating_chart`) with each player's name and, for a table in a hand, the
    league table playing it."""
    state = tournament.state
    if not state:
        return []
    chart = freezeout.seating_chart(state)
    names = dict(PokerEntrant.objects.filter(tournament=tournament).values_list("player_id", "player__display_name"))
    in_play = {h["number"] for h in freezeout.hands_in_play(state)}
    tables = dict(PokerHand.objects.filter(tournament=tournament, number__in=in_play).values_list("number", "table_id"))
    for table in chart:
        table["table_id"] = tables.get(table["hand"])
        table["players"] = sum(1 for seat in table["seats"] if seat["player"] is not None)
        table["chips"] = sum(seat["stack"] or 0 for seat in table["seats"])
        for seat in table["seats"]:
            seat["name"] = names.get(seat["player"], "") if seat["player"] is not None else ""
    return chart


def poker_seed_revealed(*, tournament: PokerTournament) -> str | None:
    """The seed of the draws, once the tournament is over (before, only its commitment is public)."""
    if tournament.status != PokerTournament.Status.FINISHED or not tournament.state:
        return None
    seed: str = tournament.state["seed"]
    return seed


def poker_results_rows(*, tournament: PokerTournament) -> list[list[Any]]:
    """The results as a spreadsheet: a header, then one row per entrant (place, player, points, bust hand, chips)."""
    header = ["place", "shared", "player", "points", "bust_hand", "chips"]
    rows = [
        [e.place, e.shared if e.place else None, e.player.display_name, e.points, e.bust_hand, e.stack]
        for e in poker_entrants(tournament=tournament)
    ]
    return [header, *rows]


def poker_forfeits(*, tournament: PokerTournament) -> dict[int, str]:
    """The players whose seat an organizer ruled forfeited (T-D8), with the ruling's reason."""
    busts = (tournament.state or {}).get("busts", [])
    return {row["player"]: row["forfeit"] for row in busts if row.get("forfeit")}


def poker_players_in(*, tournament: PokerTournament) -> list[int]:
    """The players still seated, whose seat may be forfeited; none unless the tournament runs."""
    if tournament.status != PokerTournament.Status.RUNNING:
        return []
    return [player for table in freezeout.tables_live(tournament.state) for player in freezeout.players_in(table)]
