"""The marker for English text the league translates: option labels, event sentences, refusal messages.

Engines stay free of Django, so they cannot translate; they mark every sentence a person reads with `_`, which
returns it unchanged. `manage.py makemessages` collects the marked strings of `games/` into the league's catalogue,
and the league translates the English text at the moment it shows it, in the reader's language.
"""


def _(text: str) -> str:
    return text


__all__ = ["_"]
