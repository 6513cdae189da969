"""Throttling of move submission, per player.

The rate is REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["move_submit"] (env MOVE_SUBMIT_RATE), e.g. "60/minute".
"""

from rest_framework.settings import api_settings
from rest_framework.throttling import UserRateThrottle

DEFAULT_MOVE_SUBMIT_RATE = "60/minute"


class MoveSubmitThrottle(UserRateThrottle):
    """At most N move submissions per player and period; counted per user, so one bot cannot flood the tables."""

    scope = "move_submit"

    def get_rate(self) -> str | None:
        # read at request time, not import time, so that a changed setting (tests, reloads) takes effect
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope, DEFAULT_MOVE_SUBMIT_RATE)
