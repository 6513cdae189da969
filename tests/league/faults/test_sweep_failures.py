"""Fault test (issue 39, item 1): a flood of tables the clock sweep cannot play ahead of healthy overdue ones. 600
broken tables (300 with a corrupt state, 300 of a season whose clock's time zone was misspelt in the database) are
due before 100 healthy ones; the sweep (the beat's task, run by a real Celery worker) claims 500 tables a run. The
broken ones are marked and leave the claim, so the sweep after the one that met them times out every healthy table,
and each broken table alerts once, at ERROR."""

import json
import re
from datetime import datetime, time, timedelta

import pytest
from django.db import connection
from django.utils import timezone

from league import tasks
from league.models import Move, SeasonClock, Seat, Table
from league.services.rounds import season_start
from tests.league.factories import PlayerFactory, table_for
from tests.league.faults.support import QUEUE, fault_broker, fault_workers
from tests.league.seasons.factories import season_with_entrants
from tests.league.seasons.support import kwargs_for

__all__ = ["fault_broker", "fault_workers"]

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.xdist_group("celery_worker"), pytest.mark.postgres]

ALERT = re.compile(r"the sweep could not play the timeouts of table (\d+);")


def _alerts(log: bytes) -> list[int]:
    """The tables named by the sweep's ERROR lines, in the worker's log whatever its format (JSON in production,
    Celery's own text lines before the worker hands its logging to Django's settings)."""
    tables = []
    for line in log.decode(errors="replace").splitlines():
        try:
            record = json.loads(line)
        except ValueError:
            record = None
        if isinstance(record, dict):
            level, message = record.get("level"), str(record.get("message", ""))
        else:
            level, message = ("ERROR" if " ERROR" in line else None), line
        if level == "ERROR" and (found := ALERT.search(message)):
            tables.append(int(found.group(1)))
    return tables


def _season_table() -> Table:
    """The table of a two-entrant Mini Poker season whose clock has a weekly pause (its time zone is then read)."""
    season, organizer, _ = season_with_entrants("mini-poker", entrants=2, **kwargs_for("mini-poker"))
    SeasonClock.objects.create(season=season, pause_weekday=5, pause_start=time(0), pause_hours=48)
    season_start(season=season, by=organizer)
    return Table.objects.get(round__season=season)


def _copies(template: Table, count: int, *, due: datetime, state: dict | None = None) -> list[int]:
    """`count` copies of the table (its round, seats and state, or `state`), due one microsecond apart from `due`,
    made inside PostgreSQL: 700 tables through the services would take most of a minute."""
    columns = [f.column for f in Table._meta.concrete_fields if not f.primary_key and f.column != "deadline"]
    listed = ", ".join(f'"{c}"' for c in columns)
    table, seat = Table._meta.db_table, Seat._meta.db_table
    seat_columns = [f.column for f in Seat._meta.concrete_fields if not f.primary_key and f.column != "table_id"]
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO \"{table}\" ({listed}, deadline) SELECT {listed}, %s + n * interval '1 microsecond' "
            f'FROM "{table}", generate_series(1, %s) n WHERE id = %s ORDER BY n RETURNING id',
            [due, count, template.pk],
        )
        ids = [row[0] for row in cursor.fetchall()]
        cursor.execute(
            f'INSERT INTO "{seat}" (table_id, {", ".join(seat_columns)}) SELECT t.id, '
            f'{", ".join(f"s.{c}" for c in seat_columns)} FROM "{table}" t JOIN "{seat}" s ON s.table_id = %s '
            f"WHERE t.id = ANY(%s)",
            [template.pk, ids],
        )
    if state is not None:
        Table.objects.filter(pk__in=ids).update(state=state)
    return ids


def test_600_failing_tables_hold_back_none_of_the_100_healthy_ones_behind_them(fault_broker, fault_workers):
    now = timezone.now()
    # given 300 Coinche tables whose state is corrupt (the engine raises) and 300 tables of a season whose clock's
    # time zone was misspelt past every form, all due two hours ago
    coinche = table_for("coinche", players=PlayerFactory.create_batch(4), seed="sweep-flood")
    corrupt = _copies(coinche, 300, due=now - timedelta(hours=2), state={"corrupt": True})
    season = _season_table()
    SeasonClock.objects.filter(season__rounds__tables=season).update(time_zone="Europe/Pariss")
    bad_zone = _copies(season, 300, due=now - timedelta(hours=2) + timedelta(milliseconds=1))
    # and behind them 100 healthy Coinche tables, due an hour ago
    healthy = _copies(coinche, 100, due=now - timedelta(hours=1))
    Table.objects.filter(pk__in=[coinche.pk, season.pk]).update(status=Table.Status.ANNULLED)
    worker = fault_workers().ready()

    # when the beat's sweep runs (500 tables a run): the first meets broken tables only
    tasks.sweep_overdue_tables.apply_async(queue=QUEUE)
    worker.wait_for("sweep_overdue_tables", 1)
    assert Table.objects.filter(sweep_failed_at__isnull=False).count() == 500
    assert Move.objects.filter(table_id__in=healthy).count() == 0
    # and the next one
    tasks.sweep_overdue_tables.apply_async(queue=QUEUE)
    worker.wait_for("sweep_overdue_tables", 2)

    # then every healthy table timed out at that next sweep, once
    assert Move.objects.filter(table_id__in=healthy, auto=True).count() == 100
    assert set(Table.objects.filter(pk__in=healthy).values_list("version", flat=True)) == {1}
    # and every broken table is marked, untouched, with its reason and a later try
    broken = Table.objects.filter(pk__in=corrupt + bad_zone)
    assert broken.filter(sweep_failed_at__isnull=False, sweep_retry_at__gt=now, version=0).count() == 600
    assert broken.filter(pk__in=corrupt, sweep_error__startswith="KeyError").count() == 300
    assert broken.filter(pk__in=bad_zone, sweep_error__contains="Europe/Pariss").count() == 300

    # when a third sweep runs before any broken table's time to try again
    tasks.sweep_overdue_tables.apply_async(queue=QUEUE)
    worker.wait_for("sweep_overdue_tables", 3)
    # then each broken table alerted once in all, at ERROR
    alerts = _alerts(worker.log.read_bytes())
    assert sorted(alerts) == sorted(corrupt + bad_zone)
