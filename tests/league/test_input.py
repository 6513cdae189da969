"""The one validator of what clients send (league/input.py): JSON read and checked for depth, size, NUL, unpaired
surrogates and numbers; integers from query strings and field names parsed strictly."""

import json

import pytest

from league.errors import BadInput, InputTooLarge
from league.input import MAX_DEPTH, json_check, json_parse, single_line_check, strict_int


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 900, 5_000, 100_000])
def test_a_document_nested_too_deep_is_refused_at_any_depth(depth: int) -> None:
    with pytest.raises(BadInput) as refused:
        json_parse(nested(depth), max_bytes=1_000_000)
    assert refused.value.code == "too_deep"


def test_a_document_at_the_depth_limit_is_read() -> None:
    assert json_parse(nested(MAX_DEPTH)) is not None


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ('{"type": "\\ud800"}', "bad_text"),
        ('{"\\udfff": 1}', "bad_text"),
        ('{"type": "a\\u0000"}', "null_characters_not_allowed"),
        ('{"x": NaN}', "parse_error"),
        ('{"x": Infinity}', "parse_error"),
        ('{"x": ' + "9" * 5_000 + "}", "parse_error"),
        ('{"x": 1e400}', "invalid"),
        ('{"x": 9007199254740993}', "invalid"),
        ("{", "parse_error"),
        (b"\xff\xfe", "parse_error"),
    ],
)
def test_what_no_database_or_page_can_hold_is_refused(raw: str | bytes, code: str) -> None:
    with pytest.raises(BadInput) as refused:
        json_parse(raw)
    assert refused.value.code == code


@pytest.mark.parametrize(
    "raw",
    ['\ufeff{"x": 1}', '{"x": NaN}', "[1, 2", '{"x": 1} 2', '{"x": "\\q"}', b'\xef\xbb\xbf{"x": 1}', "", "nul"],
)
def test_a_document_json_cannot_read_is_refused_with_its_words(raw: str | bytes) -> None:
    # the reader is made once (league.input): it refuses what json.loads refuses, with json's own message
    text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    try:
        json.loads(text, parse_constant=lambda name: float(name))
    except json.JSONDecodeError as error:
        expected = f"The JSON could not be read: {error.msg}."
    else:
        expected = "NaN is not a JSON number."
    with pytest.raises(BadInput) as refused:
        json_parse(raw)
    assert (refused.value.code, refused.value.message) == ("parse_error", expected)


def test_a_body_over_the_limit_is_a_413_and_a_value_over_its_limit_a_400() -> None:
    with pytest.raises(InputTooLarge) as body:
        json_parse(b" " * 11, max_bytes=10)
    with pytest.raises(InputTooLarge) as value:
        json_check({"x": "y" * 20_000})
    assert (body.value.status, value.value.status) == (413, 400)


def test_a_checked_value_comes_back_unchanged() -> None:
    value = {"type": "bet", "amount": 5, "cards": ["AS", "KD"], "note": "한국어", "ok": True, "none": None}
    assert json_parse(json.dumps(value)) == value


@pytest.mark.parametrize("raw", ["²", "1²", "٣", "-1", "+1", " 1", "1 ", "1\n", "", "1.0", "9" * 5_000, "10001"])
def test_strict_int_takes_only_ascii_digits_in_bounds(raw: str) -> None:
    with pytest.raises(BadInput) as refused:
        strict_int(raw, low=0, high=10_000, field="log_limit")
    assert (refused.value.code, refused.value.field) == ("invalid", "log_limit")


def test_strict_int_reads_a_number_and_leaves_an_absent_one_out() -> None:
    assert (strict_int("0042", low=0, high=10_000, field="x"), strict_int(None, low=0, high=1, field="x")) == (42, None)


@pytest.mark.parametrize(
    "name", ["a\rb", "a\nb", "a\tb", "a\x7fb", "a\x85b", "a\u2028b", "a\u2029b", "a\u202ab", "a\u202eb", "a\u2066b"]
)
def test_a_name_on_one_line_holds_no_control_separator_or_direction_override(name):
    with pytest.raises(BadInput) as refused:
        single_line_check(name, field="display_name")
    assert (refused.value.code, refused.value.field) == ("bad_characters", "display_name")


def test_a_name_on_one_line_takes_every_script_and_mark():
    for name in ("민아", "Ébène O'Brien-Smith", "מרים\u200f", "ولد", "🂡 Ace"):
        assert single_line_check(name, field="display_name") == name
