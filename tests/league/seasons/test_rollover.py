"""Rolling a league over into its next season (league/services/rollover.py)."""

import random
from datetime import date, time, timedelta

import pytest

from league.errors import InvalidValue, WrongStatus
from league.models import Entrant, Membership, Season, SeasonClock, Standing
from league.services.rollover import divisions_move, season_rollover
from league.services.rounds import entrant_withdraw, season_start
from league.services.seasons import ClockSpec, SeasonSpec, entrant_register, season_create, season_open_registration
from tests.league.factories import ClubFactory, MembershipFactory, PlayerFactory
from tests.league.seasons.support import play_out


def test_top_n_go_up_and_bottom_n_go_down():
    divisions = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]
    moved = divisions_move(divisions, promote=[1, 1, 2], relegate=[1, 2, 0])
    # relegated first, then those who stay, then the promoted
    assert moved == [[1, 2, 3, 5], [4, 6, 9, 10], [7, 8, 11, 12]]


def test_nobody_rises_and_falls_at_once():
    assert divisions_move([[1, 2], [3, 4, 5]], promote=[0, 3], relegate=[2, 0]) == [[3, 4, 5], [1, 2]]


def test_a_single_division_keeps_everyone():
    assert divisions_move([[3, 1, 2]], promote=[2], relegate=[2]) == [[3, 1, 2]]


@pytest.mark.django_db
@pytest.mark.slow
def test_rollover_promotes_relegates_carries_and_archives(fake_game, django_capture_on_commit_callbacks):
    # given: a league of three divisions of four, one up and one down between each, all played out
    club = ClubFactory()
    organizer = PlayerFactory()
    MembershipFactory(club=club, player=organizer, role=Membership.Role.ORGANIZER)
    olds = []
    for level in (1, 2, 3):
        season = season_create(
            club=club,
            by=organizer,
            spec=SeasonSpec(
                game=fake_game,
                name="Winter",
                league="Winter",
                division_level=level,
                division_name=f"D{level}",
                promote_count=1,
                relegate_count=1,
                options={"rounds": 1},
                auto_advance=True,
            ),
        )
        season_open_registration(season=season, by=organizer)
        for player in PlayerFactory.create_batch(4):
            MembershipFactory(club=club, player=player)
            entrant_register(season=season, by=organizer, player=player)
        with django_capture_on_commit_callbacks(execute=True):
            season_start(season=season, by=organizer)
        olds.append(play_out(season, random.Random(level), django_capture_on_commit_callbacks))
    assert all(s.status == Season.Status.FINISHED for s in olds)

    def ranked(season):
        return [r.entrant.player_id for r in Standing.objects.filter(season=season).order_by("rank")]

    top, middle, bottom = (ranked(s) for s in olds)
    # when: the organizer rolls the league over
    news = season_rollover(season=olds[1], by=organizer)
    # then: the next edition has the same three divisions, with the right players in each
    assert [(s.edition, s.division_level, s.status) for s in news] == [
        (2, level, Season.Status.REGISTRATION) for level in (1, 2, 3)
    ]

    def players(season):
        return list(Entrant.objects.filter(competition=season).order_by("seed").values_list("player_id", flat=True))

    assert players(news[0]) == top[:3] + middle[:1]
    assert players(news[1]) == top[3:] + middle[1:3] + bottom[:1]
    assert players(news[2]) == middle[3:] + bottom[1:]
    assert all(s.previous_id == old.pk for s, old in zip(news, olds, strict=True))
    # the old seasons are archived with their standings
    for old in olds:
        old.refresh_from_db()
        assert old.status == Season.Status.ARCHIVED
        assert Standing.objects.filter(season=old).count() == 4
    with pytest.raises(WrongStatus):
        season_rollover(season=olds[0], by=organizer)


@pytest.mark.django_db
def test_rollover_needs_every_division_finished_and_leaves_out_the_withdrawn(
    fake_game, django_capture_on_commit_callbacks
):
    club = ClubFactory()
    organizer = PlayerFactory()
    MembershipFactory(club=club, player=organizer, role=Membership.Role.ORGANIZER)
    season = season_create(
        club=club, by=organizer, spec=SeasonSpec(game=fake_game, name="Cup", options={"rounds": 1}, auto_advance=True)
    )
    season_open_registration(season=season, by=organizer)
    players = PlayerFactory.create_batch(3)
    for player in players:
        MembershipFactory(club=club, player=player)
        entrant_register(season=season, by=organizer, player=player)
    with pytest.raises(WrongStatus):
        season_rollover(season=season, by=organizer)
    with django_capture_on_commit_callbacks(execute=True):
        season_start(season=season, by=organizer)
    entrant_withdraw(season=season, by=organizer, entrant=Entrant.objects.get(competition=season, player=players[0]))
    play_out(season, random.Random(1), django_capture_on_commit_callbacks)
    [new] = season_rollover(season=season, by=organizer)
    assert set(Entrant.objects.filter(competition=new).values_list("player_id", flat=True)) == {
        p.pk for p in players[1:]
    }
    with pytest.raises(InvalidValue):
        season_create(club=club, by=organizer, spec=SeasonSpec(game=fake_game, name="Cup", edition=2))


# what a new edition does not take over from the old one: its own identity, dates, seed and progress
NOT_CARRIED = {
    "id",
    "competition_ptr",  # the id again, as the season's link to its competition
    "edition",
    "previous",
    "status",
    "seed",
    "created_at",
    "started_at",
    "finished_at",
    "starts_on",
    "ends_on",
}


@pytest.mark.django_db
def test_rollover_carries_every_season_setting_and_the_clock(fake_game):
    # given: a finished season whose every setting differs from the defaults, with a season clock
    club = ClubFactory()
    organizer = PlayerFactory()
    MembershipFactory(club=club, player=organizer, role=Membership.Role.ORGANIZER)
    spec = SeasonSpec(
        game=fake_game,
        name="Spring",
        league="Spring league",
        division_name="Top",
        division_level=1,
        options={"rounds": 1},
        time_per_move=timedelta(hours=5),
        entropy_window=timedelta(minutes=30),
        tiebreaks=["wins", "score_difference"],
        promote_count=1,
        relegate_count=2,
        auto_advance=True,
        round_interval_days=7,
        starts_on=date(2026, 3, 1),
        ends_on=date(2026, 5, 31),
        seed="old-seed",
        clock=ClockSpec(
            bank_start=600,
            bank_increment=60,
            bank_cap=3600,
            vacation_days=3,
            pause_weekday=5,
            pause_start=time(0, 0),
            pause_hours=48,
            time_zone="Europe/Paris",
            timeout_policy="forfeit",
            abandon_after=2,
        ),
    )
    old = season_create(club=club, by=organizer, spec=spec)
    Season.objects.filter(pk=old.pk).update(status=Season.Status.FINISHED)
    old.refresh_from_db()
    # when: it is rolled over
    [new] = season_rollover(season=old, by=organizer)
    # then: every field of the season is carried but the explicit few, and so is every field of its clock
    fields = [f.attname for f in Season._meta.concrete_fields if f.name not in NOT_CARRIED]
    assert {f: getattr(new, f) for f in fields} == {f: getattr(old, f) for f in fields}
    assert (new.edition, new.previous_id, new.status) == (old.edition + 1, old.pk, Season.Status.REGISTRATION)
    clock_fields = [f.attname for f in SeasonClock._meta.concrete_fields if f.name not in ("id", "season")]
    assert {f: getattr(new.clock, f) for f in clock_fields} == {f: getattr(old.clock, f) for f in clock_fields}
