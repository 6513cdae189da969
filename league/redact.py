"""What must never leave the process in a log line or an error report: e-mail addresses, secrets that look like
tokens (API tokens, session keys, signed links) and card codes. A safety net under the rule that nothing logs a
move, a state, a request's body or its path: the logs name routes and ids (league.logs), and Sentry gets no request
body, no cookie and no frame's variables (config/sentry.py); what an exception's message still carries is masked
here.

The masks are deliberately wide: a word such as "AS" or "KD" in a message is masked as a card, which costs an error
report a word and never leaks a hand. The Court's one-letter cards cannot be told from text; nothing logs them
because nothing logs a state or a move.
"""

import re
from typing import Any

EMAIL = re.compile(r"[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*")
# 20 or more letters and digits together, at least one of each: a DRF token (40 hex), a session key (32), a
# calendar or verification secret, a password-reset token's hash; a request id (league.logs) is cut by dashes into
# shorter runs and a number has no letter, so neither is masked
TOKEN = re.compile(r"(?<![A-Za-z0-9_])(?=[A-Za-z_]*[0-9])(?=[0-9_]*[A-Za-z])[A-Za-z0-9_]{20,}(?![A-Za-z0-9_])")
# the 52-card codes (rank then suit, T for ten) and the two jokers (games/core/cards.py)
CARD = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9TJQKA])[SHDC](?![A-Za-z0-9])|(?<![A-Za-z0-9])X[RB](?![A-Za-z0-9])")


def redact(text: str) -> str:
    """The text with every e-mail address, token-like secret and card code masked."""
    text = EMAIL.sub("[email]", text)
    text = TOKEN.sub("[token]", text)
    return CARD.sub("[card]", text)


def redact_all(value: Any) -> Any:
    """`redact` applied to every string inside nested dicts, lists and tuples (keys kept)."""
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, dict):
        return {key: redact_all(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(redact_all(item) for item in value)
    return value
