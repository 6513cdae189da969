"""The demo club's seasons: one running season of each installed game, its first round in play (called by
`manage.py demo_load`)."""

from typing import Any

from django.db import transaction

from games import available_games
from league.models import Club, Player, Season
from league.services.rounds import season_start
from league.services.seasons import SeasonSpec, entrant_register, season_create, season_open_registration

# game -> season settings; a game missing here (an engine added later) gets a multi-table season
DEMO_SEASONS: dict[str, dict[str, Any]] = {
    "the-court": {"format": "multitable", "table_max": 4, "rounds_planned": 4, "hand_limit": 10},
    "palace-infighting": {"format": "swiss", "rounds_planned": 4},
    "black-card": {"format": "multitable", "table_max": 4, "rounds_planned": 4, "hand_limit": 10},
    "coinche": {"format": "round_robin", "partners": "fixed", "target_score": 1000},
    "mini-poker": {"format": "multitable", "table_max": 4, "rounds_planned": 4, "hand_limit": 10},
}


@transaction.atomic
def demo_seasons_load(*, club: Club, organizer: Player, players: list[Player]) -> list[Season]:
    """A running season of each installed game for the club's `players` (members); a game that already has a
    season in the club is left alone."""
    seasons = []
    for game in available_games():
        if Season.objects.filter(club=club, game=game).exists():
            continue
        settings = DEMO_SEASONS.get(game, {"format": "multitable", "rounds_planned": 4})
        name = f"{game.replace('-', ' ').title()} league"
        season = season_create(club=club, by=organizer, spec=SeasonSpec(game=game, name=name, **settings))
        season_open_registration(season=season, by=organizer)
        if season.partners == Season.Partners.FIXED:
            for first, second in zip(players[0::2], players[1::2], strict=False):
                entrant_register(season=season, by=organizer, player=first, partner=second)
        else:
            for player in players:
                entrant_register(season=season, by=organizer, player=player)
        seasons.append(season_start(season=season, by=organizer))
    return seasons
