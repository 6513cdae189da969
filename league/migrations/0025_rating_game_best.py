"""The index the leaderboards read through at a league's size (issue 37, bench/pages.py): a game's ratings best
first, walked until the page is full (league.selectors.seasons.leaderboard)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("league", "0024_move_partitions")]

    operations = [
        migrations.AddIndex(
            model_name="rating",
            index=models.Index(fields=["game", "-ordinal", "player"], name="rating_game_best"),
        ),
    ]
