"""league/replica/sticky.py: a player's reads right after their own write are the primary's, and the replica's again
once the marker is older than CARDLEAGUE_REPLICA_STICKY_SECONDS."""

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import time_machine
from django.test import Client
from django.test.utils import CaptureQueriesContext

from league.replica import health
from league.replica.sticky import COOKIE
from tests.league.factories import ClubFactory, PlayerFactory
from tests.league.replica.conftest import read, replay_paused, replayed

pytestmark = [pytest.mark.postgres, pytest.mark.xdist_group("replica")]

WAITING = "Your request to join is waiting for an organizer."


def test_a_players_own_write_is_on_their_next_page_until_the_marker_expires(replica: Any, settings: Any) -> None:
    # given: a player and a club, replicated; then the replay paused
    club = ClubFactory()
    player = PlayerFactory()
    client = Client()
    client.force_login(player.user)
    replayed()
    with replay_paused():
        # when: the player asks to join (a write the replica does not get), then opens the club's page
        response = client.post(f"/clubs/{club.slug}/join/", {"message": "hello"})
        right_after = client.get(f"/clubs/{club.slug}/").content.decode()
        # and again once the marker has expired
        later = datetime.now(UTC) + timedelta(seconds=settings.CARDLEAGUE_REPLICA_STICKY_SECONDS + 1)
        with time_machine.travel(later, tick=False), CaptureQueriesContext(replica) as on_replica:
            after_the_marker = client.get(f"/clubs/{club.slug}/").content.decode()
    # then: the write marked the answer; the page right after read the primary (their request is there), the page
    # after the marker the replica (which has not seen it)
    assert COOKIE in response.cookies
    assert WAITING in right_after
    # (the verdict in the message: this assertion failed once in a loaded CI run, and the reason is not known yet)
    assert read(on_replica.captured_queries, "league_joinrequest"), f"the primary was read: {health._verdict}"
    assert WAITING not in after_the_marker


def test_a_visitor_who_wrote_nothing_reads_the_replica(replica: Any) -> None:
    # given: a signed-in player whose last request was a read
    club = ClubFactory(name="Old name")
    client = Client()
    client.force_login(PlayerFactory().user)
    replayed()
    with replay_paused():
        club.name = "New name"
        club.save()
        page = client.get(f"/clubs/{club.slug}/")
    # then: no marker, and the page is the replica's
    assert COOKIE not in page.cookies
    assert "Old name" in page.content.decode()


def test_a_refused_write_leaves_no_marker(replica: Any) -> None:
    # given: a player who asks to join a club that does not exist (404)
    client = Client()
    client.force_login(PlayerFactory().user)
    response = client.post("/clubs/no-such-club/join/", {"message": "hello"})
    assert response.status_code == 404
    assert COOKIE not in response.cookies
