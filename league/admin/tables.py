"""Tables with their seats, move log, ledger and results: opened through `table_create`; the state, version and
move log read-only (only the move pipeline writes them), shown as a spectator sees them, never the seed."""

import json
from datetime import timedelta
from functools import lru_cache
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games import IllegalMove, available_games
from league.admin.base import ClubScoped, ReadOnlyInline, pretty
from league.engines import engine_for
from league.errors import ServiceError
from league.forms.base import CheckedJSONField
from league.input import json_check
from league.models import (
    LedgerEntry,
    Membership,
    Move,
    Player,
    Result,
    Seat,
    Table,
)
from league.selectors.public_record import PublishedMove, published_moves
from league.selectors.tables import move_events_for
from league.services.tables import table_annul, table_create, time_per_move_check
from league.services.timeouts import table_sweep_mark_clear
from league.services.verification import table_verify


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
        return pretty(table.options)

    @admin.display(description="state")
    def state_shown(self, table: Table) -> str:
        # the spectator's view, in play and after: an organizer who plays learns nothing a spectator would not, and
        # once the table ends its whole story is public anyway (the seed, the replay, the record with every move)
        if table.status == Table.Status.SEEDING:
            return pretty({})
        return pretty(engine_for(table.game).view(table.state, None))

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
        return pretty(entry.row)

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
