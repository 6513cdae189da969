from django.apps import AppConfig

# registers the league's system checks (SITE_URL against ALLOWED_HOSTS); the module imports nothing of the models
from league import checks  # noqa: F401


class LeagueConfig(AppConfig):
    name = "league"
    verbose_name = "cardleague"
    default_auto_field = "django.db.models.BigAutoField"
