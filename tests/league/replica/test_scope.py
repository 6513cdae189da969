"""league/replica/scope.py and router.py against a real streaming replica: the read pages and their API read from it;
the table page, the legal moves, the move pipeline and the forms read the primary; a replica that fails during a
request costs the request nothing. Without a replica nothing changes."""

import json

import pytest
from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections
from django.test import Client, RequestFactory
from django.test.utils import CaptureQueriesContext
from django.urls import URLPattern, URLResolver, get_resolver

from games import get_engine
from league.models import Club
from league.replica import health
from league.replica.health import REPLICA
from league.replica.scope import ReplicaReadsMixin, replica_wanted
from tests.league.factories import ClubFactory, PlayerFactory, table_for
from tests.league.replica.conftest import read, replay_paused, replayed, replica_server_connection

# the doors that read the replica: the public read pages and the API's lists and details of the same things
READ_DOORS = {
    "home",
    "tournaments",
    "leaderboards",
    "leaderboard",
    "club_leaderboard",
    "clubs",
    "club",
    "season",
    "season_round",
    "tournament",
    "poker_tournament",
    "profile",
    "api-clubs",
    "api-club",
    "api-club-members",
    "api-club-seasons",
    "api-season",
    "api-season-rounds",
    "api-season-standings",
    "api-leaderboard",
    "api-club-tournaments",
    "api-tournament",
    "api-tournament-matches",
    "api-tournament-entrants",
    "api-club-poker-tournaments",
    "api-poker-tournament",
    "api-poker-tournament-seating",
}


def _patterns(resolver: URLResolver) -> list[URLPattern]:
    found: list[URLPattern] = []
    for entry in resolver.url_patterns:
        found.extend(_patterns(entry) if isinstance(entry, URLResolver) else [entry])
    return found


def test_exactly_the_read_pages_and_their_api_are_marked_for_the_replica() -> None:
    # given: every route of the site
    marked = set()
    for pattern in _patterns(get_resolver()):
        view = pattern.callback
        cls = getattr(view, "cls", None)
        if getattr(view, "replica_reads", False) or (cls is not None and issubclass(cls, ReplicaReadsMixin)):
            marked.add(pattern.name)
    # then: the table page, the legal moves, the move, the forms, the console and the admin are not among them
    assert marked == READ_DOORS


@pytest.mark.postgres
@pytest.mark.xdist_group("replica")
def test_a_club_page_reads_from_the_replica(replica, client: Client) -> None:
    # given: a club, replicated
    club = ClubFactory(name="The Replicated")
    replayed()
    # when: anyone opens its page
    with CaptureQueriesContext(replica) as on_replica, CaptureQueriesContext(connections[DEFAULT_DB_ALIAS]) as primary:
        response = client.get(f"/clubs/{club.slug}/")
    # then: the club and its seasons were read on the replica, not on the primary
    assert response.status_code == 200
    assert "The Replicated" in response.content.decode()
    assert read(on_replica.captured_queries, "league_club")
    assert read(on_replica.captured_queries, "league_season")
    assert not read(primary.captured_queries, "league_club")


@pytest.mark.postgres
@pytest.mark.xdist_group("replica")
def test_the_page_shows_the_replicas_copy_while_replay_is_paused(replica, client: Client) -> None:
    # given: a club, replicated, then renamed on the primary while the replica replays nothing
    club = ClubFactory(name="Before")
    replayed()
    with replay_paused():
        Club.objects.filter(pk=club.pk).update(name="After")
        # when: the page is opened
        page = client.get(f"/clubs/{club.slug}/").content.decode()
    # then: it is the replica's copy (a row only the primary holds is not on it): the page read the replica
    assert "Before" in page
    assert "After" not in page


@pytest.mark.postgres
@pytest.mark.xdist_group("replica")
def test_the_apis_club_list_reads_from_the_replica(replica, client: Client) -> None:
    ClubFactory(name="Listed")
    replayed()
    with CaptureQueriesContext(replica) as on_replica:
        response = client.get("/api/clubs/")
    assert response.status_code == 200
    assert "Listed" in response.content.decode()
    assert read(on_replica.captured_queries, "league_club")


@pytest.mark.postgres
@pytest.mark.xdist_group("replica")
def test_the_table_page_the_legal_moves_and_the_move_read_the_primary(replica) -> None:
    # given: a table, replicated
    table = table_for("the-court", players=2)
    engine = get_engine("the-court")
    seat = engine.to_act(table.state)[0]
    player = table.seats.get(index=seat).player
    client = Client()
    client.force_login(player.user)
    replayed()
    with replay_paused(), CaptureQueriesContext(replica) as on_replica:
        # when: the player moves through the page, then reads the table and their legal moves
        form = {"move": json.dumps(engine.legal_moves(table.state, seat)[0]), "version": 0, "key": "k-1"}
        moved = client.post(f"/tables/{table.pk}/move/", form, HTTP_HX_REQUEST="true")
        page = client.get(f"/tables/{table.pk}/")
        legal = client.get(f"/api/tables/{table.pk}/legal-moves/")
    # then: each saw the move, which only the primary holds, and nothing of the league was read on the replica
    assert moved.status_code == 200
    assert 'data-version="1"' in page.content.decode()
    assert legal.json()["version"] == 1
    assert not read(on_replica.captured_queries, "league_table")
    assert not read(on_replica.captured_queries, "league_seat")


@pytest.mark.postgres
@pytest.mark.xdist_group("replica")
def test_a_form_post_reads_the_primary(replica) -> None:
    # given: a player and a club; the replica counted fresh whatever its lag
    club = ClubFactory()
    player = PlayerFactory()
    client = Client()
    client.force_login(player.user)
    replayed()
    # when: they ask to join, a POST
    with CaptureQueriesContext(replica) as on_replica:
        response = client.post(f"/clubs/{club.slug}/join/", {"message": "hello"})
    # then: the form's reads (the club, the pending requests) were the primary's
    assert response.status_code == 302
    assert on_replica.captured_queries == []


def _replica_cut(replica) -> None:
    """The replica found streaming a moment ago (the process's verdict), and the pages' connection to it then cut
    by its server."""
    health.health_forget()
    assert health.replica_check().usable
    with replica.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]
    with replica_server_connection() as server:
        server.execute("SELECT pg_terminate_backend(%s)", [pid])


@pytest.mark.postgres
@pytest.mark.xdist_group("replica")
def test_a_replica_that_dies_during_a_request_costs_the_page_nothing(replica, client: Client) -> None:
    # given: a club, replicated; the replica's connection cut after the check
    club = ClubFactory(name="Still here")
    replayed()
    _replica_cut(replica)
    # when: the page is opened (its first read on the replica fails)
    response = client.get(f"/clubs/{club.slug}/")
    # then: the view ran again on the primary, and the replica counts as down for the process
    assert response.status_code == 200
    assert "Still here" in response.content.decode()
    assert not health.replica_usable()


@pytest.mark.postgres
@pytest.mark.xdist_group("replica")
def test_a_replica_that_dies_during_an_api_request_costs_the_answer_nothing(replica, client: Client) -> None:
    # given: a club, replicated; the replica's connection cut after the check
    ClubFactory(name="Still listed")
    replayed()
    _replica_cut(replica)
    # when: the API's list is asked for
    response = client.get("/api/clubs/")
    # then: the view ran again on the primary (not the API's 503 for a database away)
    assert response.status_code == 200
    assert "Still listed" in response.content.decode()
    assert not health.replica_usable()


@pytest.mark.django_db
def test_without_a_replica_a_read_page_reads_the_primary_as_before(client: Client) -> None:
    # given: the settings of the suite, which have no replica (as DATABASE_REPLICA_URL unset)
    club = ClubFactory(name="Primary only")
    request = RequestFactory().get("/")
    # then: no door wants the replica, no router is installed, and the page reads the default database only
    assert REPLICA not in settings.DATABASES
    assert not replica_wanted(request)
    with CaptureQueriesContext(connections[DEFAULT_DB_ALIAS]) as primary:
        response = client.get(f"/clubs/{club.slug}/")
    assert response.status_code == 200
    assert read(primary.captured_queries, "league_club")
