"""An organizer's rulings on a table: annulled or forfeited, and why."""

from rest_framework import serializers

from league.api.serializers.fields import id_field


class ReasonSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")


class ForfeitRequestSerializer(ReasonSerializer):
    entrants = serializers.ListField(
        child=id_field(),
        min_length=1,
        max_length=10,
        help_text="The forfeiting entrants (seated at the table).",
    )


class RulingSerializer(serializers.Serializer):
    table_id = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=["annulled", "forfeit"])
    reason = serializers.CharField(allow_blank=True)
    forfeiting = serializers.ListField(child=serializers.IntegerField(), help_text="Entrant ids.")
    at = serializers.DateTimeField()
