"""The API's shapes of poker tournaments (issue 22); the services check every rule of the format."""

from rest_framework import serializers

from games import GAME_NAMES
from league.api.serializers.competitions import CompetitionSerializer
from league.api.serializers.fields import JsonObjectField, enum_field, time_per_move_field

PokerStatusField = enum_field("registration", "running", "finished")


class PokerTournamentSerializer(CompetitionSerializer):
    """A freezeout: the same stack for everyone, levels of forced bets by hands played, places by bust order."""

    game = serializers.ChoiceField(choices=list(GAME_NAMES), help_text="The Court, Black Card or Mini Poker.")
    starting_stack = serializers.IntegerField(min_value=1, max_value=1_000_000_000)
    table_size = serializers.IntegerField(min_value=3, max_value=10, help_text="The most seats at a table.")
    level_hands = serializers.IntegerField(
        min_value=1, max_value=10_000, help_text="A level lasts this many hands per table in play (T-D6)."
    )
    levels = serializers.ListField(
        child=serializers.DictField(child=serializers.IntegerField(min_value=0, max_value=1_000_000_000)),
        min_length=1,
        max_length=100,
        help_text='The forced bets of each level, under the engine\'s option names: [{"ante": 10}, {"ante": 20}].',
    )
    points_table = serializers.ListField(
        child=serializers.IntegerField(min_value=0, max_value=1_000_000_000),
        max_length=10_000,
        required=False,
        default=list,
        help_text="Points or prizes by place, place 1 first.",
    )
    options = JsonObjectField(required=False, default=dict, help_text="The engine's other options, at every hand.")
    time_per_move = time_per_move_field(default=86400)
    rated = serializers.BooleanField(
        required=False,
        default=True,
        help_text="The final places move the entrants' ratings, once, when it ends (entering is the agreement).",
    )
    status = PokerStatusField(read_only=True)
    seed_commitment = serializers.CharField(
        read_only=True, help_text="SHA-256 of the seed of the draws (seats, tables broken), published at the start."
    )
    winner_id = serializers.IntegerField(read_only=True, allow_null=True)


class PokerEntrantSerializer(serializers.Serializer):
    player_id = serializers.IntegerField()
    name = serializers.CharField()
    stack = serializers.IntegerField()
    table = serializers.IntegerField(source="table_number", allow_null=True)
    seat = serializers.IntegerField(allow_null=True)
    place = serializers.IntegerField(allow_null=True)
    shared = serializers.IntegerField(allow_null=True, help_text="How many share the place; null until placed.")
    bust_hand = serializers.IntegerField(allow_null=True)
    points = serializers.DecimalField(max_digits=14, decimal_places=3, allow_null=True)


class PokerSeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    player = serializers.IntegerField(allow_null=True)
    name = serializers.CharField(allow_blank=True)
    stack = serializers.IntegerField(allow_null=True)
    button = serializers.BooleanField(help_text="Holds the button in the hand in play.")
    next_button = serializers.BooleanField(help_text="Receives the button at the table's next hand.")


class PokerTableSerializer(serializers.Serializer):
    table = serializers.IntegerField(help_text="The tournament's table number.")
    final = serializers.BooleanField()
    in_hand = serializers.BooleanField()
    hand = serializers.IntegerField(allow_null=True, help_text="The hand in play, by the tournament's number.")
    table_id = serializers.IntegerField(allow_null=True, help_text="The league table playing that hand.")
    held = serializers.BooleanField(help_text="Waits for a move between tables before its next hand.")
    players = serializers.IntegerField()
    chips = serializers.IntegerField()
    seats = PokerSeatSerializer(many=True)


class PokerLevelSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    count = serializers.IntegerField()
    forced = serializers.DictField(child=serializers.IntegerField())
    hands = serializers.IntegerField(help_text="Hands ended since the level began.")
    hands_needed = serializers.IntegerField(allow_null=True, help_text="Hands that end it; null at the last level.")
    tables = serializers.IntegerField()
    hands_ended = serializers.IntegerField()


class PokerTournamentDetailSerializer(PokerTournamentSerializer):
    seed = serializers.CharField(
        allow_null=True, help_text="The seed of the draws, once the tournament is over (null before)."
    )
    level = PokerLevelSerializer(allow_null=True)
    entrants = PokerEntrantSerializer(many=True)
