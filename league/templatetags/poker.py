"""The club page's list of poker tournaments, read where the page shows it (its view stays as it is)."""

from django import template
from django.db.models import QuerySet

from league.models import Club, PokerTournament
from league.selectors.poker_tournaments import club_poker_tournaments

register = template.Library()


@register.simple_tag
def poker_tournaments_of(club: Club) -> QuerySet[PokerTournament]:
    return club_poker_tournaments(club=club)
