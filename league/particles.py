"""Korean particles chosen by the word they follow: "앨리스가", "김민준이", "Bob이", "하트 퀸을", "45를".

A Korean sentence of the catalogue writes a place followed by its particle pair as a format spec, the form after a
final consonant first: "{seat:이/가} {card:을/를} 냅니다". `fill` puts each value in with the particle its last
sounding letter calls for, where the English sentence simply has "{seat}" (a spec is never needed in English).

How a word ends (`has_final`):
- Hangul: by the last syllable's final consonant (받침); "으로/로" takes 로 after ㄹ as after a vowel.
- Digits: as Sino-Korean numbers are read (1 일, 3 삼, 45 오 …), the last digit deciding; a number ending in 0
  by its unit (10 십, 100 백, 1000 천, 10000 만; 0 alone 영).
- Latin letters: names at the tables are often Latin ("Bob", "Carol", "Alice"), read as Koreans transcribe them.
  A Latin word ends in a final consonant when its last letter is one a transcription closes a syllable with:
  l (Carol → 캐럴), m, n (and ng), b, k (ck), p — "Bob이", "Carol이", "Tom이". Every other ending reads as a
  vowel: a vowel letter or a silent e ("Alice" → 앨리스가), and s, x, z, f, v, t, d, g, r, h, w, y, c, j, q,
  which Korean transcribes with a vowel after them ("James" → 제임스가, "Robert" → 로버트가, "Peter" → 피터가).
  This is the common reading, not a rule of the language: a name it misreads still gets a grammatical particle.
- Anything else (symbols, punctuation, spaces, a card's suit sign) is skipped, and the letter before it decides;
  a suit sign is read as its Korean name (♥ 하트), which ends in a vowel. A word with nothing to read takes the
  form after a vowel.
"""

import string
from collections.abc import Mapping
from typing import Any

HANGUL_FIRST = 0xAC00
HANGUL_LAST = 0xD7A3
RIEUL_FINAL = 8  # ㄹ among the 28 final consonants (0 = none)
LATIN_FINALS = frozenset("lmnbkp")
DIGIT_FINALS = {"0": True, "1": True, "2": False, "3": True, "4": False, "5": False, "6": True, "7": True,
                "8": True, "9": False}  # fmt: skip
# 십, 백, 천, 만: every unit read with a final consonant, ㄹ none of them
SUIT_SIGNS = frozenset("♠♥♦♣")
PAIRS = {
    "이/가": ("이", "가"),
    "을/를": ("을", "를"),
    "은/는": ("은", "는"),
    "과/와": ("과", "와"),
    "아/야": ("아", "야"),
    "이나/나": ("이나", "나"),
    "이라/라": ("이라", "라"),
    "으로/로": ("으로", "로"),
}


def _final(word: str) -> tuple[bool, bool]:
    """(ends in a final consonant, that consonant is ㄹ) for the last letter of `word` that is read."""
    for index in range(len(word) - 1, -1, -1):
        letter = word[index]
        code = ord(letter)
        if HANGUL_FIRST <= code <= HANGUL_LAST:
            final = (code - HANGUL_FIRST) % 28
            return final != 0, final == RIEUL_FINAL
        if letter in SUIT_SIGNS:
            return False, False
        if letter.isdigit() and letter.isascii():
            if letter != "0":
                return DIGIT_FINALS[letter], letter in "178"
            return True, False  # a unit (십 백 천 만) or 영
        if letter.isascii() and letter.isalpha():
            lower = letter.lower()
            if lower == "g" and word[index - 1 : index].lower() == "n":
                return True, False  # -ng: ㅇ
            return lower in LATIN_FINALS, lower == "l"
    return False, False


def has_final(word: str) -> bool:
    """Whether the word, as read in Korean, ends in a final consonant (받침)."""
    return _final(word)[0]


def particle(word: str, pair: str) -> str:
    """The particle of `pair` ("이/가", "을/를", "은/는", "과/와", "으로/로", …) that follows `word`; an unknown
    pair is returned as written."""
    forms = PAIRS.get(pair)
    if forms is None:
        return pair
    final, rieul = _final(word)
    if pair == "으로/로":
        return forms[0] if final and not rieul else forms[1]
    return forms[0] if final else forms[1]


class Spoken(str):
    """A value ready to go in a sentence (escaped HTML, an SVG card) that remembers the words it is read as, so
    that a Korean particle after it is chosen by those words and not by its markup."""

    spoken: str

    def __new__(cls, text: str, spoken: str | None = None) -> "Spoken":
        value = super().__new__(cls, text)
        value.spoken = text if spoken is None else spoken
        return value


class _Sentence(string.Formatter):
    # a place is a field's name and nothing more: no attribute or index lookups, whatever a translation holds
    def get_field(self, field_name: str, args: Any, kwargs: Any) -> tuple[Any, str]:
        return kwargs[field_name], field_name

    def format_field(self, value: Any, format_spec: str) -> str:
        text = str(value)
        if not format_spec:
            return text
        spoken = value.spoken if isinstance(value, Spoken) else text
        return text + particle(spoken, format_spec)


class _Blank(dict[str, Any]):
    # a sentence naming a field the values lack reads with a gap rather than failing
    def __missing__(self, key: str) -> str:
        return ""


_FORMATTER = _Sentence()


def fill(sentence: str, values: Mapping[str, Any]) -> str:
    """The sentence with each "{name}" or "{name:이/가}" place filled from `values`, particles chosen; a malformed
    sentence (a bad translation) is returned as it is, never an error."""
    try:
        return _FORMATTER.vformat(sentence, (), _Blank(values))
    except (ValueError, IndexError, AttributeError, KeyError):
        return sentence


__all__ = ["PAIRS", "Spoken", "fill", "has_final", "particle"]
