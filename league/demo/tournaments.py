"""The demo's tournaments (called by `league.demo.clubs`): bracket and multiplayer tournaments, and poker
freezeouts, each made, entered and started through the services as an organizer would, then played by the
engines' bots to the end ("finished": the bracket filled, the places), a few moves into the first tables
("running"), or left open for registration ("registration")."""

from datetime import timedelta
from typing import Any

from django.db.models import Q

from league.models import Club, Player, PokerTournament, Table, Tournament
from league.services.bot_play import table_bots_play, tables_bots_play
from league.services.competitions import C, competition_enter, competition_start
from league.services.poker_tournaments import PokerTournamentSpec, poker_tournament_create
from league.services.tournaments import TournamentSpec, tournament_create


def demo_tournament_load(
    *,
    club: Club,
    organizer: Player,
    entry: dict[str, Any],
    people: dict[str, Player],
    wildness: dict[int, float],
) -> Tournament:
    """One bracket or multiplayer tournament: `spec` (TournamentSpec's fields, the time per move in hours),
    `entrants` (usernames) or `teams` (pairs), `play`, and `moves` for a running one."""
    fields = dict(entry["spec"])
    fields["time_per_move"] = timedelta(hours=fields.pop("time_per_move_hours", 24))
    tournament = tournament_create(club=club, by=organizer, spec=TournamentSpec(**fields))
    for first, second in entry.get("teams", []):
        competition_enter(competition=tournament, player=people[first], partner=people[second], by=organizer)
    return _entered_and_played(
        tournament,
        entered_by=organizer,
        tables=Q(tournament_link__tournament=tournament),
        key=f"tournament:{tournament.name}",
        organizer=organizer,
        entry=entry,
        people=people,
        wildness=wildness,
    )


def demo_poker_tournament_load(
    *,
    club: Club,
    organizer: Player,
    entry: dict[str, Any],
    people: dict[str, Player],
    wildness: dict[int, float],
) -> PokerTournament:
    """One poker freezeout: `spec` (a `PokerTournamentSpec`, the time per move in hours), `entrants`,
    `play`, and `moves` for a running one."""
    fields = dict(entry["spec"])
    fields["time_per_move"] = timedelta(hours=fields.pop("time_per_move_hours", 24))
    tournament = poker_tournament_create(club=club, by=organizer, spec=PokerTournamentSpec(**fields))
    return _entered_and_played(
        tournament,
        entered_by=None,  # the players enter themselves
        tables=Q(poker_hand__tournament=tournament),
        key=f"poker:{tournament.name}",
        organizer=organizer,
        entry=entry,
        people=people,
        wildness=wildness,
    )


def _entered_and_played(
    competition: C,
    *,
    entered_by: Player | None,
    tables: Q,
    key: str,
    organizer: Player,
    entry: dict[str, Any],
    people: dict[str, Player],
    wildness: dict[int, float],
) -> C:
    """The entrants entered, then, unless it stays open for registration, the start and the play: to the end
    ("finished"), or a few moves into the first tables ("running")."""
    for name in entry.get("entrants", []):
        competition_enter(competition=competition, player=people[name], by=entered_by)
    if entry["play"] == "registration":
        return competition
    competition = competition_start(competition=competition, by=organizer)

    def in_play() -> list[int]:
        active = Table.objects.filter(tables, status=Table.Status.ACTIVE)
        return list(active.order_by("id").values_list("id", flat=True))

    if entry["play"] == "finished":
        tables_bots_play(tables=in_play, key=key, wildness=wildness)
    else:
        for number, table_id in enumerate(in_play()):
            table_bots_play(table_id=table_id, key=f"{key}:{number}", moves=entry.get("moves", 0), wildness=wildness)
    competition.refresh_from_db()
    if entry["play"] == "finished" and competition.status != "finished":
        raise RuntimeError(f"the demo's {competition.name!r} did not finish: {competition.status}")
    return competition
