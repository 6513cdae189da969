# the API clients of the API tests (anonymous, and by a player's token), and their fresh throttle counts
from tests.league.api.conftest import _fresh_throttle_counts, anon, client_for  # noqa: F401
