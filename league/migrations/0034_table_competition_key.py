"""A table knows the competition it is a match of (issue 36: ownership made explicit).

`Table.competition` said what the table is played for (friendly, season, bracket, poker); it is renamed
`played_for`, and `competition` becomes the key of the season or tournament itself. Each existing table's is found
through its match row, as the league found it before: a season's round, a bracket's `TournamentTable`, a poker
tournament's `PokerHand` (their ids are their competitions' since 0029). A friendly table has none.
"""

import django.db.models.deletion
from django.db import migrations, models
from django.db.models import OuterRef, Subquery


def competitions_found(apps, schema_editor) -> None:
    Table = apps.get_model("league", "Table")
    matches = (
        ("season", apps.get_model("league", "Round").objects.filter(pk=OuterRef("round_id")).values("season_id")),
        ("bracket", apps.get_model("league", "TournamentTable").objects.filter(table_id=OuterRef("pk"))),
        ("poker", apps.get_model("league", "PokerHand").objects.filter(table_id=OuterRef("pk"))),
    )
    for played_for, rows in matches:
        owner = rows if played_for == "season" else rows.values("tournament_id")
        Table.objects.filter(played_for=played_for).update(competition_id=Subquery(owner[:1]))


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0033_ratingevent_competition"),
    ]

    operations = [
        migrations.RenameField(model_name="table", old_name="competition", new_name="played_for"),
        migrations.AddField(
            model_name="table",
            name="competition",
            field=models.ForeignKey(
                blank=True,
                db_index=False,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="+",
                to="league.competition",
            ),
        ),
        migrations.RunPython(competitions_found, migrations.RunPython.noop),
    ]
