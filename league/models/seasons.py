"""Seasons of a club's league: entrants, rounds and their byes, organizer rulings on tables, stored standings, and
per-game ratings with their history.

Every write goes through `league.services.seasons` and the modules beside it; Standing rows are only ever the stored
result of the last `standings_recompute`, which is a pure function of the season's results (docs/standings.md).
"""

from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games import GAME_NAMES
from league.models.clubs import Player
from league.models.competitions import Competition, competition_link
from league.models.entrants import Entrant


class Season(Competition):
    """A season of a club's league: one division of one edition, played in rounds."""

    # the statuses a season goes through (a season is drafted before it opens; archived once done with)
    Status = Competition.Status

    class Format(models.TextChoices):
        ROUND_ROBIN = "round_robin", _("round robin")
        DOUBLE_ROUND_ROBIN = "double_round_robin", _("double round robin")
        SWISS = "swiss", _("Swiss")
        MULTITABLE = "multitable", _("multi-table")

    class Partners(models.TextChoices):
        NONE = "none", _("no partners")
        FIXED = "fixed", _("fixed partnerships")  # an entrant is a team of two
        ROTATING = "rotating", _("rotating partners")  # entrants are players; partners change each round

    competition_ptr = competition_link("as_season")
    division_name = models.CharField(max_length=60, blank=True)
    previous = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="next_seasons")
    # match-format fields below are merged into the competition's table options
    format = models.CharField(max_length=24, choices=Format.choices, default=Format.ROUND_ROBIN)
    partners = models.CharField(max_length=12, choices=Partners.choices, default=Partners.NONE)
    rounds_planned = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Swiss and multi-table: how many rounds; round robins know their own."
    )
    table_min = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Multi-table: fewest seats.")
    table_max = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Multi-table: most seats.")
    # match format: chip matches (starting stack, hand limit), Coinche's race (target score); null = game default
    starting_stack = models.PositiveIntegerField(null=True, blank=True)
    hand_limit = models.PositiveIntegerField(null=True, blank=True)
    target_score = models.PositiveIntegerField(null=True, blank=True)
    # docs/fairness.md: with a window, a round's tables wait this long for the seats' own entropy before the deal
    entropy_window_minutes = models.PositiveIntegerField(
        default=0, help_text="Minutes the seats may add their own entropy before the first deal; 0 deals at once."
    )
    points_table = models.JSONField(default=dict, blank=True, help_text="See docs/standings.md.")
    tiebreaks = models.JSONField(default=list, blank=True)
    promote_count = models.PositiveSmallIntegerField(default=0)
    relegate_count = models.PositiveSmallIntegerField(default=0)
    # start the next round as soon as the last table of a round is done
    auto_advance = models.BooleanField(default=False)
    round_interval_days = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Scheduled rounds: days between round starts."
    )
    starts_on = models.DateField(null=True, blank=True)
    ends_on = models.DateField(null=True, blank=True)
    # seeds the pairing searches and the draw of lots; never shown while the season runs
    seed = models.CharField(max_length=64)

    class Meta:
        ordering = ["club", "league", "-edition", "division_level"]

    def __str__(self) -> str:
        division = f" / {self.division_name}" if self.division_name else ""
        return f"{self.name}{division}"


class Round(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("pending")
        RUNNING = "running", _("running")
        FINISHED = "finished", _("finished")

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.PENDING, db_index=True)
    starts_at = models.DateTimeField(null=True, blank=True, db_index=True, help_text="Scheduled start, if any.")
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # the tables paired but not opened yet (player ids in seat order): a big round opens in short transactions
    # (league.services.rounds.round_tables_open), and a round is not closed while any is left
    seatings = models.JSONField(default=list, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["season", "number"], name="round_unique_season_number")]
        ordering = ["season", "number"]

    def __str__(self) -> str:
        # read by people on the pages and in the admin: in the reader's language
        return gettext("%(season)s, round %(number)s") % {"season": self.season, "number": self.number}


class RoundRobinPairs(models.Model):
    """One round of the round robin fixed at a season's start: its pairs of entrant ids (second None: a bye).

    A row per round rather than one list on the season: a 400-entrant round robin is 399 rounds of 200 pairs,
    about 1 MB of JSON that every read of the season row decoded (0.1 s each, 200 times in one season start)."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="round_robin")
    number = models.PositiveSmallIntegerField()
    pairs = models.JSONField(default=list)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["season", "number"], name="round_robin_unique_number")]
        ordering = ["season", "number"]

    def __str__(self) -> str:
        return f"{self.season} round robin {self.number}"


class Bye(models.Model):
    """An entrant who sits a round out (odd count, a table size that does not divide, or a withdrawn opponent)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="byes")
    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="byes")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["round", "entrant"], name="bye_unique_round_entrant")]
        ordering = ["round", "entrant"]

    def __str__(self) -> str:
        return f"bye for {self.entrant} in {self.round}"


class TableRuling(models.Model):
    """An organizer's decision on a season table: annulled (counts for nothing) or forfeited by some entrants."""

    class Kind(models.TextChoices):
        ANNULLED = "annulled", _("annulled")
        FORFEIT = "forfeit", _("forfeit")

    table = models.OneToOneField("league.Table", on_delete=models.CASCADE, related_name="ruling")
    kind = models.CharField(max_length=12, choices=Kind.choices)
    forfeiting = models.ManyToManyField(Entrant, blank=True, related_name="forfeits")
    reason = models.CharField(max_length=200, blank=True)
    by = models.ForeignKey(Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    at = models.DateTimeField()

    class Meta:
        ordering = ["-at"]

    def __str__(self) -> str:
        return f"{self.table}: {self.kind}"


class Standing(models.Model):
    """One row of a season's standings as last computed; the rank is unique (ties end in the draw of lots)."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="standings")
    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="standings")
    rank = models.PositiveIntegerField()
    points = models.DecimalField(max_digits=10, decimal_places=3)
    played = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    byes = models.PositiveIntegerField(default=0)
    # every tiebreak of the season by name: exact value as "p/q" text, or null where it does not apply
    tiebreaks = models.JSONField(default=dict, blank=True)
    lot = models.PositiveIntegerField()
    computed_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["season", "entrant"], name="standing_unique_season_entrant"),
            # checked at the end of each statement, not row by row: the incremental update moves ranks round in
            # one UPDATE (a row may take the rank another leaves in the same statement)
            models.UniqueConstraint(
                fields=["season", "rank"], name="standing_unique_season_rank", deferrable=models.Deferrable.IMMEDIATE
            ),
        ]
        ordering = ["season", "rank"]

    def __str__(self) -> str:
        return f"{self.season}: {self.rank}. {self.entrant}"


class Rating(models.Model):
    """A player's openskill rating in one game (BradleyTerryFull; see league/ratings.py)."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings")
    game = models.CharField(max_length=32, choices=[(name, name) for name in GAME_NAMES])
    mu = models.FloatField()
    sigma = models.FloatField()
    # mu - 3 sigma, stored so that a leaderboard is one indexed query
    ordinal = models.FloatField(db_index=True)
    games = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["player", "game"], name="rating_unique_player_game")]
        # a leaderboard: the game's ratings best first, walked until the page is full (selectors.seasons.leaderboard)
        indexes = [models.Index(fields=["game", "-ordinal", "player"], name="rating_game_best")]
        ordering = ["game", "-ordinal"]

    def __str__(self) -> str:
        return f"{self.player} in {self.game}: {self.ordinal:.1f}"


class RatingEvent(models.Model):
    """One rated table's or one competition's change to one player's rating; replaying them in order rebuilds the
    Rating rows. A competition rated whole is rated once, by its final places: a poker tournament, whose hands are
    short tables that players move between, and a hand is not a game (league.services.ratings). The other formats
    are rated table by table."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="rating_events")
    game = models.CharField(max_length=32, choices=[(name, name) for name in GAME_NAMES])
    # what was rated: a table, or a competition by its final places (exactly one of the two)
    table = models.ForeignKey(
        "league.Table", null=True, blank=True, on_delete=models.CASCADE, related_name="rating_events"
    )
    competition = models.ForeignKey(
        "league.Competition", null=True, blank=True, on_delete=models.CASCADE, related_name="rating_events"
    )
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["table", "player"], name="ratingevent_unique_table_player"),
            models.UniqueConstraint(fields=["competition", "player"], name="ratingevent_unique_competition_player"),
            models.CheckConstraint(
                condition=models.Q(table__isnull=False, competition__isnull=True)
                | models.Q(table__isnull=True, competition__isnull=False),
                name="ratingevent_table_or_competition",
            ),
        ]
        ordering = ["game", "at", "id"]

    def __str__(self) -> str:
        rated = self.table if self.table_id is not None else self.competition
        return f"{self.player} {self.mu_before:.1f} -> {self.mu_after:.1f} at {rated}"


__all__ = [
    "Bye",
    "Rating",
    "RatingEvent",
    "Round",
    "RoundRobinPairs",
    "Season",
    "Standing",
    "TableRuling",
]
