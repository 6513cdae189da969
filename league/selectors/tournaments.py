"""Reads of bracket tournaments that the pages, the API and the exports share: a club's tournaments, one
tournament, its entrants in standing order, the names the bracket shows, the tables of each match, and the rows of
the standings and results exports."""

from collections.abc import Collection
from typing import Any

from django.db.models import F, Q

from league.engines import engine_for, team_seats
from league.errors import NotFound
from league.models import Club, Entrant, Player, Result, Season, Seat, Table, Tournament, TournamentTable
from league.selectors.bracket_states import tournament_state
from league.tournaments import bracket, two_stage

STANDINGS_HEADER = ["place", "shared", "seed", "player_id", "player", "points", "withdrawn", "partner_id", "partner"]
RESULTS_HEADER = ["match", "table_number", "table_id", "status", "seat", "player_id", "player", "place", "score"]


# a page of a club's tournaments in the API
TOURNAMENTS_PAGE = 100


def club_tournaments_before(*, club: Club, before: int | None, size: int = TOURNAMENTS_PAGE) -> list[Tournament]:
    """The club's tournaments newest first by id, `size` at most, of an id below `before` when given (a keyset on
    the primary key: a club's years of cups were listed whole), with their club and without their bracket (a list
    shows none, and a 4,096-entrant one is 2 MB of JSON); `size` + 1 are read, so that the caller knows whether a
    page follows."""
    rows = Tournament.objects.filter(club=club).defer("state").select_related("club")
    if before is not None:
        rows = rows.filter(pk__lt=before)
    return list(rows.order_by("-pk")[: size + 1])


def tournament_get(*, tournament_id: int) -> Tournament:
    try:
        return Tournament.objects.select_related("club", "season").get(pk=tournament_id)
    except Tournament.DoesNotExist:
        raise NotFound("No such tournament.", field="tournament_id") from None


def tournament_get_without_state(*, tournament_id: int) -> Tournament:
    """A tournament without its bracket's state, read only if asked for (2 MB of JSON for a 4,096 bracket)."""
    try:
        return Tournament.objects.select_related("club", "season").defer("state").get(pk=tournament_id)
    except Tournament.DoesNotExist:
        raise NotFound("No such tournament.", field="tournament_id") from None


def tournament_entry_of(*, tournament: Tournament, player: Player | None) -> Entrant | None:
    """The entrant the player plays as (alone or in a team), or None."""
    if player is None:
        return None
    rows = Entrant.objects.filter(competition=tournament).filter(Q(player=player) | Q(partner=player))
    return rows.select_related("player", "partner").order_by("pk").first()


def tournament_entrants(*, tournament: Tournament, limit: int | None = None) -> list[Entrant]:
    """Placed entrants best first, then those still in by seed, then (before the start) in the order entered; the
    first `limit` of them when given (a 4,096-entrant bracket's page lists a hundred)."""
    rows = (
        Entrant.objects.filter(competition=tournament)
        .select_related("player", "partner")
        .order_by(F("place").asc(nulls_last=True), F("seed").asc(nulls_last=True), "entered_at", "pk")
    )
    return list(rows[:limit] if limit is not None else rows)


def tournament_entrants_count(*, tournament: Tournament) -> int:
    return Entrant.objects.filter(competition=tournament).count()


def tournament_is_teams(*, tournament: Tournament) -> bool:
    """Its entrants are teams of two: the game is played by partners (league.engines.team_seats)."""
    return team_seats(engine_for(tournament.game)) is not None


def tournament_entered(*, tournament: Tournament, player: Player | None) -> bool:
    """The player is entered, alone or in a team."""
    return bool(tournament_entrant_ids(tournament=tournament, player=player))


def tournament_entrant_ids(*, tournament: Tournament, player: Player | None) -> set[int]:
    """The entrants the player plays as (alone or in a team): their ids in the bracket's state."""
    if player is None:
        return set()
    rows = Entrant.objects.filter(competition=tournament)
    return set(rows.filter(Q(player=player) | Q(partner=player)).values_list("id", flat=True))


def tournament_names(*, tournament: Tournament, entrants: Collection[int] | None = None) -> dict[int, str]:
    """The entrants' display names by their id in the bracket's state, of these `entrants` only when given; a
    team's is "Alice & Bob"."""
    chosen = Entrant.objects.filter(competition=tournament)
    if entrants is not None:
        chosen = chosen.filter(pk__in=list(entrants))
    rows = chosen.values_list("id", "player__display_name", "partner__display_name")
    return {pk: f"{name} & {partner}" if partner else name for pk, name, partner in rows}


def tournament_names_of(*, tournament: Tournament, entrant_ids: Collection[int]) -> dict[int, str]:
    """The display names of these entrants only (a page of a large bracket names a few of its 4,096)."""
    if not entrant_ids:
        return {}
    rows = Entrant.objects.filter(competition=tournament, pk__in=list(entrant_ids)).values_list(
        "id", "player__display_name", "partner__display_name"
    )
    return {pk: f"{name} & {partner}" if partner else name for pk, name, partner in rows}


def entrant_name(entrant: Entrant) -> str:
    """An entrant's display name: the player's, or the team's "Alice & Bob"."""
    if entrant.partner_id is None:
        return str(entrant.player.display_name)
    return f"{entrant.player.display_name} & {entrant.partner.display_name}"  # type: ignore[union-attr]


def tournament_forfeitable(*, tournament: Tournament) -> list[tuple[str, list[tuple[int, str]]]]:
    """T-D4: the matches an organizer may rule forfeited (both entrants known, not decided), each with its entrants
    as (the player who stands for the entrant, its name)."""
    if tournament.status != Tournament.Status.RUNNING or tournament.format == Tournament.Format.MULTI_ELIM:
        return []
    names = tournament_names(tournament=tournament)
    players = dict(Entrant.objects.filter(competition=tournament).values_list("id", "player_id"))
    state = tournament_state(tournament=tournament)
    if state.get("stage") == "groups":
        ready = [(m["id"], m["entrants"]) for m in state["group_matches"] if m["decided"] is None]
    else:
        ready = [(m, bracket.match_get(state, m)["entrants"]) for m in bracket.matches_ready(state)]
    return [(match_id, [(players[e], names.get(e, "?")) for e in entrants]) for match_id, entrants in ready]


def tournament_forfeits(*, tournament: Tournament) -> list[dict[str, str]]:
    """The matches ruled forfeited (T-D4), with who forfeited and why: the bracket's and the groups' matches whose
    note says so ("<entrant>: <reason>", docs/formats.md), in the order played."""
    state = tournament_state(tournament=tournament)
    groups = state.get("group_matches") or (state.get("group_stage") or {}).get("group_matches", [])
    ruled = []
    for match in [*groups, *state.get("matches", [])]:
        note = match.get("note") or ""
        entrant, sep, reason = note.partition(": ")
        if match.get("decided") == "forfeit" and sep and entrant.isdigit():
            ruled.append((match["id"], int(entrant), reason))
    names = tournament_names(tournament=tournament, entrants={entrant for _, entrant, _ in ruled}) if ruled else {}
    return [{"match": match, "name": names.get(entrant, "?"), "reason": reason} for match, entrant, reason in ruled]


def tournament_groups(*, tournament: Tournament) -> list[dict[str, Any]]:
    """Two stages with groups (T-R11): each group's table, best first, with who went (or is placed to go) through."""
    state = tournament.state
    stage = state if state.get("stage") == "groups" else state.get("group_stage")
    if not stage:
        return []
    names = tournament_names(tournament=tournament)
    per_group = int(stage["per_group"])
    out = []
    for number, table in enumerate(two_stage.group_rankings(stage), start=1):
        rows = [
            {**row, "rank": rank, "name": names.get(row["entrant"], "?"), "through": rank <= per_group}
            for rank, row in enumerate(table, start=1)
        ]
        out.append({"name": chr(ord("A") + number - 1) if number <= 26 else str(number), "rows": rows})
    return out


def tournament_match_tables(*, tournament: Tournament) -> dict[str, list[int]]:
    """The league tables of each match, in the order they were opened."""
    out: dict[str, list[int]] = {}
    for match, table_id in TournamentTable.objects.filter(tournament=tournament).values_list("match", "table_id"):
        out.setdefault(match, []).append(table_id)
    return out


def tournament_tables_in_play(
    *, tournament: Tournament, matches: Collection[str] | None = None
) -> list[tuple[TournamentTable, list[int]]]:
    """The tables in play with the entrant ids at their seats, in seat order (a team once, at its first seat); of
    these `matches` only when given (the part of a large bracket a page draws)."""
    in_play = TournamentTable.objects.filter(tournament=tournament, table__status=Table.Status.ACTIVE).order_by("id")
    if matches is not None:
        in_play = in_play.filter(match__in=list(matches))
    links = list(in_play)
    seated = Seat.objects.filter(table_id__in=[link.table_id for link in links]).values("player_id")
    entrant_of: dict[int, int] = {}
    for pk, player_id, partner_id in (
        Entrant.objects.filter(competition=tournament)
        .filter(Q(player_id__in=seated) | Q(partner_id__in=seated))
        .values_list("id", "player_id", "partner_id")
    ):
        entrant_of[player_id] = pk
        if partner_id:
            entrant_of[partner_id] = pk
    seats: dict[int, list[int]] = {}
    rows = Seat.objects.filter(table_id__in=[link.table_id for link in links]).order_by("table_id", "index")
    for table_id, player_id in rows.values_list("table_id", "player_id"):
        at_table = seats.setdefault(table_id, [])
        entrant = entrant_of.get(player_id, 0)
        if entrant not in at_table:
            at_table.append(entrant)
    return [(link, seats.get(link.table_id, [])) for link in links]


def tournament_rounds(*, tournament: Tournament) -> list[dict[str, Any]]:
    """Multiplayer elimination: each round's tables with the names at each seat and the league table playing it."""
    names = tournament_names(tournament=tournament)
    tables = tournament_match_tables(tournament=tournament)
    out = []
    for round_ in tournament.state.get("rounds", []):
        rows = []
        for entry in round_["tables"]:
            key = f"R{round_['number']}.{entry['number']}"
            result = entry["result"]
            seats = [
                {"name": names.get(e, "?"), "place": result["places"][i] if result else None}
                for i, e in enumerate(entry["seats"])
            ]
            rows.append(
                {"number": entry["number"], "seats": seats, "table_id": tables[key][-1] if key in tables else None}
            )
        byes = [names.get(e, "?") for e in round_["byes"]]
        out.append({"number": round_["number"], "final": round_["final"], "tables": rows, "byes": byes})
    return out


def tournament_standings_rows(*, tournament: Tournament) -> list[list[Any]]:
    """standings.csv: one row per entrant, placed ones first."""
    rows: list[list[Any]] = [list(STANDINGS_HEADER)]
    for e in tournament_entrants(tournament=tournament):
        points = "" if e.points is None else f"{e.points:f}"
        rows.append([e.place or "", e.shared or "", e.seed or "", e.player_id, e.player.display_name, points])
        rows[-1].append(int(e.withdrawn))
        rows[-1] += [e.partner_id or "", e.partner.display_name if e.partner else ""]
    return rows


def tournament_results_rows(*, tournament: Tournament) -> list[list[Any]]:
    """results.csv: one row per seat of every table of the tournament, in the order the tables were opened; the
    place and score once the table is over."""
    rows: list[list[Any]] = [list(RESULTS_HEADER)]
    links = TournamentTable.objects.filter(tournament=tournament).select_related("table").order_by("id")
    results = {
        (r.table_id, r.seat): r
        for r in Result.objects.filter(table__tournament_link__tournament=tournament).select_related("player")
    }
    seats = (
        TournamentTable.objects.filter(tournament=tournament)
        .values_list("table_id", "table__seats__index", "table__seats__player_id", "table__seats__player__display_name")
        .order_by("table_id", "table__seats__index")
    )
    by_table: dict[int, list[tuple[int, int, str]]] = {}
    for table_id, index, player_id, name in seats:
        by_table.setdefault(table_id, []).append((index, player_id, name))
    for link in links:
        for index, player_id, name in by_table.get(link.table_id, []):
            result = results.get((link.table_id, index))
            place = result.place if result else ""
            score = result.score if result else ""
            rows.append(
                [link.match, link.number, link.table_id, link.table.status, index, player_id, name, place, score]
            )
    return rows


def tournament_match_tables_rows(*, tournament: Tournament) -> list[dict[str, Any]]:
    """Every table of the tournament with the match it plays, in the order they were opened."""
    links = TournamentTable.objects.filter(tournament=tournament).order_by("id")
    return [
        {"match": match, "number": number, "table_id": table_id, "status": status}
        for match, number, table_id, status in links.values_list("match", "number", "table_id", "table__status")
    ]


def club_season_get(*, club: Club, season_id: int) -> Season:
    """One of the club's seasons (a tournament's first stage, or the standings that seed it)."""
    season = Season.objects.filter(pk=season_id, club=club).first()
    if season is None:
        raise NotFound("No such season in this club.", field="season_id")
    return season
