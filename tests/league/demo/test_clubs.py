"""The demo's builder (league/demo/) and the bots that play it (league/services/bot_play.py), on a small club of
their own."""

import copy

import pytest
from django.contrib.auth import authenticate

from league.demo.clubs import demo_clubs_load
from league.models import Club, Move, PokerEntrant, Season, Standing, Table, TableFairness
from league.server_seeds import seed_new, seeds_fixed
from league.services.bot_play import table_bots_play
from league.services.verification import table_verify
from tests.league.factories import PlayerFactory, table_for

PEOPLE = ["ada", "ben", "cy", "di"]
SPEC = {
    "club": {"name": "Small demo", "slug": "small"},
    "organizers": [{"username": "ada", "password": "ada-demo-pass", "language": "ko", "time_zone": "Asia/Seoul"}],
    "members": [
        {"username": name, "password": f"{name}-demo-pass", "language": "ko", "time_zone": "Asia/Seoul", "wildness": w}
        for name, w in (("ben", 0.5), ("cy", 0.0), ("di", 1.0))
    ],
    "seasons": [
        {
            "spec": {
                "game": "palace-infighting",
                "name": "Little league",
                "format": "round_robin",
                "auto_advance": True,
            },
            "entrants": ["ben", "cy", "di"],
            "play": "finished",
        }
    ],
    "poker_tournaments": [
        {
            "spec": {
                "game": "mini-poker",
                "name": "Little freezeout",
                "starting_stack": 6,
                "table_size": 3,
                "level_hands": 1,
                "levels": [{"ante": 1}, {"ante": 2}],
            },
            "entrants": PEOPLE[1:],
            "play": "finished",
        }
    ],
    "tables": [{"game": "the-court", "players": ["ada", "ben", "cy"], "moves": 5}],
}


def _story(club: Club) -> list:
    """What was dealt and played in the club, in the order it happened, with no id in it."""
    tables = Table.objects.filter(club=club).order_by("id")
    return [
        (
            table.game,
            TableFairness.objects.get(table=table).server_seed,
            list(Move.objects.filter(table=table).order_by("seq").values_list("seat", "payload")),
        )
        for table in tables
    ] + [
        list(Standing.objects.filter(season__club=club).order_by("rank").values_list("rank", "points")),
        list(PokerEntrant.objects.filter(competition__club=club).order_by("place").values_list("player", "place")),
    ]


@pytest.mark.slow  # two loads of a small club: seconds on a loaded machine, left out of `make check`
@pytest.mark.django_db(transaction=True)
def test_the_demo_is_dealt_and_played_the_same_on_every_load():
    # given: the small demo loaded once
    demo_clubs_load(specs=[SPEC])
    first = Club.objects.get(slug="small")
    assert Season.objects.get(club=first).status == Season.Status.FINISHED
    # when: loaded again as another club (its people are the same players)
    again = copy.deepcopy(SPEC)
    again["club"] = {"name": "Small demo again", "slug": "again"}
    demo_clubs_load(specs=[again])
    # then: the same seeds, the same moves, the same standings and places
    assert _story(Club.objects.get(slug="again")) == _story(first)
    friendly = _story(first)[-3]  # the last table opened
    assert friendly[0] == "the-court" and len(friendly[2]) == 5


@pytest.mark.django_db(transaction=True)
def test_a_club_already_there_is_left_alone_and_the_demo_passwords_log_in(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.PBKDF2PasswordHasher"]
    demo_clubs_load(specs=[SPEC])
    tables = Table.objects.count()

    loaded = demo_clubs_load(specs=[SPEC])

    assert loaded.clubs == [] and Table.objects.count() == tables
    user = authenticate(username="ben", password="ben-demo-pass")
    assert user is not None
    # the demo's quick hash is replaced by the site's own at the first log-in
    assert not user.password.startswith("pbkdf2_sha256$1000$")


def test_fixed_seeds_follow_from_the_key_and_random_ones_from_nothing():
    with seeds_fixed("k"):
        first = [seed_new(), seed_new()]
    with seeds_fixed("k"):
        second = [seed_new(), seed_new()]
    with seeds_fixed("other"):
        other = seed_new()
    assert first == second and first[0] != first[1] and other != first[0]
    assert seed_new() != seed_new()
    assert all(len(seed) == 32 for seed in [*first, other, seed_new()])


@pytest.mark.django_db
def test_bots_play_a_table_to_its_end_through_the_move_pipeline():
    table = table_for("the-court", players=3, options={"hand_limit": 2})

    played = table_bots_play(table_id=table.pk, key="k")

    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    assert played == table.version == Move.objects.filter(table=table).count()
    assert table_verify(table=table) == []


@pytest.mark.django_db
def test_bots_stop_after_the_moves_asked_for():
    table = table_for("black-card", players=3)

    assert table_bots_play(table_id=table.pk, key="k", moves=4) == 4

    table.refresh_from_db()
    assert table.status == Table.Status.ACTIVE and table.version == 4


@pytest.mark.django_db
def test_two_engine_bots_mirror_each_other_at_palace_and_a_wild_one_does_not():
    # given: Palace Infighting, both seats holding the same ten cards
    players = [PlayerFactory(), PlayerFactory()]

    def final_rows(wildness: dict[int, float]) -> list:
        table = table_for("palace-infighting", players=players)
        table_bots_play(table_id=table.pk, key="same", wildness=wildness)
        table.refresh_from_db()
        return list(table.results.order_by("seat").values_list("place", flat=True))

    # then: the bot against itself draws; a player who plays at random does not mirror it
    assert final_rows({}) == [1, 1]
    assert final_rows({players[1].pk: 1.0}) != [1, 1]
