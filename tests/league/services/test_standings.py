"""season_outcomes and standings_recompute (league/services/standings.py): what each stored table, ruling and bye
becomes, read as plain rows (docs/standings.md, Outcomes)."""

import pytest
from django.utils import timezone

from league.models import Bye, Entrant, Result, Round, Season, Seat, Standing, Table, TableRuling
from league.services.standings import season_outcomes, standings_recompute
from league.standings import Entry, Outcome
from tests.league.factories import ClubFactory, PlayerFactory

pytestmark = pytest.mark.django_db


def _season(game: str, *, partners: str = Season.Partners.NONE) -> Season:
    return Season.objects.create(
        club=ClubFactory(),
        game=game,
        name="League",
        league="league",
        format=Season.Format.SWISS,
        rounds_planned=2,
        seed="s",
        status=Season.Status.RUNNING,
        partners=partners,
    )


def _table(round_: Round, seats: list, *, status: str = Table.Status.FINISHED, results=()) -> Table:
    """A season table with `seats` (players, in seat order) and `results` as (place, score) per seat."""
    table = Table.objects.create(
        club=round_.season.club,
        game=round_.season.game,
        players=len(seats),
        seed="s",
        state={},
        version=1,
        status=status,
        round=round_,
    )
    for index, player in enumerate(seats):
        Seat.objects.create(table=table, index=index, player=player)
    for index, (place, score) in enumerate(results):
        Result.objects.create(table=table, seat=index, player=seats[index], place=place, score=score)
    return table


def _ruling(table: Table, kind: str, forfeiting=()) -> None:
    ruling = TableRuling.objects.create(table=table, kind=kind, at=timezone.now())
    ruling.forfeiting.set(forfeiting)


def test_each_kind_of_table_and_the_byes_become_outcomes_and_tables_in_play_do_not():
    # given: five entrants over two rounds: a played duel, a forfeit, a table in play, an annulled table, byes
    season = _season("palace-infighting")
    players = PlayerFactory.create_batch(5)
    e = [Entrant.objects.create(competition=season, player=p) for p in players]
    first, second = (Round.objects.create(season=season, number=n) for n in (1, 2))
    played = _table(first, [players[0], players[1]], results=[(1, 5), (2, 3)])
    forfeit = _table(first, [players[2], players[3]], results=[(1, 9), (2, 0)])
    _ruling(forfeit, TableRuling.Kind.FORFEIT, [e[2]])
    _table(second, [players[0], players[2]], status=Table.Status.ACTIVE)
    annulled = _table(second, [players[1], players[3]], status=Table.Status.ANNULLED)
    byes = [Bye.objects.create(round=first, entrant=e[4]), Bye.objects.create(round=second, entrant=e[4])]

    # when: the outcomes are read
    outcomes = season_outcomes(season)

    # then: one per finished, ruled or annulled table in round and table order, then the byes; the forfeiter last
    assert outcomes == [
        Outcome(round=1, table=played.pk, kind="played", entries=(Entry(e[0].pk, 1, 5), Entry(e[1].pk, 2, 3))),
        Outcome(round=1, table=forfeit.pk, kind="forfeit", entries=(Entry(e[2].pk, 2), Entry(e[3].pk, 1))),
        Outcome(round=2, table=annulled.pk, kind="annulled", entries=(Entry(e[1].pk, 1), Entry(e[3].pk, 1))),
        Outcome(round=1, table=-byes[0].pk, kind="bye", entries=(Entry(e[4].pk, 1),)),
        Outcome(round=2, table=-byes[1].pk, kind="bye", entries=(Entry(e[4].pk, 1),)),
    ]


def test_a_fixed_team_is_one_entry_placed_and_scored_as_its_first_seat():
    # given: two Coinche teams, partners opposite (seats 0+2 against 1+3), the first team won 162 to 0
    season = _season("coinche", partners=Season.Partners.FIXED)
    a1, b1, a2, b2 = PlayerFactory.create_batch(4)
    team_a = Entrant.objects.create(competition=season, player=a1, partner=a2)
    team_b = Entrant.objects.create(competition=season, player=b1, partner=b2)
    table = _table(
        Round.objects.create(season=season, number=1), [a1, b1, a2, b2], results=[(1, 162), (2, 0), (1, 162), (2, 0)]
    )
    # when / then: one entry per team, as its first seat
    assert season_outcomes(season) == [
        Outcome(round=1, table=table.pk, kind="played", entries=(Entry(team_a.pk, 1, 162), Entry(team_b.pk, 2, 0)))
    ]


def test_a_rotating_partner_forfeit_places_the_whole_side_last():
    # given: four rotating-partner entrants; the player on seat 1 forfeits, so seats 1+3 lose (K-R1)
    season = _season("coinche", partners=Season.Partners.ROTATING)
    players = PlayerFactory.create_batch(4)
    e = [Entrant.objects.create(competition=season, player=p) for p in players]
    table = _table(Round.objects.create(season=season, number=1), players, results=[])
    _ruling(table, TableRuling.Kind.FORFEIT, [e[1]])
    # when / then: sides by seat parity; the forfeiting side shares 2nd
    assert season_outcomes(season) == [
        Outcome(
            round=1,
            table=table.pk,
            kind="forfeit",
            entries=(
                Entry(e[0].pk, 1, side=0),
                Entry(e[1].pk, 2, side=1),
                Entry(e[2].pk, 1, side=0),
                Entry(e[3].pk, 2, side=1),
            ),
        )
    ]


def test_recomputing_replaces_the_rows_with_the_same_table():
    # given: a played duel and its stored standings
    season = _season("palace-infighting")
    players = PlayerFactory.create_batch(2)
    e = [Entrant.objects.create(competition=season, player=p) for p in players]
    _table(Round.objects.create(season=season, number=1), players, results=[(2, 1), (1, 4)])
    fields = ("entrant_id", "rank", "points", "played", "wins", "byes", "tiebreaks", "lot")
    standings_recompute(season=season)
    before = list(Standing.objects.filter(season=season).values_list(*fields))
    # when: recomputed again
    rows = standings_recompute(season=season)
    # then: the same rows, one per entrant, the winner first
    assert list(Standing.objects.filter(season=season).values_list(*fields)) == before
    assert [(r.entrant_id, r.rank, r.points) for r in rows] == [(e[1].pk, 1, 3), (e[0].pk, 2, 0)]
    assert Standing.objects.filter(season=season).count() == 2


def test_with_players_only_the_tables_they_sat_at_and_their_byes_are_read_as_the_whole_season_reads_them():
    # given: six entrants over two rounds: played duels, a forfeit, an annulled table, a table in play, byes
    season = _season("palace-infighting")
    players = PlayerFactory.create_batch(6)
    e = [Entrant.objects.create(competition=season, player=p) for p in players]
    first, second = (Round.objects.create(season=season, number=n) for n in (1, 2))
    _table(first, [players[0], players[1]], results=[(1, 5), (2, 3)])
    forfeit = _table(first, [players[2], players[3]], results=[(1, 9), (2, 0)])
    _ruling(forfeit, TableRuling.Kind.FORFEIT, [e[3]])
    Bye.objects.create(round=first, entrant=e[4])
    _table(second, [players[0], players[2]], status=Table.Status.ANNULLED)
    _table(second, [players[1], players[4]], results=[(1, 2), (1, 2)])
    _table(second, [players[3], players[5]], status=Table.Status.ACTIVE)
    Bye.objects.create(round=second, entrant=e[5])
    whole = season_outcomes(season)
    # when: only the outcomes of players 2 and 4 are read
    some = season_outcomes(season, players=[players[2].pk, players[4].pk])
    # then: the tables where one of them sat, then their byes, each as the whole season's read gives it
    sat = {e[2].pk, e[4].pk}
    assert some == [o for o in whole if sat & {entry.entrant for entry in o.entries}]
    assert [o.kind for o in some] == ["forfeit", "annulled", "played", "bye"]
    # and no players, no outcomes
    assert season_outcomes(season, players=[]) == []
