"""The club's forms: an organizer's invitation and a player's request to join."""

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from league.models import Membership, Player


class InviteForm(forms.Form):
    """An organizer invites a player by username (the player accepts or declines through the invitation's link)."""

    username = forms.CharField(label=_("Username of the player to invite"), max_length=150)
    role = forms.ChoiceField(
        label=_("Role"),
        choices=[(role.value, role.label) for role in (Membership.Role.MEMBER, Membership.Role.ORGANIZER)],
        initial=Membership.Role.MEMBER,
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        username = data.get("username")
        if username:
            player = Player.objects.filter(user__username=username).first()
            if player is None:
                self.add_error("username", _("No player has this username."))
            data["player"] = player
        return data


class JoinRequestForm(forms.Form):
    message = forms.CharField(
        label=_("A word for the organizers (optional)"), max_length=200, required=False, widget=forms.TextInput
    )
