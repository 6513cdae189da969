"""A game's leaderboard, a row a rated player."""

from rest_framework import serializers


class LeaderboardRowSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    player_id = serializers.IntegerField()
    name = serializers.CharField()
    ordinal = serializers.FloatField(help_text="mu - 3 sigma: the ranking value.")
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    games = serializers.IntegerField()
    provisional = serializers.BooleanField(help_text="Too few rated games yet; listed after the established.")
