"""Rounds and rulings (league/services/rounds.py): pairing through the season, settling, scheduled starts, annulled
and forfeited tables."""

import random
from collections import Counter
from datetime import timedelta

import pytest
from django.utils import timezone

from league.errors import InvalidValue, PermissionDenied
from league.models import (
    Bye,
    Entrant,
    Rating,
    RatingEvent,
    Round,
    RoundRobinPairs,
    Season,
    Standing,
    Table,
    TableRuling,
)
from league.services import rounds as rounds_module
from league.services.fairness import entropy_add, entropy_waive, table_verify_full
from league.services.rounds import (
    WrongStatus,
    entrant_withdraw,
    forfeit_award,
    round_start,
    rounds_start_due,
    season_start,
    season_table_annul,
)
from league.services.tables import table_annul
from tests.league.pairing.test_swiss import _repeat_free_pairing_exists
from tests.league.playing import play_moves
from tests.league.seasons.factories import season_with_entrants
from tests.league.seasons.support import tables_in_play

pytestmark = pytest.mark.django_db


def _play_round(season, capture, seed=0):
    rng = random.Random(seed)
    for table in tables_in_play(season):
        with capture(execute=True):
            play_moves(table, rng)


def _entrant_pairs(season, round_=None):
    pairs = []
    tables = Table.objects.filter(round__season=season)
    for table in tables.filter(round=round_) if round_ else tables:
        pairs.append(frozenset(Entrant.objects.filter(competition=season, player__seats__table=table)))
    return pairs


@pytest.mark.slow
def test_round_robin_meets_everyone_once_with_byes_spread(fake_game, django_capture_on_commit_callbacks):
    # given: five entrants in a round robin of the test game, one round per organizer start
    season, organizer, _ = season_with_entrants(fake_game, entrants=5, options={"rounds": 1})
    season = season_start(season=season, by=organizer)
    for number in range(1, 6):
        with pytest.raises(WrongStatus):
            round_start(season=season, by=organizer)  # the round in play must end first
        _play_round(season, django_capture_on_commit_callbacks, seed=number)
        season.refresh_from_db()
        if number < 5:
            round_start(season=season, by=organizer)
    # then: 5 rounds, 10 tables, every pair once, one bye each, and the season finished by its last table
    assert season.status == Season.Status.FINISHED
    pairs = _entrant_pairs(season)
    assert len(pairs) == 10 and len(set(pairs)) == 10
    assert Counter(Bye.objects.filter(round__season=season).values_list("entrant_id", flat=True)) == Counter(
        {e.pk: 1 for e in Entrant.objects.filter(competition=season)}
    )
    assert set(Standing.objects.filter(season=season).values_list("played", "byes")) == {(4, 1)}


def test_only_an_organizer_starts_a_round(fake_game, django_capture_on_commit_callbacks):
    season, organizer, members = season_with_entrants(fake_game, entrants=4, options={"rounds": 1})
    season = season_start(season=season, by=organizer)
    _play_round(season, django_capture_on_commit_callbacks)
    with pytest.raises(PermissionDenied):
        round_start(season=season, by=members[0])


def test_a_withdrawn_entrants_later_opponents_get_byes(fake_game, django_capture_on_commit_callbacks):
    season, organizer, members = season_with_entrants(fake_game, entrants=4, options={"rounds": 1})
    season = season_start(season=season, by=organizer)
    _play_round(season, django_capture_on_commit_callbacks)
    leaver = Entrant.objects.get(competition=season, player=members[3])
    entrant_withdraw(season=season, by=organizer, entrant=leaver)
    second = round_start(season=season, by=organizer)
    assert second.tables.count() == 1
    [bye] = Bye.objects.filter(round=second)
    second_pairs = RoundRobinPairs.objects.get(season=season, number=2).pairs
    expected = {a for pair in second_pairs for a in pair if leaver.pk in pair} - {leaver.pk}
    assert {bye.entrant_id} == expected


@pytest.mark.slow
def test_swiss_rounds_never_repeat_while_avoidable(fake_game, django_capture_on_commit_callbacks):
    """Each round of a Swiss season repeats a pairing only when every pairing of that round would."""
    season, organizer, _ = season_with_entrants(
        fake_game, entrants=6, format="swiss", rounds_planned=5, options={"rounds": 1}, auto_advance=True
    )
    season_start(season=season, by=organizer)
    for number in range(5):
        _play_round(season, django_capture_on_commit_callbacks, seed=number)
    season.refresh_from_db()
    assert season.status == Season.Status.FINISHED
    earlier: set = set()
    for round_ in Round.objects.filter(season=season).order_by("number"):
        pairs = [frozenset(e.pk for e in pair) for pair in _entrant_pairs(season, round_)]
        assert len(pairs) == 3
        if any(p in earlier for p in pairs):
            assert not _repeat_free_pairing_exists(sorted(set().union(*pairs)), earlier)
        earlier |= set(pairs)


def test_annulling_a_table_in_play_stops_it_and_it_counts_for_nothing(fake_game, django_capture_on_commit_callbacks):
    season, organizer, _ = season_with_entrants(fake_game, entrants=2, options={"rounds": 1})
    season = season_start(season=season, by=organizer)
    [table] = tables_in_play(season)
    ruling = season_table_annul(table=table, by=organizer, reason="server trouble")
    table.refresh_from_db()
    season.refresh_from_db()
    assert ruling.kind == TableRuling.Kind.ANNULLED and table.status == Table.Status.ANNULLED
    assert set(Standing.objects.filter(season=season).values_list("points", "played")) == {(0, 0)}
    # the only round of a two-entrant round robin is done, so the season is too
    assert season.status == Season.Status.FINISHED


def test_a_forfeit_after_the_fact_takes_back_the_result_and_the_rating(fake_game, django_capture_on_commit_callbacks):
    # given: a two-entrant season whose only table was played, rated, and closed the season
    season, organizer, members = season_with_entrants(fake_game, entrants=2, options={"rounds": 2})
    season = season_start(season=season, by=organizer)
    _play_round(season, django_capture_on_commit_callbacks)
    [table] = Table.objects.filter(round__season=season)
    assert RatingEvent.objects.filter(table=table).count() == 2
    first, second = (Entrant.objects.get(competition=season, player=m) for m in members)
    # when: the first entrant is found to have forfeited it
    with django_capture_on_commit_callbacks(execute=True):
        forfeit_award(table=table, by=organizer, forfeiting=[first], reason="ineligible")
    # then: the other entrant has the win, and the table is no longer rated
    rows = {r.entrant_id: r for r in Standing.objects.filter(season=season)}
    assert (rows[first.pk].points, rows[first.pk].wins, rows[first.pk].rank) == (0, 0, 2)
    assert (rows[second.pk].points, rows[second.pk].wins, rows[second.pk].rank) == (2, 1, 1)
    assert not RatingEvent.objects.filter(table=table).exists()
    assert not Rating.objects.filter(game=fake_game).exists()


def test_a_forfeit_needs_seated_entrants_and_a_winner(fake_game):
    season, organizer, _ = season_with_entrants(fake_game, entrants=4, options={"rounds": 1})
    season = season_start(season=season, by=organizer)
    table = tables_in_play(season)[0]
    at_table = list(Entrant.objects.filter(competition=season, player__seats__table=table))
    elsewhere = Entrant.objects.filter(competition=season).exclude(pk__in=[e.pk for e in at_table]).first()
    with pytest.raises(InvalidValue):
        forfeit_award(table=table, by=organizer, forfeiting=[elsewhere])
    with pytest.raises(InvalidValue):
        forfeit_award(table=table, by=organizer, forfeiting=at_table)


def test_scheduled_rounds_start_when_due_and_the_previous_round_is_done(fake_game, django_capture_on_commit_callbacks):
    season, organizer, _ = season_with_entrants(fake_game, entrants=4, options={"rounds": 1}, round_interval_days=7)
    season = season_start(season=season, by=organizer)
    second = Round.objects.get(season=season, number=2)
    assert second.status == Round.Status.PENDING
    assert second.starts_at - Round.objects.get(season=season, number=1).starts_at == timedelta(days=7)
    later = timezone.now() + timedelta(days=8)
    assert rounds_start_due(now=later) == []  # round 1 is still in play
    _play_round(season, django_capture_on_commit_callbacks)
    assert rounds_start_due(now=timezone.now()) == []  # not yet time
    assert [r.number for r in rounds_start_due(now=later)] == [2]
    assert Round.objects.get(season=season, number=2).status == Round.Status.RUNNING


def test_the_sweep_settles_a_round_whose_last_table_was_annulled_outside_the_season(fake_game):
    # given: the only table of a round annulled from the table admin (core table_annul, no season ruling)
    season, organizer, _ = season_with_entrants(fake_game, entrants=2, options={"rounds": 1})
    season = season_start(season=season, by=organizer)
    [table] = tables_in_play(season)
    table_annul(table_id=table.pk, reason="admin")
    assert Round.objects.get(season=season).status == Round.Status.RUNNING
    # when: the scheduled-rounds sweep runs; then: the round, and with it the season, is closed
    assert rounds_start_due(now=timezone.now()) == []
    assert Round.objects.get(season=season).status == Round.Status.FINISHED
    season.refresh_from_db()
    assert season.status == Season.Status.FINISHED
    assert set(Standing.objects.filter(season=season).values_list("played", flat=True)) == {0}


@pytest.mark.slow
def test_a_double_round_robin_meets_each_pair_twice_with_seats_swapped(fake_game, django_capture_on_commit_callbacks):
    season, organizer, _ = season_with_entrants(
        fake_game, entrants=3, format="double_round_robin", options={"rounds": 1}, auto_advance=True
    )
    season_start(season=season, by=organizer)
    for number in range(6):
        _play_round(season, django_capture_on_commit_callbacks, seed=number)
    season.refresh_from_db()
    assert season.status == Season.Status.FINISHED
    seatings = Counter()
    for table in Table.objects.filter(round__season=season):
        seatings[tuple(table.seats.order_by("index").values_list("player_id", flat=True))] += 1
    # each ordered pair (first seat, second seat) exactly once: every pair twice, once each way round
    assert len(seatings) == 6 and set(seatings.values()) == {1}
    assert set(Counter(frozenset(s) for s in seatings).values()) == {2}


def test_a_season_with_an_entropy_window_deals_its_tables_once_every_seat_has_answered(fake_game):
    # given: a season whose tables wait an hour for the seats' own entropy (docs/fairness.md)
    season, organizer, _ = season_with_entrants(
        fake_game, entrants=2, options={"rounds": 1}, entropy_window=timedelta(hours=1)
    )
    season = season_start(season=season, by=organizer)
    table = Table.objects.get(round__season=season)
    # then: the table waits in seeding, dealt by nobody yet
    assert (table.status, table.version, table.state) == (Table.Status.SEEDING, 0, {})
    # when: one seat adds entropy and the other waives
    first, second = (seat.player for seat in table.seats.order_by("index"))
    entropy_add(table_id=table.pk, player=first, entropy="my own dice")
    entropy_waive(table_id=table.pk, player=second)
    # then: the table is dealt from the seed derived from the server seed and that entropy
    table.refresh_from_db()
    assert table.status == Table.Status.ACTIVE and table.state
    assert table_verify_full(table=table) == []


def test_an_entropy_window_longer_than_a_week_is_refused(fake_game):
    with pytest.raises(InvalidValue) as error:
        season_with_entrants(fake_game, entrants=2, entropy_window=timedelta(days=8))
    assert error.value.field == "entropy_window"


# --- a big round opens in short transactions (issue 19 item 7) ---------------------------------------------------


def test_a_round_opens_its_tables_a_few_per_transaction_and_each_pairing_once(monkeypatch):
    monkeypatch.setattr(rounds_module, "TABLES_PER_TRANSACTION", 2)
    opened = []
    real_open = rounds_module.round_tables_open

    def counting_open(*, round_id, limit=None):
        before = Table.objects.filter(round_id=round_id).count()
        round_ = real_open(round_id=round_id, limit=limit)
        opened.append(Table.objects.filter(round_id=round_id).count() - before)
        return round_

    monkeypatch.setattr(rounds_module, "round_tables_open", counting_open)
    season, organizer, members = season_with_entrants("palace-infighting", entrants=10, format=Season.Format.SWISS)

    season = season_start(season=season, by=organizer)

    round_ = Round.objects.get(season=season, number=1)
    assert opened == [2, 2, 1]
    assert round_.seatings == []
    assert round_.status == Round.Status.RUNNING
    seated = list(Table.objects.filter(round=round_).values_list("seats__player_id", flat=True))
    assert sorted(seated) == sorted(m.pk for m in members)


def test_a_round_whose_opening_was_cut_short_is_not_closed_and_the_beat_opens_the_rest(monkeypatch):
    season, organizer, members = season_with_entrants("palace-infighting", entrants=8, format=Season.Format.SWISS)
    real_open = rounds_module.table_services.tables_open
    calls = []

    def failing_open(**kwargs):
        calls.append(1)
        if len(calls) == 3:
            raise RuntimeError("the process died here")
        return real_open(**kwargs)

    monkeypatch.setattr(rounds_module, "TABLES_PER_TRANSACTION", 1)
    monkeypatch.setattr(rounds_module.table_services, "tables_open", failing_open)
    with pytest.raises(RuntimeError):
        season_start(season=season, by=organizer)
    monkeypatch.setattr(rounds_module.table_services, "tables_open", real_open)

    round_ = Round.objects.get(season=season, number=1)
    assert Season.objects.get(pk=season.pk).status == Season.Status.RUNNING
    assert Table.objects.filter(round=round_).count() == 2
    assert len(round_.seatings) == 2
    # no table in play, but two still to open: the round is not over
    Table.objects.filter(round=round_).update(status=Table.Status.ANNULLED)
    assert rounds_module.round_settle(round=round_).status == Round.Status.RUNNING

    rounds_start_due(now=timezone.now())

    round_.refresh_from_db()
    assert round_.seatings == []
    assert Table.objects.filter(round=round_, status=Table.Status.ACTIVE).count() == 2
    seated = Table.objects.filter(round=round_).values_list("seats__player_id", flat=True)
    assert sorted(seated) == sorted(m.pk for m in members)


def test_withdrawing_while_a_round_opens_forfeits_the_entrants_table_still_to_open(monkeypatch):
    monkeypatch.setattr(rounds_module, "TABLES_PER_TRANSACTION", 1)
    season, organizer, _ = season_with_entrants("palace-infighting", entrants=6, format=Season.Format.SWISS)
    round_ = rounds_module._season_begin(season=season, by=organizer)
    rounds_module.round_tables_open(round_id=round_.pk, limit=1)
    waiting = Round.objects.get(pk=round_.pk).seatings[-1]
    leaver = Entrant.objects.get(competition=season, player_id=waiting[0])

    entrant_withdraw(season=season, by=organizer, entrant=leaver)

    round_.refresh_from_db()
    assert round_.seatings == []
    [table] = Table.objects.filter(round=round_, seats__player_id=waiting[0])
    assert TableRuling.objects.get(table=table).kind == TableRuling.Kind.FORFEIT
    assert list(TableRuling.objects.get(table=table).forfeiting.all()) == [leaver]
