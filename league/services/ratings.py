"""Ratings per game: each finished table that counts, unless forfeited or annulled, moves its players' openskill
ratings. A season's tables count; a friendly table counts only when it was opened to be rated and every seat agreed
before its first move, so that nobody's rating moves at a table they never chose (a club founder could otherwise
seat anyone at a one-second friendly table and farm their rating)."""

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from league.engines import engine_for
from league.models import Player, Rating, RatingEvent, Result, Seat, Table, TableRuling
from league.ratings import Skill, ratings_update
from league.services.locks import players_lock


def table_rateable(table: Table) -> bool:
    if table.status != Table.Status.FINISHED or TableRuling.objects.filter(table=table).exists():
        return False
    if table.round_id is not None:
        return True
    return table.rated and not Seat.objects.filter(table=table, rated_agreed=False).exists()


def _sides(table: Table) -> tuple[list[list[int]], list[int]]:
    """Sides of the table and their places: partners (Coinche, K-R1: seats 0+2 and 1+3) rate as one team."""
    seats = dict(Seat.objects.filter(table=table).values_list("index", "player_id"))
    places = dict(Result.objects.filter(table=table).values_list("seat", "place"))
    teams = table.players == 4 and _is_partnership_game(table)
    if teams:
        return [[seats[0], seats[2]], [seats[1], seats[3]]], [places[0], places[1]]
    return [[seats[i]] for i in sorted(seats)], [places[i] for i in sorted(seats)]


def _is_partnership_game(table: Table) -> bool:
    return engine_for(table.game).teams(table.players) is not None


@transaction.atomic
def table_rate(*, table: Table) -> list[RatingEvent]:
    """Rate one finished table once; a second call, or a forfeited or annulled table, changes nothing."""
    if not table_rateable(table) or RatingEvent.objects.filter(table=table).exists():
        return []
    sides, places = _sides(table)
    players = [p for side in sides for p in side]
    # the players' rows serialize concurrent ratings of the same people (a first Rating row is an insert); players
    # before their ratings, as the lock order says (league/services/locks.py)
    players_lock(players)
    current = {
        r.player_id: r for r in Rating.objects.select_for_update().filter(game=table.game, player_id__in=players)
    }
    skills = {p: Skill(mu=r.mu, sigma=r.sigma, games=r.games) for p, r in current.items()}
    new = ratings_update(skills, sides=sides, places=places)
    at = table.finished_at or timezone.now()
    events = []
    for player_id, skill in new.items():
        before = skills.get(player_id, Skill())
        rating = current.get(player_id) or Rating(player_id=player_id, game=table.game)
        rating.mu, rating.sigma, rating.games = skill.mu, skill.sigma, skill.games
        rating.ordinal, rating.updated_at = skill.ordinal, at
        rating.save()
        events.append(
            RatingEvent(
                player_id=player_id,
                game=table.game,
                table=table,
                mu_before=before.mu,
                sigma_before=before.sigma,
                mu_after=skill.mu,
                sigma_after=skill.sigma,
                at=at,
            )
        )
    return RatingEvent.objects.bulk_create(events)


@transaction.atomic
def ratings_recompute(*, game: str) -> int:
    """Rebuild every rating of a game from its rated tables in the order they finished (after an annulment or a
    forfeit changes what counts); returns the number of tables rated."""
    # one rebuild at a time per game, and no table of the game rated meanwhile: every player who has a rating or a
    # finished table in the game, then their ratings (the lock order: players before ratings)
    rated = Rating.objects.filter(game=game).values("player_id")
    seated = Seat.objects.filter(table__game=game, table__status=Table.Status.FINISHED).values("player_id")
    players_lock(Player.objects.filter(Q(pk__in=rated) | Q(pk__in=seated)).values_list("pk", flat=True))
    list(Rating.objects.select_for_update().filter(game=game).values_list("id", flat=True))
    RatingEvent.objects.filter(game=game).delete()
    Rating.objects.filter(game=game).delete()
    count = 0
    tables = Table.objects.filter(game=game, status=Table.Status.FINISHED, ruling__isnull=True)
    for table in tables.order_by("finished_at", "id"):
        if table_rate(table=table):
            count += 1
    return count
