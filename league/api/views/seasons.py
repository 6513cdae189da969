"""Seasons: a club's seasons, create and manage them (organizers), entrants, rounds, standings; rulings on season
tables; leaderboards per game."""

from dataclasses import replace
from typing import Any

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from games import GAME_NAMES
from league.api.paging import page_response
from league.api.permissions import require_organizer
from league.api.query import QueryInt
from league.api.schema import error_responses
from league.api.serializers.clocks import VacationSerializer
from league.api.serializers.leaderboards import LeaderboardRowSerializer
from league.api.serializers.rulings import ForfeitRequestSerializer, ReasonSerializer, RulingSerializer
from league.api.serializers.seasons import (
    EntrantRequestSerializer,
    EntrantSerializer,
    RolloverRequestSerializer,
    RoundSerializer,
    SeasonSerializer,
    StandingSerializer,
)
from league.api.views.base import ApiView
from league.api.views.entry import entry_view, start_view
from league.caller import player_required
from league.errors import NotFound
from league.models import Round, Season, TableRuling
from league.replica.scope import ReplicaReadsMixin
from league.selectors.clubs import club_get, player_get
from league.selectors.notifications import time_zone_of
from league.selectors.seasons import (
    club_seasons,
    entrant_get,
    leaderboard,
    season_entrants_page,
    season_get,
    season_rounds_page,
    season_standings_page,
    table_entrants,
)
from league.selectors.tables import table_get
from league.selectors.vacations import player_vacations, vacation_get
from league.services.clocks import vacation_cancel, vacation_take
from league.services.rollover import season_rollover
from league.services.rounds import entrant_withdraw, forfeit_award, round_start
from league.services.season_settings import season_settings_update, season_spec
from league.services.seasons import (
    ClockSpec,
    SeasonSpec,
    entrant_register,
    season_create,
    season_finish,
    season_open_registration,
)

MANAGE_ERRORS = error_responses(400, 401, 403, 404, 409)


def _season(season: Season) -> dict[str, Any]:
    return SeasonSerializer(season).data


def _round(round_: Round) -> dict[str, Any]:
    return {
        "number": round_.number,
        "status": round_.status,
        "starts_at": round_.starts_at,
        "started_at": round_.started_at,
        "finished_at": round_.finished_at,
        "tables": [
            {
                "id": table.pk,
                "game": table.game,
                "club": table.club,
                "status": table.status,
                "version": table.version,
                "deadline": table.deadline,
                "players": table.players,
                "seats": [seat.player for seat in sorted(table.seats.all(), key=lambda seat: seat.index)],
            }
            for table in sorted(round_.tables.all(), key=lambda table: table.pk)
        ],
        "byes": sorted(bye.entrant_id for bye in round_.byes.all()),
    }


def _ruling(ruling: TableRuling) -> dict[str, Any]:
    return RulingSerializer(
        {
            "table_id": ruling.table_id,
            "kind": ruling.kind,
            "reason": ruling.reason,
            "forfeiting": sorted(ruling.forfeiting.values_list("pk", flat=True)),
            "at": ruling.at,
        }
    ).data


class ClubSeasonsView(ReplicaReadsMixin, ApiView):
    @extend_schema(
        operation_id="clubs_seasons_list",
        summary="The club's seasons.",
        responses={200: SeasonSerializer(many=True), **error_responses(401, 404)},
        tags=["seasons"],
    )
    def get(self, request: Request, club_id: int) -> Response:
        club = club_get(club_id=club_id)
        return Response(SeasonSerializer(club_seasons(club=club), many=True).data)

    @extend_schema(
        operation_id="clubs_seasons_create",
        summary="Create a season in draft (organizers only).",
        request=SeasonSerializer,
        responses={201: SeasonSerializer, **error_responses(400, 401, 403, 404)},
        tags=["seasons"],
    )
    def post(self, request: Request, club_id: int) -> Response:
        club = club_get(club_id=club_id)
        player = player_required(request)
        serializer = SeasonSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        spec = _spec(dict(serializer.validated_data), zone=time_zone_of(player).key)
        season = season_create(club=club, by=player, spec=spec)
        return Response(_season(season), status=status.HTTP_201_CREATED)


def _spec(data: dict[str, Any], base: SeasonSpec | None = None, zone: str = "UTC") -> SeasonSpec:
    """The season's settings from the API's fields (seconds as durations, the clock as its spec), over `base`; a
    clock without a time zone keeps the season's, or a new one takes `zone` (the organizer's)."""
    if "clock" in data and data["clock"] is not None:
        kept = base.clock.time_zone if base is not None and base.clock is not None else zone
        data["clock"] = ClockSpec(**{"time_zone": kept, **data["clock"]})
    elif "clock" in data:
        data["clock"] = None
    if base is None:
        return SeasonSpec(**data)
    return replace(base, **data)


class SeasonDetailView(ReplicaReadsMixin, ApiView):
    @extend_schema(
        operation_id="seasons_retrieve",
        summary="A season.",
        responses={200: SeasonSerializer, **error_responses(401, 404)},
        tags=["seasons"],
    )
    def get(self, request: Request, season_id: int) -> Response:
        return Response(_season(season_get(season_id=season_id)))

    @extend_schema(
        operation_id="seasons_settings_update",
        summary="Change the settings of a season not yet started (organizers only); the fields left out keep their "
        "values, `clock: null` switches the clock off. Its game and partnership rule cannot change.",
        request=SeasonSerializer(partial=True),
        responses={200: SeasonSerializer, **MANAGE_ERRORS},
        tags=["seasons"],
    )
    def patch(self, request: Request, season_id: int) -> Response:
        season = season_get(season_id=season_id)
        caller = player_required(request)
        serializer = SeasonSerializer(data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        spec = _spec(dict(serializer.validated_data), base=season_spec(season), zone=time_zone_of(caller).key)
        return Response(_season(season_settings_update(season=season, by=caller, spec=spec)))


class SeasonVacationsView(ApiView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="seasons_vacations_list",
        summary="Your vacations in the season.",
        responses={200: VacationSerializer(many=True), **error_responses(401, 403, 404)},
        tags=["seasons"],
    )
    def get(self, request: Request, season_id: int) -> Response:
        season = season_get(season_id=season_id)
        vacations = player_vacations(season=season, player=player_required(request))
        return Response(VacationSerializer(vacations, many=True).data)

    @extend_schema(
        operation_id="seasons_vacations_take",
        summary="Take whole days off in a season you are entered in, within its allowance: your clocks stop.",
        request=VacationSerializer,
        responses={201: VacationSerializer, **MANAGE_ERRORS},
        tags=["seasons"],
    )
    def post(self, request: Request, season_id: int) -> Response:
        season = season_get(season_id=season_id)
        serializer = VacationSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        vacation = vacation_take(player=player_required(request), season=season, **serializer.validated_data)
        return Response(VacationSerializer(vacation).data, status=status.HTTP_201_CREATED)


class VacationCancelView(ApiView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="seasons_vacations_cancel",
        summary="Cancel your vacation: one not begun is removed, one under way ends at the end of its current day.",
        request=None,
        responses={200: VacationSerializer(many=True), **MANAGE_ERRORS},
        tags=["seasons"],
    )
    def post(self, request: Request, season_id: int, vacation_id: int) -> Response:
        season = season_get(season_id=season_id)
        player = player_required(request)
        vacation = vacation_get(season=season, player=player, vacation_id=vacation_id)
        vacation_cancel(player=player, vacation=vacation)
        return Response(VacationSerializer(player_vacations(season=season, player=player), many=True).data)


class SeasonOpenView(ApiView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="seasons_open_registration",
        summary="Open registration of a season in draft (organizers only).",
        request=None,
        responses={200: SeasonSerializer, **MANAGE_ERRORS},
        tags=["seasons"],
    )
    def post(self, request: Request, season_id: int) -> Response:
        season = season_get(season_id=season_id)
        return Response(_season(season_open_registration(season=season, by=player_required(request))))


SeasonStartView = start_view(
    kind="seasons",
    competition=lambda season_id: season_get(season_id=season_id),
    answer=lambda request, season: _season(season),
    serializer=SeasonSerializer,
    summary="Close registration and start the first round (organizers only).",
    tags=["seasons"],
)


class SeasonFinishView(ApiView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="seasons_finish",
        summary="Close a season whose last round is done: final standings (organizers only).",
        request=None,
        responses={200: SeasonSerializer, **MANAGE_ERRORS},
        tags=["seasons"],
    )
    def post(self, request: Request, season_id: int) -> Response:
        season = season_get(season_id=season_id)
        # season_finish is also called by the round machinery with no caller, so the organizer check is here
        require_organizer(club=season.club, player=player_required(request))
        return Response(_season(season_finish(season=season)))


class SeasonRolloverView(ApiView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="seasons_rollover",
        summary="Open the next edition of a finished season's league, with promotion and relegation (organizers).",
        request=RolloverRequestSerializer,
        responses={201: SeasonSerializer(many=True), **MANAGE_ERRORS},
        tags=["seasons"],
    )
    def post(self, request: Request, season_id: int) -> Response:
        season = season_get(season_id=season_id)
        serializer = RolloverRequestSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        seasons = season_rollover(season=season, by=player_required(request), **serializer.validated_data)
        return Response(SeasonSerializer(seasons, many=True).data, status=status.HTTP_201_CREATED)


ENTRANTS_AFTER = QueryInt("after", "Only the entrants after this one in seed order (the page after this one).")


class SeasonEntrantsView(ApiView):
    @extend_schema(
        operation_id="seasons_entrants_list",
        summary="The season's entrants in seed order, a hundred at a time: the next hundred at the `Link` header's "
        'rel="next" (`?after=` the page\'s last entrant id).',
        parameters=[ENTRANTS_AFTER.parameter],
        responses={200: EntrantSerializer(many=True), **error_responses(400, 401, 404)},
        tags=["seasons"],
    )
    def get(self, request: Request, season_id: int) -> Response:
        season = season_get(season_id=season_id)
        page = season_entrants_page(season=season, after=ENTRANTS_AFTER.read(request) or 0)
        return page_response(request, EntrantSerializer(page.entrants, many=True).data, after=page.next_after)

    @extend_schema(
        operation_id="seasons_entrants_create",
        summary="Register a club member (or a team of two) for a season not yet running (organizers only).",
        request=EntrantRequestSerializer,
        responses={201: EntrantSerializer, **MANAGE_ERRORS},
        tags=["seasons"],
    )
    def post(self, request: Request, season_id: int) -> Response:
        season = season_get(season_id=season_id)
        caller = player_required(request)
        serializer = EntrantRequestSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        partner_id = data.get("partner_id")
        entrant = entrant_register(
            season=season,
            by=caller,
            player=player_get(player_id=data["player_id"]),
            partner=player_get(player_id=partner_id, field="partner_id") if partner_id else None,
            name=data["name"],
        )
        return Response(EntrantSerializer(entrant).data, status=status.HTTP_201_CREATED)


SeasonEntryView = entry_view(
    kind="seasons",
    competition=lambda season_id: season_get(season_id=season_id),
    entrant=lambda entrant: entrant,
    entrant_serializer=EntrantSerializer,
    tags=["seasons"],
)


class EntrantWithdrawView(ApiView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="seasons_entrants_withdraw",
        summary="Withdraw an entrant: its tables in play are forfeited, it is paired no more (organizers only).",
        request=ReasonSerializer,
        responses={200: EntrantSerializer, **MANAGE_ERRORS},
        tags=["seasons"],
    )
    def post(self, request: Request, season_id: int, entrant_id: int) -> Response:
        season = season_get(season_id=season_id)
        entrant = entrant_get(season=season, entrant_id=entrant_id)
        serializer = ReasonSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        entrant = entrant_withdraw(
            season=season, by=player_required(request), entrant=entrant, **serializer.validated_data
        )
        return Response(EntrantSerializer(entrant).data)


ROUNDS_AFTER = QueryInt("after", "Only the rounds after this round number (the page after the one that ended with it).")


class SeasonRoundsView(ReplicaReadsMixin, ApiView):
    @extend_schema(
        operation_id="seasons_rounds_list",
        summary="The season's rounds with their tables and byes, whole rounds of about 200 tables at a time: the next "
        "ones at the `Link` header's rel=\"next\" (`?after=` the page's last round number).",
        parameters=[ROUNDS_AFTER.parameter],
        responses={200: RoundSerializer(many=True), **error_responses(400, 401, 404)},
        tags=["seasons"],
    )
    def get(self, request: Request, season_id: int) -> Response:
        season = season_get(season_id=season_id)
        page = season_rounds_page(season=season, after=ROUNDS_AFTER.read(request) or 0)
        return page_response(request, RoundSerializer(page.rounds, many=True).data, after=page.next_after)

    @extend_schema(
        operation_id="seasons_rounds_start",
        summary="Pair and start the next round (organizers only).",
        request=None,
        responses={201: RoundSerializer, **MANAGE_ERRORS},
        tags=["seasons"],
    )
    def post(self, request: Request, season_id: int) -> Response:
        season = season_get(season_id=season_id)
        round_ = round_start(season=season, by=player_required(request))
        return Response(RoundSerializer(_round(round_)).data, status=status.HTTP_201_CREATED)


STANDINGS_AFTER = QueryInt("after", "Only the rows ranked below this rank (the page after the one that ended with it).")


class SeasonStandingsView(ReplicaReadsMixin, ApiView):
    @extend_schema(
        operation_id="seasons_standings",
        summary="The standings as last computed, best first, with every tiebreak of the season; a hundred rows at a "
        "time: the next hundred at the `Link` header's rel=\"next\" (`?after=` the page's last rank).",
        parameters=[STANDINGS_AFTER.parameter],
        responses={200: StandingSerializer(many=True), **error_responses(400, 401, 404)},
        tags=["seasons"],
    )
    def get(self, request: Request, season_id: int) -> Response:
        season = season_get(season_id=season_id)
        # a keyset on the rank, by the (season, rank) index: 1,000 rows were 240 KiB (bench/pages.py)
        page = season_standings_page(season=season, after=STANDINGS_AFTER.read(request) or 0)
        return page_response(request, StandingSerializer(page.rows, many=True).data, after=page.next_after)


class TableForfeitView(ApiView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="tables_forfeit",
        summary="Award a season table against the forfeiting entrants (organizers only).",
        request=ForfeitRequestSerializer,
        responses={200: RulingSerializer, **MANAGE_ERRORS},
        tags=["tables"],
    )
    def post(self, request: Request, table_id: int) -> Response:
        table = table_get(table_id=table_id)
        serializer = ForfeitRequestSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        ruling = forfeit_award(
            table=table,
            by=player_required(request),
            forfeiting=table_entrants(table=table, entrant_ids=serializer.validated_data["entrants"]),
            reason=serializer.validated_data["reason"],
        )
        return Response(_ruling(ruling))


LEADERBOARD_CLUB = QueryInt("club", "Only the members of this club.")
LEADERBOARD_LIMIT = QueryInt("limit", "At most this many rows (default 100).", high=1000)


class LeaderboardView(ReplicaReadsMixin, ApiView):
    @extend_schema(
        operation_id="leaderboards_retrieve",
        summary="Ratings of one game, best first; provisional ratings marked and listed last.",
        parameters=[
            OpenApiParameter("game", {"type": "string", "enum": list(GAME_NAMES)}, OpenApiParameter.PATH),
            LEADERBOARD_CLUB.parameter,
            LEADERBOARD_LIMIT.parameter,
        ],
        responses={200: LeaderboardRowSerializer(many=True), **error_responses(400, 401, 404)},
        tags=["seasons"],
    )
    def get(self, request: Request, game: str) -> Response:
        if game not in GAME_NAMES:
            raise NotFound(f"No such game: {game!r}.", field="game")
        club_id = LEADERBOARD_CLUB.read(request)
        club = club_get(club_id=club_id, field="club") if club_id is not None else None
        rows = leaderboard(game=game, club=club, limit=LEADERBOARD_LIMIT.read(request) or 100)
        return Response(LeaderboardRowSerializer(rows, many=True).data)
