"""A poker tournament is rated once, by its final places (RatingEvent.poker_tournament, PokerTournament.rated), and
the two entrant models share one base (league.models.entrants.PlacedEntrant): the poker entrant's timestamp is
renamed (its data kept), the bracket entrant's points widened to the poker entrant's 14 digits, the poker entrant's
shared place nullable as the bracket entrant's (no band until placed), and the unique (tournament, player) of both
named from the base."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0011_schedule_rows"),
    ]

    operations = [
        # --- ratings fed by poker tournaments ---
        migrations.AddField(
            model_name="pokertournament",
            name="rated",
            field=models.BooleanField(default=True),
        ),
        migrations.AlterField(
            model_name="ratingevent",
            name="table",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="rating_events",
                to="league.table",
            ),
        ),
        migrations.AddField(
            model_name="ratingevent",
            name="poker_tournament",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="rating_events",
                to="league.pokertournament",
            ),
        ),
        migrations.AlterModelOptions(
            name="ratingevent",
            options={"ordering": ["game", "at", "id"]},
        ),
        migrations.AddConstraint(
            model_name="ratingevent",
            constraint=models.UniqueConstraint(
                fields=("poker_tournament", "player"), name="ratingevent_unique_poker_player"
            ),
        ),
        migrations.AddConstraint(
            model_name="ratingevent",
            constraint=models.CheckConstraint(
                condition=models.Q(("poker_tournament__isnull", True), ("table__isnull", False))
                | models.Q(("poker_tournament__isnull", False), ("table__isnull", True)),
                name="ratingevent_table_or_poker_tournament",
            ),
        ),
        # --- one base for the two entrant models ---
        migrations.RenameField(
            model_name="pokerentrant",
            old_name="registered_at",
            new_name="entered_at",
        ),
        migrations.AlterField(
            model_name="pokerentrant",
            name="shared",
            field=models.PositiveIntegerField(blank=True, null=True),
        ),
        migrations.AlterField(
            model_name="tournamententrant",
            name="points",
            field=models.DecimalField(blank=True, decimal_places=3, max_digits=14, null=True),
        ),
        migrations.RemoveConstraint(
            model_name="pokerentrant",
            name="poker_entrant_unique_player",
        ),
        migrations.AddConstraint(
            model_name="pokerentrant",
            constraint=models.UniqueConstraint(
                fields=("tournament", "player"), name="league_pokerentrant_unique_player"
            ),
        ),
        migrations.RemoveConstraint(
            model_name="tournamententrant",
            name="tournament_entrant_unique_player",
        ),
        migrations.AddConstraint(
            model_name="tournamententrant",
            constraint=models.UniqueConstraint(
                fields=("tournament", "player"), name="league_tournamententrant_unique_player"
            ),
        ),
    ]
