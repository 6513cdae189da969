"""Reads of tables that pages and the API share: one player's view of a table, and "your turn" across tables.

Nothing here returns the seed, the raw state, or a move payload the viewer may not see (docs/architecture.md,
"What a viewer sees").
"""

from typing import Any

from django.db.models import F, QuerySet

from games.core.events import Event, visible
from league.engines import engine_for
from league.errors import NotFound
from league.models import Membership, Player, Result, Seat, Table
from league.selectors.move_history import table_moves
from league.sql.tables import table_for_player
from league.story import event_lines


def table_view_for(*, table: Table, player: Player | None, log_limit: int | None = None) -> dict[str, Any]:
    """The table as `player` may see it: their seat's engine view (a spectator's when not seated), the seats, the
    clock, the public move log and, once finished, the results."""
    engine = engine_for(table.game)
    seats = list(Seat.objects.filter(table=table).select_related("player").order_by("index"))
    seat = next((s.index for s in seats if player is not None and s.player_id == player.pk), None)
    active = table.status == Table.Status.ACTIVE
    to_act = engine.to_act(table.state) if active else []
    view: dict[str, Any] = {
        "id": table.pk,
        "game": table.game,
        "club": {"id": table.club_id, "name": table.club.name, "slug": table.club.slug},
        "status": table.status,
        "version": table.version,
        "deadline": table.deadline,
        "time_per_move": table.time_per_move,
        "options": table.options,
        "created_at": table.created_at,
        "finished_at": table.finished_at,
        "seat": seat,
        "to_act": to_act,
        "your_turn": seat is not None and seat in to_act,
        "legal_moves": engine.legal_moves(table.state, seat) if seat is not None and seat in to_act else [],
        # a table still seeding has no state yet (docs/fairness.md)
        "state": engine.view(table.state, seat) if table.status != Table.Status.SEEDING else {},
        "seats": [
            {
                "index": s.index,
                "player_id": s.player_id,
                "display_name": s.player.display_name,
                "is_bot": s.player.is_bot,
                "to_act": s.index in to_act,
            }
            for s in seats
        ],
        "opening_events": opening_events_for(table=table, seat=seat),
        "moves": move_log_for(
            table=table, seat=seat, limit=log_limit, names={s.index: s.player.display_name for s in seats}
        ),
        "moves_total": table.version,
        "results": [],
    }
    if table.status == Table.Status.FINISHED:
        view["results"] = [
            {"seat": r.seat, "place": r.place, "score": r.score, "extra": r.extra}
            for r in Result.objects.filter(table=table).order_by("seat")
        ]
    if table.status == Table.Status.ANNULLED:
        view["annul_reason"] = table.annul_reason
    return view


def seat_choices_for(*, table: Table, seat: int | None) -> dict[str, Any] | None:
    """How the seat chooses its move at the card table (`engine.choices`: its hand in the game's order, which
    legal moves take cards from it and why the others are refused, a box of calls, bet presets); None for a
    spectator or a table not dealt yet."""
    if seat is None or table.status == Table.Status.SEEDING:
        return None
    return engine_for(table.game).choices(table.state, seat)


def table_get(*, table_id: int) -> Table:
    try:
        return Table.objects.select_related("club").get(pk=table_id)
    except Table.DoesNotExist:
        raise NotFound("No such table.", field="table_id") from None


def seat_of(*, table: Table, player: Player | None) -> int | None:
    """The player's seat at the table, or None (a spectator)."""
    if player is None:
        return None
    return Seat.objects.filter(table=table, player=player).values_list("index", flat=True).first()


def legal_moves_for(*, table_id: int, player: Player | None) -> dict[str, Any]:
    """What a client needs to choose its move (the version, its seat, whether it is to act and its legal moves) in
    one plain query, without the rest of the table's view: this read comes before every move (league/sql/ says
    why the hot path skips the query compiler)."""
    table = table_for_player(table_id, player.pk if player is not None else None)
    if table is None:
        raise NotFound("No such table.", field="table_id")
    seat: int | None = table.your_seat  # type: ignore[attr-defined]  # the named query's extra column
    legal: list[dict[str, Any]] | None = None  # None: not this seat's turn
    if seat is not None and table.status == Table.Status.ACTIVE:
        engine = engine_for(table.game)
        if seat in engine.to_act(table.state):
            legal = engine.legal_moves(table.state, seat)
    return {
        "table_id": table.pk,
        "version": table.version,
        "seat": seat,
        "your_turn": legal is not None,
        "legal_moves": legal or [],
    }


def move_events_for(*, events: Any, seat: int | None) -> list[Event]:
    """What `seat` (None: anyone else) may see of a move's events, as its engine declared them; a stored value that
    is not a list of events (a hand-edited row) shows nothing rather than failing the page."""
    if not isinstance(events, list):
        return []
    return visible([event for event in events if isinstance(event, dict)], seat)


def move_log_for(
    *, table: Table, seat: int | None, limit: int | None = None, names: dict[int, str] | None = None
) -> list[dict[str, Any]]:
    """The move log as `seat` may see it: every move's seat, time and the events the engine declared visible to that
    seat (a bid with its points, a card played, "a card discarded" without the card), in words as well; the
    whole payload only to the move's own seat."""
    engine = engine_for(table.game)
    sentences = engine.event_types()
    moves = table_moves(table=table, last=limit, with_players=True)
    names = names if names is not None else seat_names(table=table)
    log = []
    for move in moves:
        events = move_events_for(events=move.events, seat=seat)
        entry: dict[str, Any] = {
            "seq": move.seq,
            "seat": move.seat,
            "display_name": move.player.display_name,
            "auto": move.auto,
            "hidden": move.hidden,
            "at": move.at,
            "type": kind if isinstance(kind := events[0].get("type") if events else None, str) else None,
            "events": events,
            "story": [
                {"type": line.type, "text": line.text, "items": line.items}
                for line in event_lines(events, sentences=sentences, names=names)
            ],
        }
        if seat is not None and move.seat == seat and isinstance(move.payload, dict):
            entry["payload"] = move.payload
        log.append(entry)
    return log


def opening_events_for(*, table: Table, seat: int | None) -> list[Event]:
    """The events of the table's first deal that `seat` may see."""
    return move_events_for(events=table.opening_events, seat=seat)


def seat_names(*, table: Table) -> dict[int, str]:
    return dict(Seat.objects.filter(table=table).values_list("index", "player__display_name"))


def tables_waiting_for(*, player: Player) -> QuerySet[Table]:
    """Tables in play where the player is to act, the most urgent first."""
    return (
        Table.objects.filter(status=Table.Status.ACTIVE, seats__player=player, seats__to_act=True)
        .select_related("club")
        .order_by(F("deadline").asc(nulls_last=True), "id")
    )


def with_your_seat(tables: QuerySet[Table]) -> QuerySet[Table]:
    """Tables filtered on the caller's seats (as `tables_waiting_for` does), annotated with that seat's index."""
    # the annotation reuses the join the filter made, so it is the caller's seat, not any seat
    return tables.annotate(your_seat=F("seats__index"))


def tables_sweep_marked(*, user: Any) -> QuerySet[Table]:
    """The tables the clock sweep could not play (`Table.sweep_error`) that a staff user looks after, as the
    admin's table list shows them: every one for a superuser, else those of the clubs they organize."""
    marked = Table.objects.filter(status=Table.Status.ACTIVE, sweep_failed_at__isnull=False)
    if user.is_superuser:
        return marked
    if not user.is_authenticated:
        return marked.none()
    return marked.filter(
        club__memberships__player__user=user, club__memberships__role=Membership.Role.ORGANIZER
    ).distinct()
