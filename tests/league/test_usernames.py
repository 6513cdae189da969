"""league/usernames.py: UTS #39's skeleton as a new username is compared with the taken ones, and the characters that
do not show."""

import pytest

from league.usernames import invisible_characters, login_key, look_alike_key, skeleton


@pytest.mark.parametrize(
    ("taken", "new"),
    [
        ("paul", "PauI"),  # a capital I for the l
        ("alice", "\u0430lice"),  # a Cyrillic a
        ("alice", "Alice"),  # case
        ("p11", "\uff50\uff11\uff11"),  # full width, as Django's form reads it (NFKC)
        ("bob", "b0b"),  # the digit zero
        ("admin", "adm\u0456n"),  # a Ukrainian i
        ("modern", "rnodern"),  # r n for m
    ],
)
def test_uts39_look_alikes_share_a_key(taken: str, new: str) -> None:
    assert look_alike_key(new) == look_alike_key(taken)


@pytest.mark.parametrize(("one", "other"), [("carol", "carl"), ("mina", "nina"), ("민수", "민주"), ("p11", "p12")])
def test_names_a_reader_tells_apart_do_not(one: str, other: str) -> None:
    assert look_alike_key(one) != look_alike_key(other)


def test_the_skeleton_is_unicodes_nfd_prototype_nfd() -> None:
    # UTS #39's own example: "paypal" with a Cyrillic р and а is the skeleton of "paypal"
    assert skeleton("\u0440\u0430ypal") == skeleton("paypal") == "paypal"


@pytest.mark.parametrize(
    ("name", "found"),
    [
        ("ali\u200bce", ["U+200B"]),  # zero-width space
        ("bob\u200d", ["U+200D"]),  # zero-width joiner
        ("\u202eevil", ["U+202E"]),  # right-to-left override
        ("a\u2066b\u2069", ["U+2066", "U+2069"]),  # isolates
        ("\ufeffmina", ["U+FEFF"]),  # byte-order mark
        ("a\u3164b", ["U+3164"]),  # Hangul filler, blank but not a format character
        ("민수_99", []),
    ],
)
def test_characters_that_do_not_show_are_named(name: str, found: list[str]) -> None:
    assert invisible_characters(name) == found


def test_log_in_counts_the_name_as_the_form_reads_it_case_folded() -> None:
    assert login_key(" \uff50\uff11\uff11 ") == login_key("P11") == "p11"
