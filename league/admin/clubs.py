"""Players, clubs and memberships: an organizer edits only the profiles of their clubs' members."""

from typing import Any

from django import forms
from django.contrib import admin
from django.db.models import Count, QuerySet
from django.http import HttpRequest

from league.admin.base import ClubScoped, LeagueAdmin, organized_clubs
from league.errors import ServiceError
from league.input import single_line_check
from league.models import (
    Club,
    Membership,
    Player,
)


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
        members = Membership.objects.filter(club__in=organized_clubs(request)).values("player")
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
