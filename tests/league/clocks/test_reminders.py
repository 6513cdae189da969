"""Reminder mails (league/services/reminders.py): "your move" once a turn, "deadline near" at 80% of the running
time, one daily digest instead of many mails, each player's choices, never a mail twice, only to a verified
address."""

from datetime import timedelta

import pytest
import time_machine

from league.models import Account, Notification, Player, ReminderSent, Seat, Table
from league.services.moves import move_submit
from league.services.reminders import notification_settings, notification_settings_set, reminders_send
from tests.league.clocks.support import at, players_of, season_table
from tests.league.factories import PlayerFactory, table_for

pytestmark = pytest.mark.django_db

HOUR = timedelta(hours=1)


def _table(game: str, *, start, per_move=10 * HOUR, players=None) -> Table:
    with time_machine.travel(start, tick=False):
        return table_for(game, players=players or _players(2), time_per_move=per_move)


def _players(count: int, *, bot: bool = False) -> list:
    players = PlayerFactory.create_batch(count, is_bot=bot)
    for player in players:
        player.user.email = f"{player.user.username}@example.org"
        player.user.save(update_fields=["email"])
        Account.objects.create(player=player, verified_email=player.user.email)
    return players


def _subjects(mailoutbox) -> list[tuple[str, str]]:
    return sorted((mail.to[0].split("@")[0], mail.subject) for mail in mailoutbox)


def test_your_move_goes_once_per_turn_to_each_seat_to_act(fake_game, mailoutbox):
    table = _table(fake_game, start=at(2, 10))

    assert reminders_send(now=at(2, 10, 5)) == 2
    assert reminders_send(now=at(2, 10, 6)) == 0

    seats = list(Seat.objects.filter(table=table).select_related("player__user").order_by("index"))
    first, second = (seat.player for seat in seats)
    assert _subjects(mailoutbox) == sorted(
        [
            (first.user.username, f"Your move at Test duel against {second.display_name}"),
            (second.user.username, f"Your move at Test duel against {first.display_name}"),
        ]
    )
    assert "Your time runs out at 2026-12-02 20:00 (UTC)." in mailoutbox[0].body
    assert f"/tables/{table.pk}/" in mailoutbox[0].body


def test_a_new_turn_brings_a_new_your_move_mail(fake_game, mailoutbox):
    players = _players(2)
    table = _table(fake_game, start=at(2, 10), players=players)
    reminders_send(now=at(2, 10, 5))
    for seat, player in enumerate(players):
        with time_machine.travel(at(2, 10, 10 + seat), tick=False):
            move_submit(table_id=table.pk, player=player, move={"type": "pick", "value": 2}, expected_version=seat)

    reminders_send(now=at(2, 10, 20))

    assert len(mailoutbox) == 3  # two for the picks, one for the bet that follows


def test_deadline_near_goes_at_80_percent_of_the_running_time_and_not_before(fake_game, mailoutbox):
    players = _players(2)
    table = _table(fake_game, start=at(2, 10), players=players)
    notification_settings_set(player=players[0], your_move=False)
    notification_settings_set(player=players[1], your_move=False, deadline_near=False)

    # 10 h a move from 10:00: 80% is 18:00
    assert reminders_send(now=at(2, 18) - timedelta(seconds=1)) == 0
    assert reminders_send(now=at(2, 18)) == 1
    assert reminders_send(now=at(2, 19)) == 0

    assert [(m.to[0], m.subject) for m in mailoutbox] == [
        (players[0].user.email, f"Your time at Test duel against {players[1].display_name} is nearly up")
    ]
    assert f"/tables/{table.pk}/" in mailoutbox[0].body


def test_a_daily_digest_replaces_the_your_move_mails_with_one_a_day(fake_game, mailoutbox):
    me = _players(1)[0]
    notification_settings_set(player=me, daily_digest=True, deadline_near=False)
    for _ in range(3):
        _table(fake_game, start=at(2, 10), players=[me, *_players(1)])
    mailoutbox.clear()

    reminders_send(now=at(2, 10, 5))
    reminders_send(now=at(2, 12))
    reminders_send(now=at(3, 0, 5))  # a new day: a new digest

    mine = [m for m in mailoutbox if m.to == [me.user.email]]
    assert [m.subject for m in mine] == ["3 tables wait for your move"] * 2
    assert "These tables wait for your move:" in mine[0].body
    assert mine[0].body.count("Test duel against") == 3


def test_bots_players_without_an_address_and_players_who_opted_out_get_nothing(fake_game, mailoutbox):
    bots = _players(2, bot=True)
    silent = PlayerFactory.create_batch(2)  # no address
    opted_out = _players(2)
    for player in opted_out:
        notification_settings_set(player=player, your_move=False, deadline_near=False)
    for players in (bots, silent, opted_out):
        _table(fake_game, start=at(2, 10), players=players)

    assert reminders_send(now=at(2, 19)) == 0
    assert (len(mailoutbox), ReminderSent.objects.count()) == (0, 0)


def test_notification_settings_default_on_for_move_mails_and_off_for_the_digest():
    player = PlayerFactory()
    assert notification_settings(player) == {
        "your_move": True,
        "deadline_near": True,
        "daily_digest": False,
        "season_news": True,
    }
    assert notification_settings_set(player=player, daily_digest=True)["daily_digest"] is True
    player.refresh_from_db()
    assert player.settings["notifications"] == {
        "your_move": True,
        "deadline_near": True,
        "daily_digest": True,
        "season_news": True,
    }


def test_a_korean_player_gets_the_mail_in_korean_with_the_deadline_in_seoul_time(fake_game, mailoutbox):
    players = _players(2)
    Account.objects.filter(player=players[0]).update(time_zone="Asia/Seoul")
    Player.objects.filter(pk=players[0].pk).update(language="ko")
    table = _table(fake_game, start=at(2, 10), players=players)

    reminders_send(now=at(2, 10, 5))

    [korean] = [m for m in mailoutbox if m.to == [players[0].user.email]]
    # 10 h a move from 10:00 UTC: 20:00 UTC is 05:00 the next day in Seoul
    assert "2026-12-03 05:00 (Asia/Seoul)" in korean.body
    assert "Your move" not in korean.subject and players[1].display_name in korean.subject
    assert f"/tables/{table.pk}/" in korean.body and "/settings/" in korean.body


def test_an_unverified_address_gets_no_mail_but_the_notification_is_there(fake_game, mailoutbox):
    players = _players(2)
    Account.objects.filter(player=players[0]).update(verified_email="")
    table = _table(fake_game, start=at(2, 10), players=players)

    assert reminders_send(now=at(2, 10, 5)) == 1

    assert [m.to for m in mailoutbox] == [[players[1].user.email]]
    assert Notification.objects.filter(player=players[0], table=table, kind="your_move", read_at=None).count() == 1


def test_the_digest_groups_the_tables_by_season(fake_game, mailoutbox):
    table = season_table(fake_game, start=at(2, 10), per_move=10 * HOUR)
    me = players_of(table)[0]
    me.user.email = "me@example.org"
    me.user.save(update_fields=["email"])
    Account.objects.create(player=me, verified_email=me.user.email)
    notification_settings_set(player=me, daily_digest=True, deadline_near=False, season_news=False)
    _table(fake_game, start=at(2, 10), players=[me, *_players(1)])
    mailoutbox.clear()

    reminders_send(now=at(2, 10, 5))

    [digest] = [m for m in mailoutbox if m.to == [me.user.email]]
    season = table.round.season.name
    assert digest.subject == "2 tables wait for your move"
    assert digest.body.index(season) < digest.body.index("Friendly tables")


def test_a_round_that_starts_is_season_news_once(fake_game, mailoutbox):
    table = season_table(fake_game, start=at(2, 10), per_move=10 * HOUR)
    entrants = list(players_of(table).values())
    for player in entrants:
        player.user.email = f"{player.user.username}@example.org"
        player.user.save(update_fields=["email"])
        Account.objects.create(player=player, verified_email=player.user.email)
        notification_settings_set(player=player, your_move=False, deadline_near=False)

    assert reminders_send(now=at(2, 11)) == 2
    assert reminders_send(now=at(2, 12)) == 0

    assert {m.subject for m in mailoutbox} == {f"Round 1 of {table.round.season.name} has started"}
    assert Notification.objects.filter(kind="season_news").count() == 2
