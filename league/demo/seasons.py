"""The demo's seasons (called by `league.demo.clubs`): each made, entered and started through the services
as an organizer would, then played by the engines' bots: to its end ("finished": standings with their tiebreaks,
the crosstable, ratings with a history), a few moves into its first round ("running"), or left open for
registration ("registration")."""

from datetime import datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from django.utils import timezone

from league.models import Club, Player, Season, Table
from league.services.bot_play import table_bots_play, tables_bots_play
from league.services.clocks import vacation_take
from league.services.rounds import season_start
from league.services.seasons import ClockSpec, SeasonSpec, entrant_register, season_create, season_open_registration


def demo_season_load(
    *, club: Club, organizer: Player, entry: dict[str, Any], people: dict[str, Player], wildness: dict[int, float]
) -> Season:
    """One season of the demo as its entry in seeds/demo/*.json describes it: `spec` (SeasonSpec's fields, the time
    per move in hours, a `clock` as ClockSpec's fields), `entrants` (usernames) or `teams` (pairs of usernames,
    fixed partners), `play`, and for a running season the bot `moves` played at each of its first tables and the
    `vacations` its players take (a player, in how many days from now, for how many days)."""
    fields = dict(entry["spec"])
    fields["time_per_move"] = timedelta(hours=fields.pop("time_per_move_hours", 24))
    if "clock" in fields:
        fields["clock"] = ClockSpec(**fields["clock"])
    season = season_create(club=club, by=organizer, spec=SeasonSpec(**fields))
    season = season_open_registration(season=season, by=organizer)
    for first, second in entry.get("teams", []):
        entrant_register(season=season, by=organizer, player=people[first], partner=people[second])
    for name in entry.get("entrants", []):
        entrant_register(season=season, by=organizer, player=people[name])
    play = entry["play"]
    if play == "registration":
        return season
    season = season_start(season=season, by=organizer)
    key = f"season:{season.name}"
    if play == "finished":
        tables_bots_play(tables=lambda: _tables_in_play(season), key=key, wildness=wildness)
        season.refresh_from_db()
        if season.status != Season.Status.FINISHED:
            raise RuntimeError(f"the demo season {season.name!r} did not finish: {season.status}")
    else:
        for vacation in entry.get("vacations", []):
            # from midnight in the season's zone, as a vacation taken on the pages starts
            zone = ZoneInfo(season.clock.time_zone)
            day = (timezone.now().astimezone(zone) + timedelta(days=vacation["in_days"])).date()
            starts_at = datetime.combine(day, time(0), tzinfo=zone)
            vacation_take(player=people[vacation["player"]], season=season, starts_at=starts_at, days=vacation["days"])
        for number, table_id in enumerate(_tables_in_play(season)):
            table_bots_play(table_id=table_id, key=f"{key}:{number}", moves=entry.get("moves", 0), wildness=wildness)
    return season


def _tables_in_play(season: Season) -> list[int]:
    tables = Table.objects.filter(round__season=season, status=Table.Status.ACTIVE).order_by("id")
    return list(tables.values_list("id", flat=True))
