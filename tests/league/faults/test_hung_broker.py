"""Fault test (issue 19, items 3-4): a hung broker. A throwaway redis-server is stopped with SIGSTOP, so that it
accepts connections and never answers (the case without socket timeouts that held gunicorn's threads forever).
Every move is answered within a second; the finished table's follow-up waits in the outbox and runs once the
broker is back."""

import random
import shutil
import signal
import time

import pytest
from django.utils import timezone

from league.models import OutboxMessage, RatingEvent, Round, Table
from league.services import follow_up
from league.services.moves import move_submit
from league.services.reminders import turn_notices_drain
from league.services.rounds import season_start
from tests.league.faults.support import fault_broker, fault_workers, own_redis
from tests.league.playing import random_move
from tests.league.seasons.factories import season_with_entrants
from tests.league.seasons.support import kwargs_for
from tests.league.test_tasks import broker_off

__all__ = ["fault_broker", "fault_workers", "own_redis"]

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.xdist_group("celery_worker"),
    pytest.mark.postgres,
    pytest.mark.skipif(shutil.which("redis-server") is None, reason="needs redis-server"),
]

GAME = "mini-poker"


def test_with_the_broker_hung_every_move_is_answered_within_a_second(fault_broker, fault_workers, own_redis):
    url, server = own_redis
    season, organizer, _ = season_with_entrants(GAME, entrants=2, **kwargs_for(GAME))
    with broker_off():
        season_start(season=season, by=organizer)
    table = Table.objects.get(round__season=season)
    players = {seat.index: seat.player for seat in table.seats.select_related("player")}
    fault_broker(url)
    # given the broker hung: it accepts connections and never answers
    server.send_signal(signal.SIGSTOP)
    # when the season's table is played to its end
    rng, slowest = random.Random(3), 0.0
    while table.status == Table.Status.ACTIVE:
        seat, move = random_move(table, rng)
        start = time.monotonic()
        move_submit(table_id=table.pk, player=players[seat], move=move, expected_version=table.version)
        slowest = max(slowest, time.monotonic() - start)
        table.refresh_from_db()
    # then every move was answered within a second, the finishing one (which publishes) included
    assert slowest < 1.0
    # and its follow-up waits in the outbox, the round still open (the moves' "your move" rows are the
    # notifications' drain's, which the beat runs every few seconds whatever the broker does)
    turn_notices_drain(now=timezone.now())
    assert list(OutboxMessage.objects.values_list("task", "kwargs")) == [
        ("league.tasks.standings_refresh", {"table_id": table.pk})
    ]
    assert Round.objects.get(season=season).status == Round.Status.RUNNING

    # when the broker is back and the beat's drain runs
    server.send_signal(signal.SIGCONT)
    worker = fault_workers(broker=url).ready()
    follow_up.DRAIN_GRACE = follow_up.timedelta(0)
    try:
        assert follow_up.outbox_drain(limit=10) == 1
    finally:
        follow_up.DRAIN_GRACE = follow_up.timedelta(seconds=5)
    # then the follow-up ran once: the table rated, the round and the one-round season closed
    worker.wait_for("standings_refresh", 1)
    assert OutboxMessage.objects.count() == 0
    assert RatingEvent.objects.filter(table=table).count() == 2
    assert Round.objects.get(season=season).status == Round.Status.FINISHED
