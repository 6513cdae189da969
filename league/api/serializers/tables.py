"""Tables: opening one, the caller's view of it, its moves and its results."""

from rest_framework import serializers

from games import GAME_NAMES
from league.api.serializers.fields import JsonObjectField, enum_field, id_field, time_per_move_field
from league.api.serializers.refs import ClubRefSerializer

TableStatusField = enum_field("seeding", "active", "finished", "annulled")


class TableCreateSerializer(serializers.Serializer):
    game = serializers.ChoiceField(choices=list(GAME_NAMES))
    players = serializers.ListField(
        child=id_field(),
        min_length=1,
        max_length=10,
        help_text="Player ids in seat order; each must be a member of the club.",
    )
    options = JsonObjectField(required=False, default=dict, help_text="The game's variant options (see the rules).")
    time_per_move = time_per_move_field(
        help_text="Seconds each turn may take (default a day; at least the site's floor, an hour by default)."
    )
    rated = serializers.BooleanField(
        required=False,
        default=False,
        help_text="Ask that the table count for ratings: it does if every seat agrees before the first move.",
    )


class TableSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField()
    club = ClubRefSerializer()
    status = TableStatusField()
    version = serializers.IntegerField()
    deadline = serializers.DateTimeField(allow_null=True)
    players = serializers.IntegerField()


class TurnSerializer(TableSummarySerializer):
    your_seat = serializers.IntegerField()


class SeatSerializer(serializers.Serializer):
    index = serializers.IntegerField()
    player_id = serializers.IntegerField()
    display_name = serializers.CharField()
    is_bot = serializers.BooleanField()
    to_act = serializers.BooleanField()


class StoryLineSerializer(serializers.Serializer):
    type = serializers.CharField(help_text="The event's type, one of the game's event types.")
    text = serializers.CharField(help_text="The event in words, in the caller's language.")
    items = serializers.ListField(
        child=serializers.CharField(), help_text="One line per item of a list field: a showdown's hands, a trick."
    )


class MoveLogEntrySerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    seat = serializers.IntegerField()
    display_name = serializers.CharField()
    type = serializers.CharField(allow_null=True, help_text="The move's type as others may know it.")
    auto = serializers.BooleanField(help_text="Played by the clock.")
    hidden = serializers.BooleanField(help_text="A secret choice: others learn only that the seat has chosen.")
    at = serializers.DateTimeField()
    events = serializers.ListField(
        child=serializers.DictField(),
        help_text="What the move did, as the game declares you may see it: the move itself (a bid with its points, "
        "a card played, a discard without its card), then what followed (tricks, reveals, showdowns, pots).",
    )
    story = StoryLineSerializer(many=True, help_text="The events in words, one per event.")
    payload = serializers.DictField(required=False, help_text="The whole move; only on the caller's own moves.")


class ResultSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    place = serializers.IntegerField()
    score = serializers.IntegerField()
    extra = serializers.DictField()


class TableViewSerializer(serializers.Serializer):
    """A table as the caller may see it: their own seat's view, or a spectator's; never a hidden card or the seed."""

    id = serializers.IntegerField()
    game = serializers.CharField()
    club = ClubRefSerializer()
    status = TableStatusField()
    version = serializers.IntegerField(help_text="Send it back as expected_version with a move.")
    deadline = serializers.DateTimeField(allow_null=True)
    time_per_move = serializers.IntegerField()
    options = serializers.DictField()
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    seat = serializers.IntegerField(allow_null=True, help_text="The caller's seat, or null for a spectator.")
    to_act = serializers.ListField(child=serializers.IntegerField())
    your_turn = serializers.BooleanField()
    legal_moves = serializers.ListField(
        child=serializers.DictField(),
        help_text='The caller\'s legal moves now; an entry with "min" and "max" is played with "amount" instead.',
    )
    state = serializers.DictField(help_text="The game's view for the caller's seat (the engine's `view`).")
    seats = SeatSerializer(many=True)
    opening_events = serializers.ListField(
        child=serializers.DictField(), help_text="The first deal's events you may see (your own cards dealt, antes)."
    )
    moves = MoveLogEntrySerializer(many=True, help_text="The public move log, oldest first.")
    moves_total = serializers.IntegerField()
    results = ResultSerializer(many=True)
    annul_reason = serializers.CharField(required=False)


class LegalMovesSerializer(serializers.Serializer):
    table_id = serializers.IntegerField()
    version = serializers.IntegerField()
    seat = serializers.IntegerField(allow_null=True)
    your_turn = serializers.BooleanField()
    legal_moves = serializers.ListField(child=serializers.DictField())


class MoveLogSerializer(serializers.Serializer):
    table_id = serializers.IntegerField()
    version = serializers.IntegerField()
    moves = MoveLogEntrySerializer(many=True)


class MoveSubmitSerializer(serializers.Serializer):
    move = JsonObjectField(help_text='One of the legal moves, e.g. {"type": "call"}; free amounts with "amount".')
    expected_version = serializers.IntegerField(
        min_value=0, max_value=2_147_483_647, help_text="The version of the table you decided on."
    )


class MoveResultSerializer(serializers.Serializer):
    table_id = serializers.IntegerField()
    seq = serializers.IntegerField(help_text="The move's number in the table's log.")
    version = serializers.IntegerField(help_text="The table's version after the move.")
    status = TableStatusField()
    deadline = serializers.DateTimeField(allow_null=True)
    view = serializers.DictField(help_text="The game's view for your seat after the move.")
    replayed = serializers.BooleanField(help_text="True when this answers a retry of an Idempotency-Key.")


class RatedAgreementSerializer(serializers.Serializer):
    table_id = serializers.IntegerField()
    seat = serializers.IntegerField()
    rated_agreed = serializers.BooleanField()
