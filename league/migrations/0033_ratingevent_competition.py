"""A rating event rates a table or a competition, whatever the competition's format.

Before, the second could only be a poker tournament (`RatingEvent.poker_tournament`). A format's row shares its
competition's id (0029), so the column keeps its values and only its name, its foreign key and the two constraints
that name it change. The way back holds as long as only poker tournaments are rated whole, as today.
"""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0032_notification_competition"),
    ]

    operations = [
        migrations.RemoveConstraint(model_name="ratingevent", name="ratingevent_unique_poker_player"),
        migrations.RemoveConstraint(model_name="ratingevent", name="ratingevent_table_or_poker_tournament"),
        migrations.RenameField(model_name="ratingevent", old_name="poker_tournament", new_name="competition"),
        migrations.AlterField(
            model_name="ratingevent",
            name="competition",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="rating_events",
                to="league.competition",
            ),
        ),
        migrations.AddConstraint(
            model_name="ratingevent",
            constraint=models.UniqueConstraint(
                fields=("competition", "player"), name="ratingevent_unique_competition_player"
            ),
        ),
        migrations.AddConstraint(
            model_name="ratingevent",
            constraint=models.CheckConstraint(
                condition=models.Q(("competition__isnull", True), ("table__isnull", False))
                | models.Q(("competition__isnull", False), ("table__isnull", True)),
                name="ratingevent_table_or_competition",
            ),
        ),
    ]
