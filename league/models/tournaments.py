"""Bracket tournaments (issue 22): single and double elimination, multiplayer elimination, two stages.

A tournament's bracket is the pure state of `league.tournaments`. An elimination bracket's matches (single, double,
a two-stage tournament's playoff) are rows, `TournamentMatch`, each the match as the pure code shapes it, and
`Tournament.state` holds the rest of the state (its *header*: entrants in seed order, options, the withdrawn, the
group stage behind a playoff): a table's end reads and writes the few matches it reaches, not a state that grows
with the field. A multiplayer elimination and a group stage keep their whole state in `Tournament.state`.
`league.selectors.bracket_states.tournament_state` gives the whole state, as one document, to whoever reads it.
The league keeps around it who entered (`Entrant`, as every competition's, whose id is the entrant's id inside the
state) and which league tables play which match (`TournamentTable`: a best-of-N match has several). Every write goes
through `league.services.tournaments`.
"""

from django.db import models

from league.models.competitions import Competition, competition_link
from league.models.seasons import Season


class Tournament(Competition):
    class Format(models.TextChoices):
        SINGLE_ELIM = "single_elim", "single elimination"
        DOUBLE_ELIM = "double_elim", "double elimination"
        MULTI_ELIM = "multi_elim", "multiplayer elimination"
        TWO_STAGE = "two_stage", "two stages"

    class Seeding(models.TextChoices):
        RATING = "rating", "by rating"
        STANDINGS = "standings", "by a season's standings"
        ENTERED = "entered", "in the order entered"
        LOT = "lot", "by lot"

    class Playoff(models.TextChoices):
        SINGLE_ELIM = "single_elim", "single elimination"
        DOUBLE_ELIM = "double_elim", "double elimination"

    # a tournament opens for registration at once (no draft)
    Status = Competition.Status

    competition_ptr = competition_link("as_tournament")
    format = models.CharField(max_length=16, choices=Format.choices)
    seeding = models.CharField(max_length=16, choices=Seeding.choices, default=Seeding.RATING)
    # the season whose standings seed the bracket (seeding by standings), or the first stage of a two-stage event
    season = models.ForeignKey(Season, null=True, blank=True, on_delete=models.PROTECT, related_name="tournaments")
    best_of = models.PositiveSmallIntegerField(default=1)
    third_place = models.BooleanField(default=False)
    grand_final_reset = models.BooleanField(default=True)
    # multiplayer elimination: how many of each table go through (null: half, T-R10)
    advance = models.PositiveSmallIntegerField(null=True, blank=True)
    # two stages: how many of the first stage's standings enter the playoff (with groups: of each group), and its kind
    stage_top = models.PositiveSmallIntegerField(null=True, blank=True)
    # two stages with groups as the first stage (T-R11): how many groups the field is drawn into (null: a season)
    groups = models.PositiveSmallIntegerField(null=True, blank=True)
    playoff = models.CharField(max_length=16, choices=Playoff.choices, default=Playoff.SINGLE_ELIM)
    # points by place, place 1 first (T-R18); empty: no points
    points = models.JSONField(default=list, blank=True)
    # the seed of a draw by lot (T-D1): its commitment is shown from creation, the seed itself once the draw is made
    draw_seed = models.CharField(max_length=64, blank=True)
    # the whole state, or an elimination bracket's header (its matches are `TournamentMatch` rows)
    state = models.JSONField(default=dict, blank=True)
    # counts the writes of the state, header or matches (league.services.tournaments, their one writer): a process
    # holding the parsed state of this version need not read and parse it again (league.selectors.bracket_states)
    state_version = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["-created_at", "-id"]


class TournamentMatch(models.Model):
    """One match of an elimination bracket: the match as `league.tournaments.bracket` shapes it (`data`), with what
    the league looks it up by beside it."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="matches")
    # the match's id in the bracket ("W1.3", "L2.1", "GF.1", "P3.1")
    match = models.CharField(max_length=16)
    # its place in the state's list of matches (the sources of a match come before it)
    position = models.PositiveIntegerField()
    round = models.PositiveSmallIntegerField()
    # data["decided"] ("": not yet), for the reads of the matches still to decide (the current round, the end)
    decided = models.CharField(max_length=16, blank=True, default="")
    # the matches its winner and its loser go to ("": nowhere), so that a result reads the few matches it reaches
    winner_to = models.CharField(max_length=16, blank=True, default="")
    loser_to = models.CharField(max_length=16, blank=True, default="")
    data = models.JSONField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["tournament", "match"], name="tournament_match_unique_id"),
            models.UniqueConstraint(fields=["tournament", "position"], name="tournament_match_unique_position"),
        ]
        indexes = [
            models.Index(fields=["tournament", "winner_to"], name="tournament_match_winner_to"),
            models.Index(fields=["tournament", "loser_to"], name="tournament_match_loser_to"),
            models.Index(
                fields=["tournament", "round"], condition=models.Q(decided=""), name="tournament_match_undecided"
            ),
        ]
        ordering = ["tournament_id", "position"]

    def __str__(self) -> str:
        return f"{self.tournament} {self.match}"


class TournamentTable(models.Model):
    """A league table that plays one match of a tournament (a best of N has one per table)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="tables")
    table = models.OneToOneField("league.Table", on_delete=models.PROTECT, related_name="tournament_link")
    # the match's id in the state ("W1.3", "L2.1", "GF.1"; "R2.3" for table 3 of round 2 of multiplayer elimination)
    match = models.CharField(max_length=16)
    number = models.PositiveSmallIntegerField(default=1)
    # its result has reached the bracket (the refresh after a table may run twice)
    recorded = models.BooleanField(default=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["tournament", "match", "number"], name="tournament_table_unique_number"),
        ]
        ordering = ["tournament", "id"]

    def __str__(self) -> str:
        return f"{self.tournament} {self.match} table {self.number}"


__all__ = ["Tournament", "TournamentMatch", "TournamentTable"]
