"""The Django admin, for organizers: clubs, members, players, and tables with their seats, move log, ledger and
results.

An organizer who is staff but not superuser sees and manages only the clubs they organize (and their tables), and
edits only the player profiles of those clubs' members.
Tables are opened through `table_create` (the add form asks for the game, the club's members in seat order and the
options); their state, version and move log are read-only: only the move pipeline writes them. The admin shows the
spectator's view rather than the raw state, and while a table is in play only the public part of each move, so an
organizer who also plays learns nothing a spectator would not; the seed is never shown. Changelists filter only on
what they list (`LeagueAdmin.lookup_allowed`), never on a secret field.
"""

import json
from datetime import timedelta
from functools import lru_cache
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import FieldDoesNotExist
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.db.models import Count, ForeignKey, JSONField, Model, Q, QuerySet
from django.db.models.constants import LOOKUP_SEP
from django.http import HttpRequest
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games import IllegalMove, available_games
from league.admin_poker import POKER_ACTIONS
from league.admin_seasons import SEASON_ACTIONS
from league.clocks.check import clock_check
from league.engines import engine_for
from league.errors import ServiceError
from league.forms import CheckedJSONField
from league.input import json_check, single_line_check
from league.models import (
    Bye,
    Club,
    Entrant,
    LedgerEntry,
    Membership,
    Move,
    Player,
    Rating,
    RatingEvent,
    Result,
    Round,
    Season,
    SeasonClock,
    Seat,
    Standing,
    Table,
    TableRuling,
    Tournament,
    TournamentEntrant,
    TournamentTable,
    Vacation,
)
from league.models.poker_tournaments import PokerEntrant, PokerHand, PokerTournament
from league.selectors.public_record import PublishedMove, published_moves
from league.selectors.tables import move_events_for
from league.services.season_settings import EDITABLE, season_clock_set
from league.services.seasons import ClockSpec
from league.services.tables import table_annul, table_create, time_per_move_check
from league.services.timeouts import table_sweep_mark_clear
from league.services.tournaments import tournament_start
from league.services.verification import table_verify


def _pretty(data: Any) -> str:
    return format_html("<pre style='max-height:32em;overflow:auto'>{}</pre>", json.dumps(data, indent=2, default=str))


def _organized_clubs(request: HttpRequest) -> QuerySet[Club]:
    if not request.user.is_authenticated:
        return Club.objects.none()
    return Club.objects.filter(
        memberships__player__user=request.user, memberships__role=Membership.Role.ORGANIZER
    ).distinct()


# fields that hold what a seat or a person keeps to themselves: no admin filters, searches or sorts on them, whatever
# its list_filter says (a filter on a JSON field is a question about its content: ?seed__startswith=0, 275 requests
# for a whole seed; ?state__hands__1__contains=8D for an opponent's hand)
SECRET_FIELDS = frozenset(
    {"state", "seed", "payload", "events", "opening_events", "server_seed", "result", "settings", "email", "password"}
)
# the lookups Django's own list filters and date hierarchy put in a changelist's query string
FILTER_LOOKUPS = frozenset({"exact", "isnull", "in", "year", "month", "day", "gte", "lt"})


def _field_path(model: type[Model], lookup: str) -> tuple[list[str], list[str]]:
    """Split an admin lookup into the field path it walks (relations then a field) and the lookups after it; the id
    of a relation is the relation itself (`club__id__exact` filters on `club`)."""
    path: list[str] = []
    parts = lookup.split(LOOKUP_SEP)
    current: type[Model] | None = model
    for index, part in enumerate(parts):
        try:
            field = current._meta.get_field(part) if current is not None else None
        except FieldDoesNotExist:
            field = None
        if field is None:
            return path, parts[index:]
        if path and part in ("id", "pk") and getattr(field, "primary_key", False):
            return path, parts[index + 1 :]
        path.append(part)
        current = field.related_model if field.is_relation else None  # type: ignore[assignment]
    return path, []


class LeagueAdmin(admin.ModelAdmin):
    """Every admin of the league: a changelist filters only on what its `list_filter` and `date_hierarchy` offer,
    with the lookups Django's own filters use, and never on a secret field (SECRET_FIELDS), however reached.
    Django's default accepts any lookup on a model's own fields, which lets a staff organizer who plays ask
    yes/no questions about a table's hidden state. JSON fields are read through league.input, as every JSON input."""

    formfield_overrides = {JSONField: {"form_class": CheckedJSONField}}

    def lookup_allowed(self, lookup: str, value: str, request: HttpRequest | None = None) -> bool:
        path, lookups = _field_path(self.model, lookup)
        if not path or SECRET_FIELDS.intersection(path) or not set(lookups) <= FILTER_LOOKUPS or len(lookups) > 1:
            return False
        return LOOKUP_SEP.join(path) in self.filter_paths(request)

    def filter_paths(self, request: HttpRequest | None) -> set[str]:
        """The field paths this changelist's filters use (a relation filters on its id)."""
        filters = self.get_list_filter(request) if request is not None else self.list_filter
        paths = {self.date_hierarchy} if self.date_hierarchy else set()
        for item in filters:
            name = item[0] if isinstance(item, list | tuple) else item
            if isinstance(name, str):
                paths.add(LOOKUP_SEP.join(_field_path(self.model, name)[0]))
        return paths


class ClubScoped(LeagueAdmin):
    """Limit a non-superuser to the clubs they organize; `club_path` leads from the model to its club."""

    club_path = "club"

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        queryset: QuerySet = super().get_queryset(request)
        if request.user.is_superuser:
            return queryset
        return queryset.filter(**{f"{self.club_path}__in": _organized_clubs(request)})

    def formfield_for_foreignkey(
        self, db_field: ForeignKey, request: HttpRequest, **kwargs: Any
    ) -> forms.ModelChoiceField | None:
        if db_field.related_model is Club and not request.user.is_superuser:
            kwargs["queryset"] = _organized_clubs(request)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False
    show_change_link = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


# --- players and clubs ----------------------------------------------------------------------------------------------


class PlayerAdminForm(forms.ModelForm):
    """A display name is one line here too (league.input.single_line_check), as at sign-up, settings and the API."""

    class Meta:
        model = Player
        fields = ["user", "display_name", "is_bot", "language", "settings"]

    def clean_display_name(self) -> str:
        name = self.cleaned_data["display_name"]
        try:
            return single_line_check(name, field="display_name")
        except ServiceError as error:
            raise forms.ValidationError(error.message, code=error.code) from None


@admin.register(Player)
class PlayerAdmin(LeagueAdmin):
    """A non-superuser sees only the members of the clubs they organize, read-only and without their personal
    settings: an organizer edits club membership, never another person's profile. The player search that fills a
    membership's player field finds, for them, only those members, and never searches e-mail addresses."""

    form = PlayerAdminForm
    list_display = ["display_name", "user", "is_bot", "language", "created_at"]
    list_filter = ["is_bot", "language"]
    search_fields = ["display_name", "user__username"]
    autocomplete_fields = ["user"]
    readonly_fields = ["created_at"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Player]:
        queryset = super().get_queryset(request)
        if request.user.is_superuser:
            return queryset
        # a subquery rather than a join: a member of two of the organizer's clubs is listed once
        members = Membership.objects.filter(club__in=_organized_clubs(request)).values("player")
        return queryset.filter(pk__in=members)

    def has_change_permission(self, request: HttpRequest, obj: Player | None = None) -> bool:
        return bool(request.user.is_superuser) and super().has_change_permission(request, obj)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return bool(request.user.is_superuser) and super().has_add_permission(request)

    def has_delete_permission(self, request: HttpRequest, obj: Player | None = None) -> bool:
        return bool(request.user.is_superuser) and super().has_delete_permission(request, obj)

    def get_exclude(self, request: HttpRequest, obj: Player | None = None) -> Any:
        # a member's preferences are theirs; the organizer sees the name, language and whether it is a bot
        return None if request.user.is_superuser else ["settings"]


class MembershipInline(admin.TabularInline):
    """A club's members: an organizer changes a role or removes a member; a player joins only with their consent
    (an invitation accepted or a request approved: league.services.clubs), so only a superuser adds one here."""

    model = Membership
    extra = 0
    autocomplete_fields = ["player"]

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return bool(request.user.is_superuser) and super().has_add_permission(request, obj)

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        return [] if request.user.is_superuser else ["player", "joined_at"]


@admin.register(Club)
class ClubAdmin(ClubScoped, admin.ModelAdmin):
    club_path = "pk"
    list_display = ["name", "slug", "member_count", "table_count", "created_at"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    readonly_fields = ["created_at"]
    inlines = [MembershipInline]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Club]:
        clubs: QuerySet[Club] = super().get_queryset(request)
        return clubs.annotate(
            member_count=Count("memberships", distinct=True), table_count=Count("tables", distinct=True)
        )

    @admin.display(description="members", ordering="member_count")
    def member_count(self, club: Club) -> int:
        return int(club.member_count)  # type: ignore[attr-defined]  # annotated by get_queryset

    @admin.display(description="tables", ordering="table_count")
    def table_count(self, club: Club) -> int:
        return int(club.table_count)  # type: ignore[attr-defined]  # annotated by get_queryset

    def has_add_permission(self, request: HttpRequest) -> bool:
        # a new club has no organizer yet, so only a superuser may open one
        return request.user.is_superuser


@admin.register(Membership)
class MembershipAdmin(ClubScoped, admin.ModelAdmin):
    list_display = ["player", "club", "role", "joined_at"]
    list_filter = ["role", "club"]
    search_fields = ["player__display_name", "player__user__username", "club__name"]
    autocomplete_fields = ["player"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        # joining takes the player's consent (MembershipInline says how); a superuser may still repair a club
        return bool(request.user.is_superuser) and super().has_add_permission(request)

    def get_readonly_fields(self, request: HttpRequest, obj: Membership | None = None) -> Any:
        return [] if request.user.is_superuser else ["player", "club", "joined_at"]


# --- tables ---------------------------------------------------------------------------------------------------------


class SeatInline(ReadOnlyInline):
    model = Seat
    fields = readonly_fields = ("index", "player", "to_act")


class MoveInline(ReadOnlyInline):
    model = Move
    fields = readonly_fields = ("seq", "seat", "player", "move_shown", "auto", "hidden", "at")
    ordering = ["-seq"]
    verbose_name_plural = "move log (latest first)"

    def get_queryset(self, request: HttpRequest) -> QuerySet[Move]:
        return super().get_queryset(request).select_related("table", "player")

    @admin.display(description="move")
    def move_shown(self, move: Move) -> str:
        if move.table.status not in (Table.Status.ACTIVE, Table.Status.SEEDING):
            # once over, what the record publishes: a fold's cards and a face-down discard stay secret for ever
            public = _published(move.table_id, move.table.version, move.table.created_at.isoformat())[move.seq]
            concealed = " (concealed for ever)" if public.concealed else ""
            return json.dumps({"move": public.payload, "events": public.events}, sort_keys=True) + concealed
        # in play, an organizer who also plays sees what the public log shows, no more
        shown = json.dumps(move_events_for(events=move.events, seat=None), sort_keys=True)
        return f"{shown} (the rest while in play is private)"


@lru_cache(maxsize=16)
def _published(table_id: int, version: int, created_at: str) -> dict[int, PublishedMove]:
    """An ended table's published moves by seq, once for the rows of a page: an ended table's moves never change
    (the version and the creation time tell a table apart from another that got its id after a rollback)."""
    return {move.seq: move for move in published_moves(table=Table.objects.get(pk=table_id))}


class LedgerEntryInline(ReadOnlyInline):
    model = LedgerEntry
    fields = readonly_fields = ("index", "deltas", "totals")

    @admin.display(description="deltas")
    def deltas(self, entry: LedgerEntry) -> str:
        return json.dumps(entry.row.get("deltas"))

    @admin.display(description="totals")
    def totals(self, entry: LedgerEntry) -> str:
        return json.dumps(entry.row.get("totals"))


class ResultInline(ReadOnlyInline):
    model = Result
    fields = readonly_fields = ("seat", "player", "place", "score", "extra")


class TableCreateForm(forms.ModelForm):
    """Open a table through `table_create`: the players by username, in seat order."""

    # not named "game": the model field's fixed choices would then be checked too, before the engine is asked
    game_name = forms.ChoiceField(label="game", choices=())
    seat_usernames = forms.CharField(
        label="players", help_text="Usernames in seat order, separated by commas (seat 0 first)."
    )
    table_options = CheckedJSONField(
        label="options", required=False, initial=dict, help_text="The game's settings; empty for its defaults."
    )
    time_per_move = forms.IntegerField(
        min_value=1, max_value=30 * 86400, initial=86400, help_text="Seconds each turn may take (at least an hour)."
    )

    class Meta:
        model = Table
        fields = ["club"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        game = self.fields["game_name"]
        assert isinstance(game, forms.ChoiceField)
        game.choices = [(name, name) for name in available_games()]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        names = [name.strip() for name in data.get("seat_usernames", "").split(",") if name.strip()]
        found = {p.user.username: p for p in Player.objects.select_related("user").filter(user__username__in=names)}
        if missing := [name for name in names if name not in found]:
            self.add_error("seat_usernames", f"No player with the username {', '.join(missing)}.")
            return data
        data["seat_players"] = [found[name] for name in names]
        club = data.get("club")
        members = set(
            Membership.objects.filter(club=club, player__in=found.values()).values_list("player_id", flat=True)
        )
        if outsiders := [name for name in names if found[name].pk not in members]:
            # a seat is for a member only: joining the club took their consent (league.services.clubs)
            self.add_error("seat_usernames", f"Not a member of the club: {', '.join(outsiders)}.")
            return data
        try:
            if data.get("time_per_move") is not None:
                time_per_move_check(timedelta(seconds=data["time_per_move"]))
            json_check(data.get("table_options") or {})
        except ServiceError as error:
            self.add_error("time_per_move" if error.field == "time_per_move" else "table_options", error.message)
            return data
        if game := data.get("game_name"):
            engine = engine_for(game)
            if not engine.min_players <= len(names) <= engine.max_players:
                self.add_error(
                    "seat_usernames", f"{game} is played by {engine.min_players} to {engine.max_players} players."
                )
            elif len(set(names)) != len(names):
                self.add_error("seat_usernames", "A player may take only one seat.")
            else:
                try:
                    data["table_options"] = engine.check_options(dict(data.get("table_options") or {}), len(names))
                except IllegalMove as error:
                    self.add_error("table_options", error.message)
        return data


SWEEP_TROUBLE_HELP = _(
    "When the clock sweep cannot play a table's timeout (its season's clock or its data is broken), it leaves the "
    "table as it was, notes why here, and tries it again on its own schedule, further apart the longer it fails "
    "(from two minutes to an hour), so that it never holds back other tables; the note goes once a sweep plays it. "
    "Once the cause is fixed, clear the mark (an action of the table list) and the next sweep tries it at once."
)


@admin.register(Table)
class TableAdmin(ClubScoped, admin.ModelAdmin):
    list_display = ["__str__", "game", "club", "status", "version", "players", "deadline", "created_at"]
    # a date on `sweep_failed_at` ("Has date"): the tables the clock sweep could not play, for an organizer to look into
    list_filter = ["status", "game", "club", "sweep_failed_at"]
    search_fields = ["=id", "club__name", "seats__player__display_name", "seats__player__user__username"]
    date_hierarchy = "created_at"
    list_select_related = ["club"]
    actions = ["verify_selected", "annul_selected", "sweep_mark_clear_selected"]
    inlines = [SeatInline, ResultInline, LedgerEntryInline, MoveInline]
    readonly_fields = [
        "club",
        "game",
        "players",
        "status",
        "version",
        "deadline",
        "time_per_move",
        "annul_reason",
        "created_at",
        "finished_at",
        "options_shown",
        "state_shown",
        "sweep_error",
        "sweep_failed_at",
        "sweep_retry_at",
    ]
    fieldsets = [
        (None, {"fields": ["club", "game", "players", "status", "version", "deadline", "time_per_move"]}),
        ("Settings", {"fields": ["options_shown"]}),
        ("State", {"fields": ["state_shown"], "description": "The spectator's view of the table."}),
        ("History", {"fields": ["created_at", "finished_at", "annul_reason"]}),
        (
            _("Clock sweep"),
            {"fields": ["sweep_error", "sweep_failed_at", "sweep_retry_at"], "description": SWEEP_TROUBLE_HELP},
        ),
    ]

    def get_form(
        self, request: HttpRequest, obj: Table | None = None, change: bool = False, **kwargs: Any
    ) -> type[forms.ModelForm]:
        if obj is None:
            kwargs["form"] = TableCreateForm
        return super().get_form(request, obj, change=change, **kwargs)

    def get_fieldsets(self, request: HttpRequest, obj: Table | None = None) -> Any:
        if obj is None:
            return [(None, {"fields": ["club", "game_name", "seat_usernames", "table_options", "time_per_move"]})]
        return self.fieldsets

    def get_readonly_fields(self, request: HttpRequest, obj: Table | None = None) -> Any:
        return self.readonly_fields if obj is not None else []

    def get_inlines(self, request: HttpRequest, obj: Table | None) -> Any:
        return self.inlines if obj is not None else []

    def save_model(self, request: HttpRequest, obj: Table, form: TableCreateForm, change: bool) -> None:
        if change:
            return  # every field of an open table is read-only; the move pipeline writes it
        created = table_create(  # the service checks the time against the floor (MIN_TIME_PER_MOVE)
            club=form.cleaned_data["club"],
            game=form.cleaned_data["game_name"],
            players=form.cleaned_data["seat_players"],
            options=form.cleaned_data["table_options"],
            time_per_move=timedelta(seconds=form.cleaned_data["time_per_move"]),
        )
        # the admin goes on with `obj` (log entry, redirect), so it becomes the table just created
        obj.__dict__.update(created.__dict__)

    def has_delete_permission(self, request: HttpRequest, obj: Table | None = None) -> bool:
        # tables are annulled, not deleted: their moves are the record; only a superuser may remove one
        return request.user.is_superuser

    @admin.display(description="options")
    def options_shown(self, table: Table) -> str:
        return _pretty(table.options)

    @admin.display(description="state")
    def state_shown(self, table: Table) -> str:
        # the spectator's view, in play and after: an organizer who plays learns nothing a spectator would not, and
        # once the table ends its whole story is public anyway (the seed, the replay, the record with every move)
        if table.status == Table.Status.SEEDING:
            return _pretty({})
        return _pretty(engine_for(table.game).view(table.state, None))

    @admin.action(description="Verify the selected tables (replay seed + moves)")
    def verify_selected(self, request: HttpRequest, queryset: QuerySet[Table]) -> None:
        faulty = 0
        for table in queryset:
            if differences := table_verify(table=table):
                faulty += 1
                self.message_user(request, f"{table}: {'; '.join(differences)}", messages.ERROR)
        if not faulty:
            self.message_user(request, f"{queryset.count()} table(s) verified: no difference.", messages.SUCCESS)

    @admin.action(description="Annul the selected tables")
    def annul_selected(self, request: HttpRequest, queryset: QuerySet[Table]) -> None:
        for table in queryset:
            try:
                table_annul(table_id=table.pk, reason=f"annulled by {request.user.get_username()} in the admin")
            except ServiceError as error:
                self.message_user(request, f"{table}: {error.message}", messages.WARNING)
            else:
                self.message_user(request, f"{table} annulled.", messages.SUCCESS)

    @admin.action(description=_("Clear the clock sweep's mark (the next sweep tries the table again)"))
    def sweep_mark_clear_selected(self, request: HttpRequest, queryset: QuerySet[Table]) -> None:
        marked = list(queryset.filter(sweep_failed_at__isnull=False).values_list("pk", flat=True))
        for table_id in marked:
            # the operator's permission is the admin's (the queryset is already limited to the clubs they organize)
            table_sweep_mark_clear(table_id=table_id, by=None)
        self.message_user(
            request,
            ngettext(
                "%(count)d table's mark cleared: the next sweep tries it.",
                "%(count)d tables' marks cleared: the next sweep tries them.",
                len(marked),
            )
            % {"count": len(marked)},
            messages.SUCCESS,
        )


@admin.register(Move)
class MoveAdmin(ClubScoped, admin.ModelAdmin):
    """The whole move log, searchable across tables; read-only."""

    club_path = "table__club"
    list_display = ["table", "seq", "seat", "player", "move_type", "auto", "hidden", "at"]
    list_filter = ["auto", "hidden", "table__game"]
    search_fields = ["=table__id", "player__display_name"]
    list_select_related = ["table", "player"]
    fields = readonly_fields = (
        "table",
        "seq",
        "seat",
        "player",
        "move_shown",
        "auto",
        "hidden",
        "step_open",
        "at",
        "idempotency_key",
    )

    @admin.display(description="type")
    def move_type(self, move: Move) -> str:
        return move.payload.get("type", "") if isinstance(move.payload, dict) else ""

    move_shown = MoveInline.move_shown

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Move | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Move | None = None) -> bool:
        return False


@admin.register(LedgerEntry)
class LedgerEntryAdmin(ClubScoped, admin.ModelAdmin):
    club_path = "table__club"
    list_display = ["table", "index"]
    list_filter = ["table__game"]
    search_fields = ["=table__id"]
    fields = readonly_fields = ("table", "index", "row_shown")

    @admin.display(description="row")
    def row_shown(self, entry: LedgerEntry) -> str:
        return _pretty(entry.row)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: LedgerEntry | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: LedgerEntry | None = None) -> bool:
        return False


@admin.register(Result)
class ResultAdmin(ClubScoped, admin.ModelAdmin):
    club_path = "table__club"
    list_display = ["table", "seat", "player", "place", "score"]
    list_filter = ["place", "table__game", "table__club"]
    search_fields = ["=table__id", "player__display_name"]
    readonly_fields = ["table", "seat", "player", "place", "score", "extra"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Result | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Result | None = None) -> bool:
        return False


# --- seasons (read-only here: seasons, rounds and standings change through league.services.seasons/rounds) ---------


class ReadOnlyAdmin(ClubScoped, admin.ModelAdmin):
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class RoundInline(ReadOnlyInline):
    model = Round
    fields = readonly_fields = ("number", "status", "starts_at", "started_at", "finished_at")


@admin.register(Season)
class SeasonAdmin(ReadOnlyAdmin):
    list_display = ["name", "club", "game", "league", "edition", "division_level", "format", "status", "starts_on"]
    list_filter = ["status", "game", "format", "club"]
    search_fields = ["name", "league", "club__name"]
    exclude = ["seed"]
    inlines = [RoundInline]
    actions = SEASON_ACTIONS  # league/admin_seasons.py: each through its service


class SeasonClockForm(forms.ModelForm):
    """A season clock through the admin: checked by `clock_check`, as the pages and the API check it."""

    class Meta:
        model = SeasonClock
        fields = [
            "season",
            "bank_start",
            "bank_increment",
            "bank_cap",
            "vacation_days",
            "pause_weekday",
            "pause_start",
            "pause_hours",
            "time_zone",
            "timeout_policy",
            "abandon_after",
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.errors:
            return data
        season = data.get("season") or getattr(self.instance, "season", None)
        if season is not None and season.status not in EDITABLE:
            self.add_error(None, "The season has started: its clock is fixed.")
            return data
        values: dict[str, Any] = {name: data.get(name) for name in self.Meta.fields if name != "season"}
        for problem in clock_check(**values):
            self.add_error(problem.field if problem.field in self.fields else None, problem.message)
        return data


@admin.register(SeasonClock)
class SeasonClockAdmin(ClubScoped, admin.ModelAdmin):
    """Season clocks, switched on, changed and off through `season_clock_set` (before the season starts)."""

    club_path = "season__club"
    form = SeasonClockForm
    list_display = ["season", "bank_start", "bank_increment", "vacation_days", "pause_weekday", "time_zone"]
    list_filter = ["timeout_policy", "season__club"]
    search_fields = ["season__name"]

    def formfield_for_foreignkey(
        self, db_field: ForeignKey, request: HttpRequest, **kwargs: Any
    ) -> forms.ModelChoiceField | None:
        if db_field.name == "season":
            seasons = Season.objects.filter(status__in=EDITABLE)
            if not request.user.is_superuser:
                seasons = seasons.filter(club__in=_organized_clubs(request))
            kwargs["queryset"] = seasons
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def get_readonly_fields(self, request: HttpRequest, obj: SeasonClock | None = None) -> Any:
        return ["season"] if obj is not None else []

    def save_model(self, request: HttpRequest, obj: SeasonClock, form: forms.ModelForm, change: bool) -> None:
        by = Player.objects.filter(user__pk=request.user.pk or 0).first()
        values = {name: form.cleaned_data.get(name, getattr(obj, name)) for name in SeasonClockForm.Meta.fields}
        season = values.pop("season") if not change else obj.season
        if by is None:
            raise DjangoPermissionDenied("Only an organizer of the club may do this.")
        stored = season_clock_set(season=season, by=by, clock=ClockSpec(**values))
        # the admin goes on with `obj` (log entry, redirect), so it becomes the clock just stored
        obj.__dict__.update(stored.__dict__ if stored is not None else {})

    def delete_model(self, request: HttpRequest, obj: SeasonClock) -> None:
        by = Player.objects.filter(user__pk=request.user.pk or 0).first()
        if by is None:
            raise DjangoPermissionDenied("Only an organizer of the club may do this.")
        season_clock_set(season=obj.season, by=by, clock=None)


@admin.register(Vacation)
class VacationAdmin(ReadOnlyAdmin):
    club_path = "season__club"
    list_display = ["player", "season", "starts_at", "ends_at"]
    list_filter = ["season__club"]
    search_fields = ["player__display_name", "season__name"]


@admin.register(Entrant)
class EntrantAdmin(ReadOnlyAdmin):
    club_path = "season__club"
    list_display = ["__str__", "season", "player", "partner"]
    list_filter = ["season__game", "season__club"]
    search_fields = ["name", "player__display_name", "partner__display_name", "season__name"]


@admin.register(Round)
class RoundAdmin(ReadOnlyAdmin):
    club_path = "season__club"
    list_display = ["__str__", "season", "number", "status", "starts_at", "started_at", "finished_at"]
    list_filter = ["status", "season__game", "season__club"]
    search_fields = ["season__name"]


@admin.register(Bye)
class ByeAdmin(ReadOnlyAdmin):
    club_path = "round__season__club"
    list_display = ["__str__", "round", "entrant"]


@admin.register(TableRuling)
class TableRulingAdmin(ReadOnlyAdmin):
    club_path = "table__club"
    list_display = ["table", "kind", "reason", "by"]
    list_filter = ["kind"]
    search_fields = ["=table__id", "reason"]


@admin.register(Standing)
class StandingAdmin(ReadOnlyAdmin):
    club_path = "season__club"
    list_display = ["season", "rank", "entrant", "points", "played", "wins", "byes", "computed_at"]
    list_filter = ["season__club", "season"]
    search_fields = ["season__name", "entrant__player__display_name", "entrant__name"]


@admin.register(Rating)
class RatingAdmin(ReadOnlyAdmin):
    club_path = "player__memberships__club"
    list_display = ["player", "game", "ordinal", "mu", "sigma", "games", "updated_at"]
    list_filter = ["game"]
    search_fields = ["player__display_name", "player__user__username"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Rating]:
        return super().get_queryset(request).distinct()


@admin.register(RatingEvent)
class RatingEventAdmin(ReadOnlyAdmin):
    club_path = "table__club"
    list_display = ["player", "game", "table", "poker_tournament", "mu_before", "mu_after", "at"]
    list_filter = ["game"]
    search_fields = ["player__display_name", "=table__id", "poker_tournament__name"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[RatingEvent]:
        # a poker tournament's events have no table: they are the organizer's by the tournament's club
        events: QuerySet[RatingEvent] = (
            super(ClubScoped, self)
            .get_queryset(request)
            .select_related("player", "table", "poker_tournament")
            .defer("poker_tournament__state", "table__state")
        )
        if request.user.is_superuser:
            return events
        clubs = _organized_clubs(request)
        return events.filter(Q(table__club__in=clubs) | Q(poker_tournament__club__in=clubs))


# --- bracket tournaments (read-only here: they change through league.services.tournaments) -------------------------


class TournamentEntrantInline(ReadOnlyInline):
    model = TournamentEntrant
    fields = readonly_fields = ("player", "partner", "seed", "withdrawn", "place", "shared", "points")


class TournamentTableInline(ReadOnlyInline):
    model = TournamentTable
    fields = readonly_fields = ("match", "number", "table", "recorded")


@admin.action(description="Start the selected tournaments (seed, draw the bracket, open the first tables)")
def tournaments_start(modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet[Tournament]) -> None:
    by = Player.objects.filter(user__pk=request.user.pk or 0).first()
    for tournament in queryset:
        try:
            if by is None:  # an admin account without a player profile organizes nothing
                raise ServiceError("Only an organizer of the club may do this.")
            tournament_start(tournament=tournament, by=by)
        except ServiceError as error:
            modeladmin.message_user(request, f"{tournament}: {error.message}", messages.ERROR)
        else:
            modeladmin.message_user(request, f"{tournament}: started.", messages.SUCCESS)


@admin.register(Tournament)
class TournamentAdmin(ReadOnlyAdmin):
    list_display = ["name", "club", "game", "format", "seeding", "best_of", "status", "created_at"]
    list_filter = ["status", "game", "format", "club"]
    search_fields = ["name", "club__name"]
    # the draw's seed is secret until the draw (its commitment is public); the state is the bracket, on the page
    exclude = ["draw_seed", "state"]
    inlines = [TournamentEntrantInline, TournamentTableInline]
    actions = [tournaments_start]


# --- poker tournaments (issue 22) -------------------------------------------------------------------------------------


class PokerEntrantInline(ReadOnlyInline):
    model = PokerEntrant
    fields = readonly_fields = ("player", "stack", "table_number", "seat", "place", "shared", "bust_hand", "points")


@admin.register(PokerTournament)
class PokerTournamentAdmin(ReadOnlyAdmin):
    list_display = ["name", "club", "game", "status", "starting_stack", "table_size", "created_at"]
    list_filter = ["status", "game", "club"]
    search_fields = ["name", "club__name"]
    # never `state`: it holds the seed of every draw (the page's seating chart is its public part)
    fields = readonly_fields = (
        "club",
        "game",
        "name",
        "created_by",
        "starting_stack",
        "table_size",
        "level_hands",
        "levels",
        "points_table",
        "options",
        "time_per_move",
        "status",
        "seed_commitment",
        "winner",
        "created_at",
        "started_at",
        "finished_at",
    )
    inlines = [PokerEntrantInline]
    actions = POKER_ACTIONS  # league/admin_poker.py: through the service


@admin.register(PokerHand)
class PokerHandAdmin(ReadOnlyAdmin):
    club_path = "tournament__club"
    list_display = ["tournament", "number", "table_number", "level", "table", "ended_at"]
    list_filter = ["tournament__club", "tournament"]
    search_fields = ["=table__id", "tournament__name"]
    fields = readonly_fields = (
        "tournament",
        "number",
        "table_number",
        "level",
        "table",
        "players",
        "stacks_start",
        "stacks_end",
        "ended_at",
    )
