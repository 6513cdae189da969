"""manage.py schedule_install (league/management/commands/schedule_install.py): the beat schedule, idempotently."""

import io

import pytest
from django.core.management import call_command
from django_celery_beat.models import IntervalSchedule, PeriodicTask

from league.management.commands.schedule_install import schedule, schedule_install

pytestmark = pytest.mark.django_db


def test_it_installs_every_periodic_task_once_and_a_second_run_changes_nothing():
    out = io.StringIO()
    call_command("schedule_install", stdout=out)
    first = sorted(PeriodicTask.objects.values_list("name", "task", "enabled"))

    assert schedule_install() == []
    assert sorted(PeriodicTask.objects.values_list("name", "task", "enabled")) == first
    assert first == sorted((name, task, True) for name, (task, _) in schedule().items())
    assert f"{len(schedule())} entries, {len(schedule())} created or changed" in out.getvalue()
    sweep = PeriodicTask.objects.get(task="league.tasks.sweep_overdue_tables")
    assert (sweep.interval.every, sweep.interval.period) == (60, IntervalSchedule.SECONDS)


def test_an_entry_changed_by_hand_is_put_back():
    schedule_install()
    PeriodicTask.objects.filter(task="league.tasks.sweep_overdue_tables").update(enabled=False)

    assert schedule_install() == ["clocks: sweep overdue tables"]
    assert PeriodicTask.objects.get(task="league.tasks.sweep_overdue_tables").enabled


def test_the_follow_ups_repair_runs_as_often_as_the_settings_say(settings):
    settings.CARDLEAGUE_FOLLOW_UP_REPAIR_EVERY = 5
    schedule_install()
    repair = PeriodicTask.objects.get(task="league.tasks.follow_ups_repair")
    assert (repair.interval.every, repair.interval.period) == (5, IntervalSchedule.SECONDS)

    settings.CARDLEAGUE_FOLLOW_UP_REPAIR_EVERY = 60
    assert schedule_install() == ["follow-ups: run those a lost task left undone"]
    repair.refresh_from_db()
    assert repair.interval.every == 60
