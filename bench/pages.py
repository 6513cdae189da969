"""Every page and API list a person opens, timed on one database at a real league's size (issue 37).

usage: .venv/bin/python bench/pages.py [--scale 1.0] [--repeat 30] [--only NAME,...] [--keep]

The league (own PostgreSQL database `cardleague_bench_pages`, created and dropped here; BENCH_DB_SUFFIX is added):
100,000 players (each rated at Palace Infighting, one in five at another game too), 1,000 clubs, a Swiss season of
1,000 entrants with 10 rounds played (5,000 finished tables, its standings stored by `standings_recompute`), a
4,096-entrant single-elimination bracket half played (its first round finished, half of its second finished and
the other half in play), 2,000 finished tournaments of years past (8 entrants each, for the lists), a 1,000-player
poker freezeout running (created, entered and started through its services), and one player (`hero`) with 5,000
finished rated tables, 30 tables on their turn and 5,030 notifications. --scale multiplies every count (a quick
run: --scale 0.05).

What the services would be too slow for (a table opened through `table_create` costs ~350 ms: the 2,560 bracket
tables alone would take a quarter of an hour) is written in bulk, the same rows the services write: tables finished
with the state of a real game played to its end by the engine (so the table page and the results agree), their
seats, results, the bracket's state built and advanced by the pure functions of `league.tournaments` with the
tournament's links and places, rating rows and events. The clubs, the season, the tournaments, the hero and the
tables on their turn go through their services.

Each page is then asked --repeat times after one warm-up through Django's test client in this process (DEBUG off,
no network, no web server): the server's time to answer, its median and p95, the answer's size and its number of
SQL statements. OVER marks a page above the budget (p95 over 100 ms, or over 200 KiB). An answer other than 200
with a body fails the run, naming the page.

Before the first request the process collects its garbage and freezes what is left (`gc.collect(); gc.freeze()`),
as a server process does after its start-up (config/wsgi.py). Without it the fill's leftovers (some 900,000
objects) stayed in the collector's way: a full collection of them fell in one to three requests of every 20, took
300-900 ms on a busy host, and was the p95 of pages otherwise quick (the profile, my games: p95 189 and 200 ms,
medians 50 and 53 ms in docs/benchmarks.md).
"""

import argparse
import gc
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from benchdb import ROOT, bench_database

sys.path.insert(0, str(ROOT))

DB = "cardleague_bench_pages"
GAME = "palace-infighting"
OTHER_GAMES = ["coinche", "the-court", "black-card", "mini-poker"]
TIEBREAKS = ["buchholz", "sonneborn_berger", "direct_encounter", "wins", "score_difference"]
DUEL_POINTS = {"places": {"2": [3, 0]}, "draw": 1, "bye": 3}
POKER_LEVELS = [{"ante": a} for a in (5, 10, 15, 25, 40, 60, 100, 150, 250, 400, 600, 1000)]
BUDGET_MS = 100.0
BUDGET_KIB = 200.0
BATCH = 5000
SLOW_S, SLOW_REPEAT = 1.0, 5


@dataclass
class League:
    """What the pages are asked about."""

    hero_user_id: int
    hero_id: int
    club_id: int
    club_slug: str
    season_id: int
    rounds: int
    tournament_id: int
    poker_id: int
    hero_table_id: int
    bracket_table_id: int


@dataclass
class Sizes:
    players: int
    clubs: int
    entrants: int
    rounds: int
    bracket: int
    poker: int
    hero_tables: int
    turns: int
    past_tournaments: int


def sizes_of(scale: float) -> Sizes:
    bracket = 2
    while bracket * 2 <= max(8, 4096 * scale):
        bracket *= 2
    return Sizes(
        players=max(2000, round(100_000 * scale)),
        clubs=max(10, round(1000 * scale)),
        entrants=max(20, round(1000 * scale) // 2 * 2),
        rounds=10,
        bracket=bracket,
        poker=max(12, round(1000 * scale)),
        hero_tables=max(50, round(5000 * scale)),
        turns=30,
        past_tournaments=max(100, round(2000 * scale)),
    )


# --- finished games ----------------------------------------------------------------------------------------------


@dataclass
class Played:
    """A game of Palace Infighting played to its end by random legal moves: its state, version and results."""

    state: dict[str, Any]
    version: int
    results: list[dict[str, Any]]


def games_played() -> dict[str, Played]:
    """One finished duel for each outcome a bulk table may need: seat 0 won, seat 1 won, drawn."""
    from games import get_engine
    from games.core.conformance import concrete
    from league.services.tables import results_from_outcome

    engine = get_engine(GAME)
    found: dict[str, Played] = {}
    for n in range(200):
        state = engine.new_game(players=2, seed=f"pages-template-{n}")
        rng = random.Random(n)
        version = 0
        while not engine.is_over(state):
            seat = engine.to_act(state)[0]
            state = engine.apply_move(state, seat, concrete(rng.choice(engine.legal_moves(state, seat)), rng))
            version += 1
        winner = engine.outcome(state)["winner"]
        key = "draw" if winner is None else f"won{winner}"
        found.setdefault(key, Played(state, version, results_from_outcome(engine.outcome(state), players=2)))
        if len(found) == 3:
            return found
    raise SystemExit(f"no game of every outcome in 200 tries: {sorted(found)}")


def tables_write(
    *, club_id: int, games: list[tuple[int, int, str]], played: dict[str, Played], at: Any, **fields: Any
) -> list[int]:
    """Finished duels in bulk: (player at seat 0, player at seat 1, outcome key) each; their seats and results.
    Returns the tables' ids in the order given."""
    from league.models import Result, Seat, Table

    ids: list[int] = []
    for start in range(0, len(games), BATCH):
        chunk = games[start : start + BATCH]
        tables = Table.objects.bulk_create(
            Table(
                club_id=club_id,
                game=GAME,
                players=2,
                seed=f"bench-{start + i}",
                state=played[key].state,
                version=played[key].version,
                status=Table.Status.FINISHED,
                finished_at=at(start + i),
                followed_up_at=at(start + i),
                **fields,
            )
            for i, (_a, _b, key) in enumerate(chunk)
        )
        seats, results = [], []
        for table, (a, b, key) in zip(tables, chunk, strict=True):
            for index, player_id in enumerate((a, b)):
                seats.append(
                    Seat(table=table, index=index, player_id=player_id, rated_agreed=fields.get("rated", False))
                )
            for row in played[key].results:
                results.append(Result(table=table, player_id=(a, b)[row["seat"]], finished_at=table.finished_at, **row))
        Seat.objects.bulk_create(seats, batch_size=BATCH)
        Result.objects.bulk_create(results, batch_size=BATCH)
        ids += [t.pk for t in tables]
    return ids


# --- the league ----------------------------------------------------------------------------------------------------


def league_fill(size: Sizes) -> League:
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from league.models import Membership, Player, Rating

    rng = random.Random("pages")
    now = timezone.now()
    step = time.perf_counter()

    def done(what: str) -> None:
        nonlocal step
        print(f"# {what}: {time.perf_counter() - step:.1f} s", flush=True)
        step = time.perf_counter()

    from league.services.clubs import club_create, player_create

    hero = player_create(username="hero", password="bench-hero-password", display_name="Hero")
    organizer = player_create(username="organizer", display_name="Organizer")
    user_model = get_user_model()
    users = user_model.objects.bulk_create(
        (user_model(username=f"p{i}", password="!") for i in range(size.players - 2)), batch_size=BATCH
    )
    others = Player.objects.bulk_create(
        (Player(user=u, display_name=f"Player {u.username[1:]}") for u in users), batch_size=BATCH
    )
    players = [hero, organizer, *others]
    ids = [p.pk for p in players]
    done(f"{len(ids)} players")
    # every player rated at the season's game, one in five at another game as well (the leaderboards)
    ratings = []
    ordinal_of: dict[int, float] = {}
    for pk in ids:
        for game in [GAME, *([rng.choice(OTHER_GAMES)] if rng.random() < 0.2 else [])]:
            mu, sigma = rng.gauss(25, 4), rng.uniform(2, 8.3)
            ratings.append(
                Rating(player_id=pk, game=game, mu=mu, sigma=sigma, ordinal=mu - 3 * sigma, games=rng.randint(1, 300))
            )
            if game == GAME:
                ordinal_of[pk] = mu - 3 * sigma
    for row in ratings:
        row.updated_at = now
    Rating.objects.bulk_create(ratings, batch_size=BATCH)
    done(f"{len(ratings)} ratings")
    # the main club (the season's, the tournaments'): a tenth of the players; the others one club each
    club = club_create(name="Bench League", slug="bench-league", organizer=organizer)
    clubs = [club] + [
        club_create(name=f"Club {n}", slug=f"club-{n}", organizer=players[rng.randrange(2, len(players))])
        for n in range(1, size.clubs)
    ]
    organizers = set(Membership.objects.values_list("club_id", "player_id"))
    main = max(size.players // 10, size.entrants + size.bracket + size.poker + 200)
    memberships = [
        Membership(club=club if i < main else clubs[1 + i % (len(clubs) - 1)], player_id=pk)
        for i, pk in enumerate(ids)
        if (club.pk if i < main else clubs[1 + i % (len(clubs) - 1)].pk, pk) not in organizers
    ]
    Membership.objects.bulk_create(memberships, batch_size=BATCH)
    done(f"{len(clubs)} clubs, {len(memberships) + len(organizers)} memberships")
    played = games_played()
    season_id = season_fill(size, club, organizer, ids[: size.entrants], played, rng)
    done(f"season: {size.entrants} entrants, {size.rounds} rounds, standings")
    bracket_ids = ids[2 + size.entrants : 2 + size.entrants + size.bracket]
    tournament_id, bracket_table_id = bracket_fill(size, club, organizer, bracket_ids, ordinal_of, played, rng)
    done(f"bracket of {size.bracket}, half played")
    past_fill(size, clubs, ids, rng)
    done(f"{size.past_tournaments} finished tournaments of years past")
    start = 2 + size.entrants + size.bracket
    poker_id = poker_fill(club, organizer, players[start : start + size.poker])
    done(f"poker tournament of {size.poker}, started")
    pool = ids[start + size.poker : main]
    hero_table_id = hero_fill(size, club, hero, [p for p in players[start + size.poker : main]], pool, played, rng)
    done(f"hero: {size.hero_tables} finished tables, {size.turns} on their turn, notifications")
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")
    done("VACUUM ANALYZE")
    return League(
        hero_user_id=hero.user_id,
        hero_id=hero.pk,
        club_id=club.pk,
        club_slug=club.slug,
        season_id=season_id,
        rounds=size.rounds,
        tournament_id=tournament_id,
        poker_id=poker_id,
        hero_table_id=hero_table_id,
        bracket_table_id=bracket_table_id,
    )


def past_fill(size: Sizes, clubs: list[Any], ids: list[int], rng: random.Random) -> None:
    """Years of finished bracket tournaments (a tenth of them the main club's), eight entrants each, as the lists
    read them: their rows and entrants, no bracket (no page of theirs is opened)."""
    from django.db import transaction
    from django.utils import timezone

    from league.models import Entrant, Tournament

    now = timezone.now()
    # a tournament is a competition's row and its own (multi-table inheritance): no bulk_create, one create each
    with transaction.atomic():
        past = [
            Tournament.objects.create(
                club=clubs[0] if n % 10 == 0 else rng.choice(clubs),
                name=f"Past cup {n}",
                game=GAME,
                format=Tournament.Format.SINGLE_ELIM,
                status=Tournament.Status.FINISHED,
                started_at=now - timedelta(days=3 * n + 2),
                finished_at=now - timedelta(days=3 * n),
            )
            for n in range(1, size.past_tournaments + 1)
        ]
    Entrant.objects.bulk_create(
        (
            Entrant(competition=t, player_id=pk, seed=seed, place=seed)
            for t in past
            for seed, pk in enumerate(rng.sample(ids, 8), start=1)
        ),
        batch_size=BATCH,
    )


def season_fill(
    size: Sizes, club: Any, organizer: Any, player_ids: list[int], played: dict[str, Played], rng: random.Random
) -> int:
    """A Swiss season through `season_create`, running, its entrants, rounds and finished tables in bulk, its
    standings stored by `standings_recompute` (the rows the pages read)."""
    from django.utils import timezone

    from league.models import Entrant, Round, Season
    from league.services.seasons import SeasonSpec, season_create
    from league.services.standings import standings_recompute

    spec = SeasonSpec(
        game=GAME,
        name="Bench season",
        format=Season.Format.SWISS,
        rounds_planned=size.rounds + 1,
        points_table=DUEL_POINTS,
        tiebreaks=TIEBREAKS,
    )
    season = season_create(club=club, by=organizer, spec=spec)
    now = timezone.now()
    started = now - timedelta(days=size.rounds * 7)
    Season.objects.filter(pk=season.pk).update(status=Season.Status.RUNNING, started_at=started)
    entrants = Entrant.objects.bulk_create(
        (Entrant(competition=season, player_id=pk, seed=n) for n, pk in enumerate(player_ids, start=1)),
        batch_size=BATCH,
    )
    assert len(entrants) == len(player_ids)
    for number in range(1, size.rounds + 1):
        begun = started + timedelta(days=7 * (number - 1))
        round_ = Round.objects.create(
            season=season,
            number=number,
            status=Round.Status.FINISHED,
            starts_at=begun,
            started_at=begun,
            finished_at=begun + timedelta(days=6),
        )
        order = player_ids[:]
        rng.shuffle(order)
        duels = [
            (a, b, rng.choice(["won0", "won1", "won0", "won1", "draw"]))
            for a, b in zip(order[::2], order[1::2], strict=True)
        ]
        tables_write(
            club_id=club.pk,
            games=duels,
            played=played,
            at=lambda i, b=begun: b + timedelta(minutes=i),
            round=round_,
            rated=True,
            time_per_move=season.time_per_move,
        )
    standings_recompute(season=season)
    return int(season.pk)


def bracket_fill(
    size: Sizes,
    club: Any,
    organizer: Any,
    player_ids: list[int],
    ordinal_of: dict[int, float],
    played: dict[str, Played],
    rng: random.Random,
) -> tuple[int, int]:
    """A single elimination created by `tournament_create`; seeded, built and advanced by league.tournaments' pure
    functions as `tournament_start` and `tournament_advance` would: the first round finished, then half of the
    second, the other half in play. Returns the tournament's id and one of its tables in play."""
    from django.db.models import F
    from django.utils import timezone

    from games import get_engine
    from league.models import Entrant, Seat, Table, Tournament, TournamentTable
    from league.services.bracket_rows import bracket_rows_create
    from league.services.tournaments import TournamentSpec, tournament_create
    from league.tournaments import bracket
    from league.tournaments.common import copied
    from league.tournaments.seeding import seeds_order
    from league.tournaments.single_elimination import single_elimination_create

    tournament = tournament_create(
        club=club,
        by=organizer,
        spec=TournamentSpec(name="Bench open", game=GAME, format=Tournament.Format.SINGLE_ELIM),
    )
    entrants = Entrant.objects.bulk_create(
        (Entrant(competition=tournament, player_id=pk) for pk in player_ids), batch_size=BATCH
    )
    player_of = {e.pk: e.player_id for e in entrants}
    seeds = seeds_order("rating", [e.pk for e in entrants], ratings={e.pk: ordinal_of[e.player_id] for e in entrants})
    by_pk = {e.pk: e for e in entrants}
    for number, entrant_id in enumerate(seeds, start=1):
        by_pk[entrant_id].seed = number
    Entrant.objects.bulk_update(entrants, ["seed"], batch_size=BATCH)
    state, _events = single_elimination_create(seeds)
    now = timezone.now()
    links: list[tuple[str, int]] = []
    # the first round whole, then half of the second
    for share in (1.0, 0.5):
        ready = bracket.matches_ready(state)
        finished = ready[: max(1, round(len(ready) * share))]
        duels, results = [], []
        for match_id in finished:
            # match_next_table, not match_start: the seats alike without a copy of the whole bracket per match
            # (18 ms each at 4,096 entrants); results_record takes the match out of play again anyway
            a, b = bracket.match_next_table(state, match_id)["seats"]
            winner = rng.choice((a, b))
            duels.append((player_of[a], player_of[b], "won0" if winner == a else "won1"))
            results.append((match_id, winner))
        ids = tables_write(
            club_id=club.pk,
            games=duels,
            played=played,
            at=lambda i: now - timedelta(hours=1) + timedelta(seconds=i),
            rated=True,
            time_per_move=tournament.time_per_move,
        )
        links += list(zip(finished, ids, strict=True))
        state, _events = bracket.results_record(state, results)
    TournamentTable.objects.bulk_create(
        (TournamentTable(tournament=tournament, table_id=t, match=m, recorded=True) for m, t in links),
        batch_size=BATCH,
    )
    # the rest of the second round in play: a fresh table each, its seats to act
    engine = get_engine(GAME)
    fresh = engine.new_game(players=2, seed="pages-bracket")
    options = engine.check_options({}, 2)
    to_act = set(engine.to_act(fresh))
    # match_start's work for every match at once: the table's seats, the match marked in play
    state = copied(state)
    by_id = {match["id"]: match for match in state["matches"]}
    open_links = []
    for match_id in bracket.matches_ready(state):
        open_links.append((match_id, bracket.match_next_table(state, match_id)["seats"]))
        by_id[match_id]["in_play"] = True
    tables = Table.objects.bulk_create(
        Table(
            club=club,
            game=GAME,
            players=2,
            options=options,
            seed=f"bench-open-{match}",
            state=fresh,
            status=Table.Status.ACTIVE,
            deadline=now + timedelta(seconds=tournament.time_per_move),
            time_per_move=tournament.time_per_move,
            rated=True,
        )
        for match, _seats in open_links
    )
    Seat.objects.bulk_create(
        Seat(table=t, index=i, player_id=player_of[e], to_act=i in to_act, rated_agreed=True)
        for t, (_m, seats) in zip(tables, open_links, strict=True)
        for i, e in enumerate(seats)
    )
    TournamentTable.objects.bulk_create(
        TournamentTable(tournament=tournament, table=t, match=m) for t, (m, _s) in zip(tables, open_links, strict=True)
    )
    placed = {row["entrant"]: row for row in bracket.places(state)}
    for entrant in entrants:
        if entrant.pk in placed:
            entrant.place, entrant.shared = placed[entrant.pk]["place"], placed[entrant.pk]["shared"]
    Entrant.objects.bulk_update(entrants, ["place", "shared"], batch_size=BATCH)
    bracket_rows_create(tournament=tournament, matches=state["matches"])
    Tournament.objects.filter(pk=tournament.pk).update(
        state=bracket.header_of(state),
        state_version=F("state_version") + 1,
        status=Tournament.Status.RUNNING,
        started_at=now - timedelta(days=2),
    )
    return int(tournament.pk), int(tables[0].pk)


def poker_fill(club: Any, organizer: Any, players: list[Any]) -> int:
    """A freezeout created, entered and started through its services (the draw, every table's first hand)."""
    from league.services.poker_tournaments import (
        PokerTournamentSpec,
        poker_tournament_create,
        poker_tournament_register,
        poker_tournament_start,
    )

    tournament = poker_tournament_create(
        club=club,
        by=organizer,
        spec=PokerTournamentSpec(
            game="mini-poker",
            name="Bench freezeout",
            starting_stack=1000,
            table_size=6,
            level_hands=8,
            levels=POKER_LEVELS,
            points_table=[100, 60, 40, 30, 20, 10],
            options={"limit": "no_limit"},
        ),
    )
    for player in players:
        poker_tournament_register(tournament=tournament, player=player)
    poker_tournament_start(tournament=tournament, by=organizer, seed="bench-pages")
    return int(tournament.pk)


def hero_fill(
    size: Sizes,
    club: Any,
    hero: Any,
    opponents: list[Any],
    pool: list[int],
    played: dict[str, Played],
    rng: random.Random,
) -> int:
    """The hero's finished rated friendly tables (with their rating events, both seats), the tables on their turn
    (opened by `table_create`), and a notification for each table. Returns one table on their turn."""
    from django.utils import timezone

    from league.models import Notification, RatingEvent
    from league.services.tables import table_create

    now = timezone.now()
    first = now - timedelta(days=3 * 365)
    every = (now - first) / size.hero_tables
    duels = []
    for n in range(size.hero_tables):
        other = rng.choice(pool)
        key = rng.choice(["won0", "won1", "draw"])
        duels.append((hero.pk, other, key) if n % 2 else (other, hero.pk, key))
    ids = tables_write(club_id=club.pk, games=duels, played=played, at=lambda i: first + every * i, rated=True)
    events = []
    mu = {hero.pk: 25.0}
    for n, (table_id, (a, b, _key)) in enumerate(zip(ids, duels, strict=True)):
        for pk in (a, b):
            before = mu.get(pk, 25.0) if pk == hero.pk else rng.gauss(25, 3)
            after = before + rng.uniform(-1, 1)
            if pk == hero.pk:
                mu[pk] = after
            events.append(
                RatingEvent(
                    player_id=pk,
                    game=GAME,
                    table_id=table_id,
                    mu_before=before,
                    sigma_before=5.0,
                    mu_after=after,
                    sigma_after=4.9,
                    at=first + every * n,
                )
            )
    RatingEvent.objects.bulk_create(events, batch_size=BATCH)
    turns = [
        table_create(club=club, game=GAME, players=[hero, rng.choice(opponents)], rated=True, seed=f"turn-{n}")
        for n in range(size.turns)
    ]
    notes = [
        Notification(
            player=hero,
            kind=Notification.Kind.YOUR_MOVE,
            table_id=table_id,
            key=f"turn:{table_id}",
            created_at=first + every * n,
            read_at=first + every * n + timedelta(hours=1),
        )
        for n, table_id in enumerate(ids)
    ] + [
        Notification(player=hero, kind=Notification.Kind.YOUR_MOVE, table=t, key=f"turn:{t.pk}", created_at=now)
        for t in turns
    ]
    Notification.objects.bulk_create(notes, batch_size=BATCH)
    return int(turns[0].pk)


# --- the pages -------------------------------------------------------------------------------------------------------


def pages_of(league: League) -> list[tuple[str, str, str, dict[str, str]]]:
    """(name, path, who asks: "hero", "organizer" or "" (nobody signed in), extra headers) of every page and API
    list timed."""
    from games import GAME_NAMES

    s, t, p, c = league.season_id, league.tournament_id, league.poker_id, league.club_slug
    htmx = {"HTTP_HX_REQUEST": "true"}
    pages = [
        ("home (signed in)", "/", "hero", {}),
        ("home (anonymous)", "/", "", {}),
        ("leaderboards", "/leaderboards/", "", {}),
        *((f"leaderboard {g}", f"/leaderboards/{g}/", "", {}) for g in GAME_NAMES),
        (f"club leaderboard {GAME}", f"/clubs/{c}/leaderboards/{GAME}/", "", {}),
        ("club directory", "/clubs/", "", {}),
        ("club", f"/clubs/{c}/", "", {}),
        ("club members", f"/clubs/{c}/members/", "organizer", {}),
        ("club tournaments", f"/clubs/{c}/tournaments/", "", {}),
        ("tournaments", "/tournaments/", "", {}),
        ("season", f"/seasons/{s}/", "", {}),
        ("season (signed in)", f"/seasons/{s}/", "hero", {}),
        ("season standings (htmx)", f"/seasons/{s}/", "", htmx),
        ("round", f"/seasons/{s}/rounds/{league.rounds}/", "", {}),
        ("table (hero's turn)", f"/tables/{league.hero_table_id}/", "hero", {}),
        ("table (bracket, public)", f"/tables/{league.bracket_table_id}/", "", {}),
        ("bracket", f"/tournaments/{t}/", "", {}),
        ("poker tournament", f"/poker-tournaments/{p}/", "", {}),
        ("player profile", f"/players/{league.hero_id}/", "", {}),
        ("my games", "/me/games/", "hero", {}),
        ("your turn (inbox)", "/inbox/", "hero", {}),
        ("notifications", "/notifications/", "hero", {}),
        ("api clubs", "/api/clubs/", "", {}),
        ("api club", f"/api/clubs/{league.club_id}/", "", {}),
        ("api club members", f"/api/clubs/{league.club_id}/members/", "", {}),
        ("api club tables", f"/api/clubs/{league.club_id}/tables/", "", {}),
        ("api club seasons", f"/api/clubs/{league.club_id}/seasons/", "", {}),
        ("api club tournaments", f"/api/clubs/{league.club_id}/tournaments/", "", {}),
        ("api club poker tournaments", f"/api/clubs/{league.club_id}/poker-tournaments/", "", {}),
        ("api season", f"/api/seasons/{s}/", "", {}),
        ("api season entrants", f"/api/seasons/{s}/entrants/", "", {}),
        ("api season rounds", f"/api/seasons/{s}/rounds/", "", {}),
        ("api season standings", f"/api/seasons/{s}/standings/", "", {}),
        *((f"api leaderboard {g}", f"/api/leaderboards/{g}/", "", {}) for g in (GAME, "coinche")),
        ("api tournament", f"/api/tournaments/{t}/", "", {}),
        ("api tournament matches", f"/api/tournaments/{t}/matches/?round=1", "", {}),
        ("api tournament matches (keyset)", f"/api/tournaments/{t}/matches/?round=2&after=W2.1", "", {}),
        ("api tournament entrants", f"/api/tournaments/{t}/entrants/", "", {}),
        ("api poker tournament", f"/api/poker-tournaments/{p}/", "", {}),
        ("api table", f"/api/tables/{league.hero_table_id}/", "hero", {}),
        ("api me", "/api/me/", "hero", {}),
        ("api your turn", "/api/me/turns/", "hero", {}),
        ("api notifications", "/api/me/notifications/", "hero", {}),
    ]
    return pages


@dataclass
class Figure:
    name: str
    median: float
    p95: float
    cpu: float
    kib: float
    queries: int
    repeat: int

    @property
    def over(self) -> bool:
        return self.p95 > BUDGET_MS or self.kib > BUDGET_KIB


def p95(times: list[float]) -> float:
    return sorted(times)[max(0, round(len(times) * 0.95) - 1)]


def page_time(name: str, get: Callable[[], Any], repeat: int) -> Figure:
    """One warm-up (which must answer 200 with a body), then `repeat` timed requests."""
    from django.db import connection

    # counted as they run: a captured log is emptied by the request's start (django.db.reset_queries)
    queries: list[str] = []

    def count(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        queries.append(sql)
        return execute(sql, params, many, context)

    began = time.perf_counter()
    with connection.execute_wrapper(count):
        response = get()
    if response.status_code != 200 or not response.content:
        where = response.headers.get("Location", "")
        raise SystemExit(f"{name}: answered {response.status_code} {where} with {len(response.content)} bytes")
    size = len(response.content)
    wall, cpu = [], []
    # a page of seconds is timed fewer times: its figure says enough, and the run stays within minutes
    if time.perf_counter() - began > SLOW_S:
        repeat = min(repeat, SLOW_REPEAT)
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        again = get()
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
        if again.status_code != 200:
            raise SystemExit(f"{name}: answered {again.status_code} on a repeat")
    return Figure(name, statistics.median(wall), p95(wall), statistics.median(cpu), size / 1024, len(queries), repeat)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scale", type=float, default=1.0, help="every count multiplied (0.05: a quick run)")
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--only", default="", help="comma-separated page names (default: every page)")
    parser.add_argument("--keep", action="store_true", help="leave the database behind")
    args = parser.parse_args()
    # the deployed settings: DEBUG off, but no redirect to HTTPS (the client asks over HTTP)
    os.environ["SECURE_SSL_REDIRECT"] = "0"
    size = sizes_of(args.scale)
    with bench_database(DB, keep=args.keep):
        from django.contrib.auth import get_user_model
        from django.test import Client

        began = time.perf_counter()
        league = league_fill(size)
        print(f"fill: {time.perf_counter() - began:.0f} s at scale {args.scale} ({size})", flush=True)
        clients = {"": Client(), "hero": Client(), "organizer": Client()}
        clients["hero"].force_login(get_user_model().objects.get(pk=league.hero_user_id))
        clients["organizer"].force_login(get_user_model().objects.get(username="organizer"))
        # what the fill left is out of the collector's way, as what a worker holds after its start-up (docstring)
        gc.collect()
        gc.freeze()
        only = {n.strip() for n in args.only.split(",") if n.strip()}
        print(f"{args.repeat} requests each after a warm-up; budget p95 {BUDGET_MS:.0f} ms, {BUDGET_KIB:.0f} KiB")
        print(f"{'page':34} {'median':>9} {'p95':>9} {'CPU med':>9} {'KiB':>7} {'SQL':>4} {'n':>3}")
        figures = []
        for name, path, who, headers in pages_of(league):
            if only and name not in only:
                continue
            client = clients[who]
            figure = page_time(name, lambda c=client, u=path, h=headers: c.get(u, **h), args.repeat)
            figures.append(figure)
            print(
                f"{name:34} {figure.median:6.1f} ms {figure.p95:6.1f} ms {figure.cpu:6.1f} ms {figure.kib:7.1f}"
                f" {figure.queries:4} {figure.repeat:3}{'  OVER' if figure.over else ''}",
                flush=True,
            )
        over = [f.name for f in figures if f.over]
        print(f"{len(figures)} pages, {len(over)} over the budget{': ' + ', '.join(over) if over else ''}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
