"""Indexes the pages read through at a league's size (issue 37, bench/pages.py).

Database only: the models (league/models) are left as they are for now, so the state holds no index and
`makemigrations` sees nothing to do; declaring them in the models' Meta later is a state-only change.
"""

from django.db import migrations, models

# a leaderboard: the game's ratings best first, walked until the page is full (league.selectors.seasons.leaderboard)
RATING_BEST = models.Index(fields=["game", "-ordinal", "player"], name="rating_game_best")


class Migration(migrations.Migration):
    dependencies = [("league", "0022_account_pending_email")]

    operations = [
        migrations.SeparateDatabaseAndState(database_operations=[migrations.AddIndex("rating", RATING_BEST)]),
    ]
