"""The API, mounted at /api/ by config/urls.py (the endpoints are described in docs/api.md)."""

from django.urls import path, re_path, register_converter
from drf_spectacular.views import SpectacularSwaggerSplitView

from league.api.schema import IdConverter
from league.api.schema_cache import SchemaView
from league.api.views import auth, clubs, fairness, me, poker_tournaments, seasons, tables, tournaments
from league.api.views.base import NoSuchEndpointView
from league.api.views.index import ApiIndexView

register_converter(IdConverter, "id")

urlpatterns = [
    path("schema/", SchemaView.as_view(), name="api-schema"),
    # the split view serves its start-up script as a file of its own: the CSP allows no inline script (issue 35)
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    path("auth/token/", auth.TokenCreateView.as_view(), name="api-token"),
    path("me/", me.MeView.as_view(), name="api-me"),
    path("me/tokens/", auth.MyTokensView.as_view(), name="api-my-tokens"),
    path("me/tokens/rotate/", auth.MyTokenRotateView.as_view(), name="api-my-token-rotate"),
    path("me/turns/", tables.TurnListView.as_view(), name="api-turns"),
    path("me/locale/", me.MyLocaleView.as_view(), name="api-my-locale"),
    path("me/notifications/", me.MyNotificationsView.as_view(), name="api-my-notifications"),
    path("me/notifications/unread-count/", me.MyUnreadCountView.as_view(), name="api-my-notifications-unread"),
    path("me/notifications/read/", me.MyNotificationsReadView.as_view(), name="api-my-notifications-read"),
    path("clubs/", clubs.ClubListView.as_view(), name="api-clubs"),
    path("clubs/<id:club_id>/", clubs.ClubDetailView.as_view(), name="api-club"),
    path("clubs/<id:club_id>/members/", clubs.ClubMembersView.as_view(), name="api-club-members"),
    path("clubs/<id:club_id>/invitations/", clubs.ClubInvitationsView.as_view(), name="api-club-invitations"),
    path("clubs/<id:club_id>/join-requests/", clubs.ClubJoinRequestsView.as_view(), name="api-club-join-requests"),
    path("me/invitations/", clubs.MyInvitationsView.as_view(), name="api-my-invitations"),
    path("invitations/<slug:code>/accept/", clubs.InvitationAcceptView.as_view(), name="api-invitation-accept"),
    path("invitations/<slug:code>/decline/", clubs.InvitationDeclineView.as_view(), name="api-invitation-decline"),
    path(
        "join-requests/<id:request_id>/approve/",
        clubs.JoinRequestApproveView.as_view(),
        name="api-join-request-approve",
    ),
    path(
        "join-requests/<id:request_id>/decline/",
        clubs.JoinRequestDeclineView.as_view(),
        name="api-join-request-decline",
    ),
    path("tables/<id:table_id>/rated/", tables.TableRatedAgreeView.as_view(), name="api-table-rated"),
    path("clubs/<id:club_id>/members/<id:player_id>/", clubs.ClubMemberView.as_view(), name="api-club-member"),
    path("clubs/<id:club_id>/tables/", clubs.ClubTablesView.as_view(), name="api-club-tables"),
    path("tables/<id:table_id>/", tables.TableDetailView.as_view(), name="api-table"),
    path("tables/<id:table_id>/legal-moves/", tables.TableLegalMovesView.as_view(), name="api-table-legal-moves"),
    path("tables/<id:table_id>/moves/", tables.TableMovesView.as_view(), name="api-table-moves"),
    path("tables/<id:table_id>/annul/", clubs.TableAnnulView.as_view(), name="api-table-annul"),
    path("tables/<id:table_id>/forfeit/", seasons.TableForfeitView.as_view(), name="api-table-forfeit"),
    path("clubs/<id:club_id>/seasons/", seasons.ClubSeasonsView.as_view(), name="api-club-seasons"),
    path("seasons/<id:season_id>/", seasons.SeasonDetailView.as_view(), name="api-season"),
    path("seasons/<id:season_id>/open/", seasons.SeasonOpenView.as_view(), name="api-season-open"),
    path("seasons/<id:season_id>/start/", seasons.SeasonStartView.as_view(), name="api-season-start"),
    path("seasons/<id:season_id>/finish/", seasons.SeasonFinishView.as_view(), name="api-season-finish"),
    path("seasons/<id:season_id>/rollover/", seasons.SeasonRolloverView.as_view(), name="api-season-rollover"),
    path("seasons/<id:season_id>/entrants/", seasons.SeasonEntrantsView.as_view(), name="api-season-entrants"),
    # entering and leaving, one shape for every format: POST and DELETE on <kind>/<id>/entry/
    path("seasons/<id:season_id>/entry/", seasons.SeasonEntryView.as_view(), name="api-season-entry"),
    path(
        "seasons/<id:season_id>/entrants/<id:entrant_id>/withdraw/",
        seasons.EntrantWithdrawView.as_view(),
        name="api-season-entrant-withdraw",
    ),
    path("seasons/<id:season_id>/rounds/", seasons.SeasonRoundsView.as_view(), name="api-season-rounds"),
    path("seasons/<id:season_id>/standings/", seasons.SeasonStandingsView.as_view(), name="api-season-standings"),
    path("seasons/<id:season_id>/vacations/", seasons.SeasonVacationsView.as_view(), name="api-season-vacations"),
    path(
        "seasons/<id:season_id>/vacations/<id:vacation_id>/cancel/",
        seasons.VacationCancelView.as_view(),
        name="api-season-vacation-cancel",
    ),
    path("leaderboards/<str:game>/", seasons.LeaderboardView.as_view(), name="api-leaderboard"),
    path("tables/<id:table_id>/fairness/", fairness.FairnessView.as_view(), name="api-table-fairness"),
    path("tables/<id:table_id>/fairness/entropy/", fairness.EntropyView.as_view(), name="api-table-fairness-entropy"),
    path("tables/<id:table_id>/fairness/export/", fairness.RecordView.as_view(), name="api-table-fairness-export"),
    # bracket tournaments (issue 22)
    path("clubs/<id:club_id>/tournaments/", tournaments.ClubTournamentsView.as_view(), name="api-club-tournaments"),
    path("tournaments/<id:tournament_id>/", tournaments.TournamentDetailView.as_view(), name="api-tournament"),
    path(
        "tournaments/<id:tournament_id>/matches/",
        tournaments.TournamentMatchesView.as_view(),
        name="api-tournament-matches",
    ),
    path(
        "tournaments/<id:tournament_id>/entrants/",
        tournaments.BracketEntrantsView.as_view(),
        name="api-tournament-entrants",
    ),
    path(
        "tournaments/<id:tournament_id>/entry/",
        tournaments.TournamentEntryView.as_view(),
        name="api-tournament-entry",
    ),
    path(
        "tournaments/<id:tournament_id>/start/", tournaments.TournamentStartView.as_view(), name="api-tournament-start"
    ),
    path(
        "tournaments/<id:tournament_id>/forfeit/",
        tournaments.TournamentForfeitView.as_view(),
        name="api-tournament-forfeit",
    ),
    # poker tournaments (issue 22)
    path(
        "clubs/<id:club_id>/poker-tournaments/",
        poker_tournaments.ClubPokerTournamentsView.as_view(),
        name="api-club-poker-tournaments",
    ),
    path(
        "poker-tournaments/<id:tournament_id>/",
        poker_tournaments.PokerTournamentDetailView.as_view(),
        name="api-poker-tournament",
    ),
    path(
        "poker-tournaments/<id:tournament_id>/seating/",
        poker_tournaments.PokerSeatingView.as_view(),
        name="api-poker-tournament-seating",
    ),
    path(
        "poker-tournaments/<id:tournament_id>/entry/",
        poker_tournaments.PokerTournamentEntryView.as_view(),
        name="api-poker-tournament-entry",
    ),
    path(
        "poker-tournaments/<id:tournament_id>/start/",
        poker_tournaments.PokerTournamentStartView.as_view(),
        name="api-poker-tournament-start",
    ),
    # last: any other path under /api/ answers in the API's error format; only paths ending in a slash, so that
    # Django still redirects /api/me to /api/me/ (APPEND_SLASH)
    re_path(r"^[\s\S]*/$", NoSuchEndpointView.as_view(), name="api-no-such-endpoint"),
]
# the index (/api/) lists the patterns above, the list itself, so that it never falls behind them
urlpatterns.insert(0, path("", ApiIndexView.as_view(patterns=urlpatterns), name="api-index"))
