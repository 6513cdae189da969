"""manage.py schedule_install (league/management/commands/schedule_install.py): the beat schedule, idempotently."""

import io

import pytest
from django.core.management import call_command
from django_celery_beat.models import IntervalSchedule, PeriodicTask

from league.management.commands.schedule_install import SCHEDULE, schedule_install

pytestmark = pytest.mark.django_db


def test_it_installs_every_periodic_task_once_and_a_second_run_changes_nothing():
    out = io.StringIO()
    call_command("schedule_install", stdout=out)
    first = sorted(PeriodicTask.objects.values_list("name", "task", "enabled"))

    assert schedule_install() == []
    assert sorted(PeriodicTask.objects.values_list("name", "task", "enabled")) == first
    assert first == sorted((name, task, True) for name, (task, _) in SCHEDULE.items())
    assert f"{len(SCHEDULE)} entries, {len(SCHEDULE)} created or changed" in out.getvalue()
    sweep = PeriodicTask.objects.get(task="league.tasks.sweep_overdue_tables")
    assert (sweep.interval.every, sweep.interval.period) == (60, IntervalSchedule.SECONDS)


def test_an_entry_changed_by_hand_is_put_back():
    schedule_install()
    PeriodicTask.objects.filter(task="league.tasks.sweep_overdue_tables").update(enabled=False)

    assert schedule_install() == ["clocks: sweep overdue tables"]
    assert PeriodicTask.objects.get(task="league.tasks.sweep_overdue_tables").enabled
