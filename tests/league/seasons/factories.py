"""Seasons made through the services (as an organizer would), for the season tests."""

from typing import Any

from league.models import Season
from league.services.seasons import SeasonSpec, entrant_register, season_create, season_open_registration
from tests.league.seasons.support import club_with_members


def season_with_entrants(game: str, *, entrants: int = 4, **kwargs: Any) -> tuple[Season, Any, list]:
    """A season in registration with `entrants` single-player entrants; returns (season, organizer, players)."""
    club, organizer, members = club_with_members(entrants)
    season = season_create(club=club, by=organizer, spec=SeasonSpec(game=game, name="League", **kwargs))
    season_open_registration(season=season, by=organizer)
    for member in members:
        entrant_register(season=season, by=organizer, player=member)
    season.refresh_from_db()
    return season, organizer, members
