"""One validator for what a client sends: every JSON input (the API's request bodies, a move typed on the page, a
season's options, a player's settings, the token endpoint) and every integer read from a query string or a form
field name. The API's parser, the pages' forms and the admin's JSON fields all call these, so a request refused
by one door is refused by every other with the same words, before any of it reaches the database or an engine.

What is refused and why:
- more than `max_bytes` of body (413), more than `max_chars` of JSON for one value, more than MAX_DEPTH levels of
  nesting: a value nested 5,000 deep overflowed the JSON decoder, one nested 900 deep was stored and then broke
  every page that rendered it;
- U+0000 anywhere (PostgreSQL's text and JSONB cannot hold it) and unpaired surrogates such as "\\ud800" (no
  UTF-8 encoding exists for them: they failed when the page or the database encoded them);
- NaN and Infinity (not JSON; JSONB refuses them), numbers beyond ±2**53 (no JSON client reads them exactly);
- an integer that is not 1 to `digits` ASCII digits within its bounds ("²" is a digit to Python's str.isdigit,
  and a 5,000-digit number is too long for int());
- in a name shown on one line (a display name: it goes into mail subjects, push titles, the header), a control
  character (CR and LF above all: a subject holding one made the mail raise BadHeaderError, and in a plain-text body
  it added lines to another player's mail), a line or paragraph separator, or a bidi embedding, override or isolate
  (which reorders the text around the name).
"""

import json
import re
from typing import Any

from django.utils.translation import gettext as _

from league.errors import BadInput, InputTooLarge

MAX_DEPTH = 16
MAX_BODY_BYTES = 256 * 1024
MAX_JSON_CHARS = 10_000
MAX_JSON_NUMBER = 2**53
_SURROGATE = re.compile("[\ud800-\udfff]")
# C0 and C1 controls and DEL, U+2028/U+2029, U+202A-U+202E (embeddings, overrides), U+2066-U+2069 (isolates)
NOT_IN_A_LINE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def _refuse_constant(name: str) -> None:
    raise BadInput(_("%(name)s is not a JSON number.") % {"name": name}, code="parse_error")


# made once, as the json module makes its own defaults: json.loads and json.dumps build a decoder or an encoder anew
# on every call given an argument of its own, a quarter of the instructions of reading a move's small body (91,000
# -> 68,000 under callgrind); each is shared as the module's own are (a call keeps no state on it)
_DECODER = json.JSONDecoder(parse_constant=_refuse_constant)
_SIZER = json.JSONEncoder(ensure_ascii=False)


def json_parse(raw: bytes | str, *, field: str | None = None, max_bytes: int = MAX_BODY_BYTES) -> Any:
    """Parse a JSON document a client sent and check it (`json_check`); BadInput (400) or InputTooLarge (413)."""
    if len(raw) > max_bytes:
        raise InputTooLarge(_("Too large: at most %(limit)s bytes.") % {"limit": f"{max_bytes:,}"}, field=field)
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise BadInput(_("The JSON is not UTF-8 text."), code="parse_error", field=field) from None
    try:
        if raw.startswith("\ufeff"):  # as json.loads refuses it
            raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", raw, 0)
        value = _DECODER.decode(raw)
    except RecursionError:
        raise BadInput(
            _("Nested too deep: at most %(depth)s levels.") % {"depth": MAX_DEPTH}, code="too_deep", field=field
        ) from None
    except ValueError as error:  # JSONDecodeError, and int() of a number too long to convert
        message = error.msg if isinstance(error, json.JSONDecodeError) else _("a number is too long")
        raise BadInput(
            _("The JSON could not be read: %(error)s.") % {"error": message}, code="parse_error", field=field
        ) from None
    return json_check(value, field=field, max_chars=max(max_bytes, MAX_JSON_CHARS))


def json_check(
    value: Any, *, field: str | None = None, max_chars: int = MAX_JSON_CHARS, max_depth: int = MAX_DEPTH
) -> Any:
    """Check a JSON value (parsed or about to be stored): its depth, its strings and keys, its numbers, its size.
    Returns the value; BadInput names the first problem found. Iterative, so a deep value cannot overflow it."""
    # each item with its depth and the path of keys and indexes that leads to it, so a refusal names its field
    stack: list[tuple[Any, int, str | None]] = [(value, 1, field)]
    while stack:
        item, depth, path = stack.pop()
        if isinstance(item, dict | list):
            if depth > max_depth:
                message = _("Nested too deep: at most %(depth)s levels.") % {"depth": max_depth}
                raise BadInput(message, code="too_deep", field=path)
            if isinstance(item, dict):
                for key, inner in item.items():
                    if not isinstance(key, str):
                        raise BadInput(_("Object keys are text."), code="invalid", field=path)
                    _text_check(key, path)
                    stack.append((inner, depth + 1, _join(path, key)))
            else:
                stack.extend((inner, depth + 1, _join(path, str(index))) for index, inner in enumerate(item))
        elif isinstance(item, str):
            _text_check(item, path)
        elif isinstance(item, bool) or item is None:
            continue
        elif isinstance(item, int | float):
            if item != item or abs(item) > MAX_JSON_NUMBER:  # NaN, infinities, numbers no client reads exactly
                limit = f"{MAX_JSON_NUMBER:,}"
                raise BadInput(
                    _("Numbers are at most %(limit)s in size.") % {"limit": limit}, code="invalid", field=path
                )
        else:
            raise BadInput(_("Only JSON values are accepted."), code="invalid", field=path)
    if len(_SIZER.encode(value)) > max_chars:
        raise InputTooLarge(
            _("Too large: at most %(limit)s characters of JSON.") % {"limit": f"{max_chars:,}"}, field=field, status=400
        )
    return value


def text_check(value: str, *, field: str | None = None) -> str:
    """A text a client sent: no U+0000, no unpaired surrogate."""
    _text_check(value, field)
    return value


def single_line_check(value: str, *, field: str | None = None) -> str:
    """A name shown on one line: no control character (CR, LF, tab, ...), no line separator, no bidi override."""
    _text_check(value, field)
    found = NOT_IN_A_LINE.search(value)
    if found is not None:
        raise BadInput(
            _("A name is one line of text: no line breaks, control characters or direction overrides (U+%(code)s).")
            % {"code": f"{ord(found.group()):04X}"},
            code="bad_characters",
            field=field,
        )
    return value


def _join(path: str | None, key: str) -> str:
    # a key that could not be shown (a NUL, a surrogate) is refused as a key before its path is ever used
    return f"{path}.{key[:40]}" if path else key[:40]


def _text_check(text: str, field: str | None) -> None:
    if "\x00" in text:
        raise BadInput(_("The NUL character is not allowed."), code="null_characters_not_allowed", field=field)
    if _SURROGATE.search(text):
        raise BadInput(_("The text holds an unpaired surrogate (not a character)."), code="bad_text", field=field)


def strict_int(raw: str | None, *, low: int, high: int, field: str) -> int | None:
    """An integer from a query string or a field name: ASCII digits only, within [low, high]; None when absent."""
    if raw is None:
        return None
    digits = len(str(high))
    if not re.fullmatch(f"[0-9]{{1,{digits}}}", raw) or not low <= int(raw) <= high:
        raise BadInput(
            _("A whole number from %(low)s to %(high)s.") % {"low": low, "high": high}, code="invalid", field=field
        )
    return int(raw)
