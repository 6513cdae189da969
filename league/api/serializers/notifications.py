"""A player's notifications and the marking of them read (issue 33)."""

from rest_framework import serializers

from league.api.serializers.fields import id_field


class NotificationSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=["your_move", "deadline_near", "season_news", "tournament_start"])
    text = serializers.CharField(help_text="The notification in words, in the caller's language.")
    url = serializers.CharField(help_text="The page it is about (its table, season or tournament), from SITE_URL.")
    table_id = serializers.IntegerField(allow_null=True)
    competition_id = serializers.IntegerField(
        allow_null=True, help_text="The season or tournament it is about, whatever its format (the url shows which)."
    )
    created_at = serializers.DateTimeField(
        help_text='When it was raised ("your move": raised again each time the table comes back).'
    )
    read_at = serializers.DateTimeField(allow_null=True)


class UnreadCountSerializer(serializers.Serializer):
    unread = serializers.IntegerField()


class NotificationsReadSerializer(serializers.Serializer):
    ids = serializers.ListField(
        child=id_field(),
        required=False,
        max_length=1000,
        help_text="Mark these read; leave out (with table_id left out too) to mark every one read.",
    )
    table_id = id_field(required=False, help_text="Mark read every notification about this table.")


class MarkedSerializer(serializers.Serializer):
    marked = serializers.IntegerField(help_text="How many were unread and are now read.")
