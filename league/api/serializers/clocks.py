"""A season's clock (docs/clocks.md) and a player's vacation from it."""

from rest_framework import serializers

from league.clocks.check import BOUNDS, POLICIES


class ClockSerializer(serializers.Serializer):
    """A season clock (docs/clocks.md): the numbers' bounds are `league.clocks.check.BOUNDS`, checked again, with
    the time zone, by the service (`clock_check`)."""

    bank_start = serializers.IntegerField(
        min_value=BOUNDS["bank_start"][0], max_value=BOUNDS["bank_start"][1], default=0, help_text="Seconds."
    )
    bank_increment = serializers.IntegerField(
        min_value=BOUNDS["bank_increment"][0],
        max_value=BOUNDS["bank_increment"][1],
        default=0,
        help_text="Seconds added to the bank after each move.",
    )
    bank_cap = serializers.IntegerField(
        min_value=BOUNDS["bank_cap"][0],
        max_value=BOUNDS["bank_cap"][1],
        allow_null=True,
        default=None,
        help_text="Most seconds a bank may hold; null: no limit.",
    )
    vacation_days = serializers.IntegerField(
        min_value=BOUNDS["vacation_days"][0], max_value=BOUNDS["vacation_days"][1], default=0
    )
    pause_weekday = serializers.IntegerField(
        min_value=0, max_value=6, allow_null=True, default=None, help_text="0 = Monday; null: none."
    )
    pause_start = serializers.TimeField(allow_null=True, default=None, help_text="e.g. 00:00.")
    pause_hours = serializers.IntegerField(min_value=0, max_value=BOUNDS["pause_hours"][1], default=0)
    time_zone = serializers.CharField(
        max_length=64,
        required=False,
        help_text="An IANA time zone, e.g. Asia/Seoul: of the weekly pause. Left out: the season's own, or (a new "
        "clock) yours.",
    )
    timeout_policy = serializers.ChoiceField(choices=list(POLICIES), default="autoplay")
    abandon_after = serializers.IntegerField(
        min_value=BOUNDS["abandon_after"][0],
        max_value=BOUNDS["abandon_after"][1],
        default=3,
        help_text="Timeouts in a row at one table before a seat is abandoned; 0: never.",
    )


class VacationSerializer(serializers.Serializer):
    id = serializers.IntegerField(read_only=True)
    starts_at = serializers.DateTimeField(help_text="Not in the past.")
    ends_at = serializers.DateTimeField(read_only=True)
    days = serializers.IntegerField(
        min_value=1, max_value=BOUNDS["vacation_days"][1], write_only=True, help_text="Whole days off."
    )
