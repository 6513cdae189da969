# The round robin fixed at a season's start moves from one JSON list on the season to a row per round (see
# league.models.RoundRobinPairs): existing schedules are copied over before the field goes. A round keeps the tables
# it has paired but not yet opened (Round.seatings), so that a big round opens in short transactions.

import django.db.models.deletion
from django.db import migrations, models


def schedules_copy(apps, schema_editor):
    Season = apps.get_model("league", "Season")
    RoundRobinPairs = apps.get_model("league", "RoundRobinPairs")
    for season_id, schedule in Season.objects.exclude(schedule=[]).values_list("id", "schedule").iterator():
        RoundRobinPairs.objects.bulk_create(
            RoundRobinPairs(season_id=season_id, number=number, pairs=pairs)
            for number, pairs in enumerate(schedule, start=1)
        )


def schedules_restore(apps, schema_editor):
    Season = apps.get_model("league", "Season")
    RoundRobinPairs = apps.get_model("league", "RoundRobinPairs")
    schedules: dict[int, list] = {}
    for season_id, pairs in RoundRobinPairs.objects.order_by("season_id", "number").values_list("season_id", "pairs"):
        schedules.setdefault(season_id, []).append(pairs)
    for season_id, schedule in schedules.items():
        Season.objects.filter(pk=season_id).update(schedule=schedule)


class Migration(migrations.Migration):

    dependencies = [
        ("league", "0010_poker_tournaments"),
    ]

    operations = [
        migrations.CreateModel(
            name="RoundRobinPairs",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("number", models.PositiveSmallIntegerField()),
                ("pairs", models.JSONField(default=list)),
                (
                    "season",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE, related_name="round_robin", to="league.season"
                    ),
                ),
            ],
            options={
                "ordering": ["season", "number"],
                "constraints": [
                    models.UniqueConstraint(fields=("season", "number"), name="round_robin_unique_number")
                ],
            },
        ),
        migrations.RunPython(schedules_copy, schedules_restore),
        migrations.RemoveField(model_name="season", name="schedule"),
        migrations.AddField(
            model_name="round",
            name="seatings",
            field=models.JSONField(blank=True, default=list),
        ),
    ]
