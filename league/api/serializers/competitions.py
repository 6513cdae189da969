"""What every competition's shape shares, whatever its format: a season's, a bracket's and a poker tournament's
answers start with the competition (id, club, game, name) and end with where it is in its life (status and dates),
the format's own fields between (the one model, `league.models.Competition`, holds the shared ones)."""

from collections import OrderedDict
from typing import Any

from rest_framework import serializers

from games import GAME_NAMES
from league.api.serializers.refs import ClubRefSerializer


class CompetitionSerializer(serializers.Serializer):
    # each format declares its own `status`, whose values it goes through (a season is drafted, a tournament never)
    HEAD = ("id", "club", "game", "name")
    TAIL = ("status", "created_at", "started_at", "finished_at")

    id = serializers.IntegerField(read_only=True)
    club = ClubRefSerializer(read_only=True)
    game = serializers.ChoiceField(choices=list(GAME_NAMES))
    name = serializers.CharField(min_length=1, max_length=120)
    created_at = serializers.DateTimeField(read_only=True)
    started_at = serializers.DateTimeField(read_only=True, allow_null=True)
    finished_at = serializers.DateTimeField(read_only=True, allow_null=True)

    def get_fields(self) -> dict[str, Any]:
        """The shared fields first and last whatever a format redeclares (DRF puts a base's fields first)."""
        fields = super().get_fields()
        ordered = OrderedDict((name, fields.pop(name)) for name in self.HEAD if name in fields)
        tail = [(name, fields.pop(name)) for name in self.TAIL if name in fields]
        ordered.update(fields)
        ordered.update(tail)
        return ordered
