"""The clock sweep's mark in the admin (league/admin/, the filter on `sweep_failed_at`): an organizer finds the
tables the sweep could not play, and reads why on the table's page; the front page counts them; an operator clears
the marks."""

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse
from django.utils import timezone

from league.models import Membership, Table
from tests.league.factories import ClubFactory, PlayerFactory, UserFactory, table_for

pytestmark = pytest.mark.django_db


def test_an_organizer_finds_the_tables_the_sweep_could_not_play_and_why(client, fake_game: str) -> None:
    player = PlayerFactory(user=UserFactory(username="olivia", is_staff=True))
    player.user.user_permissions.add(*Permission.objects.filter(content_type__app_label="league"))
    club = ClubFactory()
    Membership.objects.create(club=club, player=player, role=Membership.Role.ORGANIZER)
    client.force_login(player.user)
    healthy, stuck = table_for(fake_game, club=club), table_for(fake_game, club=club)
    reason = "ZoneInfoNotFoundError: 'No time zone found with key Europe/Pariss'"
    Table.objects.filter(pk=stuck.pk).update(sweep_error=reason, sweep_failed_at=timezone.now())

    listed = client.get(reverse("admin:league_table_changelist"), {"sweep_failed_at__isnull": "False"})
    page = client.get(reverse("admin:league_table_change", args=[stuck.pk]))

    assert list(listed.context["cl"].result_list) == [stuck]
    assert healthy not in listed.context["cl"].result_list
    assert "Europe/Pariss" in page.content.decode()


def _organizer(client, username: str):
    player = PlayerFactory(user=UserFactory(username=username, is_staff=True))
    player.user.user_permissions.add(*Permission.objects.filter(content_type__app_label="league"))
    club = ClubFactory()
    Membership.objects.create(club=club, player=player, role=Membership.Role.ORGANIZER)
    client.force_login(player.user)
    return club


def _mark(table: Table) -> None:
    now = timezone.now()
    Table.objects.filter(pk=table.pk).update(sweep_error="KeyError", sweep_failed_at=now, sweep_retry_at=now)


def test_the_admins_front_page_counts_the_marked_tables_of_the_organizers_clubs(client, fake_game: str) -> None:
    club = _organizer(client, "olivia")
    for table in (table_for(fake_game, club=club), table_for(fake_game, club=club), table_for(fake_game)):
        _mark(table)  # two of the organizer's clubs, one of another club
    table_for(fake_game, club=club)

    page = client.get(reverse("admin:index")).content.decode()

    assert "The clock sweep could not play 2 tables" in page
    assert f"{reverse('admin:league_table_changelist')}?sweep_failed_at__isnull=False" in page


def test_the_admins_front_page_says_nothing_when_no_table_is_marked(client, fake_game: str) -> None:
    club = _organizer(client, "olivia")
    table_for(fake_game, club=club)
    assert 'id="sweep-marked"' not in client.get(reverse("admin:index")).content.decode()


def test_an_operator_clears_the_marks_of_the_selected_tables(admin_client, fake_game: str) -> None:
    marked, other = table_for(fake_game), table_for(fake_game)
    _mark(marked)

    response = admin_client.post(
        reverse("admin:league_table_changelist"),
        {"action": "sweep_mark_clear_selected", "_selected_action": [marked.pk, other.pk]},
        follow=True,
    )

    marked.refresh_from_db()
    assert (marked.sweep_error, marked.sweep_failed_at, marked.sweep_retry_at) == ("", None, None)
    assert [str(message) for message in response.context["messages"]] == [
        "1 table's mark cleared: the next sweep tries it."
    ]
