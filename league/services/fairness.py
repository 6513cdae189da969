"""Provably fair dealing (docs/fairness.md): the seats' entropy, the engine seed derived from it and the server seed
(the deal), the full verification of a table, and the exports anyone can check with `tools/verify_record.py`. The
commitment to the server seed is made as the table opens (`league.services.tables.table_create`); the scheme's pure
functions are `league.fairness`.

The engine seed is `engine_seed_derive(server_seed, entropy)`; every deck of deal n is then
`games.core.rng.shuffled(deck, seed=engine_seed, label="deal-n")`. The server seed stays secret (and so does the
engine seed, which deals every card) until the table is finished or annulled.

Once it has ended a table publishes its seeds, and of its play only what the rules make public for ever
(league.selectors.public_record): a fold's cards, a face-down discard and any other choice nobody saw stay secret
in the record, the history and the replay alike; the record still replays (tools/verify_record.py).
"""

import json
from collections.abc import Iterator
from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone

from games import IllegalMove
from games.core.protocol import Engine
from league.engines import engine_for
from league.errors import InvalidValue, NotFound, NotSeated, ServiceError, TableClosed
from league.fairness import ALGORITHM_VERSION, commitment_of, engine_seed_derive
from league.models import (
    EntropyContribution,
    Move,
    Player,
    Result,
    Round,
    Season,
    Seat,
    Standing,
    Table,
    TableFairness,
)
from league.selectors.move_history import table_ledger, table_moves
from league.selectors.public_record import published_moves
from league.selectors.tables import move_log_for, opening_events_for
from league.services.tables import table_start
from league.services.verification import table_verify
from league.spreadsheet import csv_text
from league.story import event_lines

RECORD_FORMAT = "cardleague-table-record"
MAX_ENTROPY_LENGTH = 128
REVEALED = (Table.Status.FINISHED, Table.Status.ANNULLED)


class NotRevealed(ServiceError):
    code = "not_revealed"
    status = 403
    default_message = "The seed and the hidden moves are published when the table ends."


def seed_revealed(table: Table) -> bool:
    return table.status in REVEALED


@transaction.atomic
def entropy_add(*, table_id: int, player: Player, entropy: object) -> EntropyContribution:
    """Add the player's entropy to the engine seed of a table still seeding; the last seat to answer deals."""
    if not isinstance(entropy, str) or not 0 < len(entropy) <= MAX_ENTROPY_LENGTH or not entropy.isprintable():
        raise InvalidValue(f"Entropy is 1 to {MAX_ENTROPY_LENGTH} printable characters.", field="entropy")
    return _contribute(table_id=table_id, player=player, entropy=entropy)


@transaction.atomic
def entropy_waive(*, table_id: int, player: Player) -> EntropyContribution:
    """Let the table be dealt without this seat's entropy."""
    return _contribute(table_id=table_id, player=player, entropy=None)


def _contribute(*, table_id: int, player: Player, entropy: str | None) -> EntropyContribution:
    table = _locked_table(table_id)
    if table.status != Table.Status.SEEDING:
        raise TableClosed(f"The table is {table.status}; entropy is taken only before the first deal.")
    seat = Seat.objects.filter(table=table, player=player).values_list("index", flat=True).first()
    if seat is None:
        raise NotSeated()
    if EntropyContribution.objects.filter(table=table, seat=seat).exists():
        raise InvalidValue("This seat has already answered.", code="entropy_given", field="entropy")
    contribution = EntropyContribution.objects.create(
        table=table, seat=seat, player=player, entropy=entropy or "", waived=entropy is None, at=timezone.now()
    )
    if EntropyContribution.objects.filter(table=table).count() == table.players:
        _seal(table=table, now=contribution.at)
    return contribution


@transaction.atomic
def table_seed_finalize(*, table_id: int, now: datetime | None = None) -> Table | None:
    """Close the entropy step of a seeding table whose every seat has answered or whose window has passed (the
    silent seats count as waived) and deal; None, doing nothing, for any other table, so a sweep may run twice."""
    now = now or timezone.now()
    table = _locked_table(table_id)
    if table.status != Table.Status.SEEDING:
        return None
    fairness = table.fairness
    answered = EntropyContribution.objects.filter(table=table).count()
    window_over = fairness.entropy_deadline is not None and fairness.entropy_deadline <= now
    if answered < table.players and not window_over:
        return None
    _seal(table=table, now=now)
    return table


def tables_seed_sweep(*, now: datetime, limit: int = 500) -> int:
    """Deal every seeding table whose entropy window has passed (for the clock sweep); how many were dealt."""
    due = Table.objects.filter(status=Table.Status.SEEDING, fairness__entropy_deadline__lte=now).order_by("id")
    return sum(table_seed_finalize(table_id=pk, now=now) is not None for pk in due.values_list("id", flat=True)[:limit])


def _seal(*, table: Table, now: datetime) -> None:
    answered = set(EntropyContribution.objects.filter(table=table).values_list("seat", flat=True))
    silent = Seat.objects.filter(table=table).exclude(index__in=answered)
    EntropyContribution.objects.bulk_create(
        EntropyContribution(table=table, seat=seat.index, player_id=seat.player_id, waived=True, at=now)
        for seat in silent
    )
    fairness = table.fairness
    fairness.sealed_at = now
    fairness.save(update_fields=["sealed_at"])
    seed = engine_seed_derive(server_seed=fairness.server_seed, entropy=entropy_of(table=table))
    table_start(table=table, engine=engine_for(table.game), seed=seed)


def entropy_of(*, table: Table) -> list[str | None]:
    """Each seat's entropy in seat order, None for a seat that waived (or a table opened without the step)."""
    given = {row.seat: row for row in EntropyContribution.objects.filter(table=table)}
    return [None if seat not in given or given[seat].waived else given[seat].entropy for seat in range(table.players)]


def _locked_table(table_id: int) -> Table:
    try:
        return Table.objects.select_for_update(no_key=True).get(pk=table_id)
    except Table.DoesNotExist as error:
        raise NotFound("No such table.", field="table_id") from error


def _table(table_id: int) -> Table:
    try:
        return Table.objects.select_related("club", "fairness").get(pk=table_id)
    except Table.DoesNotExist as error:
        raise NotFound("No such table.", field="table_id") from error


# --- reads -------------------------------------------------------------------------------------------------------


def fairness_view(*, table: Table) -> dict[str, Any]:
    """What everyone may see of a table's fairness: the commitment at once, the entropy as it comes in, the seeds
    only once the table has ended."""
    fairness = TableFairness.objects.filter(table=table).first()
    revealed = seed_revealed(table)
    rows = {row.seat: row for row in EntropyContribution.objects.filter(table=table)}
    return {
        "table_id": table.pk,
        "status": table.status,
        "algorithm_version": fairness.algorithm_version if fairness else None,
        "commitment": fairness.commitment if fairness else None,
        "entropy_step": bool(fairness and fairness.entropy_deadline),
        "entropy_deadline": fairness.entropy_deadline if fairness else None,
        "entropy": [
            {
                "seat": seat,
                "answered": seat in rows,
                "waived": rows[seat].waived if seat in rows else None,
                "entropy": rows[seat].entropy if seat in rows and not rows[seat].waived else None,
            }
            for seat in range(table.players)
        ],
        "revealed": revealed,
        "server_seed": fairness.server_seed if revealed and fairness else None,
        "engine_seed": table.seed if revealed else None,
    }


def record_export(*, table_id: int) -> dict[str, Any]:
    """The table's full record as JSON data: what `tools/verify_record.py` checks. While the table runs the seeds
    are left out and moves show only what the public move log shows."""
    table = _table(table_id)
    revealed = seed_revealed(table)
    view = fairness_view(table=table)
    seats = Seat.objects.filter(table=table).select_related("player").order_by("index")
    if revealed:
        # once ended, each move as its engine declares it public for ever (a concealed one keeps its type alone)
        # and its events as a spectator saw them: what tools/verify_record.py replays from the seed
        moves = [
            {
                "seq": m.seq,
                "seat": m.seat,
                "payload": m.payload,
                "concealed": m.concealed,
                "auto": m.auto,
                "at": m.at.isoformat(),
                "events": m.events,
            }
            for m in published_moves(table=table)
        ]
    else:
        # in play, what anyone may know: the events a spectator sees, in words too
        moves = [
            {key: entry[key] for key in ("seq", "seat", "type", "auto", "hidden", "events") if key in entry}
            | {"at": entry["at"].isoformat(), "story": [line["text"] for line in entry["story"]]}
            for entry in move_log_for(table=table, seat=None)
        ]
    return {
        "format": RECORD_FORMAT,
        "algorithm_version": view["algorithm_version"],
        "table": {
            "id": table.pk,
            "game": table.game,
            "club": table.club.slug,
            "players": table.players,
            "status": table.status,
            "version": table.version,
            "created_at": table.created_at.isoformat(),
            "finished_at": table.finished_at.isoformat() if table.finished_at else None,
            "annul_reason": table.annul_reason,
        },
        "options": table.options,
        "commitment": view["commitment"],
        "server_seed": view["server_seed"],
        "engine_seed": view["engine_seed"],
        "entropy": [None if row["waived"] is not False else row["entropy"] for row in view["entropy"]],
        "seats": [{"index": s.index, "player_id": s.player_id, "display_name": s.player.display_name} for s in seats],
        "opening_events": opening_events_for(table=table, seat=None),
        "moves": moves,
        "ledger": [entry.row for entry in table_ledger(table=table)],
        "results": [
            {"seat": r.seat, "place": r.place, "score": r.score, "extra": r.extra}
            for r in Result.objects.filter(table=table).order_by("seat")
        ],
    }


def table_verify_full(*, table: Table) -> list[str]:
    """Every difference `table_verify` finds (state, ledger, results from seed + moves), plus the fairness
    chain: the commitment matches the server seed, and the engine seed is derived from it and the entropy."""
    differences: list[str] = []
    fairness = TableFairness.objects.filter(table=table).first()
    if fairness is None:
        return ["no commitment is recorded for this table", *table_verify(table=table)]
    if fairness.algorithm_version != ALGORITHM_VERSION:
        differences.append(f"algorithm version {fairness.algorithm_version} is not {ALGORITHM_VERSION}")
    if commitment_of(fairness.server_seed) != fairness.commitment:
        differences.append("the server seed does not match the published commitment")
    seats = {seat.index: seat.player_id for seat in Seat.objects.filter(table=table)}
    for row in EntropyContribution.objects.filter(table=table):
        if seats.get(row.seat) != row.player_id:
            differences.append(f"entropy of seat {row.seat} is by a player who does not hold that seat")
    if table.status == Table.Status.SEEDING:
        if table.version or Move.objects.filter(table=table).exists():
            differences.append("moves are stored for a table that has not been dealt")
        return differences
    derived = engine_seed_derive(server_seed=fairness.server_seed, entropy=entropy_of(table=table))
    if derived != table.seed:
        differences.append("the engine seed is not the one derived from the server seed and the entropy")
    return differences + table_verify(table=table)


# --- replays and histories ----------------------------------------------------------------------------------------


def _replay(table: Table) -> Iterator[tuple[Move | None, Engine, dict[str, Any]]]:
    """The state at the deal (move None) and after each stored move of an ended table."""
    if not seed_revealed(table):
        raise NotRevealed()
    engine = engine_for(table.game)
    try:
        state = engine.new_game(players=table.players, seed=table.seed, options=table.options)
    except IllegalMove as error:
        raise ServiceError(f"The table cannot be replayed: {error.message}", code="replay_failed") from error
    yield None, engine, state
    for move in table_moves(table=table):
        try:
            state = engine.apply_move(state, move.seat, move.payload)
        except IllegalMove as error:
            raise ServiceError(
                f"Move {move.seq} is refused on replay: {error.message}", code="replay_failed"
            ) from error
        yield move, engine, state


def replay_step(*, table_id: int, step: int) -> dict[str, Any]:
    """One step of an ended table's replay (0 = the deal, n = after move n): the move as it is public for ever, the
    board as a spectator saw it, who was to act, and the ledger rows closed so far; `steps` is how many moves there
    are. No seat's hidden cards: a folded hand stays secret after the table too (the showdown's are in its
    events and on the board)."""
    table = _table(table_id)
    names = dict(Seat.objects.filter(table=table).values_list("index", "player__display_name"))
    step = max(0, min(step, table.version))
    published = {move.seq: move for move in published_moves(table=table)}
    for move, engine, state in _replay(table):
        if (move.seq if move else 0) == step:
            over = engine.is_over(state)
            public = published[move.seq] if move else None
            return {
                "step": step,
                "steps": table.version,
                "seat": move.seat if move else None,
                "display_name": names.get(move.seat) if move else None,
                "move": public.payload if public else None,
                "auto": move.auto if move else False,
                "seats": [{"seat": seat, "display_name": names.get(seat)} for seat in range(table.players)],
                "to_act": [] if over else engine.to_act(state),
                "ledger": engine.ledger(state),
                "over": over,
                # what the live table shows a spectator at this step, and what the move told everyone
                "board": engine.view(state, None),
                "events": public.events if public else opening_events_for(table=table, seat=None),
            }
    raise ServiceError(f"The move log ends before step {step}.", code="replay_failed")


def history_text(*, table_id: int) -> str:
    """The hand/deal history of an ended table as plain text: per deal every move as it is public for ever and
    what it told everyone (a showdown's cards, never a folded hand), and the deal's ledger row."""
    table = _table(table_id)
    fairness = fairness_view(table=table)
    names = dict(Seat.objects.filter(table=table).values_list("index", "player__display_name"))
    lines = [
        f"cardleague table {table.pk}: {table.game}, {table.players} seats, {table.status}",
        f"algorithm version {fairness['algorithm_version']}",
        f"commitment  {fairness['commitment']}",
        f"server seed {fairness['server_seed']}",
        f"engine seed {fairness['engine_seed']}",
        "entropy     "
        + ", ".join(
            f"seat {row['seat']}: {'waived' if row['entropy'] is None else json.dumps(row['entropy'])}"
            for row in fairness["entropy"]
        ),
        "seats       " + ", ".join(f"{seat} {name}" for seat, name in sorted(names.items())),
    ]
    deal, rows = 0, 0
    sentences = engine_for(table.game).event_types()
    published = {move.seq: move for move in published_moves(table=table)}
    for move, engine, state in _replay(table):
        if move is None:
            opening = opening_events_for(table=table, seat=None)
            lines += ["", *_story_lines(opening, sentences=sentences, names=names, indent="  ")]
        else:
            public = published[move.seq]
            clock = " [clock]" if move.auto else ""
            lines.append(f"  #{move.seq} seat {move.seat} ({names.get(move.seat)}){clock}: {_compact(public.payload)}")
            lines += _story_lines(public.events, sentences=sentences, names=names, indent="      ")
        ledger = engine.ledger(state)
        lines += [f"  -- ledger {index}: {_compact(ledger[index])}" for index in range(rows, len(ledger))]
        # a new deal begins at the start and after every move that closed one
        if (move is None or len(ledger) > rows) and not engine.is_over(state):
            deal += 1
            lines += ["", f"== deal {deal}"]
        rows = len(ledger)
    results = Result.objects.filter(table=table).order_by("place", "seat")
    if results:
        lines += ["", "== result"]
        lines += [f"  place {r.place}: seat {r.seat} ({names.get(r.seat)}), score {r.score}" for r in results]
    return "\n".join(lines) + "\n"


def _story_lines(events: list[Any], *, sentences: dict[str, str], names: dict[int, str], indent: str) -> list[str]:
    """The public events in words, each list item (a showdown's hands, a trick's cards) on a line of its own."""
    out = []
    for line in event_lines(events, sentences=sentences, names=names):
        out.append(indent + line.text)
        out += [f"{indent}  - {item}" for item in line.items]
    return out


def _compact(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(", ", ": "), ensure_ascii=False)


# --- season exports -----------------------------------------------------------------------------------------------

SEASON_CSV_KINDS = ("standings", "results")


def season_csv(*, season_id: int, kind: str) -> str:
    """A season's standings (as last computed) or every result of its tables, as CSV text (league.spreadsheet:
    a name that would start a formula is written as text)."""
    season = Season.objects.filter(pk=season_id).first()
    if season is None:
        raise NotFound("No such season.", field="season_id")
    rows: list[list[Any]] = []
    if kind == "standings":
        tiebreaks = list(season.tiebreaks or [])
        rows.append(["rank", "entrant", "points", "played", "wins", "byes", *tiebreaks, "lot"])
        for row in Standing.objects.filter(season=season).select_related("entrant__player").order_by("rank"):
            values = [(row.tiebreaks or {}).get(name) for name in tiebreaks]
            rows.append([row.rank, str(row.entrant), row.points, row.played, row.wins, row.byes, *values, row.lot])
    elif kind == "results":
        rows.append(["round", "table", "status", "seat", "player", "place", "score"])
        rounds = dict(Round.objects.filter(season=season).values_list("id", "number"))
        results = (
            Result.objects.filter(table__round__season=season)
            .select_related("table", "player")
            .order_by("table__round__number", "table_id", "seat")
        )
        for r in results:
            rows.append(
                [
                    rounds.get(r.table.round_id) if r.table.round_id is not None else None,
                    r.table_id,
                    r.table.status,
                    r.seat,
                    r.player.display_name,
                    r.place,
                    r.score,
                ]
            )
    else:
        raise InvalidValue(f"An export is one of {', '.join(SEASON_CSV_KINDS)}.", field="kind")
    return csv_text(rows)
