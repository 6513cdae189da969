"""The short references to a club and a player that other shapes nest."""

from rest_framework import serializers


class ClubRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    slug = serializers.CharField()


class PlayerRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    display_name = serializers.CharField()
    is_bot = serializers.BooleanField()
