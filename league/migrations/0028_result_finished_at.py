# A result keeps its table's finished_at (league/models/tables.py, Result.finished_at): a player's latest tables are
# read from one index. Existing results take their table's, in one statement.

from django.db import migrations, models
from django.db.models import OuterRef, Subquery


def finished_at_copied(apps, schema_editor):
    Result = apps.get_model("league", "Result")
    Table = apps.get_model("league", "Table")
    finished = Table.objects.filter(pk=OuterRef("table_id")).values("finished_at")[:1]
    Result.objects.using(schema_editor.connection.alias).update(finished_at=Subquery(finished))


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0027_tournament_matches"),
    ]

    operations = [
        migrations.AddField(
            model_name="result",
            name="finished_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.RunPython(finished_at_copied, migrations.RunPython.noop, elidable=True),
        migrations.AddIndex(
            model_name="result",
            index=models.Index(
                models.F("player"), models.OrderBy(models.F("finished_at"), descending=True), name="result_player_latest"
            ),
        ),
    ]
