"""league/replica/sticky.py: a player's reads right after their own write are the primary's, and the replica's again
once the marker is older than CARDLEAGUE_REPLICA_STICKY_SECONDS."""

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import time_machine
from django.db import connections
from django.test import Client
from django.test.utils import CaptureQueriesContext

from league.models import JoinRequest
from league.replica import health, scope
from league.replica.health import REPLICA
from league.replica.sticky import COOKIE
from tests.league.factories import ClubFactory, PlayerFactory
from tests.league.replica.conftest import read, replay_paused, replayed

pytestmark = [pytest.mark.postgres, pytest.mark.xdist_group("replica")]

WAITING = "Your request to join is waiting for an organizer."


# a scenario whose replica was not as it set it up (see `_joined_then_read`) is played again, this many times at most
ATTEMPTS = 3


@dataclass
class _Scenario:
    marked: bool  # the write's answer set the marker
    right_after: str  # the page right after the write
    after_the_marker: str  # the page once the marker has expired
    replica_read: bool  # that page read the join requests from the replica
    upset: str  # why the replica was not as set up ("": it was)


def _joined_then_read(settings: Any, monkeypatch: Any) -> _Scenario:
    """A player and a club, replicated; the replay paused; the player asks to join (a write the replica does not
    get) and opens the club's page at once, then again once the marker has expired. Whether the replica really held
    no copy of the request, and no read of it failed (the page then ran again on the primary), is checked apart: in
    two loaded CI runs the page after the marker showed the request, and which of the two it was is not known."""
    club, player = ClubFactory(), PlayerFactory()
    client = Client()
    client.force_login(player.user)
    failed: list[str] = []
    failing = scope.replica_failed

    def replica_failed() -> None:
        failed.append("a read on the replica failed")
        failing()

    monkeypatch.setattr(scope, "replica_failed", replica_failed)
    replayed()
    with replay_paused():
        response = client.post(f"/clubs/{club.slug}/join/", {"message": "hello"})
        right_after = client.get(f"/clubs/{club.slug}/").content.decode()
        later = datetime.now(UTC) + timedelta(seconds=settings.CARDLEAGUE_REPLICA_STICKY_SECONDS + 1)
        with time_machine.travel(later, tick=False), CaptureQueriesContext(connections[REPLICA]) as on_replica:
            after_the_marker = client.get(f"/clubs/{club.slug}/").content.decode()
        copied = JoinRequest.objects.using(REPLICA).filter(club_id=club.pk).exists()
    upset = "; ".join([*failed, *(["the replica replayed the write while paused"] if copied else [])])
    return _Scenario(
        marked=COOKIE in response.cookies,
        right_after=right_after,
        after_the_marker=after_the_marker,
        replica_read=read(on_replica.captured_queries, "league_joinrequest"),
        upset=upset,
    )


def test_a_players_own_write_is_on_their_next_page_until_the_marker_expires(
    replica: Any, settings: Any, monkeypatch: Any
) -> None:
    # given / when: a player's write, their page at once, and their page once the marker has expired, on a replica
    # that has not seen the write (played again when the replica was not so: `_joined_then_read`)
    upsets = []
    for _ in range(ATTEMPTS):
        scenario = _joined_then_read(settings, monkeypatch)
        if not scenario.upset:
            break
        upsets.append(scenario.upset)
    assert not scenario.upset, f"the replica was never as set up: {upsets}"
    # then: the write marked the answer; the page right after read the primary (their request is there), the page
    # after the marker the replica (which has not seen it)
    assert scenario.marked
    assert WAITING in scenario.right_after
    assert scenario.replica_read, f"the primary was read: {health._verdict}"
    assert WAITING not in scenario.after_the_marker


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
