from django.apps import AppConfig


class LeagueConfig(AppConfig):
    name = "league"
    verbose_name = "cardleague"
    default_auto_field = "django.db.models.BigAutoField"
