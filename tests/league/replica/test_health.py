"""league/replica/health.py against a real replica: one that lags beyond CARDLEAGUE_REPLICA_MAX_LAG_SECONDS, or is
down, sends the pages to the primary, which answers with the fresh data; the verdict is kept for a while, so that a
page does not probe."""

from typing import Any
from unittest import mock

import pytest
from django.db import DEFAULT_DB_ALIAS, connections
from django.test import Client
from django.test.utils import CaptureQueriesContext

from league.models import Club
from league.replica import health
from tests.league.factories import ClubFactory
from tests.league.replica.conftest import read, replay_paused, replayed

pytestmark = [pytest.mark.postgres, pytest.mark.xdist_group("replica")]


def test_a_replica_that_holds_the_primarys_position_is_fresh_whatever_its_last_transactions_age(
    replica: Any, settings: Any, monkeypatch: Any
) -> None:
    # given: no lag allowed at all, and a primary whose flushed position the replica has long replayed (the start of
    # the WAL: the shared server's other writers keep the real one moving)
    settings.CARDLEAGUE_REPLICA_MAX_LAG_SECONDS = 0
    monkeypatch.setattr(health, "primary_flushed", lambda: "0/0")
    # when: the replica is checked
    verdict = health.replica_check()
    # then: nothing is missing on it, however old the last transaction it replayed (an idle primary's replica is
    # not lagging)
    assert verdict.state == health.STREAMING
    assert verdict.behind_seconds == 0.0


def test_a_lagging_replica_sends_the_page_to_the_primary_with_the_fresh_data(
    replica: Any, client: Client, settings: Any
) -> None:
    # given: a replica allowed no lag at all, and a club renamed on the primary while its replay is paused
    settings.CARDLEAGUE_REPLICA_MAX_LAG_SECONDS = 0
    club = ClubFactory(name="Before")
    replayed()
    with replay_paused():
        Club.objects.filter(pk=club.pk).update(name="After")
        # when: the page is opened
        with CaptureQueriesContext(connections[DEFAULT_DB_ALIAS]) as primary:
            response = client.get(f"/clubs/{club.slug}/")
        verdict = health.replica_check()
    # then: the replica is lagging, and the page is the primary's, with the new name
    assert verdict.state == health.LAGGING
    assert verdict.behind_seconds is not None and verdict.behind_seconds > 0
    assert response.status_code == 200
    assert "After" in response.content.decode()
    assert read(primary.captured_queries, "league_club")


def test_a_replica_that_is_down_leaves_the_pages_to_the_primary(replica_refusing: None, client: Client) -> None:
    # given: a replica alias where every connection is refused, and a club
    club = ClubFactory(name="Served anyway")
    # when: the read pages and the API's list are opened
    pages = [client.get(f"/clubs/{club.slug}/"), client.get("/"), client.get("/api/clubs/")]
    # then: each answers from the primary, and the replica is down for the process
    assert [page.status_code for page in pages] == [200, 200, 200]
    assert "Served anyway" in pages[0].content.decode()
    assert not health.replica_usable()
    assert health._verdict is not None and health._verdict.state == health.DOWN


def test_the_verdict_is_kept_and_a_page_does_not_probe_each_time(replica_refusing: None, client: Client) -> None:
    club = ClubFactory()
    with mock.patch.object(health, "replica_check", wraps=health.replica_check) as check:
        for _ in range(3):
            assert client.get(f"/clubs/{club.slug}/").status_code == 200
    # one probe, for the first page; the two after it took the verdict
    assert check.call_count == 1
