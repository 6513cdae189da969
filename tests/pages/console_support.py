"""Helpers for the organizer console's tests: a club with members, a signed-in client, and the POST data of the
season settings' forms as the page would send them untouched (each test then changes what it means to)."""

from datetime import date, time
from typing import Any

from django import forms
from django.test import Client

from league.forms.season_settings import SeasonSettingsForms
from league.models import Club, Membership, Player
from league.services.clubs import club_create
from tests.league.factories import MembershipFactory, PlayerFactory


def club_with_members(count: int = 4) -> tuple[Club, Player, list[Player]]:
    organizer = PlayerFactory(display_name="Olivia")
    club = club_create(name="Seoul Card Club", organizer=organizer)
    members = [PlayerFactory(display_name=name) for name in ("Mina", "Jun", "Hana", "Tae", "Yuna", "Joon")[:count]]
    for member in members:
        MembershipFactory(club=club, player=member, role=Membership.Role.MEMBER)
    return club, organizer, members


def client_for(player: Player) -> Client:
    client = Client()
    client.force_login(player.user)
    return client


def _plain(value: Any) -> Any:
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, time):
        return value.strftime("%H:%M")
    return value


def settings_data(settings: SeasonSettingsForms, **changes: Any) -> dict[str, Any]:
    """Every field of the settings' forms with the value the page shows, as POST data; `changes` by field name
    (with its prefix: "clock-enabled", "options-ante", "time_per_move_0")."""
    data: dict[str, Any] = {"game": settings.game}
    for form in (settings.basics, settings.options, settings.clock, settings.scoring):
        for bound in form:
            widget, value = bound.field.widget, bound.value()
            if isinstance(widget, forms.MultiWidget):
                parts = value if isinstance(value, list) else widget.decompress(value)
                for index, part in enumerate(parts):
                    if part is not None:
                        data[f"{bound.html_name}_{index}"] = _plain(part)
            elif isinstance(widget, forms.CheckboxInput):
                if value:
                    data[bound.html_name] = "on"
            elif value is not None:
                data[bound.html_name] = _plain(value)
    for name, value in changes.items():
        if value is None:
            data.pop(name, None)
        else:
            data[name] = value
    return data
