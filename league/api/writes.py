"""Writes the API needs that no service offers yet (to move into league/services/clubs.py by its owner)."""

from typing import Any

from django.db import transaction

from league.models import Player


@transaction.atomic
def player_settings_update(
    *,
    player: Player,
    display_name: str | None = None,
    language: str | None = None,
    settings: dict[str, Any] | None = None,
) -> Player:
    """Change a player's name, language or preferences; preference keys are merged, a null value removes one."""
    player = Player.objects.select_for_update().get(pk=player.pk)
    if display_name is not None:
        player.display_name = display_name
    if language is not None:
        player.language = language
    if settings is not None:
        merged = {**player.settings, **settings}
        player.settings = {key: value for key, value in merged.items() if value is not None}
    player.save(update_fields=["display_name", "language", "settings"])
    return player
