from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("league", "0007_journey")]

    operations = [
        migrations.CreateModel(
            name="OutboxMessage",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("task", models.CharField(max_length=200)),
                ("kwargs", models.JSONField(default=dict)),
                ("created_at", models.DateTimeField(auto_now_add=True, db_index=True)),
                (
                    "attempts",
                    models.PositiveIntegerField(default=0, help_text="Drains that tried to publish it and failed."),
                ),
            ],
            options={"ordering": ["id"]},
        ),
    ]
