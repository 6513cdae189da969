"""The demo's tournaments (called by `league.demo.clubs`): bracket and multiplayer tournaments, and poker
freezeouts, each made, entered and started through the services as an organizer would, then played by the
engines' bots to the end ("finished": the bracket filled, the places), a few moves into the first tables
("running"), or left open for registration ("registration")."""

from datetime import timedelta
from typing import Any

from league.models import Club, Player, PokerTournament, Table, Tournament
from league.services.bot_play import table_bots_play, tables_bots_play
from league.services.poker_tournaments import (
    poker_tournament_create,
    poker_tournament_register,
    poker_tournament_start,
)
from league.services.tournaments import TournamentSpec, tournament_create, tournament_register, tournament_start


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
        tournament_register(tournament=tournament, player=people[first], partner=people[second], by=organizer)
    for name in entry.get("entrants", []):
        tournament_register(tournament=tournament, player=people[name], by=organizer)
    if entry["play"] == "registration":
        return tournament
    tournament = tournament_start(tournament=tournament, by=organizer)

    def in_play() -> list[int]:
        tables = Table.objects.filter(tournament_link__tournament=tournament, status=Table.Status.ACTIVE)
        return list(tables.order_by("id").values_list("id", flat=True))

    _play(in_play, key=f"tournament:{tournament.name}", entry=entry, wildness=wildness)
    tournament.refresh_from_db()
    if entry["play"] == "finished" and tournament.status != Tournament.Status.FINISHED:
        raise RuntimeError(f"the demo tournament {tournament.name!r} did not finish: {tournament.status}")
    return tournament


def demo_poker_tournament_load(
    *,
    club: Club,
    organizer: Player,
    entry: dict[str, Any],
    people: dict[str, Player],
    wildness: dict[int, float],
) -> PokerTournament:
    """One poker freezeout: `spec` (poker_tournament_create's arguments, the time per move in hours), `entrants`,
    `play`, and `moves` for a running one."""
    fields = dict(entry["spec"])
    fields["time_per_move"] = timedelta(hours=fields.pop("time_per_move_hours", 24))
    tournament = poker_tournament_create(club=club, by=organizer, **fields)
    for name in entry.get("entrants", []):
        poker_tournament_register(tournament=tournament, player=people[name])
    if entry["play"] == "registration":
        return tournament
    tournament = poker_tournament_start(tournament=tournament, by=organizer)

    def in_play() -> list[int]:
        tables = Table.objects.filter(poker_hand__tournament=tournament, status=Table.Status.ACTIVE)
        return list(tables.order_by("id").values_list("id", flat=True))

    _play(in_play, key=f"poker:{tournament.name}", entry=entry, wildness=wildness)
    tournament.refresh_from_db()
    if entry["play"] == "finished" and tournament.status != PokerTournament.Status.FINISHED:
        raise RuntimeError(f"the demo poker tournament {tournament.name!r} did not finish: {tournament.status}")
    return tournament


def _play(in_play: Any, *, key: str, entry: dict[str, Any], wildness: dict[int, float]) -> None:
    if entry["play"] == "finished":
        tables_bots_play(tables=in_play, key=key, wildness=wildness)
        return
    for number, table_id in enumerate(in_play()):
        table_bots_play(table_id=table_id, key=f"{key}:{number}", moves=entry.get("moves", 0), wildness=wildness)
