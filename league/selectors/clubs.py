"""Reads of clubs and players that pages and the API share: a club and its members (one order everywhere), a
player by id, a club's tables."""

import re
from dataclasses import dataclass

from django.db.models import Q, QuerySet, Subquery

from league.errors import InvalidValue, NotFound
from league.models import Club, Invitation, JoinRequest, Membership, Player, Table


def club_get(*, club_id: int, field: str = "club_id") -> Club:
    try:
        return Club.objects.get(pk=club_id)
    except Club.DoesNotExist:
        raise NotFound("No such club.", field=field) from None


def club_list() -> QuerySet[Club]:
    return Club.objects.order_by("name", "id")


MEMBERS_PAGE = 100


@dataclass(frozen=True)
class MembersPage:
    memberships: list[Membership]  # with their player
    after: int  # the player the page follows (0: the first page)
    next_after: int | None


def club_members_page(*, club: Club, after: int = 0, size: int | None = None) -> MembersPage:
    """The club's members (organizers apart) by name, `size` at a time from the player `after` on: a keyset on the
    name and the player's id (the club page listed 10,000 members in 480 KiB, the members page in 900 KiB)."""
    size = size or MEMBERS_PAGE
    rows = Membership.objects.filter(club=club, role=Membership.Role.MEMBER).select_related("player")
    if after > 0:
        mark = Subquery(Player.objects.filter(pk=after).values("display_name")[:1])
        rows = rows.filter(Q(player__display_name__gt=mark) | Q(player__display_name=mark, player_id__gt=after))
    memberships = list(rows.order_by("player__display_name", "player_id")[: size + 1])
    more = len(memberships) > size
    memberships = memberships[:size]
    return MembersPage(
        memberships=memberships, after=max(0, after), next_after=memberships[-1].player_id if more else None
    )


def club_members_by_id(*, club: Club, after: int = 0, size: int | None = None) -> MembersPage:
    """Every member of the club (organizers too) by player id, `size` at a time from the player `after` on: a keyset
    that walks the (club, player) unique index, for the API, whose club detail listed 770 KiB of members inline."""
    size = size or MEMBERS_PAGE
    rows = Membership.objects.filter(club=club, player_id__gt=max(0, after)).select_related("player")
    memberships = list(rows.order_by("player_id")[: size + 1])
    more = len(memberships) > size
    memberships = memberships[:size]
    return MembersPage(
        memberships=memberships, after=max(0, after), next_after=memberships[-1].player_id if more else None
    )


def club_members_count(*, club: Club) -> int:
    return Membership.objects.filter(club=club).count()


def club_memberships(*, club: Club) -> QuerySet[Membership]:
    """The club's memberships by role, then by the player's name: the one order of a member list."""
    return (
        Membership.objects.filter(club=club)
        .select_related("player")
        .order_by("role", "player__display_name", "player_id")
    )


def club_role_of(*, club: Club, player: Player | None) -> str | None:
    """The player's role in the club ("organizer" or "member"), or None."""
    if player is None:
        return None
    return Membership.objects.filter(club=club, player=player).values_list("role", flat=True).first()


def is_organizer(*, club: Club, player: Player | None) -> bool:
    return club_role_of(club=club, player=player) == Membership.Role.ORGANIZER


def club_members_in_order(*, club: Club, player_ids: list[int]) -> list[Player]:
    """The players with these ids, in the order given; each must be a member of the club."""
    found = {p.pk: p for p in Player.objects.filter(pk__in=player_ids, memberships__club=club)}
    for index, player_id in enumerate(player_ids):
        if player_id not in found:
            raise InvalidValue(
                f"Player {player_id} is not a member of this club.", code="not_a_member", field=f"players.{index}"
            )
    return [found[player_id] for player_id in player_ids]


CLUB_TABLES_PAGE = 100


@dataclass(frozen=True)
class ClubTablesPage:
    tables: list[Table]
    next_before: int | None  # the `before` of the next page; None on the last


def club_tables(*, club: Club, before: int | None = None, size: int | None = None) -> ClubTablesPage:
    """The club's tables newest first, `size` at a time: those below the id `before` (a keyset on the primary key,
    which grows with the creation time; the whole list was 2 MB and 4 s at 13,000 tables)."""
    size = size or CLUB_TABLES_PAGE
    tables = Table.objects.filter(club=club).select_related("club").order_by("-id")
    if before is not None:
        tables = tables.filter(id__lt=before)
    rows = list(tables[: size + 1])
    more = len(rows) > size
    return ClubTablesPage(tables=rows[:size], next_before=rows[size - 1].pk if more else None)


def player_get(*, player_id: int, field: str = "player_id") -> Player:
    try:
        return Player.objects.select_related("user").get(pk=player_id)
    except Player.DoesNotExist:
        raise NotFound("No such player.", field=field) from None


def club_invitations_pending(*, club: Club) -> QuerySet[Invitation]:
    return Invitation.objects.filter(club=club, status=Invitation.Status.PENDING).select_related("club", "player")


def invitations_for(*, player: Player) -> QuerySet[Invitation]:
    """The invitations waiting for the player's answer."""
    return Invitation.objects.filter(player=player, status=Invitation.Status.PENDING).select_related("club", "player")


def invitation_for(*, code: str, player: Player) -> Invitation | None:
    """The player's invitation with this code, whatever its status; None for anyone else's."""
    return Invitation.objects.filter(code=code, player=player).select_related("club", "invited_by").first()


def club_join_requests_pending(*, club: Club) -> QuerySet[JoinRequest]:
    return JoinRequest.objects.filter(club=club, status=JoinRequest.Status.PENDING).select_related("club", "player")


def join_request_pending_of(*, club: Club, player: Player | None) -> JoinRequest | None:
    if player is None:
        return None
    return JoinRequest.objects.filter(club=club, player=player, status=JoinRequest.Status.PENDING).first()


@dataclass(frozen=True)
class NamesRead:
    """A pasted list of names read against a club's members: the members found, in the order given, and each name
    that names no member, or names two of them."""

    found: list[Player]
    unknown: list[str]
    ambiguous: list[str]


def names_split(text: str) -> list[str]:
    """The names of a pasted list: one a line, or separated by commas or semicolons; blanks and repeats dropped."""
    names: list[str] = []
    for name in re.split(r"[\n,;]+", text):
        name = name.strip()
        if name and name.casefold() not in {n.casefold() for n in names}:
            names.append(name)
    return names


def members_named(*, club: Club, names: list[str]) -> NamesRead:
    """The club's members a list of names points at: a name is a member's username or display name, whatever its
    case; a member named twice is found once."""
    members = list(Player.objects.filter(memberships__club=club).select_related("user"))
    found: list[Player] = []
    unknown: list[str] = []
    ambiguous: list[str] = []
    for name in names:
        wanted = name.casefold()
        matches = {p.pk: p for p in members if wanted in (p.user.username.casefold(), p.display_name.casefold())}
        if not matches:
            unknown.append(name)
        elif len(matches) > 1:
            ambiguous.append(name)
        elif (player := next(iter(matches.values()))) not in found:
            found.append(player)
    return NamesRead(found, unknown, ambiguous)
