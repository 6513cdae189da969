"""Time and language for everyone (league/timezones.py, league.services.accounts.account_browser_defaults,
league/zones.py): a visitor's times in the zone the browser sent (the "tz" cookie of static/js/timezone.js), an
account still on the default the same and taking the browser's zone and language at its next log-in, a chosen zone
kept; the settings page's picker grouped by region with the city in the reader's language, the offset and the
browser's zone first; a new season's clock in its organizer's zone."""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.test import Client

from league.models import Account, Player
from league.zones import offset_words, zone_choices
from tests.league.factories import PlayerFactory, table_for

pytestmark = pytest.mark.django_db

GAME = "palace-infighting"
START = datetime(2026, 12, 2, 10, tzinfo=UTC)  # the deadline: 20:00 UTC, 05:00 in Seoul, 21:00 in Paris


@pytest.fixture
def table():
    with time_machine.travel(START, tick=False):
        return table_for(GAME, players=2, time_per_move=timedelta(hours=10))


def _browser(zone: str | None = None, **headers) -> Client:
    client = Client(**headers)
    if zone:
        client.cookies["tz"] = zone
    return client


def test_a_visitor_reads_the_deadline_in_the_zone_the_browser_sent(table):
    assert "2026-12-03 05:00 Asia/Seoul" in _browser("Asia/Seoul").get(f"/tables/{table.pk}/").content.decode()
    assert "2026-12-02 21:00 Europe/Paris" in _browser("Europe/Paris").get(f"/tables/{table.pk}/").content.decode()
    # a browser that said nothing (or nonsense) reads UTC, and the page says so for timezone.js to reload it once
    for client in (_browser(), _browser("Mars/Olympus")):
        page = client.get(f"/tables/{table.pk}/").content.decode()
        assert "2026-12-02 20:00 UTC" in page and 'data-time-zone-source="default"' in page


def test_an_account_on_the_default_reads_the_browsers_zone_and_a_chosen_one_its_own(table):
    default, chosen = PlayerFactory(), PlayerFactory()
    Account.objects.create(player=chosen, time_zone="America/New_York", time_zone_chosen=True)
    for player, expected in ((default, "2026-12-03 05:00 Asia/Seoul"), (chosen, "2026-12-02 15:00 America/New_York")):
        client = _browser("Asia/Seoul")
        client.force_login(player.user)
        assert expected in client.get(f"/tables/{table.pk}/").content.decode()


def _log_in(client: Client, player: Player) -> None:
    player.user.set_password("correct horse 2027")
    player.user.save()
    response = client.post("/login/", {"username": player.user.username, "password": "correct horse 2027"})
    assert response.status_code == 302


def test_at_log_in_an_account_on_the_defaults_takes_the_browsers_zone_and_language():
    player = PlayerFactory()  # no account yet: UTC and English, neither chosen
    _log_in(_browser("Asia/Seoul", HTTP_ACCEPT_LANGUAGE="ko-KR,ko;q=0.9"), player)

    player.refresh_from_db()
    account = Account.objects.get(player=player)
    assert (account.time_zone, player.language) == ("Asia/Seoul", "ko")
    # still not chosen: a log-in from a browser in Paris follows that one
    _log_in(_browser("Europe/Paris", HTTP_ACCEPT_LANGUAGE="en-GB"), player)
    player.refresh_from_db()
    assert (Account.objects.get(player=player).time_zone, player.language) == ("Europe/Paris", "en")


def test_at_log_in_a_chosen_zone_and_language_stay():
    player = PlayerFactory(language="ko")
    Account.objects.create(player=player, time_zone="Asia/Seoul", time_zone_chosen=True, language_chosen=True)
    _log_in(_browser("Europe/Paris", HTTP_ACCEPT_LANGUAGE="en-GB"), player)

    player.refresh_from_db()
    assert (Account.objects.get(player=player).time_zone, player.language) == ("Asia/Seoul", "ko")


def test_a_browser_that_sends_nothing_changes_nothing_at_log_in():
    player = PlayerFactory(language="ko")
    _log_in(_browser(), player)
    player.refresh_from_db()
    assert player.language == "ko" and Account.objects.get(player=player).time_zone == "UTC"


def test_the_pickers_zones_are_grouped_by_region_named_in_the_readers_language_with_their_offset():
    now = datetime(2026, 7, 1, tzinfo=UTC)  # summer: Paris is UTC+02:00
    groups = dict(zone_choices(language="ko", now=now, first="Asia/Seoul"))
    _, first = next(iter(groups.items()))
    assert first == [("Asia/Seoul", "서울, 대한민국 (UTC+09:00)")]
    assert ("Europe/Paris", "파리, 프랑스 (UTC+02:00)") in groups["유럽"]
    assert ("Asia/Seoul", "서울, 대한민국 (UTC+09:00)") in groups["아시아"]
    english = dict(zone_choices(language="en", now=now))
    assert ("America/St_Johns", "St. John’s, Canada (UTC-02:30)") in english["Americas"]
    names = [zone for options in english.values() for zone, _ in options]
    # people's zones only, each once: no "Factory", "localtime", "Etc/GMT+5" or old alias
    assert len(names) == len(set(names)) > 400
    assert not {"Factory", "localtime", "Etc/GMT+5", "US/Eastern", "Asia/Calcutta"} & set(names)
    assert "Asia/Kolkata" in names


def test_an_alias_the_browser_reports_is_offered_under_its_canonical_name():
    [(_, [(zone, _label)]), *_] = zone_choices(
        language="en", now=datetime(2026, 1, 1, tzinfo=UTC), first="Asia/Calcutta"
    )
    assert zone == "Asia/Kolkata"


def test_offsets_are_written_as_utc_plus_or_minus_hours_and_minutes():
    winter = datetime(2026, 1, 15, tzinfo=UTC)
    assert [offset_words(z, winter) for z in ("UTC", "Asia/Seoul", "America/St_Johns", "Asia/Kathmandu")] == [
        "UTC",
        "UTC+09:00",
        "UTC-03:30",
        "UTC+05:45",
    ]


def test_the_settings_page_offers_the_browsers_zone_first_and_a_search(table):
    player = PlayerFactory(language="ko")
    client = _browser("Asia/Seoul")
    client.force_login(player.user)
    page = client.get("/settings/").content.decode()
    select = page[page.index('<select name="time_zone"') :]
    # the zone in effect (the browser's, the account being on the default) first, and picked
    assert select.index('<option value="Asia/Seoul" selected>서울, 대한민국 (UTC+09:00)') < select.index("UTC")
    assert '<optgroup label="아시아">' in select and 'data-zone-search-for="id_time_zone"' in page


def test_a_new_seasons_clock_starts_in_its_organizers_zone():
    from tests.league.seasons.support import club_with_members

    club, organizer, _ = club_with_members(0)
    Account.objects.create(player=organizer, time_zone="Asia/Seoul", time_zone_chosen=True)
    client = Client()
    client.force_login(organizer.user)
    page = client.get(f"/clubs/{club.slug}/seasons/new/?game={GAME}").content.decode()
    clock_zone = page[page.index('name="clock-time_zone"') :]
    assert '<option value="Asia/Seoul" selected>' in clock_zone[: clock_zone.index("</select>")]
