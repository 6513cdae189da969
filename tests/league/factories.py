"""Factories for the league's models; tables are opened through the service, as in production."""

from typing import Any

import factory
from django.contrib.auth import get_user_model

from league.models import Club, Membership, Player, Table, Tournament
from league.selectors.bracket_states import tournament_state_read
from league.services.tables import seat_rated_agree, table_create


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"user{n}")
    # unusable: hashing a real password costs most of a second; tests that need a login use force_login
    password = "!"


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    user = factory.SubFactory(UserFactory)
    display_name = factory.LazyAttribute(lambda player: player.user.username.title())


class ClubFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Club

    name = factory.Sequence(lambda n: f"Club {n}")
    slug = factory.Sequence(lambda n: f"club-{n}")


class MembershipFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Membership

    club = factory.SubFactory(ClubFactory)
    player = factory.SubFactory(PlayerFactory)
    role = Membership.Role.MEMBER


class TournamentFactory(factory.django.DjangoModelFactory):
    """A bracket tournament's row as the lists read it (no bracket: for the lists' own tests)."""

    class Meta:
        model = Tournament

    club = factory.SubFactory(ClubFactory)
    name = factory.Sequence(lambda n: f"Cup {n}")
    game = "palace-infighting"
    format = Tournament.Format.SINGLE_ELIM


def table_for(
    game: str,
    *,
    players: int | list[Player] = 2,
    options: dict[str, Any] | None = None,
    seed: str = "test-seed",
    club: Club | None = None,
    **kwargs: Any,
) -> Table:
    """A table of `game` opened by the service, with new players unless a list is given."""
    seated = players if isinstance(players, list) else PlayerFactory.create_batch(players)
    return table_create(club=club or ClubFactory(), game=game, players=seated, options=options, seed=seed, **kwargs)


def rated_table_for(game: str, **kwargs: Any) -> Table:
    """A friendly table that counts for ratings: opened `rated`, every seat agreeing before the first move."""
    table = table_for(game, rated=True, **kwargs)
    for seat in table.seats.select_related("player"):
        seat_rated_agree(table_id=table.pk, player=seat.player)
    return table


def state_of(tournament: Tournament) -> dict[str, Any]:
    """The tournament's whole state as stored now, as the pages read it (an elimination bracket's matches are rows
    beside `Tournament.state`)."""
    return tournament_state_read(tournament_id=tournament.pk)[0]
