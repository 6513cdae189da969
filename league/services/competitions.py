"""One surface for the three formats of a competition: a season, a bracket tournament and a poker tournament are
entered, left, started and ruled against through these functions, whatever the format.

Each function finds the competition's format in `FORMATS` (one registry, by the competition's model) and calls that
format's own service; nothing here branches on a format or a game by name. The three formats are one competition
model (`Competition`, with a child model per format, and one `Entrant` for all, issue 36), and each keeps its own
service: what a client sees, the API's and the pages' calls, goes through here, so that what is behind this module
can change without changing a client.

The same situation is refused the same way in every format: entering twice (`already_entered`, 400), entering one
that has started (`wrong_status`, 409), someone outside the club (`not_member`, 400), leaving without an entry
(`not_found` on `player`, 404).
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from django.db.models import Q
from django.utils.translation import gettext as _

from league.errors import InvalidValue, NotFound
from league.models import Entrant, Player, PokerEntrant, PokerTournament, Season, Table, Tournament
from league.services.locks import season_lock
from league.services.poker_tournaments import (
    poker_entrants_add,
    poker_seat_forfeit,
    poker_tournament_lock,
    poker_tournament_register,
    poker_tournament_start,
    poker_tournament_withdraw,
)
from league.services.rounds import entrant_withdraw, forfeit_award, season_start
from league.services.seasons import entrant_leave_self, entrant_register, entrant_register_self
from league.services.tournaments import (
    tournament_lock,
    tournament_match_forfeit,
    tournament_register,
    tournament_start,
    tournament_withdraw,
)

Competition = Season | Tournament | PokerTournament
C = TypeVar("C", bound=Season | Tournament | PokerTournament)


@dataclass(frozen=True)
class Format(Generic[C]):
    """What one format does for each action of the surface; every function takes the competition first, then the
    player, then the rest as the facade's functions name them."""

    lock: Callable[[int], C]
    # (competition, player, by, partner): `by` is None for the player themself
    enter: Callable[[C, Player, Player | None, Player | None], Entrant]
    leave: Callable[[C, Player, Player | None], None]
    start: Callable[[C, Player], C]
    # (competition, player, by, reason, match): without a match the player is out of the competition
    forfeit: Callable[[C, Player, Player, str, str | None], object]


def _by_other(player: Player, by: Player | None) -> Player | None:
    """The organizer acting for someone else; None when the player acts for themself."""
    return by if by is not None and by.pk != player.pk else None


# --- seasons ---------------------------------------------------------------------------------------------------------


def _season_enter(season: Season, player: Player, by: Player | None, partner: Player | None) -> Entrant:
    organizer = _by_other(player, by)
    if organizer is None and partner is None:
        return entrant_register_self(season=season, player=player)
    return entrant_register(season=season, by=by or player, player=player, partner=partner)


def _season_entrant(season: Season, player: Player) -> Entrant:
    entrant = Entrant.objects.filter(competition=season).filter(Q(player=player) | Q(partner=player)).first()
    if entrant is None:
        raise NotFound(_("This player is not entered."), field="player")
    return entrant


def _season_leave(season: Season, player: Player, by: Player | None) -> None:
    organizer = _by_other(player, by)
    if organizer is None:
        entrant_leave_self(season=season, player=player)
    else:
        entrant_withdraw(season=season, by=organizer, entrant=_season_entrant(season, player))


def _season_start(season: Season, by: Player) -> Season:
    return season_start(season=season, by=by)


def _season_forfeit(season: Season, player: Player, by: Player, reason: str, match: str | None) -> object:
    entrant = _season_entrant(season, player)
    if match is None:
        return entrant_withdraw(season=season, by=by, entrant=entrant, reason=reason)
    # a season's match is one of its tables
    table = Table.objects.filter(pk=int(match) if match.isdigit() else 0, round__season=season).first()
    if table is None:
        raise NotFound(_("No such match."), field="match")
    return forfeit_award(table=table, by=by, forfeiting=[entrant], reason=reason)


# --- bracket tournaments ---------------------------------------------------------------------------------------------


def _bracket_enter(tournament: Tournament, player: Player, by: Player | None, partner: Player | None) -> Entrant:
    return tournament_register(tournament=tournament, player=player, partner=partner, by=by)


def _bracket_leave(tournament: Tournament, player: Player, by: Player | None) -> None:
    tournament_withdraw(tournament=tournament, player=player, by=by or player)


def _bracket_start(tournament: Tournament, by: Player) -> Tournament:
    return tournament_start(tournament=tournament, by=by)


def _bracket_forfeit(tournament: Tournament, player: Player, by: Player, reason: str, match: str | None) -> object:
    if match is None:
        # T-D4: out of the bracket, the match in play or waiting forfeited and every later one a bye
        return tournament_withdraw(tournament=tournament, player=player, by=by)
    return tournament_match_forfeit(tournament=tournament, match=match, player=player, by=by, reason=reason)


# --- poker tournaments -----------------------------------------------------------------------------------------------


def _poker_enter(
    tournament: PokerTournament, player: Player, by: Player | None, partner: Player | None
) -> PokerEntrant:
    if partner is not None:
        raise InvalidValue(_("This game has no partners."), code="no_partners", field="partner")
    organizer = _by_other(player, by)
    if organizer is None:
        return poker_tournament_register(tournament=tournament, player=player)
    return poker_entrants_add(tournament=tournament, by=organizer, players=[player])[0]


def _poker_leave(tournament: PokerTournament, player: Player, by: Player | None) -> None:
    poker_tournament_withdraw(tournament=tournament, player=player, by=by)


def _poker_start(tournament: PokerTournament, by: Player) -> PokerTournament:
    return poker_tournament_start(tournament=tournament, by=by)


def _poker_forfeit(tournament: PokerTournament, player: Player, by: Player, reason: str, match: str | None) -> object:
    if match is not None:
        raise InvalidValue(_("A poker tournament's forfeit is the seat's: name no match."), field="match")
    return poker_seat_forfeit(tournament=tournament, player=player, by=by, reason=reason)


FORMATS: dict[type, Format[Any]] = {
    Season: Format(
        lock=season_lock, enter=_season_enter, leave=_season_leave, start=_season_start, forfeit=_season_forfeit
    ),
    Tournament: Format(
        lock=tournament_lock, enter=_bracket_enter, leave=_bracket_leave, start=_bracket_start, forfeit=_bracket_forfeit
    ),
    PokerTournament: Format(
        lock=poker_tournament_lock, enter=_poker_enter, leave=_poker_leave, start=_poker_start, forfeit=_poker_forfeit
    ),
}


def format_of(competition: Competition) -> Format[Any]:
    """The competition's format, by its model."""
    return FORMATS[type(competition)]


# --- the surface -----------------------------------------------------------------------------------------------------


def competition_lock(*, competition: C) -> C:
    """The competition's row, locked for one step of a write (the first lock of the order, league.services.locks)."""
    locked: C = format_of(competition).lock(competition.pk)
    return locked


def competition_enter(
    *, competition: Competition, player: Player, by: Player | None = None, partner: Player | None = None
) -> Entrant:
    """Enter a member before the start: themself, or by an organizer (`by`), who also enters a team of two
    (`partner`) in a game played by teams."""
    entrant: Entrant = format_of(competition).enter(competition, player, by, partner)
    return entrant


def competition_leave(*, competition: Competition, player: Player, by: Player | None = None) -> None:
    """Take an entry back: the player themself, or an organizer (`by`). Before the start the entry is removed; after
    it, as the format rules (a bracket's T-D4 withdrawal; a season's and a poker tournament's seat is left by an
    organizer's ruling, `competition_forfeit`)."""
    format_of(competition).leave(competition, player, by)


def competition_start(*, competition: C, by: Player) -> C:
    """Close the entries and open the first tables (organizers only)."""
    started: C = format_of(competition).start(competition, by)
    return started


def competition_forfeit(
    *, competition: Competition, player: Player, by: Player, reason: str = "", match: str | None = None
) -> None:
    """An organizer's ruling against a player: with `match`, they lose that match (a bracket's match id, a season's
    table id); without, they are out of the competition, their tables in play forfeited (a poker tournament's seat,
    T-D8; a bracket's withdrawal, T-D4; a season's withdrawal)."""
    format_of(competition).forfeit(competition, player, by, reason, match)
