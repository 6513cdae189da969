"""A notification names the competition it is about by one key, whatever the competition's format.

Before, a notification had three keys (its season, its tournament, its poker tournament), one of which was set. A
format's row shares its competition's id (0029), so each notification's competition is whichever of the three was
set; the way back sets the key of the format whose row has that id.
"""

import django.db.models.deletion
from django.db import migrations, models

FORMATS = (("season_id", "Season"), ("tournament_id", "Tournament"), ("poker_tournament_id", "PokerTournament"))


def competitions_named(apps, schema_editor) -> None:
    Notification = apps.get_model("league", "Notification")
    for key, _model in FORMATS:
        Notification.objects.filter(**{f"{key}__isnull": False}).update(competition_id=models.F(key))


def formats_named(apps, schema_editor) -> None:
    Notification = apps.get_model("league", "Notification")
    for key, model in FORMATS:
        ids = apps.get_model("league", model).objects.values("pk")
        Notification.objects.filter(competition_id__in=ids).update(**{key: models.F("competition_id")})


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0031_poker_state_lz4"),
    ]

    operations = [
        migrations.AddField(
            model_name="notification",
            name="competition",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="+",
                to="league.competition",
            ),
        ),
        migrations.RunPython(competitions_named, formats_named),
        migrations.RemoveField(model_name="notification", name="season"),
        migrations.RemoveField(model_name="notification", name="tournament"),
        migrations.RemoveField(model_name="notification", name="poker_tournament"),
    ]
