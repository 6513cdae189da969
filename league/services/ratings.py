"""Ratings per game: each finished table that counts, unless forfeited or annulled, moves its players' openskill
ratings. A season's tables count; a friendly table counts only when it was opened to be rated and every seat agreed
before its first move, so that nobody's rating moves at a table they never chose (a club founder could otherwise
seat anyone at a one-second friendly table and farm their rating).

A poker tournament counts once, when it finishes, by its final places (T-R17, T-R18): each entrant a side, the
players out in the same hand with equal stacks sharing their place. Its hands are league tables too, but never
rated one by one: a hand is not a game, and a player moved between tables would be rated at each of them."""

import heapq
from collections.abc import Iterator
from datetime import UTC, datetime

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from league.engines import engine_for
from league.models import (
    Competition,
    Player,
    PokerEntrant,
    PokerHand,
    PokerTournament,
    Rating,
    RatingEvent,
    Result,
    Seat,
    Table,
    TableRuling,
)
from league.ratings import Skill, ratings_update
from league.services.locks import players_lock
from league.tournaments.places import ratings_sides

NEVER = datetime.max.replace(tzinfo=UTC)


def table_rateable(table: Table) -> bool:
    if table.status != Table.Status.FINISHED or TableRuling.objects.filter(table=table).exists():
        return False
    if table.round_id is not None:
        return True
    # a poker tournament's hand counts only through the tournament's final places (poker_tournament_rate)
    return (
        table.rated
        and not PokerHand.objects.filter(table=table).exists()
        and not Seat.objects.filter(table=table, rated_agreed=False).exists()
    )


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
    return _rate(table.game, sides, places, at=table.finished_at or timezone.now(), table=table)


def poker_tournament_rateable(tournament: PokerTournament) -> bool:
    return tournament.rated and tournament.status == PokerTournament.Status.FINISHED


@transaction.atomic
def poker_tournament_rate(*, tournament: PokerTournament) -> list[RatingEvent]:
    """Rate a finished poker tournament once, by its entrants' final places; a second call, or a tournament not
    rated, changes nothing. Registering for a rated tournament is each player's agreement that it counts."""
    if not poker_tournament_rateable(tournament) or RatingEvent.objects.filter(competition=tournament).exists():
        return []
    rows = [
        {"entrant": player_id, "place": place, "shared": shared}
        for player_id, place, shared in PokerEntrant.objects.filter(competition=tournament)
        .order_by("place", "player_id")
        .values_list("player_id", "place", "shared")
    ]
    sides, places = ratings_sides(rows)
    at = tournament.finished_at or timezone.now()
    return _rate(tournament.game, sides, places, at=at, competition=tournament)


def _rate(
    game: str,
    sides: list[list[int]],
    places: list[int],
    *,
    at: datetime,
    table: Table | None = None,
    competition: Competition | None = None,
) -> list[RatingEvent]:
    """One update of the players' ratings in `game` by these sides and places, and its events."""
    players = [p for side in sides for p in side]
    # the players' rows serialize concurrent ratings of the same people (a first Rating row is an insert); players
    # before their ratings, as the lock order says (league/services/locks.py)
    players_lock(players)
    current = {r.player_id: r for r in Rating.objects.select_for_update().filter(game=game, player_id__in=players)}
    skills = {p: Skill(mu=r.mu, sigma=r.sigma, games=r.games) for p, r in current.items()}
    new = ratings_update(skills, sides=sides, places=places)
    events = []
    changed: list[Rating] = []
    created: list[Rating] = []
    for player_id, skill in new.items():
        before = skills.get(player_id, Skill())
        rating = current.get(player_id) or Rating(player_id=player_id, game=game)
        rating.mu, rating.sigma, rating.games = skill.mu, skill.sigma, skill.games
        rating.ordinal, rating.updated_at = skill.ordinal, at
        (changed if rating.pk else created).append(rating)
        events.append(
            RatingEvent(
                player_id=player_id,
                game=game,
                table=table,
                competition=competition,
                mu_before=before.mu,
                sigma_before=before.sigma,
                mu_after=skill.mu,
                sigma_after=skill.sigma,
                at=at,
            )
        )
    # in batches: a poker tournament rates up to a thousand players at once
    Rating.objects.bulk_create(created, batch_size=500)
    Rating.objects.bulk_update(changed, ["mu", "sigma", "games", "ordinal", "updated_at"], batch_size=100)
    return RatingEvent.objects.bulk_create(events, batch_size=500)


@transaction.atomic
def ratings_recompute(*, game: str) -> int:
    """Rebuild every rating of a game from its rated tables and poker tournaments in the order they finished (after
    an annulment or a forfeit changes what counts), so that it equals what the ratings after each table and each
    tournament made; returns the number of tables and tournaments rated."""
    # one rebuild at a time per game, and no table of the game rated meanwhile: every player who has a rating, a
    # finished table or a finished poker tournament in the game, then their ratings (the lock order: players before
    # ratings)
    rated = Rating.objects.filter(game=game).values("player_id")
    seated = Seat.objects.filter(table__game=game, table__status=Table.Status.FINISHED).values("player_id")
    entered = PokerEntrant.objects.filter(
        competition__game=game, competition__status=PokerTournament.Status.FINISHED
    ).values("player_id")
    players_lock(
        Player.objects.filter(Q(pk__in=rated) | Q(pk__in=seated) | Q(pk__in=entered)).values_list("pk", flat=True)
    )
    list(Rating.objects.select_for_update().filter(game=game).values_list("id", flat=True))
    RatingEvent.objects.filter(game=game).delete()
    Rating.objects.filter(game=game).delete()
    count = 0
    for rated_thing in _finished_in_order(game):
        if isinstance(rated_thing, Table):
            done = table_rate(table=rated_thing)
        else:
            done = poker_tournament_rate(tournament=rated_thing)
        if done:
            count += 1
    return count


def _finished_in_order(game: str) -> Iterator[Table | PokerTournament]:
    """The game's finished tables and rated poker tournaments, in the order they finished (a table before a
    tournament that finished at the same instant: the tournament's last hand ends before it does)."""
    tables = Table.objects.filter(game=game, status=Table.Status.FINISHED, ruling__isnull=True).order_by(
        "finished_at", "id"
    )
    tournaments = PokerTournament.objects.filter(
        game=game, status=PokerTournament.Status.FINISHED, rated=True
    ).order_by("finished_at", "id")
    rated: list[Iterator[tuple[datetime, int, int, Table | PokerTournament]]] = [
        ((_when(t.finished_at), 0, t.pk, t) for t in tables),
        ((_when(p.finished_at), 1, p.pk, p) for p in tournaments),
    ]
    return (row[3] for row in heapq.merge(*rated, key=lambda row: row[:3]))


def _when(at: datetime | None) -> datetime:
    # as the database orders them: a missing time last
    return at if at is not None else NEVER
