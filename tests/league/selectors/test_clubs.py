"""Reads of clubs (league/selectors/clubs.py): a pasted list of names read against the club's members."""

import pytest

from league.selectors.clubs import members_named, names_split
from tests.league.factories import PlayerFactory
from tests.league.seasons.support import club_with_members

pytestmark = pytest.mark.django_db


def test_a_pasted_list_is_split_by_lines_commas_and_semicolons_without_blanks_or_repeats():
    assert names_split(" alice\nBob, carol;;\n\n ALICE , dave ") == ["alice", "Bob", "carol", "dave"]
    assert names_split("") == []


def test_names_are_usernames_or_display_names_in_any_case_and_strays_are_named():
    club, _organizer, (first, second) = club_with_members(2)
    outsider = PlayerFactory()
    read = members_named(
        club=club,
        names=[first.user.username.upper(), second.display_name.lower(), outsider.user.username, "nobody"],
    )
    assert read.found == [first, second]
    assert read.unknown == [outsider.user.username, "nobody"]
    assert read.ambiguous == []


def test_a_name_that_is_one_members_username_and_anothers_display_name_is_ambiguous():
    club, _organizer, (first, second) = club_with_members(2)
    first.display_name = "Ada"
    first.save(update_fields=["display_name"])
    second.display_name = first.user.username
    second.save(update_fields=["display_name"])
    read = members_named(club=club, names=[first.user.username])
    assert read.found == [] and read.ambiguous == [first.user.username]
