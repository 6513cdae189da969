from django.db import migrations, models

# every table opened before the field says what it is played for by its links (a round, a bracket's match, a poker
# tournament's hand); one statement each, whatever the number of tables
FILL = [
    "UPDATE league_table SET competition = 'season' WHERE round_id IS NOT NULL",
    "UPDATE league_table SET competition = 'bracket' WHERE id IN (SELECT table_id FROM league_tournamenttable)",
    "UPDATE league_table SET competition = 'poker' WHERE id IN (SELECT table_id FROM league_pokerhand)",
]


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0022_account_pending_email"),
    ]

    operations = [
        migrations.AddField(
            model_name="table",
            name="competition",
            field=models.CharField(
                choices=[
                    ("friendly", "friendly"),
                    ("season", "season"),
                    ("bracket", "tournament"),
                    ("poker", "poker tournament"),
                ],
                db_default="friendly",
                default="friendly",
                max_length=16,
            ),
        ),
        *(migrations.RunSQL(sql, reverse_sql=migrations.RunSQL.noop) for sql in FILL),
    ]
