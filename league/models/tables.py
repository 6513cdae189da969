"""Tables (one match of one game), their seats, the append-only move log, ledger rows and results.

Every write goes through `league.services.tables` and `league.services.moves`; the state of a table is the
engine's JSON state, and it can always be rebuilt from the seed and the move log (`manage.py verify_tables`).
"""

from django.db import models
from django.db.models import F
from django.utils.translation import gettext_lazy as _

from games import GAME_NAMES
from league.models.clubs import Club, Player


class Table(models.Model):
    class Status(models.TextChoices):
        # open, waiting for the seats' entropy before the first deal (docs/fairness.md); no state yet
        SEEDING = "seeding", _("waiting for the deal")
        ACTIVE = "active", _("in play")
        FINISHED = "finished", _("finished")
        ANNULLED = "annulled", _("annulled")

    class PlayedFor(models.TextChoices):
        """What the table is played for, set when it opens: what its end sets going follows from it
        (league.services.after_tables), never from guessing at its links."""

        FRIENDLY = "friendly", _("friendly")
        SEASON = "season", _("season")
        BRACKET = "bracket", _("tournament")
        POKER = "poker", _("poker tournament")

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="tables")
    played_for = models.CharField(
        max_length=16, choices=PlayedFor.choices, default=PlayedFor.FRIENDLY, db_default=PlayedFor.FRIENDLY
    )
    # the season or tournament the table is a match of (its match row says which: a round, a bracket's
    # TournamentTable, a PokerHand); null for a friendly table. Not indexed: a move rewrites every index of the row
    # (see `status`), and the competition's tables are found through its match rows
    competition = models.ForeignKey(
        "league.Competition", null=True, blank=True, on_delete=models.PROTECT, related_name="+", db_index=False
    )
    game = models.CharField(max_length=32, choices=[(name, name) for name in GAME_NAMES])
    # the full options after engine.check_options, defaults filled in, so a replay never depends on new defaults
    options = models.JSONField(default=dict, blank=True)
    players = models.PositiveSmallIntegerField()
    # secret while the table runs: whoever knows it can deal every card; no view, page or API shows it
    seed = models.CharField(max_length=128)
    state = models.JSONField()
    # the number of moves applied; a client sends the version it saw, and a stale one is refused
    version = models.PositiveIntegerField(default=0)
    # the last move left a simultaneous step open (as its Move row says), kept here so that the move pipeline need
    # not read that row back on every move
    step_open = models.BooleanField(default=False)
    # the events of the first deal as the engine declared them (engine.opening_events), each with its audience
    # (games/core/events.py); the moves' events follow in Move.events
    opening_events = models.JSONField(default=list, db_default=[], blank=True)
    # no index of its own: a move rewrites every index of the table's row (its deadline moves, so the update is never
    # HOT), and the few tables that are looked up by status alone are indexed in Meta.indexes
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.ACTIVE)
    # when the seats to act run out of time; null when nobody is to act (finished, annulled)
    # indexed only with the active tables, for the sweep (Meta.indexes): every move moves it, and each index on
    # it is written again each time
    deadline = models.DateTimeField(null=True, blank=True)
    time_per_move = models.PositiveIntegerField(default=86400, help_text="Seconds each turn may take.")
    # a friendly table asked to count for ratings: it does only if every seat agreed before the first move
    # (Seat.rated_agreed); a season's table always counts (league.services.ratings.table_rateable)
    rated = models.BooleanField(default=False)
    annul_reason = models.CharField(max_length=200, blank=True)
    round = models.ForeignKey("league.Round", null=True, blank=True, on_delete=models.PROTECT, related_name="tables")
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # the clock sweep could not play this table's timeout (its engine raised, its season's clock is broken): what
    # went wrong last, for an organizer, and since when; cleared by the first sweep that plays it, or by an organizer
    # (league.services.timeouts). A marked table leaves the sweep's claim and is tried again at `sweep_retry_at`,
    # further apart the longer it fails, so that failing tables never hold back healthy ones
    sweep_error = models.CharField(max_length=300, blank=True)
    sweep_failed_at = models.DateTimeField(null=True, blank=True)
    sweep_retry_at = models.DateTimeField(null=True, blank=True)
    # when the follow-up of the table's end (rating, standings, round, bracket, poker tournament:
    # league.services.after_tables.table_follow_up) completed; null while it has not, which the beat's
    # follow_ups_repair looks for (a task lost with a worker killed whole), trying a failing one again at
    # `follow_up_retry_at`
    followed_up_at = models.DateTimeField(null=True, blank=True)
    follow_up_retry_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            # the clock sweep takes overdue active tables oldest deadline first (bench/sweep.py: 3.9 -> 8.4 tables/s);
            # a table it could not play leaves this index for the next one, by its time to try again
            models.Index(
                fields=["deadline", "id"],
                condition=models.Q(status="active", sweep_failed_at__isnull=True),
                name="table_active_deadline",
            ),
            models.Index(
                fields=["sweep_retry_at", "id"],
                condition=models.Q(status="active", sweep_failed_at__isnull=False),
                name="table_sweep_retry",
            ),
            # the ended tables whose follow-up has not completed: a handful, for the follow-ups' repair
            models.Index(
                fields=["finished_at", "id"],
                condition=models.Q(status__in=["finished", "annulled"], followed_up_at__isnull=True),
                name="table_follow_up_due",
            ),
            # the fairness task looks for tables still seeding; no active table has an entry here to rewrite
            models.Index(fields=["id"], condition=models.Q(status="seeding"), name="table_seeding"),
        ]

    def __str__(self) -> str:
        return f"{self.game} #{self.pk}"


class Seat(models.Model):
    # no index of their own: the unique (table, index) and the (player, to_act) index lead with them
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats", db_index=False)
    index = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats", db_index=False)
    # mirrors engine.to_act after every move, so "your turn" across tables is one indexed query, not N engine calls
    to_act = models.BooleanField(default=False)
    # the seat's player agreed that this friendly table counts for their rating (Table.rated)
    rated_agreed = models.BooleanField(default=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["table", "index"], name="seat_unique_table_index"),
            models.UniqueConstraint(fields=["table", "player"], name="seat_unique_table_player"),
        ]
        indexes = [models.Index(fields=["player", "to_act"], name="seat_player_to_act")]
        ordering = ["table", "index"]

    def __str__(self) -> str:
        return f"seat {self.index} of {self.table}: {self.player}"


class Move(models.Model):
    """One applied move; append-only. Replaying seed + moves in `seq` order rebuilds the table's state."""

    # no index of its own: the unique (table, seq) leads with it, and a move is one index write fewer
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="moves", db_index=False)
    seq = models.PositiveIntegerField(help_text="1, 2, 3, ...; equal to the table's version after this move.")
    seat = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="moves")
    payload = models.JSONField()
    auto = models.BooleanField(default=False, help_text="Played by the clock (the engine's timeout move).")
    # what the engine declared of the move (engine.play_move): the move as others know it and all that followed,
    # each event with its audience; viewers are served games.core.events.visible(events, seat), never the payload
    events = models.JSONField(default=list, db_default=[], blank=True)
    # the engine declared the move secret (games.core.events.is_secret): others learn only that the seat acted
    hidden = models.BooleanField(default=False)
    # the engine's secret step was still open after this move (engine.secret_step): the other seats saw nothing new
    step_open = models.BooleanField(default=False)
    at = models.DateTimeField()
    idempotency_key = models.CharField(max_length=100, blank=True, help_text="Empty when the client sent none.")
    # what move_submit returned, so that a retry with the same key gets the same answer
    result = models.JSONField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["table", "seq"], name="move_unique_table_seq"),
            models.UniqueConstraint(
                fields=["table", "player", "idempotency_key"],
                condition=~models.Q(idempotency_key=""),
                name="move_unique_idempotency_key",
            ),
        ]
        ordering = ["table", "seq"]

    def __str__(self) -> str:
        return f"{self.table} move {self.seq} (seat {self.seat})"


class LedgerEntry(models.Model):
    """One row of `engine.ledger`: a hand, deal or round with its deltas and running totals per seat."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="ledger_entries", db_index=False)
    index = models.PositiveIntegerField()
    row = models.JSONField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["table", "index"], name="ledger_unique_table_index")]
        ordering = ["table", "index"]
        verbose_name_plural = "ledger entries"

    def __str__(self) -> str:
        return f"{self.table} ledger {self.index}"


class Result(models.Model):
    """A seat's place and score in a finished table (from `engine.outcome`)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="results", db_index=False)
    seat = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="results")
    place = models.PositiveSmallIntegerField(help_text="1 is best; tied seats share a place.")
    score = models.IntegerField()
    # the outcome's other per-seat values (e.g. busted hand), kept for standings tiebreaks
    extra = models.JSONField(default=dict, blank=True)
    # the table's finished_at, kept with the result (written together, never changed): a player's latest tables are
    # read from the index below, a few rows, where sorting their tables by the table's own column read every one of
    # a long history's tables (bench/pages.py, "player profile": 5,000 tables, 23 ms)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["table", "seat"], name="result_unique_table_seat")]
        indexes = [models.Index(F("player"), F("finished_at").desc(), name="result_player_latest")]
        ordering = ["table", "place", "seat"]

    def __str__(self) -> str:
        return f"{self.table}: seat {self.seat} place {self.place}"


__all__ = ["LedgerEntry", "Move", "Result", "Seat", "Table"]
