"""A profile's history (league/selectors/profiles.py): finished tables without poker hands, and every tournament
entered, as a player or as a partner, once."""

import random
from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from league.models import Entrant, PokerHand, Result, Tournament
from league.selectors.profiles import table_history, tournament_places
from league.services.tournaments import TournamentSpec, tournament_create, tournament_register
from tests.league.factories import PlayerFactory, table_for
from tests.league.playing import play_moves
from tests.league.poker_playing import freezeout_played
from tests.league.seasons.support import club_with_members

pytestmark = pytest.mark.django_db


def test_a_partner_sees_the_bracket_they_entered_in_a_team_and_its_field_size(fake_team_game):
    club, organizer, members = club_with_members(4)
    spec = TournamentSpec(
        name="Team Cup", game=fake_team_game, format=Tournament.Format.SINGLE_ELIM, options={"rounds": 1}
    )
    cup = tournament_create(club=club, by=organizer, spec=spec)
    tournament_register(tournament=cup, player=members[0], partner=members[1], by=organizer)
    tournament_register(tournament=cup, player=members[2], partner=members[3], by=organizer)
    Entrant.objects.filter(competition=cup, player=members[0]).update(place=1, shared=1)

    [place] = tournament_places(player=members[1])

    assert (place.name, place.url, place.place, place.entrants) == ("Team Cup", f"/tournaments/{cup.pk}/", 1, 2)


def test_a_poker_tournament_is_one_row_and_its_hands_stay_out_of_the_table_history():
    tournament = freezeout_played(count=3)
    players = [entrant.player for entrant in tournament.entrants.all()]
    hands = set(PokerHand.objects.filter(tournament=tournament).values_list("table_id", flat=True))
    # every player has results at the hands' tables: the history leaves them out
    assert all(Result.objects.filter(player=p, table_id__in=hands).exists() for p in players)

    for player in players:
        assert not {result.table_id for result in table_history(player=player)} & hands
        [place] = tournament_places(player=player)
        assert place.url == f"/poker-tournaments/{tournament.pk}/"
        assert place.entrants == 3
    assert sorted(p.place for player in players for p in tournament_places(player=player))[0] == 1


def test_the_history_lists_the_tables_last_finished_first_each_with_its_tables_end(
    fake_game, django_assert_num_queries
):
    # given: three tables of one player, finished in an order that is not the order they were opened in
    player = PlayerFactory()
    tables = [table_for(fake_game, players=[player, PlayerFactory()]) for _ in range(3)]
    ends = [timezone.now() - timedelta(days=days) for days in (1, 3, 2)]
    for table, end in zip(tables, ends, strict=True):
        with time_machine.travel(end, tick=False):
            play_moves(table, random.Random(table.pk))
    # when: the profile's history is read
    with django_assert_num_queries(1):
        history = list(table_history(player=player))
    # then: newest end first, each result carrying its table's end
    assert [result.table_id for result in history] == [tables[0].pk, tables[2].pk, tables[1].pk]
    assert all(result.finished_at == result.table.finished_at for result in history)
