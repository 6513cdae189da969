"""Small reads the API needs that no selector offers yet: one object by id, or NotFound in the one error format."""

from django.db.models import F, QuerySet

from league.errors import BadOptions, NotFound
from league.models import Club, Entrant, Membership, Player, Season, Seat, Table


def club_get(*, club_id: int, field: str = "club_id") -> Club:
    try:
        return Club.objects.get(pk=club_id)
    except Club.DoesNotExist:
        raise NotFound("No such club.", field=field) from None


def club_list() -> QuerySet[Club]:
    return Club.objects.order_by("name", "id")


def club_memberships(*, club: Club) -> QuerySet[Membership]:
    return Membership.objects.filter(club=club).select_related("player").order_by("role", "player__display_name")


def club_role_of(*, club: Club, player: Player | None) -> str | None:
    """The player's role in the club ("organizer" or "member"), or None."""
    if player is None:
        return None
    return Membership.objects.filter(club=club, player=player).values_list("role", flat=True).first()


def player_get(*, player_id: int, field: str = "player_id") -> Player:
    try:
        return Player.objects.select_related("user").get(pk=player_id)
    except Player.DoesNotExist:
        raise NotFound("No such player.", field=field) from None


def table_get(*, table_id: int) -> Table:
    try:
        return Table.objects.select_related("club").get(pk=table_id)
    except Table.DoesNotExist:
        raise NotFound("No such table.", field="table_id") from None


def seat_of(*, table: Table, player: Player | None) -> int | None:
    if player is None:
        return None
    return Seat.objects.filter(table=table, player=player).values_list("index", flat=True).first()


def with_your_seat(tables: QuerySet[Table]) -> QuerySet[Table]:
    """Tables filtered on the caller's seats (as `tables_waiting_for` does), annotated with that seat's index."""
    # the annotation reuses the join the filter made, so it is the caller's seat, not any seat
    return tables.annotate(your_seat=F("seats__index"))


def club_tables(*, club: Club) -> QuerySet[Table]:
    return Table.objects.filter(club=club).select_related("club").order_by("-created_at", "-id")


def club_members_in_order(*, club: Club, player_ids: list[int]) -> list[Player]:
    """The players with these ids, in the order given; each must be a member of the club."""
    found = {p.pk: p for p in Player.objects.filter(pk__in=player_ids, memberships__club=club)}
    for index, player_id in enumerate(player_ids):
        if player_id not in found:
            raise BadOptions(
                f"Player {player_id} is not a member of this club.", code="not_a_member", field=f"players.{index}"
            )
    return [found[player_id] for player_id in player_ids]


def season_get(*, season_id: int) -> Season:
    try:
        return Season.objects.select_related("club").get(pk=season_id)
    except Season.DoesNotExist:
        raise NotFound("No such season.", field="season_id") from None


def club_seasons(*, club: Club) -> QuerySet[Season]:
    return Season.objects.filter(club=club).select_related("club").order_by("league", "-edition", "division_level")


def season_entrants(*, season: Season) -> QuerySet[Entrant]:
    return Entrant.objects.filter(season=season).select_related("player", "partner").order_by("seed_rank", "id")


def entrant_get(*, season: Season, entrant_id: int) -> Entrant:
    try:
        return Entrant.objects.select_related("player", "partner").get(pk=entrant_id, season=season)
    except Entrant.DoesNotExist:
        raise NotFound("No such entrant in this season.", field="entrant_id") from None


def table_entrants(*, table: Table, entrant_ids: list[int]) -> list[Entrant]:
    """Entrants of the table's season by id, in the order given."""
    found = {e.pk: e for e in Entrant.objects.filter(pk__in=entrant_ids, season__rounds__tables=table)}
    for index, entrant_id in enumerate(entrant_ids):
        if entrant_id not in found:
            raise BadOptions(
                f"Entrant {entrant_id} is not in this table's season.", code="not_an_entrant", field=f"entrants.{index}"
            )
    return [found[entrant_id] for entrant_id in entrant_ids]
