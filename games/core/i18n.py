"""The markers for English text the league translates: option labels, event sentences, refusal messages.

Engines stay free of Django, so they cannot translate; they mark every sentence a person reads with `_`, which
returns it unchanged, and a sentence whose verb agrees with a list it names with `ngettext` ("{winners} takes 45",
"{winners} take 45"), which returns a `Plural`. `manage.py makemessages` collects the marked strings of `games/`
into the league's catalogue (`ngettext`'s two forms as one entry with its plural), and the league translates the
English text at the moment it shows it, in the reader's language.
"""


def _(text: str) -> str:
    return text


class Plural(str):
    """A sentence with a singular and a plural form: as a string it is the singular (so that every reader of a
    sentence works unchanged), `plural` the other form, and `counted` the field whose number decides between them (the
    length of a list of seats, or a number)."""

    plural: str
    counted: str

    def __new__(cls, singular: str, plural: str, count: str) -> "Plural":
        value = super().__new__(cls, singular)
        value.plural = plural
        value.counted = count
        return value

    @property
    def singular(self) -> str:
        return str.__str__(self)

    def __reduce__(self) -> tuple[type["Plural"], tuple[str, str, str]]:
        return (Plural, (self.singular, self.plural, self.counted))


def ngettext(singular: str, plural: str, count: str) -> Plural:
    """Mark a sentence with its plural form; `count` names the field that decides which form is read."""
    return Plural(singular, plural, count)


__all__ = ["Plural", "_", "ngettext"]
