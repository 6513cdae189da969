"""Bracket tournaments: a club's tournaments, create one (organizers), a tournament with its bracket, enter or leave
it (`entry/`, the shape of every format: league.api.views.entry), start it and rule forfeits (organizers)."""

import re
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from league.api.paging import page_cut, page_response
from league.api.query import QueryInt
from league.api.schema import error_responses
from league.api.serializers.fields import SMALL_MAX
from league.api.serializers.tournaments import (
    BracketEntrantSerializer,
    TournamentDetailSerializer,
    TournamentForfeitSerializer,
    TournamentMatchSerializer,
    TournamentSerializer,
    tournament_data,
)
from league.api.views.base import ApiView
from league.api.views.entry import entry_view, start_view
from league.caller import player_or_none, player_required
from league.errors import BadInput, NotFound
from league.models import Entrant, Tournament
from league.replica.scope import ReplicaReadsMixin
from league.selectors.bracket_states import tournament_state
from league.selectors.clubs import club_get, player_get
from league.selectors.tournament_pages import (
    tournament_current_round,
    tournament_entrants_page,
    tournament_match_of,
    tournament_matches_page,
)
from league.selectors.tournaments import (
    TOURNAMENTS_PAGE,
    club_season_get,
    club_tournaments_before,
    entrant_name,
    tournament_entrants,
    tournament_entrants_count,
    tournament_entry_of,
    tournament_get,
    tournament_get_without_state,
    tournament_match_tables_rows,
)
from league.services.competitions import competition_forfeit
from league.services.tournaments import TournamentSpec, draw_commitment, tournament_create

MANAGE_ERRORS = error_responses(400, 401, 403, 404, 409)
BRACKET_INLINE = 64  # entrants up to which the detail carries its entrants, tables and bracket whole
MATCH_ID = re.compile(r"[A-Z][A-Z0-9]{0,2}[0-9]{0,5}(\.[0-9]{1,5})?")  # "W2.1", "GF.1", "P3.1", "G1.3", "R2.4"


def _tournament(tournament: Tournament) -> dict[str, Any]:
    return TournamentSerializer(tournament_data(tournament, draw_commitment(tournament))).data


def _detail(request: Request, tournament_id: int) -> dict[str, Any]:
    """What a reader needs first; a small tournament's entrants, tables and bracket whole as well (BRACKET_INLINE)."""
    tournament = tournament_get_without_state(tournament_id=tournament_id)
    data = tournament_data(tournament, draw_commitment(tournament))
    count = tournament_entrants_count(tournament=tournament)
    entry = tournament_entry_of(tournament=tournament, player=player_or_none(request))
    started = tournament.status != Tournament.Status.REGISTRATION
    kwargs = {"tournament_id": tournament.pk}
    data.update(
        entrants_count=count,
        current_round=tournament_current_round(tournament=tournament) if started else None,
        your_entry=_entrant(entry) if entry is not None else None,
        your_match=tournament_match_of(tournament=tournament, entrant_id=entry.pk) if entry and started else None,
        links={
            "entrants": request.build_absolute_uri(reverse("api-tournament-entrants", kwargs=kwargs)),
            "matches": request.build_absolute_uri(reverse("api-tournament-matches", kwargs=kwargs)),
        },
        entrants=None,
        tables=None,
        bracket=None,
    )
    if count <= BRACKET_INLINE:
        data["entrants"] = [_entrant(e) for e in tournament_entrants(tournament=tournament)]
        data["tables"] = tournament_match_tables_rows(tournament=tournament)
        data["bracket"] = tournament_state(tournament=tournament)
    return TournamentDetailSerializer(data).data


def _entrant(e: Entrant) -> dict[str, Any]:
    return {
        "id": e.pk,
        "player_id": e.player_id,
        "partner_id": e.partner_id,
        "name": entrant_name(e),
        "seed": e.seed,
        "withdrawn": e.withdrawn,
        "place": e.place,
        "shared": e.shared,
        "points": e.points,
    }


TOURNAMENTS_BEFORE = QueryInt("before", "Only the tournaments of a lower id (the page after this one).")


class ClubTournamentsView(ReplicaReadsMixin, ApiView):
    @extend_schema(
        operation_id="clubs_tournaments_list",
        summary="The club's tournaments, newest first, a hundred at a time: the next hundred at the `Link` header's "
        'rel="next" (`?before=` the page\'s last `id`).',
        parameters=[TOURNAMENTS_BEFORE.parameter],
        responses={200: TournamentSerializer(many=True), **error_responses(400, 401, 404)},
        tags=["tournaments"],
    )
    def get(self, request: Request, club_id: int) -> Response:
        club = club_get(club_id=club_id)
        rows = club_tournaments_before(club=club, before=TOURNAMENTS_BEFORE.read(request))
        page, following = page_cut(rows, TOURNAMENTS_PAGE, key=lambda tournament: tournament.pk)
        data = [tournament_data(t, draw_commitment(t)) for t in page]
        return page_response(request, TournamentSerializer(data, many=True).data, before=following)

    @extend_schema(
        operation_id="clubs_tournaments_create",
        summary="Create a tournament, open for registration (organizers only).",
        request=TournamentSerializer,
        responses={201: TournamentSerializer, **error_responses(400, 401, 403, 404)},
        tags=["tournaments"],
    )
    def post(self, request: Request, club_id: int) -> Response:
        club = club_get(club_id=club_id)
        player = player_required(request)
        serializer = TournamentSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = dict(serializer.validated_data)
        season_id = data.pop("season_id")
        season = None if season_id is None else club_season_get(club=club, season_id=season_id)
        tournament = tournament_create(club=club, by=player, spec=TournamentSpec(season=season, **data))
        return Response(_tournament(tournament), status=status.HTTP_201_CREATED)


class TournamentDetailView(ReplicaReadsMixin, ApiView):
    @extend_schema(
        operation_id="tournaments_retrieve",
        summary="A tournament with its number of entrants, the round under way, your entry and your latest match, "
        "and the links to its entrants and its matches a page at a time; up to 64 entrants, its entrants, tables and "
        "bracket whole as well.",
        responses={200: TournamentDetailSerializer, **error_responses(401, 404)},
        tags=["tournaments"],
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        return Response(_detail(request, tournament_id))


MATCHES_ROUND = QueryInt(
    "round", "Only the matches of this round (a bracket's round: its W, L and final matches).", high=SMALL_MAX
)


class TournamentMatchesView(ReplicaReadsMixin, ApiView):
    @extend_schema(
        operation_id="tournaments_matches_list",
        summary="The tournament's matches in the bracket's order (a two-stage tournament's group matches first), a "
        "hundred at a time: the next hundred at the `Link` header's rel=\"next\" (`?after=` the page's last match "
        "id); `?round=N` the matches of round N only (a round not played, or not there: 404 on `round`).",
        parameters=[
            MATCHES_ROUND.parameter,
            OpenApiParameter(
                "after",
                {"type": "string", "maxLength": 16, "pattern": f"^{MATCH_ID.pattern}$"},
                OpenApiParameter.QUERY,
                required=False,
                description='Only the matches after this one (the page after the one that ended with it: "W1.100").',
            ),
        ],
        responses={200: TournamentMatchSerializer(many=True), **error_responses(400, 401, 404)},
        tags=["tournaments"],
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = tournament_get_without_state(tournament_id=tournament_id)
        round_number = MATCHES_ROUND.read(request)
        after = request.query_params.get("after")
        if after is not None and not MATCH_ID.fullmatch(after):
            raise BadInput(_('A match id such as "W1.2".'), code="invalid", field="after")
        page = tournament_matches_page(tournament=tournament, round_number=round_number, after=after)
        if round_number is not None and after is None and not page.matches:
            raise NotFound(_("No match in this round."), field="round")
        following = {"round": round_number} if round_number is not None else {}
        rows = TournamentMatchSerializer(page.matches, many=True).data
        return page_response(request, rows, **following, after=page.next_after)


ENTRANTS_AFTER = QueryInt("after", "Only the entrants after this one (the page after this one).")


class BracketEntrantsView(ReplicaReadsMixin, ApiView):
    @extend_schema(
        operation_id="tournaments_entrants_list",
        summary="The entrants in standing order (placed best first, then by seed, then as entered), a hundred at a "
        "time: the next hundred at the `Link` header's rel=\"next\" (`?after=` the page's last entrant id).",
        parameters=[ENTRANTS_AFTER.parameter],
        responses={200: BracketEntrantSerializer(many=True), **error_responses(400, 401, 404)},
        tags=["tournaments"],
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = tournament_get_without_state(tournament_id=tournament_id)
        page = tournament_entrants_page(tournament=tournament, after=ENTRANTS_AFTER.read(request) or 0)
        rows = BracketEntrantSerializer([_entrant(e) for e in page.entrants], many=True).data
        return page_response(request, rows, after=page.next_after)


TournamentEntryView = entry_view(
    kind="tournaments",
    competition=lambda tournament_id: tournament_get(tournament_id=tournament_id),
    entrant=_entrant,
    entrant_serializer=BracketEntrantSerializer,
    tags=["tournaments"],
)


TournamentStartView = start_view(
    kind="tournaments",
    competition=lambda tournament_id: tournament_get(tournament_id=tournament_id),
    answer=lambda request, tournament: _detail(request, tournament.pk),
    serializer=TournamentDetailSerializer,
    summary="Close registration, seed the field, build the bracket and open its first tables (organizers only).",
    tags=["tournaments"],
)


class TournamentForfeitView(ApiView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="tournaments_forfeit",
        summary="T-D4: rule that an entrant (a player, or the team they play in) loses a match in play or waiting; "
        "its table in play is annulled and the opponent goes through (organizers only; 409 match_decided on a "
        "decided match).",
        request=TournamentForfeitSerializer,
        responses={200: TournamentDetailSerializer, **MANAGE_ERRORS},
        tags=["tournaments"],
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        tournament = tournament_get(tournament_id=tournament_id)
        serializer = TournamentForfeitSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        competition_forfeit(
            competition=tournament,
            match=data["match"],
            player=player_get(player_id=data["player_id"]),
            by=player_required(request),
            reason=data["reason"],
        )
        return Response(_detail(request, tournament_id))
