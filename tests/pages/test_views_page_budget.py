"""Issue 37's page budget: the pages and API lists that grew with the league (bench/pages.py) make as many queries
for a large league as for a small one, and show a bounded part of what grows."""

import random
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from league.api.views import poker_tournaments as poker_api_views
from league.models import Membership, Notification, Player, Rating, RatingEvent, Season, Table, Tournament
from league.selectors import clubs as club_selectors
from league.selectors import my_games as my_games_selectors
from league.selectors import poker_tournaments as poker_selectors
from league.selectors import seasons as season_selectors
from league.selectors.profiles import rating_charts
from league.selectors.seasons import leaderboard, season_standings
from league.services.rounds import season_start
from league.services.seasons import SeasonSpec, entrant_register, season_create, season_open_registration
from league.services.tournaments import TournamentSpec, tournament_create, tournament_register
from tests.league.api.helpers import pages_followed
from tests.league.factories import ClubFactory, MembershipFactory, PlayerFactory, table_for
from tests.league.poker_playing import freezeout_started, small_freezeout
from tests.league.seasons.support import club_with_members, play_out
from tests.query_budget import queries_of, same_at_two_sizes

pytestmark = pytest.mark.django_db

GAME = "palace-infighting"


def _rated(players: list[Player], *, games: int = 30) -> None:
    Rating.objects.bulk_create(
        Rating(player=p, game=GAME, mu=25 + n, sigma=3, ordinal=16 + n, games=games, updated_at=timezone.now())
        for n, p in enumerate(players)
    )


# --- leaderboards ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path", ["/leaderboards/{game}/", "/clubs/{club}/leaderboards/{game}/", "/api/leaderboards/{game}/", "/"]
)
def test_a_leaderboard_makes_as_many_queries_for_many_rated_players_as_for_a_few(path):
    def cost(size: int) -> int:
        club = ClubFactory()
        players = PlayerFactory.create_batch(size)
        for player in players:
            MembershipFactory(club=club, player=player)
        _rated(players)
        queries = len(queries_of(Client(), path.format(game=GAME, club=club.slug)))
        Rating.objects.all().delete()
        return queries

    same_at_two_sizes((3, 12), cost)


def test_a_leaderboard_lists_the_established_best_first_then_the_provisional_up_to_its_limit(settings):
    # given: a threshold of 10 games, four established players and two provisional ones above them all
    settings.CARDLEAGUE_PROVISIONAL_GAMES = 10
    players = PlayerFactory.create_batch(6)
    ordinals = [5.0, 9.0, 7.0, 7.0, 30.0, 20.0]
    games = [10, 50, 12, 40, 3, 9]
    Rating.objects.bulk_create(
        Rating(player=p, game=GAME, mu=o + 9, sigma=3, ordinal=o, games=g, updated_at=timezone.now())
        for p, o, g in zip(players, ordinals, games, strict=True)
    )
    # when: the top 5 are read
    rows = leaderboard(game=GAME, limit=5)
    # then: the established by ordinal (a tie by player id), then the best provisional, which is marked
    expected = [players[1], players[2], players[3], players[0], players[4]]
    assert [row.player_id for row in rows] == [p.pk for p in expected]
    assert [row.provisional for row in rows] == [False, False, False, False, True]
    assert [row.position for row in rows] == [1, 2, 3, 4, 5]


def test_a_club_leaderboard_lists_its_members_only():
    club = ClubFactory()
    member, outsider = PlayerFactory(), PlayerFactory()
    MembershipFactory(club=club, player=member)
    _rated([member, outsider])
    assert [row.player_id for row in leaderboard(game=GAME, club=club)] == [member.pk]


# --- the club directory ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/clubs/", "/"])
def test_the_club_directory_makes_as_many_queries_for_many_clubs_as_for_a_few(monkeypatch, path):
    monkeypatch.setattr(my_games_selectors, "CLUBS_PAGE", 3)

    def cost(size: int) -> int:
        clubs = ClubFactory.create_batch(size)
        for club in clubs:
            MembershipFactory.create_batch(2, club=club)
        return len(queries_of(Client(), path))

    same_at_two_sizes((2, 9), cost)


def test_the_club_directory_links_its_next_page_keeping_the_search(monkeypatch):
    monkeypatch.setattr(my_games_selectors, "CLUBS_PAGE", 2)
    for n in range(3):
        ClubFactory(name=f"Aces {n}", slug=f"aces-{n}")
    first = Client().get("/clubs/?q=aces").content.decode()
    assert "Aces 0" in first and "Aces 1" in first and "Aces 2" not in first
    following = first.split('rel="next" href="')[1].split('"')[0].replace("&amp;", "&")
    second = Client().get(following).content.decode()
    assert "Aces 2" in second and "Aces 0" not in second and 'rel="next"' not in second


# --- a club's page --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("signed_in", [False, True])
def test_the_club_page_makes_as_many_queries_for_many_members_as_for_a_few(monkeypatch, signed_in):
    monkeypatch.setattr(club_selectors, "MEMBERS_PAGE", 3)

    def cost(size: int) -> int:
        club, _organizer, members = club_with_members(size)
        client = Client()
        if signed_in:
            client.force_login(members[0].user)
        return len(queries_of(client, f"/clubs/{club.slug}/"))

    same_at_two_sizes((2, 9), cost)


def test_the_members_page_makes_as_many_queries_for_many_members_as_for_a_few(monkeypatch):
    monkeypatch.setattr(club_selectors, "MEMBERS_PAGE", 3)

    def cost(size: int) -> int:
        club, organizer, _members = club_with_members(size)
        client = Client()
        client.force_login(organizer.user)
        return len(queries_of(client, f"/clubs/{club.slug}/members/"))

    same_at_two_sizes((2, 9), cost)


def test_the_members_page_shows_the_organizers_on_every_page_of_members(monkeypatch):
    monkeypatch.setattr(club_selectors, "MEMBERS_PAGE", 2)
    club, organizer, members = club_with_members(3)
    client = Client()
    client.force_login(organizer.user)
    first = client.get(f"/clubs/{club.slug}/members/").content.decode()
    second = client.get(first.split('rel="next" href="')[1].split('"')[0]).content.decode()
    names = sorted(m.display_name for m in members)
    assert organizer.display_name in first and organizer.display_name in second
    assert names[0] in first and names[1] in first and names[2] not in first
    assert names[2] in second and names[0] not in second and 'rel="next"' not in second


def test_the_club_page_lists_its_members_a_page_at_a_time_by_name(monkeypatch):
    monkeypatch.setattr(club_selectors, "MEMBERS_PAGE", 2)
    club = ClubFactory()
    for name in ["Dana", "Bora", "Cho", "Ahn", "Eun"]:
        MembershipFactory(club=club, player=PlayerFactory(display_name=name))
    seen, path = [], f"/clubs/{club.slug}/"
    while path:
        text = Client().get(path).content.decode()
        members = text.split('id="members"')[1].split("</ul>")[0]
        seen += [part.split("<")[0] for part in members.split('">')[1:]]
        path = text.split('rel="next" href="')[1].split('"')[0] if 'rel="next"' in text else ""
    assert seen == ["Ahn", "Bora", "Cho", "Dana", "Eun"]


# --- lists of tournaments --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path", ["/tournaments/", "/", "/clubs/{slug}/tournaments/", "/api/clubs/{id}/tournaments/", "/players/{player}/"]
)
def test_the_lists_of_tournaments_make_as_many_queries_for_many_tournaments_as_for_a_few(path):
    def cost(size: int) -> int:
        club, organizer, members = club_with_members(2)
        for n in range(size):
            spec = TournamentSpec(name=f"Open {n}", game=GAME, format=Tournament.Format.SINGLE_ELIM)
            tournament = tournament_create(club=club, by=organizer, spec=spec)
            tournament_register(tournament=tournament, player=members[0])
        queries = len(queries_of(Client(), path.format(slug=club.slug, id=club.pk, player=members[0].pk)))
        Tournament.objects.all().delete()
        return queries

    same_at_two_sizes((1, 4), cost)


# --- a season's rounds in the API ------------------------------------------------------------------------------------


def _season_played(game: str, entrants: int, capture) -> Season:
    """A Swiss season of two rounds of duels, played to its end."""
    club, organizer, members = club_with_members(entrants)
    spec = SeasonSpec(game=game, name="Rounds", format="swiss", rounds_planned=2, auto_advance=True)
    season = season_create(club=club, by=organizer, spec=spec)
    season_open_registration(season=season, by=organizer)
    for member in members:
        entrant_register(season=season, by=organizer, player=member)
    with capture(execute=True):
        season_start(season=season, by=organizer)
    return play_out(season, random.Random(f"rounds-{entrants}"), capture)


def test_the_api_rounds_of_a_season_make_as_many_queries_for_many_tables_as_for_a_few(
    fake_game, django_capture_on_commit_callbacks
):
    def cost(entrants: int) -> int:
        season = _season_played(fake_game, entrants, django_capture_on_commit_callbacks)
        assert Table.objects.filter(round__season=season).count() == entrants  # two rounds of duels
        return len(queries_of(Client(), f"/api/seasons/{season.pk}/rounds/"))

    same_at_two_sizes((4, 12), cost)


def test_the_api_rounds_of_a_season_come_whole_a_few_tables_at_a_time(
    fake_game, django_capture_on_commit_callbacks, monkeypatch
):
    # given: two rounds of two tables, pages of about three tables
    season = _season_played(fake_game, 4, django_capture_on_commit_callbacks)
    monkeypatch.setattr(season_selectors, "ROUNDS_PAGE_TABLES", 3)
    # when: the pages are followed by their Link headers
    pages = pages_followed(Client(), f"/api/seasons/{season.pk}/rounds/")
    # then: a round a page, never split
    assert [[(r["number"], len(r["tables"])) for r in page] for page in pages] == [[(1, 2)], [(2, 2)]]


def test_the_api_standings_make_as_many_queries_for_many_entrants_as_for_a_few(
    fake_game, django_capture_on_commit_callbacks, monkeypatch
):
    monkeypatch.setattr(season_selectors, "STANDINGS_PAGE", 3)

    def cost(entrants: int) -> int:
        season = _season_played(fake_game, entrants, django_capture_on_commit_callbacks)
        return len(queries_of(Client(), f"/api/seasons/{season.pk}/standings/"))

    same_at_two_sizes((4, 12), cost)


def test_the_api_standings_come_a_page_at_a_time_as_the_whole_table(
    fake_game, django_capture_on_commit_callbacks, monkeypatch
):
    season = _season_played(fake_game, 8, django_capture_on_commit_callbacks)
    whole = [(row.entrant_id, row.shared_rank) for row in season_standings(season=season)]
    monkeypatch.setattr(season_selectors, "STANDINGS_PAGE", 3)
    pages = pages_followed(Client(), f"/api/seasons/{season.pk}/standings/")
    assert len(pages) == 3
    assert [(row["entrant_id"], row["shared_rank"]) for page in pages for row in page] == whole


# --- a club's tables in the API --------------------------------------------------------------------------------------


def test_the_api_tables_of_a_club_come_a_page_at_a_time_newest_first_each_once(monkeypatch):
    # given: a club of 5 tables, pages of 2
    monkeypatch.setattr(club_selectors, "CLUB_TABLES_PAGE", 2)
    club = ClubFactory()
    players = PlayerFactory.create_batch(2)
    made = [table_for(GAME, players=players, club=club).pk for _ in range(5)]
    # when: the pages are followed by their Link headers
    pages = pages_followed(Client(), f"/api/clubs/{club.pk}/tables/")
    # then: three pages, every table once, the newest first; the last page says no more
    assert len(pages) == 3
    assert [row["id"] for page in pages for row in page] == sorted(made, reverse=True)


def test_the_api_tables_of_a_club_make_as_many_queries_for_many_tables_as_for_a_few():
    def cost(size: int) -> int:
        club = ClubFactory()
        players = PlayerFactory.create_batch(2)
        for _ in range(size):
            table_for(GAME, players=players, club=club)
        return len(queries_of(Client(), f"/api/clubs/{club.pk}/tables/"))

    same_at_two_sizes((2, 8), cost)


def test_the_api_tables_of_a_club_refuse_a_before_that_is_not_an_id():
    club = ClubFactory()
    assert Client().get(f"/api/clubs/{club.pk}/tables/?before=x").status_code == 400


# --- notifications ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/notifications/", "/api/me/notifications/"])
def test_the_notifications_make_as_many_queries_for_many_as_for_a_few(path):
    def cost(size: int) -> int:
        club, organizer, members = club_with_members(2)
        player = members[0]
        now = timezone.now()
        for n in range(size):
            table = table_for(GAME, players=members, club=club, seed=f"note-{n}")
            spec = TournamentSpec(name=f"Cup {n}", game=GAME, format=Tournament.Format.SINGLE_ELIM)
            tournament = tournament_create(club=club, by=organizer, spec=spec)
            Notification.objects.create(
                player=player, kind=Notification.Kind.YOUR_MOVE, table=table, key=f"turn:{table.pk}", created_at=now
            )
            poker = small_freezeout(club=club, by=organizer, name=f"Freezeout {n}")
            for competition in (tournament, poker):  # each format's page is found without a read of its own
                Notification.objects.create(
                    player=player,
                    kind=Notification.Kind.TOURNAMENT_START,
                    competition=competition,
                    key=f"tournament:{competition.pk}",
                    created_at=now,
                )
        client = Client()
        client.force_login(player.user)
        return len(queries_of(client, path))

    same_at_two_sizes((1, 4), cost)


# --- a player's tables ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/me/games/", "/inbox/", "/"])
def test_a_players_tables_make_as_many_queries_for_many_as_for_a_few_and_never_read_their_state(path):
    def cost(size: int) -> int:
        club, _organizer, members = club_with_members(2)
        for n in range(size):
            table_for(GAME, players=members, club=club, seed=f"mine-{n}")
            done = table_for(GAME, players=members, club=club, seed=f"done-{n}")
            Table.objects.filter(pk=done.pk).update(status=Table.Status.FINISHED, finished_at=timezone.now())
        client = Client()
        client.force_login(members[0].user)
        queries = queries_of(client, path)
        # a list shows no board: a state is a whole game's JSON, decoded and left to the collector
        assert not [q["sql"] for q in queries if '"league_table"."state"' in q["sql"]]
        return len(queries)

    same_at_two_sizes((1, 4), cost)


# --- a poker tournament ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "signed_in"),
    [
        ("/poker-tournaments/{id}/", False),
        ("/poker-tournaments/{id}/", True),
        ("/api/poker-tournaments/{id}/", False),
        ("/api/poker-tournaments/{id}/seating/", False),
    ],
)
def test_a_poker_tournament_makes_as_many_queries_for_many_tables_as_for_a_few(monkeypatch, path, signed_in):
    monkeypatch.setattr(poker_selectors, "SEATING_PAGE", 2)
    monkeypatch.setattr(poker_api_views, "SEATING_API_PAGE", 2)

    def cost(size: int) -> int:
        tournament, players = freezeout_started(size, seed=f"budget-{size}")
        client = Client()
        if signed_in:
            client.force_login(players[-1].user)
        return len(queries_of(client, path.format(id=tournament.pk)))

    same_at_two_sizes((6, 15), cost)  # two tables, then five


# --- a player's profile ---------------------------------------------------------------------------------------------


def _rating_events(player: Player, count: int) -> list[RatingEvent]:
    other = PlayerFactory()
    start = timezone.now() - timedelta(days=count)
    events = []
    for n in range(count):
        table = table_for(GAME, players=[player, other], seed=f"chart-{n}")
        events.append(
            RatingEvent.objects.create(
                player=player,
                game=GAME,
                table=table,
                mu_before=25 + n,
                sigma_before=5,
                mu_after=26 + n,
                sigma_after=5,
                at=start + timedelta(days=n),
            )
        )
    return events


def test_the_profile_makes_as_many_queries_for_a_long_rating_history_as_for_a_short_one():
    def cost(size: int) -> int:
        player = PlayerFactory()
        Membership.objects.create(club=ClubFactory(), player=player)
        _rating_events(player, size)
        return len(queries_of(Client(), f"/players/{player.pk}/"))

    same_at_two_sizes((2, 6), cost)


def test_the_profile_never_reads_a_tables_state():
    # the history lists each table's game and date; a state is a whole game's JSON, left to the collector
    player = PlayerFactory()
    _rating_events(player, 2)
    queries = queries_of(Client(), f"/players/{player.pk}/")
    assert not [q["sql"] for q in queries if '"league_table"."state"' in q["sql"]]


def test_the_rating_chart_shows_the_last_points_of_each_game_oldest_first():
    player = PlayerFactory()
    events = _rating_events(player, 5)
    charts = rating_charts(player=player, points=3)
    assert list(charts) == [GAME]
    assert [e.pk for e in charts[GAME]] == [e.pk for e in events[-3:]]
