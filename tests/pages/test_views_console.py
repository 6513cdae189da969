"""The organizer's console through Django's test client: creating a season from the pages (the options generated
from the engine's schema, time per move in a unit, the clock, the points grid, the tiebreaks), the previews, the
settings while a season is not started, one page per task, and the actions with their confirmations."""

from datetime import time, timedelta

import pytest
from django.test import Client
from django.utils import timezone

from league.forms.season_settings import SeasonSettingsForms
from league.models import Entrant, Season, SeasonClock, Table, Vacation
from league.services.rounds import season_start
from league.services.season_settings import season_spec
from league.services.seasons import (
    ClockSpec,
    SeasonSpec,
    entrant_register,
    season_create,
    season_open_registration,
)
from tests.pages.console_support import client_for, club_with_members, settings_data

pytestmark = pytest.mark.django_db


@pytest.fixture
def club_setup():
    return club_with_members(4)


def _new(client: Client, club, game: str, **changes):
    data = settings_data(SeasonSettingsForms(game=game), **changes)
    return client.post(f"/clubs/{club.slug}/seasons/new/", data)


# --- creating a season ---------------------------------------------------------------------------------------------


def test_the_create_page_asks_for_the_game_first(club_setup):
    club, organizer, _ = club_setup
    page = client_for(organizer).get(f"/clubs/{club.slug}/seasons/new/").content.decode()
    assert "?game=coinche" in page and "?game=palace-infighting" in page
    assert "<textarea" not in page


def test_the_rules_form_is_the_engines_schema_less_the_tournament_options(club_setup):
    club, organizer, _ = club_setup
    page = client_for(organizer).get(f"/clubs/{club.slug}/seasons/new/?game=the-court").content.decode()
    # the ante as a bounded number input with the engine's label, the advanced options folded away
    assert 'name="options-ante"' in page and 'min="1"' in page and 'max="1000000"' in page
    assert "Ante" in page and "The chips every player puts into the pot before a hand is dealt." in page
    assert page.index("<details") < page.index('name="options-kickers"')
    assert 'name="options-seat_stacks"' not in page and 'name="options-button"' not in page
    assert "<textarea" not in page


def test_a_season_is_created_with_options_time_clock_points_and_tiebreaks_from_the_form(club_setup):
    club, organizer, _ = club_setup
    response = _new(
        client_for(organizer),
        club,
        "the-court",
        **{
            "name": "Court league",
            "format": "multitable",
            "rounds_planned": 4,
            "table_min": 3,
            "table_max": 4,
            "time_per_move_0": 90,
            "time_per_move_1": "minutes",
            "options-ante": 5,
            "options-hand_limit": 12,
            "options-kickers": "on",
            "clock-enabled": "on",
            "clock-bank_start_0": 2,
            "clock-bank_start_1": "days",
            "clock-bank_increment_0": 1,
            "clock-bank_increment_1": "hours",
            "clock-vacation_days": 5,
            "clock-pause_weekday": 5,
            "clock-pause_start": "00:00",
            "clock-pause_hours": 48,
            "clock-time_zone": "Asia/Seoul",
            "scoring-p_3_1": 5,
            "scoring-tiebreak_1": "wins",
            "scoring-tiebreak_2": "average_place",
        },
    )
    season = Season.objects.get(club=club)
    assert response.status_code == 302 and response["Location"] == f"/seasons/{season.pk}/manage/registration/"
    assert (season.format, season.table_min, season.table_max, season.rounds_planned) == ("multitable", 3, 4, 4)
    assert season.time_per_move == 90 * 60
    assert (season.options["ante"], season.options["hand_limit"], season.options["kickers"]) == (5, 12, True)
    assert season.points_table["places"]["3"] == [5, 1, 0]
    assert season.tiebreaks == ["wins", "average_place"]
    clock = SeasonClock.objects.get(season=season)
    assert (clock.bank_start, clock.bank_increment, clock.vacation_days) == (2 * 86400, 3600, 5)
    assert (clock.pause_weekday, clock.pause_start, clock.pause_hours, clock.time_zone) == (
        5,
        time(0),
        48,
        "Asia/Seoul",
    )


def test_a_team_game_takes_its_partnership_from_the_format(club_setup):
    club, organizer, _ = club_setup
    client = client_for(organizer)
    _new(client, club, "coinche", name="Coinche teams", format="swiss", **{"options-target_score": 1000})
    _new(client, club, "coinche", name="Coinche mix", format="multitable")
    teams, mix = Season.objects.get(name="Coinche teams"), Season.objects.get(name="Coinche mix")
    assert (teams.partners, teams.options["target_score"]) == ("fixed", 1000)
    assert mix.partners == "rotating"


def test_a_game_without_tables_of_several_offers_no_multi_table_format(club_setup):
    club, organizer, _ = club_setup
    page = client_for(organizer).get(f"/clubs/{club.slug}/seasons/new/?game=palace-infighting").content.decode()
    assert 'value="round_robin"' in page and 'value="multitable"' not in page
    assert 'name="table_max"' not in page
    assert "This game has no options" in page


def test_time_per_move_below_the_floor_is_refused_in_words(club_setup):
    club, organizer, _ = club_setup
    response = _new(client_for(organizer), club, "palace-infighting", name="Blitz", time_per_move_0=0)
    assert response.status_code == 400
    assert "Enter from 1 hour to 30 days." in response.content.decode()  # the floor: MIN_TIME_PER_MOVE, an hour
    assert not Season.objects.exists()


def test_a_clock_with_an_unknown_time_zone_or_half_a_pause_is_refused_on_its_fields(club_setup):
    club, organizer, _ = club_setup
    response = _new(
        client_for(organizer),
        club,
        "palace-infighting",
        **{"name": "X", "clock-enabled": "on", "clock-time_zone": "Europe/Pariss", "clock-pause_weekday": 5},
    )
    page = response.content.decode()
    assert response.status_code == 400
    assert "Select a valid choice. Europe/Pariss is not one of the available choices." in page
    assert not Season.objects.exists()
    response = _new(
        client_for(organizer),
        club,
        "palace-infighting",
        **{"name": "X", "clock-enabled": "on", "clock-pause_weekday": 5},
    )
    assert "Enter the time at which the weekly pause starts." in response.content.decode()


def test_repeated_tiebreaks_and_a_last_day_before_the_first_are_form_errors(club_setup):
    club, organizer, _ = club_setup
    response = _new(
        client_for(organizer),
        club,
        "palace-infighting",
        **{
            "name": "X",
            "starts_on": "2027-05-10",
            "ends_on": "2027-05-01",
            "scoring-tiebreak_1": "wins",
            "scoring-tiebreak_2": "wins",
        },
    )
    page = response.content.decode()
    assert response.status_code == 400
    assert "This tiebreak is already in the list." in page
    assert "The last day cannot come before the first." in page


def test_the_previews_show_the_round_dates_and_the_example_standings(club_setup):
    club, organizer, _ = club_setup
    response = _new(
        client_for(organizer),
        club,
        "palace-infighting",
        **{
            "name": "X",
            "format": "swiss",
            "rounds_planned": 3,
            "starts_on": "2027-03-01",
            "round_interval_days": 7,
            "scoring-tiebreak_1": "score_difference",
            "preview": "1",
        },
    )
    page = response.content.decode()
    assert response.status_code == 200 and not Season.objects.exists()
    assert 'datetime="2027-03-01"' in page and 'datetime="2027-03-08"' in page and 'datetime="2027-03-15"' in page
    example = page.split('id="tiebreak-preview"')[1]
    # with score difference first, Eun (+56) ranks above Ana (+12), both on 6 points
    assert example.index("Eun") < example.index("Ana")


def test_the_previews_come_alone_and_out_of_band_for_htmx(club_setup):
    club, organizer, _ = club_setup
    data = settings_data(SeasonSettingsForms(game="palace-infighting"), name="X", preview="1")
    response = client_for(organizer).post(
        f"/clubs/{club.slug}/seasons/new/?game=palace-infighting", data, HTTP_HX_REQUEST="true"
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert page.count('hx-swap-oob="true"') == 2 and "<form" not in page


# --- the settings page -----------------------------------------------------------------------------------------


def _draft(club, organizer, game="palace-infighting", **kwargs) -> Season:
    return season_create(club=club, by=organizer, spec=SeasonSpec(game=game, name="Spring", **kwargs))


def test_settings_are_saved_until_the_season_starts(club_setup):
    club, organizer, _ = club_setup
    season = _draft(club, organizer)
    client = client_for(organizer)
    data = settings_data(
        SeasonSettingsForms(game=season.game, spec=season_spec(season)),
        **{"round_interval_days": 3, "auto_advance": "on", "clock-enabled": "on", "clock-vacation_days": 2},
    )
    response = client.post(f"/seasons/{season.pk}/manage/settings/", data)
    season.refresh_from_db()
    assert response.status_code == 302
    assert (season.round_interval_days, season.auto_advance, season.clock.vacation_days) == (3, True, 2)
    # switched off again
    data.pop("clock-enabled")
    client.post(f"/seasons/{season.pk}/manage/settings/", data)
    assert not SeasonClock.objects.filter(season=season).exists()


def test_a_started_seasons_settings_are_shown_not_edited(club_setup):
    club, organizer, members = club_setup
    season = _draft(club, organizer, time_per_move=timedelta(hours=36))
    season_open_registration(season=season, by=organizer)
    for member in members[:2]:
        entrant_register(season=season, by=organizer, player=member)
    season_start(season=season, by=organizer)
    page = client_for(organizer).get(f"/seasons/{season.pk}/manage/settings/").content.decode()
    assert 'id="season-settings"' not in page
    assert "36 hours" in page


def test_a_division_is_added_below_with_every_setting(club_setup):
    club, organizer, _ = club_setup
    season = _draft(club, organizer, round_interval_days=4)
    response = client_for(organizer).post(
        f"/seasons/{season.pk}/manage/division/", {"division-division_name": "Second division"}
    )
    lower = Season.objects.exclude(pk=season.pk).get()
    assert response.status_code == 302
    assert (lower.league, lower.edition, lower.division_level, lower.division_name) == (
        season.league,
        1,
        2,
        "Second division",
    )
    assert lower.round_interval_days == 4


# --- one page per task -------------------------------------------------------------------------------------------


def test_every_task_page_has_the_console_navigation_with_the_members_page(club_setup):
    club, organizer, _ = club_setup
    season = _draft(club, organizer)
    client = client_for(organizer)
    for task in ("settings", "registration", "rounds", "rulings"):
        page = client.get(f"/seasons/{season.pk}/manage/{task}/").content.decode()
        assert f'href="/seasons/{season.pk}/manage/{task}/" aria-current="page"' in page, task
        assert f'href="/clubs/{club.slug}/members/"' in page
    assert client.get(f"/seasons/{season.pk}/manage/")["Location"] == f"/seasons/{season.pk}/manage/registration/"


def test_only_organizers_reach_the_console(club_setup):
    club, organizer, members = club_setup
    season = _draft(club, organizer)
    member = client_for(members[0])
    for task in ("settings", "registration", "rounds", "rulings"):
        assert member.get(f"/seasons/{season.pk}/manage/{task}/").status_code == 403
    assert member.post(f"/seasons/{season.pk}/manage/open/", {"open-confirm": "on"}).status_code == 403
    assert Client().get(f"/seasons/{season.pk}/manage/settings/").status_code == 302


def test_ticked_members_are_registered_at_once(club_setup):
    club, organizer, members = club_setup
    season = _draft(club, organizer)
    response = client_for(organizer).post(
        f"/seasons/{season.pk}/manage/register_members/", {"members-players": [m.pk for m in members[:3]]}
    )
    assert response.status_code == 302
    assert set(Entrant.objects.filter(competition=season).values_list("player_id", flat=True)) == {
        m.pk for m in members[:3]
    }
    page = client_for(organizer).get(f"/seasons/{season.pk}/manage/registration/").content.decode()
    assert f'value="{members[3].pk}"' in page and f'value="{members[0].pk}"' not in page


def test_the_confirmation_box_comes_last_and_beside_its_label(club_setup):
    club, organizer, members = club_setup
    season = _draft(club, organizer)
    season_open_registration(season=season, by=organizer)
    for member in members[:2]:
        entrant_register(season=season, by=organizer, player=member)
    season_start(season=season, by=organizer)
    page = client_for(organizer).get(f"/seasons/{season.pk}/manage/rulings/").content.decode()
    forfeit = page.split('id="form-forfeit"')[1].split("</form>")[0]
    assert forfeit.index('name="forfeit-forfeiting"') < forfeit.index('name="forfeit-reason"')
    assert forfeit.index('name="forfeit-reason"') < forfeit.index('name="forfeit-confirm"')
    assert '<div class="field check confirm">' in forfeit
    # each forfeiting box inside its own label, before the label's text
    assert '<label for="id_forfeit-forfeiting_0"><input type="checkbox"' in forfeit


def test_the_rounds_page_shows_the_calendar_and_whose_clock_is_running(club_setup):
    club, organizer, members = club_setup
    season = _draft(club, organizer, round_interval_days=7)
    season_open_registration(season=season, by=organizer)
    for member in members:
        entrant_register(season=season, by=organizer, player=member)
    season_start(season=season, by=organizer)
    page = client_for(organizer).get(f"/seasons/{season.pk}/manage/rounds/").content.decode()
    assert page.count("<tr class=") == 3  # 4 entrants: three rounds of a round robin
    assert "Dates and times in UTC." in page
    assert page.count("clock is running") == Table.objects.filter(round__season=season).count() * 2 or (
        "clock is running" in page
    )


def test_finish_and_roll_over_from_the_rounds_page(club_setup):
    club, organizer, members = club_setup
    season = _draft(club, organizer, format="swiss", rounds_planned=3)
    season_open_registration(season=season, by=organizer)
    for member in members[:2]:
        entrant_register(season=season, by=organizer, player=member)
    season_start(season=season, by=organizer)
    client = client_for(organizer)
    Table.objects.filter(round__season=season).update(status=Table.Status.ANNULLED)
    season.rounds.filter(status="running").update(status="finished")
    finished = client.post(f"/seasons/{season.pk}/manage/finish/", {"finish-confirm": "on"})
    season.refresh_from_db()
    assert finished.status_code == 302 and season.status == Season.Status.FINISHED
    rolled = client.post(
        f"/seasons/{season.pk}/manage/rollover/", {"rollover-name": "Summer", "rollover-confirm": "on"}
    )
    new = Season.objects.get(previous=season)
    assert rolled.status_code == 302 and rolled["Location"] == f"/seasons/{new.pk}/manage/registration/"
    assert (new.name, new.edition, new.status, new.format, new.rounds_planned) == (
        "Summer",
        2,
        "registration",
        "swiss",
        3,
    )


# --- the season page ---------------------------------------------------------------------------------------------


def test_the_season_page_explains_the_tiebreaks_shares_ranks_and_shows_the_crosstable(club_setup, monkeypatch):
    club, organizer, members = club_setup
    season = _draft(club, organizer, tiebreaks=["wins", "buchholz"])
    season_open_registration(season=season, by=organizer)
    for member in members[:2]:
        entrant_register(season=season, by=organizer, player=member)
    season_start(season=season, by=organizer)
    table = Table.objects.get(round__season=season)
    page = Client().get(f"/seasons/{season.pk}/").content.decode()
    standings = page.split('id="standings"')[1].split("</table>")[0]
    # "wins" once, as its own column; Buchholz with its definition as the tooltip; level entrants share rank 1
    assert standings.count(">Wins<") == 1
    assert (
        '<abbr title="The sum of the match points of every opponent met. Higher is better.">Buchholz</abbr>'
        in standings
    )
    assert standings.count("<td>1=</td>") == 2
    crosstable = page.split('id="crosstable"')[1].split("</table>")[0]
    assert f'href="/tables/{table.pk}/"' in crosstable and "<i>in play</i>" in crosstable
    assert f"/seasons/{season.pk}/export/standings.csv" in page


def test_a_player_takes_and_cancels_a_vacation_from_their_page(club_setup):
    club, organizer, members = club_setup
    season = _draft(club, organizer, clock=ClockSpec(vacation_days=2))
    season_open_registration(season=season, by=organizer)
    entrant_register(season=season, by=organizer, player=members[0])
    client = client_for(members[0])
    today = timezone.now().date().isoformat()
    taken = client.post(f"/seasons/{season.pk}/vacations/take/", {"starts_on": today, "days": 2})
    too_many = client.post(f"/seasons/{season.pk}/vacations/take/", {"starts_on": today, "days": 1})
    vacation = Vacation.objects.get(season=season)
    assert taken.status_code == 302 and (vacation.ends_at - vacation.starts_at) == timedelta(days=2)
    assert too_many.status_code == 400  # nothing left to take: the form hides it, the server refuses it
    cancelled = client.post(f"/seasons/{season.pk}/vacations/{vacation.pk}/cancel/")
    vacation.refresh_from_db()
    # under way since now: it ends with its first day, one day given back
    assert cancelled.status_code == 302 and (vacation.ends_at - vacation.starts_at) == timedelta(days=1)
    page = client.get(f"/seasons/{season.pk}/vacations/").content.decode()
    assert "1 day left." in page


def test_the_rounds_page_shows_a_table_the_sweep_could_not_play_and_the_organizer_clears_it(club_setup):
    club, organizer, members = club_setup
    season = _draft(club, organizer)
    season_open_registration(season=season, by=organizer)
    for member in members[:2]:
        entrant_register(season=season, by=organizer, player=member)
    season_start(season=season, by=organizer)
    table = Table.objects.get(round__season=season)
    now = timezone.now()
    Table.objects.filter(pk=table.pk).update(
        sweep_error="ZoneInfoNotFoundError: 'No time zone found with key Europe/Pariss'",
        sweep_failed_at=now,
        sweep_retry_at=now + timedelta(minutes=2),
    )
    client = client_for(organizer)

    page = client.get(f"/seasons/{season.pk}/manage/rounds/").content.decode()
    mark = page.split(f'id="sweep-mark-{table.pk}"')[1].split("</div>")[0]
    assert "the clock cannot be played" in mark and "Europe/Pariss" in mark

    cleared = client.post(f"/seasons/{season.pk}/manage/sweep_clear/", {"sweep-table": table.pk})
    table.refresh_from_db()
    assert cleared.status_code == 302 and cleared["Location"] == f"/seasons/{season.pk}/manage/rounds/"
    assert (table.sweep_error, table.sweep_failed_at, table.sweep_retry_at) == ("", None, None)
    assert 'id="sweep-mark-' not in client.get(cleared["Location"]).content.decode()


def test_a_player_cannot_clear_a_sweep_mark(club_setup):
    club, organizer, members = club_setup
    season = _draft(club, organizer)
    season_open_registration(season=season, by=organizer)
    for member in members[:2]:
        entrant_register(season=season, by=organizer, player=member)
    season_start(season=season, by=organizer)
    table = Table.objects.get(round__season=season)
    Table.objects.filter(pk=table.pk).update(sweep_error="KeyError", sweep_failed_at=timezone.now())

    response = client_for(members[0]).post(f"/seasons/{season.pk}/manage/sweep_clear/", {"sweep-table": table.pk})

    table.refresh_from_db()
    assert response.status_code == 403 and table.sweep_error == "KeyError"
