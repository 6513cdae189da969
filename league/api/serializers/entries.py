"""The body of an entry (`POST <kind>/<id>/entry/`), one shape for every format of a competition."""

from rest_framework import serializers

from league.api.serializers.fields import id_field


class EntryRequestSerializer(serializers.Serializer):
    """Who enters: the caller when empty; an organizer may name a member, and enters a team by naming its two."""

    player_id = id_field(required=False, allow_null=True, default=None)
    partner_id = id_field(
        required=False,
        allow_null=True,
        default=None,
        help_text="Games played by teams only (a fixed-partnership season, a Coinche bracket): the team's second "
        "player.",
    )
