"""The Django admin, for organizers: clubs, members, players, and tables with their seats, move log, ledger and
results; seasons, tournaments, their entrants and ratings read-only, with the organizer's actions that go through
the services.

An organizer who is staff but not superuser sees and manages only the clubs they organize (and their tables), and
edits only the player profiles of those clubs' members (league.admin.base). Django's autodiscovery imports this
package: each module registers its models.
"""

from league.admin import clubs, entrants, ratings, seasons, tables, tournaments

__all__ = ["clubs", "entrants", "ratings", "seasons", "tables", "tournaments"]
