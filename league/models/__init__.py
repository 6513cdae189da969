"""The league's models, one module per area; import them from here."""

from league.models.archives import *  # noqa: F403
from league.models.clocks import *  # noqa: F403
from league.models.clubs import *  # noqa: F403
from league.models.competitions import *  # noqa: F403
from league.models.entrants import *  # noqa: F403
from league.models.fairness import *  # noqa: F403
from league.models.notifications import *  # noqa: F403
from league.models.outbox import *  # noqa: F403
from league.models.poker_tournaments import *  # noqa: F403
from league.models.seasons import *  # noqa: F403
from league.models.tables import *  # noqa: F403
from league.models.tournaments import *  # noqa: F403
