"""The body of every refusal (docs/api.md, "Errors")."""

from rest_framework import serializers


class ErrorDetailSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="Stable, machine-readable; see docs/api.md for the list.")
    message = serializers.CharField(help_text="For people; may change between versions.")
    field = serializers.CharField(allow_null=True, help_text="The input field at fault (dotted path), or null.")
    current_version = serializers.IntegerField(
        required=False, help_text="With stale_version (409): the table's version now; reload and decide again."
    )


class ErrorSerializer(serializers.Serializer):
    """The body of every 4xx response."""

    error = ErrorDetailSerializer()
