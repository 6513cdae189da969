"""The correspondence loop through the services (league/services/reminders.py, issue 33): a move that brings a table
to someone leaves one outbox row in the move's own statement; the notifications' drain tells the seats now to act —
one "your move" per table, raised again (new, unread) each time the table comes back, read when the table is
opened — by push and by mail as each chose; a mail that raises waits for the next pass alone while the others go;
a tournament's start reaches its players."""

import logging
import random
from datetime import timedelta

import pytest
from django.core.mail import BadHeaderError
from django.utils import timezone

from league.models import Account, Notification, OutboxMessage, Player, ReminderSent, Seat, Table, Tournament
from league.selectors.notifications import notification_target, notification_words, notifications_of
from league.services import reminders
from league.services.moves import move_submit
from league.services.notifications import notifications_read
from league.services.poker_tournaments import poker_tournament_register, poker_tournament_start
from league.services.reminders import reminders_send, tournament_news_send, turn_notices_drain
from league.services.tournaments import TournamentSpec, tournament_create, tournament_register, tournament_start
from tests.league.factories import PlayerFactory, table_for
from tests.league.playing import random_move
from tests.league.poker_playing import small_freezeout
from tests.league.push_support import push_service
from tests.league.seasons.support import club_with_members

pytestmark = pytest.mark.django_db

HOURS = timedelta(hours=10)


def _people(count: int) -> list[Player]:
    """Players with a verified address (the "your move" mail on by default)."""
    people = PlayerFactory.create_batch(count)
    for player in people:
        player.user.email = f"{player.user.username}@example.org"
        player.user.save(update_fields=["email"])
        Account.objects.create(player=player, verified_email=player.user.email)
    return people


def _to_act(table: Table) -> list[Player]:
    return [s.player for s in Seat.objects.filter(table=table, to_act=True).select_related("player").order_by("index")]


def _turn_rows(table: Table) -> int:
    return OutboxMessage.objects.filter(task="league.tasks.turn_notify", kwargs={"table_id": table.pk}).count()


def _play_one(table: Table, rng: random.Random) -> None:
    table.refresh_from_db()
    seat, move = random_move(table, rng)
    player = Seat.objects.get(table=table, index=seat).player
    move_submit(table_id=table.pk, player=player, move=move, expected_version=table.version)


def test_each_turn_is_one_outbox_row_and_one_your_move_per_table_raised_again_when_it_comes_back(mailoutbox):
    # given: a Coinche table of four (each bid brings the table to the next seat)
    people = _people(4)
    table = table_for("coinche", players=people, time_per_move=HOURS)
    assert _turn_rows(table) == 1  # the new table's first turn
    assert turn_notices_drain(now=timezone.now()) == 1
    [first] = _to_act(table)
    first_told = Notification.objects.get(player=first, table=table)
    assert (first_told.kind, first_told.read_at) == ("your_move", None)
    assert OutboxMessage.objects.count() == 0

    # when: the table goes round the seats and comes back to the first
    rng = random.Random(5)
    told = {first.pk}
    for _ in range(12):
        _play_one(table, rng)
        told |= {p.pk for p in _to_act(table)}
        # then: each move left one row, whoever is next
        assert _turn_rows(table) == 1
        turn_notices_drain(now=timezone.now())
        assert _turn_rows(table) == 0
        if _to_act(table) == [first]:
            break
    assert _to_act(table) == [first]

    # then: the first player's notification about the table is still one, raised again as new and unread
    again = Notification.objects.get(player=first, table=table)
    assert again.pk == first_told.pk and again.read_at is None and again.created_at > first_told.created_at
    assert sorted(Notification.objects.filter(table=table).values_list("player", flat=True)) == sorted(told)
    # and the turns brought their mails, with the table's link from SITE_URL
    assert {m.to[0] for m in mailoutbox} == {p.user.email for p in people if p.pk in told}
    assert all(f"/tables/{table.pk}/" in m.body for m in mailoutbox)


def test_opening_the_table_reads_the_turn_and_the_same_turn_is_never_raised_again(mailoutbox):
    people = _people(2)
    table = table_for("palace-infighting", players=people, time_per_move=HOURS)
    turn_notices_drain(now=timezone.now())
    player = people[0]
    assert notifications_read(player=player, table_id=table.pk, now=timezone.now()) == 1

    # the task run again, the reminders pass an hour later: the same turn, already read
    table.refresh_from_db()
    reminders.turn_remind(table_id=table.pk, now=timezone.now())
    reminders_send(now=timezone.now() + timedelta(hours=1))

    assert Notification.objects.get(player=player, table=table).read_at is not None
    assert Notification.objects.filter(player=player).count() == 1
    assert sorted(m.to[0] for m in mailoutbox) == sorted(p.user.email for p in people)  # once each


def test_the_reminders_pass_tells_a_turn_that_no_drain_told(mailoutbox):
    # given: the drain never ran (a worker down): the row is still in the outbox
    people = _people(2)
    table = table_for("palace-infighting", players=people, time_per_move=HOURS)

    reminders_send(now=timezone.now())

    assert {n.player_id for n in Notification.objects.filter(table=table, kind="your_move")} == {p.pk for p in people}
    # and the drain, when it runs, tells nobody twice
    turn_notices_drain(now=timezone.now())
    assert Notification.objects.filter(table=table).count() == 2 and len(mailoutbox) == 2


def test_a_move_pushes_your_move_to_the_next_players_browsers_in_their_language_and_zone(settings):
    people = _people(4)
    Account.objects.filter(player__in=people).update(time_zone="Asia/Seoul")
    Player.objects.filter(pk__in=[p.pk for p in people]).update(language="ko")
    settings.SITE_URL = "https://cards.example.org"
    with push_service(settings) as service:
        browsers = {player.pk: service.subscribed(player, f"p{player.pk}") for player in people}
        table = table_for("coinche", players=people, time_per_move=HOURS)
        turn_notices_drain(now=timezone.now())
        before = _to_act(table)
        assert [len(service.messages_for(browsers[p.pk])) for p in before] == [1] * len(before)
        service.received.clear()

        _play_one(table, random.Random(1))
        turn_notices_drain(now=timezone.now())

    # then: each player the move brought the table to got one message (and nobody else any)
    newly = [p for p in _to_act(table) if p not in before]
    assert newly and len(service.received) == len(newly)
    for player in newly:
        [message] = service.messages_for(browsers[player.pk])
        assert message["url"] == f"https://cards.example.org/tables/{table.pk}/"
        assert message["tag"] == f"table-{table.pk}"
        assert message["title"] == "코인체: 내 차례"
        others = [p.display_name for p in people if p != player]
        assert all(name in message["body"] for name in others) and "Asia/Seoul" in message["body"]


def test_a_mail_that_raises_is_logged_and_retried_alone_while_the_others_go(monkeypatch, mailoutbox, caplog):
    # given: three players waiting at their tables; the mail to one of them raises (a header the library refuses)
    people = _people(6)
    for pair in (people[0:2], people[2:4], people[4:6]):
        table_for("palace-infighting", players=pair, time_per_move=HOURS)
    broken = people[2].user.email
    real_send = reminders.send_mail

    def send_mail(subject, body, sender, to, **kwargs):
        if to == [broken]:
            raise BadHeaderError("Header values can't contain newlines")
        return real_send(subject, body, sender, to, **kwargs)

    monkeypatch.setattr(reminders, "send_mail", send_mail)

    # when: the pass runs
    with caplog.at_level(logging.ERROR, logger="league.services.reminders"):
        sent = reminders_send(now=timezone.now())

    # then: every other mail went, the failure was logged, and it is not recorded as sent
    assert sent == 5 and sorted(m.to[0] for m in mailoutbox) == sorted(
        p.user.email for p in people if p.user.email != broken
    )
    assert any("could not send" in r.getMessage() and str(people[2].pk) in r.getMessage() for r in caplog.records)
    assert not ReminderSent.objects.filter(player=people[2]).exists()

    # when: the next pass runs with the mail library willing again
    monkeypatch.setattr(reminders, "send_mail", real_send)
    mailoutbox.clear()
    assert reminders_send(now=timezone.now() + timedelta(minutes=5)) == 1

    # then: that mail, and only it, went
    assert [m.to for m in mailoutbox] == [[broken]]


def test_a_name_holding_a_line_break_stops_no_mail(mailoutbox):
    # given: a name stored with CR/LF before names were checked (the migration cleans these; a mail must not care)
    people = _people(2)
    Player.objects.filter(pk=people[0].pk).update(display_name="Mallory\r\nBcc: everyone@example.org")
    table_for("palace-infighting", players=people, time_per_move=HOURS)

    assert reminders_send(now=timezone.now()) == 2

    to_other = next(m for m in mailoutbox if m.to == [people[1].user.email])
    assert "\n" not in to_other.subject and "\r" not in to_other.subject
    assert "Mallory Bcc: everyone@example.org" in to_other.subject
    message = to_other.message()
    assert message.get_all("Bcc") is None and message.get_all("Subject") == [to_other.subject]


def test_a_tournaments_start_reaches_each_player_once_in_the_app_and_by_push(settings):
    club, organizer, members = club_with_members(4)
    spec = TournamentSpec(
        name="Winter Cup", game="palace-infighting", format=Tournament.Format.SINGLE_ELIM, seeding="entered"
    )
    tournament = tournament_create(club=club, by=organizer, spec=spec)
    for member in members:
        tournament_register(tournament=tournament, player=member)
    with push_service(settings) as service:
        browser = service.subscribed(members[0])

        tournament_start(tournament=tournament, by=organizer)  # the task runs in process (tests run tasks eagerly)
        tournament_news_send(tournament_id=tournament.pk, now=timezone.now())  # twice: nothing more

    told = Notification.objects.filter(kind="tournament_start", competition=tournament)
    assert sorted(told.values_list("player_id", flat=True)) == sorted(m.pk for m in members)
    [message] = service.messages_for(browser)
    assert message["title"] == "Winter Cup has started" and message["url"].endswith(f"/tournaments/{tournament.pk}/")
    # the list names it and links to its page
    [listed] = notifications_of(members[0])
    assert notification_words(listed) == "Winter Cup has started"
    assert notification_target(listed) == f"/tournaments/{tournament.pk}/"


def test_a_poker_tournaments_start_reaches_each_player_once_and_links_to_its_page(settings):
    club, organizer, members = club_with_members(4)
    tournament = small_freezeout(club=club, by=organizer, name="Friday freezeout")
    for member in members:
        poker_tournament_register(tournament=tournament, player=member)
    with push_service(settings) as service:
        browser = service.subscribed(members[0])

        poker_tournament_start(tournament=tournament, by=organizer)  # the task runs in process
        tournament_news_send(tournament_id=tournament.pk, now=timezone.now())  # twice: nothing more

    told = Notification.objects.filter(kind="tournament_start", competition=tournament)
    assert sorted(told.values_list("player_id", flat=True)) == sorted(m.pk for m in members)
    [message] = service.messages_for(browser)
    assert message["url"].endswith(f"/poker-tournaments/{tournament.pk}/")
    [listed] = [n for n in notifications_of(members[0]) if n.kind == "tournament_start"]
    assert notification_words(listed) == "Friday freezeout has started"
    assert notification_target(listed) == f"/poker-tournaments/{tournament.pk}/"
