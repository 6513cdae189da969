"""What a table's end sets going, in one place: its season (rating, standings, round), its tournament's bracket,
its poker tournament's next step; and the nightly pass that redoes all of it from the stored results, in case a
follow-up was lost. The tasks `standings_refresh` and `nightly_recompute` are one call each into this module."""

from django.db import transaction

from league.models import Round, Season, Table
from league.services.locks import season_lock
from league.services.poker_tournaments import poker_hand_finished, poker_hands_settle
from league.services.ratings import ratings_recompute
from league.services.rounds import round_settle, season_table_refresh
from league.services.standings import standings_recompute
from league.services.tournaments import tournament_advance, tournaments_catch_up


def table_follow_up(*, table_id: int) -> None:
    """Rate a finished table, bring its season's standings up to date and close its round (and season) when it was
    the last; a tournament's table moves its bracket on, a poker tournament's hand goes on to the tournament's next
    step. Each step is idempotent and takes its own transaction and locks, so a task run twice does no harm."""
    if not Table.objects.filter(pk=table_id).exists():
        return
    season_table_refresh(table_id=table_id)
    tournament_advance(table_id=table_id)
    poker_hand_finished(table_id=table_id)


def league_recompute() -> dict[str, int]:
    """Recompute what the after-table follow-ups keep up to date: every running season's standings, its rounds
    that have no table left in play, every game's ratings, the brackets whose finished tables did not reach them,
    the poker hands not closed. Returns how many of each."""
    seasons = rounds = 0
    for season_id in Season.objects.filter(status=Season.Status.RUNNING).values_list("id", flat=True):
        with transaction.atomic():
            season = season_lock(season_id)
            standings_recompute(season=season)
            seasons += 1
            for round_ in Round.objects.filter(season=season, status=Round.Status.RUNNING):
                if round_settle(round=round_).status == Round.Status.FINISHED:
                    rounds += 1
    games = Table.objects.filter(status=Table.Status.FINISHED).order_by().values_list("game", flat=True).distinct()
    rated = sum(ratings_recompute(game=game) for game in sorted(set(games)))
    return {
        "seasons": seasons,
        "rounds_closed": rounds,
        "tables_rated": rated,
        "tournament_tables": tournaments_catch_up(),
        "poker_hands_closed": poker_hands_settle(),
    }
