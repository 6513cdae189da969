"""Clubs, their members, invitations and requests to join."""

from rest_framework import serializers

from league.api.serializers.fields import enum_field, id_field
from league.api.serializers.refs import ClubRefSerializer, PlayerRefSerializer


class ClubSerializer(serializers.Serializer):
    id = serializers.IntegerField(read_only=True)
    name = serializers.CharField(min_length=1, max_length=120)
    slug = serializers.SlugField(max_length=60, required=False, help_text="Made from the name when left out.")
    description = serializers.CharField(max_length=5000, required=False, allow_blank=True, default="")
    created_at = serializers.DateTimeField(read_only=True)


class MemberSerializer(serializers.Serializer):
    player_id = serializers.IntegerField(source="player.id")
    display_name = serializers.CharField(source="player.display_name")
    is_bot = serializers.BooleanField(source="player.is_bot")
    role = serializers.CharField()


class ClubLinksSerializer(serializers.Serializer):
    members = serializers.URLField(help_text="The members, a hundred a page (`GET /api/clubs/{club_id}/members/`).")


class ClubDetailSerializer(ClubSerializer):
    """A club without its members, who may be tens of thousands: their count, and where to read them."""

    members_count = serializers.IntegerField(read_only=True)
    links = ClubLinksSerializer(read_only=True)
    your_role = serializers.CharField(allow_null=True, read_only=True, help_text='"organizer", "member" or null.')


class InvitationRequestSerializer(serializers.Serializer):
    player_id = id_field(help_text="The player to invite.")
    role = serializers.ChoiceField(choices=["organizer", "member"], default="member")


InvitationStatusField = enum_field("pending", "accepted", "declined", "revoked")
JoinRequestStatusField = enum_field("pending", "approved", "declined")


class InvitationSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    club = ClubRefSerializer()
    player = PlayerRefSerializer()
    role = serializers.CharField()
    code = serializers.CharField(help_text="The invitation link's secret: the invited player accepts with it.")
    status = InvitationStatusField()
    created_at = serializers.DateTimeField()


class JoinRequestCreateSerializer(serializers.Serializer):
    message = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")


class JoinRequestSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    club = ClubRefSerializer()
    player = PlayerRefSerializer()
    message = serializers.CharField(allow_blank=True)
    status = JoinRequestStatusField()
    created_at = serializers.DateTimeField()


class RoleSerializer(serializers.Serializer):
    role = serializers.ChoiceField(choices=["organizer", "member"])
