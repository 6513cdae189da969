"""manage.py schedule_install: the beat schedule of the league's periodic tasks, in django-celery-beat's tables.

Idempotent: each entry is found by its name and brought to the schedule below, so running it on every start
(`make run`) changes nothing the second time. Entries an operator added under other names are left alone.
"""

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand
from django.db import transaction
from django_celery_beat.models import CrontabSchedule, IntervalSchedule, PeriodicTask

# name -> (task, every N seconds, or a crontab as (minute, hour) or (minute, hour, day of month)); times in UTC
SCHEDULE: dict[str, tuple[str, int | tuple[str, ...]]] = {
    "clocks: sweep overdue tables": ("league.tasks.sweep_overdue_tables", 60),
    "fairness: deal tables whose entropy window closed": ("league.tasks.tables_seed_sweep", 60),
    "rounds: start scheduled rounds": ("league.tasks.rounds_start_scheduled", 300),
    "reminders: send due reminders": ("league.tasks.reminders_send", 300),
    # the moves' "your move" (in the app, push, mail): a few seconds after the move, none of it in the request
    "notifications: tell whoever a table came to": ("league.tasks.turn_notify_drain", 3),
    "standings: nightly recompute": ("league.tasks.nightly_recompute", ("30", "3")),
    "outbox: publish follow-up work the broker missed": ("league.tasks.outbox_drain", 60),
    # the gauges that need a query, for the metrics (docs/operations.md)
    "metrics: overdue tables, outbox, pending follow-ups": ("league.tasks.metrics_refresh", 15),
    # the moves' and ledger's partitions made ahead of the table ids (docs/scale.md, "Partitioning")
    "partitions: make the next moves' partitions": ("league.tasks.move_partitions_ensure", ("40", "4", "1")),
}
# its interval from the settings (FOLLOW_UP_REPAIR_EVERY), read when the schedule is installed
REPAIR = "follow-ups: run those a lost task left undone"


def schedule() -> dict[str, tuple[str, int | tuple[str, ...]]]:
    return {**SCHEDULE, REPAIR: ("league.tasks.follow_ups_repair", settings.CARDLEAGUE_FOLLOW_UP_REPAIR_EVERY)}


@transaction.atomic
def schedule_install() -> list[str]:
    """Create or update every entry of the schedule; returns the names of the entries that changed."""
    changed = []
    for name, (task, when) in schedule().items():
        fields: dict[str, Any] = {"task": task, "enabled": True, "interval": None, "crontab": None}
        if isinstance(when, int):
            fields["interval"], _ = IntervalSchedule.objects.get_or_create(every=when, period=IntervalSchedule.SECONDS)
        else:
            minute, hour, *day = when
            fields["crontab"], _ = CrontabSchedule.objects.get_or_create(
                minute=minute,
                hour=hour,
                day_of_week="*",
                day_of_month=day[0] if day else "*",
                month_of_year="*",
                timezone="UTC",
            )
        entry = PeriodicTask.objects.filter(name=name).first()
        if entry is None:
            PeriodicTask.objects.create(name=name, **fields)
            changed.append(name)
        elif any(getattr(entry, key) != value for key, value in fields.items()):
            for key, value in fields.items():
                setattr(entry, key, value)
            entry.save()
            changed.append(name)
    return changed


class Command(BaseCommand):
    help = (
        "Install the league's periodic tasks (clock sweep, scheduled rounds, reminders, the follow-ups' repair, "
        "nightly recompute)."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        changed = schedule_install()
        self.stdout.write(f"beat schedule: {len(schedule())} entries, {len(changed)} created or changed")
