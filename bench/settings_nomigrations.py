"""The project's settings with every app's migrations disabled, for building a bench schema with `--run-syncdb`
while the league app has no committed migrations (the same trick as pytest-django's --nomigrations)."""

from config.settings import *  # noqa: F403


class _NoMigrations(dict):
    def __contains__(self, app_label: object) -> bool:
        return True

    def __getitem__(self, app_label: str) -> None:
        return None


MIGRATION_MODULES = _NoMigrations()
