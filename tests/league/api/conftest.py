"""Clients for the API tests: anonymous, and authenticated by token as a given player."""

from collections.abc import Callable, Iterator

import pytest
from django.core.cache import cache
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from league.models import Player


@pytest.fixture(autouse=True)
def _fresh_throttle_counts() -> Iterator[None]:
    # throttle counters live in the cache; a test must not inherit another's
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def anon() -> APIClient:
    return APIClient()


@pytest.fixture
def client_for() -> Callable[[Player], APIClient]:
    """An APIClient that sends the player's token, as a bot or script would."""

    def make(player: Player) -> APIClient:
        client = APIClient()
        token, _ = Token.objects.get_or_create(user=player.user)
        client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
        return client

    return make
