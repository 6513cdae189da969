from django.contrib.auth import views as auth_views
from django.urls import path

from league.views import (
    accounts,
    clubs,
    console,
    email_change,
    fairness,
    home,
    organizer,
    poker_tournaments,
    seasons,
    settings,
    tables,
    tournaments,
)

urlpatterns = [
    path("", home.home, name="home"),
    path("inbox/", home.inbox, name="inbox"),
    path("signup/", accounts.signup, name="signup"),
    path("login/", accounts.login_throttled(accounts.PlayerLoginView.as_view()), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("language/", accounts.language_set, name="set_language"),
    path("account/tokens/", accounts.tokens_page, name="tokens"),
    path("account/password/", accounts.password_change, name="password_change"),
    path("account/password/done/", accounts.password_change_done, name="password_change_done"),
    path("account/password/reset/", accounts.password_reset, name="password_reset"),
    path("account/password/reset/sent/", accounts.password_reset_done, name="password_reset_done"),
    path("account/password/reset/<uidb64>/<token>/", accounts.password_reset_confirm, name="password_reset_confirm"),
    path("account/password/reset/done/", accounts.password_reset_complete, name="password_reset_complete"),
    path("players/<int:player_id>/", accounts.profile, name="profile"),
    path("clubs/<slug:slug>/", clubs.club_detail, name="club"),
    path("clubs/<slug:slug>/join/", clubs.club_join, name="club_join"),
    path("clubs/<slug:slug>/invite/", clubs.club_invite, name="club_invite"),
    path("join-requests/<int:request_id>/<str:answer>/", clubs.join_request_answer, name="join_request_answer"),
    path("invitations/<slug:code>/", clubs.invitation_page, name="invitation"),
    path("invitations/<slug:code>/<str:answer>/", clubs.invitation_answer, name="invitation_answer"),
    path("clubs/<slug:slug>/seasons/new/", console.season_new, name="season_new"),
    path("clubs/<slug:slug>/leaderboards/<str:game>/", clubs.leaderboard_view, name="club_leaderboard"),
    path("leaderboards/", home.leaderboards_page, name="leaderboards"),
    path("leaderboards/<str:game>/", clubs.leaderboard_view, name="leaderboard"),
    path("seasons/<int:season_id>/", seasons.season_detail, name="season"),
    path("seasons/<int:season_id>/rounds/<int:number>/", seasons.season_round, name="season_round"),
    path("seasons/<int:season_id>/vacations/", seasons.season_vacations, name="season_vacations"),
    path("seasons/<int:season_id>/vacations/take/", seasons.season_vacation_take, name="season_vacation_take"),
    path(
        "seasons/<int:season_id>/vacations/<int:vacation_id>/cancel/",
        seasons.season_vacation_cancel,
        name="season_vacation_cancel",
    ),
    # the organizer's console: one page per task, and the actions their forms post to
    path("seasons/<int:season_id>/manage/", console.season_manage, name="season_manage"),
    path("seasons/<int:season_id>/manage/settings/", console.season_settings, name="season_settings"),
    path("seasons/<int:season_id>/manage/registration/", console.season_registration, name="season_registration"),
    path("seasons/<int:season_id>/manage/rounds/", console.season_rounds, name="season_rounds"),
    path("seasons/<int:season_id>/manage/rulings/", console.season_rulings, name="season_rulings"),
    # after the pages: an action is a POST to its own name (register, open, start, round, ...)
    path("seasons/<int:season_id>/manage/<str:action>/", console.season_action, name="season_action"),
    path("tables/<int:table_id>/", tables.table_detail, name="table"),
    path("tables/<int:table_id>/version/", tables.table_version, name="table_version"),
    path("tables/<int:table_id>/move/", tables.table_move, name="table_move"),
    # provably fair dealing (docs/fairness.md)
    path("tables/<int:table_id>/verify/", fairness.table_verify_page, name="fairness_verify"),
    path("tables/<int:table_id>/entropy/", fairness.table_entropy, name="fairness_entropy"),
    path("tables/<int:table_id>/replay/", fairness.table_replay, name="fairness_replay"),
    path("tables/<int:table_id>/record.json", fairness.table_record, name="fairness_record"),
    path("tables/<int:table_id>/history.txt", fairness.table_history, name="fairness_history"),
    path("seasons/<int:season_id>/export/<str:kind>.csv", fairness.season_export, name="fairness_season_csv"),
    # a player's journey (issue 20): the first-run page, my games, the club directory, the members page, entering a
    # season from its page
    path("welcome/", home.welcome, name="welcome"),
    path("me/games/", home.my_games, name="my_games"),
    path("clubs/", clubs.club_directory_view, name="clubs"),
    path("clubs/<slug:slug>/members/", clubs.club_members, name="club_members"),
    # the organizer's vacations of every entrant (issue 34)
    path("clubs/<slug:slug>/vacations/", organizer.club_vacations_page, name="club_vacations"),
    path(
        "clubs/<slug:slug>/vacations/<int:season_id>/grant/", organizer.club_vacation_grant, name="club_vacation_grant"
    ),
    path(
        "clubs/<slug:slug>/vacations/<int:season_id>/<int:vacation_id>/cancel/",
        organizer.club_vacation_cancel,
        name="club_vacation_cancel",
    ),
    path(
        "clubs/<slug:slug>/invitations/<int:invitation_id>/revoke/",
        clubs.club_invitation_revoke,
        name="club_invitation_revoke",
    ),
    # the player's settings, the address's verification, the notifications and the calendar feed (issue 20)
    path("settings/", settings.settings_page, name="settings"),
    path("settings/verify/", settings.settings_verify_send, name="settings_verify_send"),
    path("settings/calendar/", settings.settings_calendar, name="settings_calendar"),
    path("settings/table/", tables.table_settings, name="settings_table"),
    path("account/verify/<str:token>/", settings.email_verify_page, name="email_verify"),
    # an address change: the new address's link confirms it, the old address's undoes it (issue 35)
    path("account/email/confirm/<str:token>/", email_change.email_change_confirm_page, name="email_change_confirm"),
    path("account/email/undo/<str:token>/", email_change.email_change_undo_page, name="email_change_undo"),
    path("notifications/", settings.notifications_page, name="notifications"),
    path("notifications/unread/", settings.notifications_unread, name="notifications_unread"),
    path("settings/push/subscribe/", settings.push_subscribe, name="push_subscribe"),
    path("settings/push/unsubscribe/", settings.push_unsubscribe, name="push_unsubscribe"),
    # the service worker of Web Push: at the root, so that its scope is every page
    path("sw.js", settings.service_worker, name="service_worker"),
    path("notifications/<int:notification_id>/", settings.notification_open, name="notification_open"),
    path("me/calendar/<str:token>.ics", settings.calendar_page, name="calendar_feed"),
    path("seasons/<int:season_id>/enter/", seasons.season_action, {"action": "enter"}, name="season_enter"),
    path("seasons/<int:season_id>/leave/", seasons.season_action, {"action": "leave"}, name="season_leave"),
    # bracket tournaments (issue 22)
    path("clubs/<slug:slug>/tournaments/", tournaments.club_tournaments_page, name="club_tournaments"),
    path("tournaments/", home.tournaments_page, name="tournaments"),
    path("tournaments/<int:tournament_id>/", tournaments.tournament_detail, name="tournament"),
    path("tournaments/<int:tournament_id>/team/", tournaments.tournament_team_enter, name="tournament_team"),
    path("tournaments/<int:tournament_id>/forfeit/", tournaments.tournament_forfeit, name="tournament_forfeit"),
    # the organizer's entrants: added (picked or pasted) and removed before the start (issue 34)
    path(
        "tournaments/<int:tournament_id>/entrants/add/",
        tournaments.tournament_entrants_add_view,
        name="tournament_entrants_add",
    ),
    path(
        "tournaments/<int:tournament_id>/entrants/<int:player_id>/remove/",
        tournaments.tournament_entrant_remove,
        name="tournament_entrant_remove",
    ),
    # every format's page acts by POST to <kind>/<id>/<action>/: enter, leave, start (league.views.competitions)
    path("tournaments/<int:tournament_id>/<str:action>/", tournaments.tournament_action, name="tournament_action"),
    path(
        "tournaments/<int:tournament_id>/export/<str:kind>.csv", tournaments.tournament_export, name="tournament_export"
    ),
    # poker tournaments (issue 22): the page, the organizer's form, the actions, the standings
    path(
        "clubs/<slug:slug>/poker-tournaments/new/", poker_tournaments.poker_tournament_new, name="poker_tournament_new"
    ),
    path("poker-tournaments/<int:tournament_id>/", poker_tournaments.poker_tournament_detail, name="poker_tournament"),
    path(
        "poker-tournaments/<int:tournament_id>/export/<str:kind>.csv",
        poker_tournaments.poker_tournament_export,
        name="poker_tournament_export",
    ),
    path(
        "poker-tournaments/<int:tournament_id>/entrants/add/",
        poker_tournaments.poker_entrants_add_view,
        name="poker_entrants_add",
    ),
    path(
        "poker-tournaments/<int:tournament_id>/entrants/<int:player_id>/remove/",
        poker_tournaments.poker_entrant_remove,
        name="poker_entrant_remove",
    ),
    path(
        "poker-tournaments/<int:tournament_id>/forfeit/",
        poker_tournaments.poker_seat_forfeit_view,
        name="poker_seat_forfeit",
    ),
    path(
        "poker-tournaments/<int:tournament_id>/<str:action>/",
        poker_tournaments.poker_tournament_action,
        name="poker_tournament_action",
    ),
]
