"""In-app notifications (league/services/notifications.py): one per key, read by table or one at a time."""

from datetime import UTC, datetime

import pytest

from league.models import Notification
from league.selectors.notifications import unread_count
from league.services.notifications import notification_add, notifications_read
from tests.league.factories import PlayerFactory, table_for

pytestmark = pytest.mark.django_db

NOW = datetime(2026, 12, 3, 12, tzinfo=UTC)


def test_a_key_makes_one_notification_however_many_passes_add_it(fake_game):
    table = table_for(fake_game, players=PlayerFactory.create_batch(2))
    player = table.seats.first().player
    assert notification_add(player=player, kind="your_move", key="move:1", table=table, now=NOW)
    assert not notification_add(player=player, kind="your_move", key="move:1", table=table, now=NOW)
    assert Notification.objects.filter(player=player).count() == 1


def test_visiting_a_table_reads_its_notifications_and_no_others(fake_game):
    player = PlayerFactory()
    here, there = (table_for(fake_game, players=[player, PlayerFactory()]) for _ in range(2))
    for table in (here, there):
        notification_add(player=player, kind="your_move", key=f"move:{table.pk}", table=table, now=NOW)

    assert notifications_read(player=player, table_id=here.pk, now=NOW) == 1

    assert unread_count(player) == 1
    assert Notification.objects.get(player=player, table=there).read_at is None
