"""Poker tournaments (issue 22): a club's tournaments, create one (organizers), enter or leave it, start it; the
tournament with its level and places; its seating chart a part at a time."""

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from league.api.paging import page_response
from league.api.query import QueryInt
from league.api.schema import error_responses
from league.api.serializers.poker_tournaments import (
    PokerEntrantSerializer,
    PokerLevelSerializer,
    PokerTableSerializer,
    PokerTournamentDetailSerializer,
    PokerTournamentSerializer,
)
from league.api.views.base import ApiView
from league.api.views.entry import entry_view, start_view
from league.caller import player_required
from league.models import PokerTournament
from league.replica.scope import ReplicaReadsMixin
from league.selectors.clubs import club_get
from league.selectors.poker_tournaments import (
    SEATING_API_PAGE,
    club_poker_tournaments,
    poker_entrant_row,
    poker_entrants,
    poker_level,
    poker_seating_page,
    poker_seed_revealed,
    poker_tournament_get,
)
from league.services.poker_tournaments import PokerTournamentSpec, poker_tournament_create

MANAGE_ERRORS = error_responses(400, 401, 403, 404, 409)
TABLE_NUMBER_MAX = 32767  # PokerEntrant.table_number's column
TAGS = ["poker tournaments"]


def _detail(tournament: PokerTournament) -> dict[str, Any]:
    """The tournament with its level and places (the shape of PokerTournamentDetailSerializer); the seating chart
    is PokerSeatingView's, a part at a time (every seat of a 1,000-player freezeout was 90 KiB here)."""
    level = poker_level(tournament=tournament)
    return {
        **PokerTournamentSerializer(tournament).data,
        "level": PokerLevelSerializer(level).data if level is not None else None,
        "entrants": PokerEntrantSerializer(poker_entrants(tournament=tournament), many=True).data,
        "seed": poker_seed_revealed(tournament=tournament),
    }


class ClubPokerTournamentsView(ReplicaReadsMixin, ApiView):
    @extend_schema(
        operation_id="clubs_poker_tournaments_list",
        summary="The club's poker tournaments.",
        responses={200: PokerTournamentSerializer(many=True), **error_responses(401, 404)},
        tags=TAGS,
    )
    def get(self, request: Request, club_id: int) -> Response:
        club = club_get(club_id=club_id)
        return Response(PokerTournamentSerializer(club_poker_tournaments(club=club), many=True).data)

    @extend_schema(
        operation_id="clubs_poker_tournaments_create",
        summary="Create a poker tournament open for entries (organizers only).",
        request=PokerTournamentSerializer,
        responses={201: PokerTournamentSerializer, **error_responses(400, 401, 403, 404)},
        tags=TAGS,
    )
    def post(self, request: Request, club_id: int) -> Response:
        club = club_get(club_id=club_id)
        player = player_required(request)
        serializer = PokerTournamentSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = dict(serializer.validated_data)
        tournament = poker_tournament_create(club=club, by=player, spec=PokerTournamentSpec(**data))
        return Response(PokerTournamentSerializer(tournament).data, status=status.HTTP_201_CREATED)


class PokerTournamentDetailView(ReplicaReadsMixin, ApiView):
    @extend_schema(
        operation_id="poker_tournaments_retrieve",
        summary="A poker tournament: the level in force, the places (with each entrant's table and seat); the seating "
        "chart is /seating/.",
        responses={200: PokerTournamentDetailSerializer, **error_responses(401, 404)},
        tags=TAGS,
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        return Response(_detail(poker_tournament_get(tournament_id=tournament_id)))


# from 0, unlike an id: the part that starts at table 1 follows table 0
SEATING_AFTER = QueryInt(
    "after",
    "Only the tables numbered above this (the part after the one that ended here).",
    low=0,
    high=TABLE_NUMBER_MAX,
)


class PokerSeatingView(ReplicaReadsMixin, ApiView):
    @extend_schema(
        operation_id="poker_tournaments_seating",
        summary="The seating chart: the tables in play with every seat and stack, by table number, fifty tables at a "
        "time: the next ones at the `Link` header's rel=\"next\" (`?after=` the last table number). An entrant's own "
        "table (its `table` in the tournament's entrants) starts the part `?after=` one below it.",
        parameters=[SEATING_AFTER.parameter],
        responses={200: PokerTableSerializer(many=True), **error_responses(400, 401, 404)},
        tags=TAGS,
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = poker_tournament_get(tournament_id=tournament_id)
        page = poker_seating_page(tournament=tournament, after=SEATING_AFTER.read(request) or 0, size=SEATING_API_PAGE)
        return page_response(request, PokerTableSerializer(page.tables, many=True).data, after=page.next_after)


PokerTournamentEntryView = entry_view(
    kind="poker_tournaments",
    competition=lambda tournament_id: poker_tournament_get(tournament_id=tournament_id),
    entrant=poker_entrant_row,
    entrant_serializer=PokerEntrantSerializer,
    tags=TAGS,
)


PokerTournamentStartView = start_view(
    kind="poker_tournaments",
    competition=lambda tournament_id: poker_tournament_get(tournament_id=tournament_id),
    answer=lambda request, tournament: _detail(tournament),
    serializer=PokerTournamentDetailSerializer,
    summary="Seat the entrants by lot and deal the first hand of every table (organizers only).",
    tags=TAGS,
)
