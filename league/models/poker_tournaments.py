"""Poker-style tournaments (freezeouts) for The Court, Black Card and Mini Poker: the tournament, its entrants and
its hands (issue 22, the rules T-R13…T-R18 of `docs/formats.md`).

The freezeout itself is `league.tournaments.freezeout`, pure code over one JSON state that the tournament keeps
(`PokerTournament.state`); these rows are what the league shows and queries from it: each entrant's stack, table and
place, and each hand with the league `Table` that plays it (one engine match of one hand, started from the players'
stacks). Every write goes through `league.services.poker_tournaments`.
"""

from django.db import models

from league.models.clubs import Player
from league.models.competitions import Competition, competition_link
from league.models.entrants import Entrant
from league.models.tables import Table


class PokerTournament(Competition):
    Status = Competition.Status

    competition_ptr = competition_link("as_poker_tournament")
    starting_stack = models.PositiveIntegerField()
    table_size = models.PositiveSmallIntegerField(help_text="The most seats at a table (3 to the game's limit).")
    level_hands = models.PositiveIntegerField(help_text="T-D6: hands per table a level lasts, on average.")
    # T-R14: [{"ante": 10, "min_bet": 10}, ...], each level the engine's forced-bet options, never falling
    levels = models.JSONField()
    # T-R18: points or prizes by place, place 1 first (whole numbers or exact fractions as strings)
    points_table = models.JSONField(default=list, blank=True)
    # the freezeout's state (league.tournaments.freezeout); it holds the seed of the draws, so it is never shown
    # whole: pages and the API show the seating chart and the places made from it
    state = models.JSONField(default=dict, blank=True)
    # docs/fairness.md for the draws: SHA-256 of the seed, published at the start; the seed itself is shown once
    # the tournament is over, so that anyone can re-derive every draw of seats and tables (league.tournaments)
    seed_commitment = models.CharField(max_length=64, blank=True)
    winner = models.ForeignKey(Player, null=True, blank=True, on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["-created_at", "-id"]


class PokerEntrant(Entrant):
    """An entrant of a freezeout, with the chips and seat that the freezeout's state holds: its place (every
    entrant's) comes from the bust order (T-R17). The competition's options (the deal variant, the betting limit,
    ...) are the same at every hand; its rating moves once, by its final places (T-R18, league.services.ratings)."""

    entrant_ptr = models.OneToOneField(
        Entrant, on_delete=models.CASCADE, parent_link=True, primary_key=True, db_column="id", related_name="poker"
    )
    # mirrors of the freezeout's state after every hand: chips, the table and seat held (none once out)
    stack = models.PositiveIntegerField(default=0)
    table_number = models.PositiveSmallIntegerField(null=True, blank=True)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    # T-R17: the hand that busted them
    bust_hand = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["competition", "place", "id"]

    def __str__(self) -> str:
        return f"{self.player} in {self.competition}"


class PokerHand(models.Model):
    """One hand of the tournament: dealt at a tournament table, played as one league `Table` (one engine match of
    one hand from the players' stacks), closed with the stacks at its end and what followed (busts, moves, breaks,
    a new level)."""

    tournament = models.ForeignKey(PokerTournament, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveIntegerField(help_text="The tournament's hand number, 1, 2, 3 … in the order dealt.")
    table_number = models.PositiveSmallIntegerField(help_text="The tournament table it was dealt at.")
    level = models.PositiveSmallIntegerField()
    table = models.OneToOneField(Table, on_delete=models.PROTECT, related_name="poker_hand")
    # engine seat i is players[i], the button engine seat 0
    players = models.JSONField()
    stacks_start = models.JSONField()
    stacks_end = models.JSONField(null=True, blank=True)
    # the freezeout's events when the hand ended (league.tournaments.freezeout.hand_end)
    events = models.JSONField(default=list, blank=True)
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="poker_hand_unique_number"),
        ]
        ordering = ["tournament", "number"]

    def __str__(self) -> str:
        return f"{self.tournament} hand {self.number}"


__all__ = ["PokerEntrant", "PokerHand", "PokerTournament"]
