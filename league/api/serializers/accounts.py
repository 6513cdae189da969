"""A player's own account: tokens, password, settings and locale."""

from django.conf import settings
from rest_framework import serializers

from league.api.serializers.fields import JsonObjectField


class TokenRequestSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=128, trim_whitespace=False, style={"input_type": "password"})


class PasswordSerializer(serializers.Serializer):
    password = serializers.CharField(max_length=128, trim_whitespace=False, style={"input_type": "password"})


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField(help_text='Send as "Authorization: Token <token>".')


class TokenInfoSerializer(serializers.Serializer):
    created = serializers.DateTimeField()
    expires_at = serializers.DateTimeField(allow_null=True, help_text="Null when tokens do not expire on this site.")
    expired = serializers.BooleanField()
    ending = serializers.CharField(help_text="The key's last four characters.")


class PlayerSettingsSerializer(serializers.Serializer):
    id = serializers.IntegerField(read_only=True)
    username = serializers.CharField(source="user.username", read_only=True)
    display_name = serializers.CharField(min_length=1, max_length=80)
    language = serializers.ChoiceField(choices=[code for code, _ in settings.LANGUAGES])
    is_bot = serializers.BooleanField(read_only=True)
    settings = JsonObjectField(
        help_text="Personal preferences (notifications, push, quiet_hours, theme, sound); keys are merged on update."
    )


class LocaleSerializer(serializers.Serializer):
    time_zone = serializers.CharField(
        max_length=64, help_text="An IANA time zone (Asia/Seoul): every time in the pages, mails and pushes."
    )
    language = serializers.ChoiceField(choices=[code for code, _ in settings.LANGUAGES])
    time_zone_chosen = serializers.BooleanField(
        read_only=True, help_text="False: the zone still follows the browser you log in with (taken at each log-in)."
    )
    language_chosen = serializers.BooleanField(
        read_only=True, help_text="False: the language still follows the browser you log in with."
    )
