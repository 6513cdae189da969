"""What every admin page of the league shares: scoped to the clubs a staff organizer organizes, filtered only on
what it lists (never on a secret field), read-only where only the services write."""

import json
from typing import Any

from django import forms
from django.contrib import admin
from django.core.exceptions import FieldDoesNotExist
from django.db.models import ForeignKey, JSONField, Model, QuerySet
from django.db.models.constants import LOOKUP_SEP
from django.http import HttpRequest
from django.utils.html import format_html

from league.forms.base import CheckedJSONField
from league.models import (
    Club,
    Membership,
)


def pretty(data: Any) -> str:
    return format_html("<pre style='max-height:32em;overflow:auto'>{}</pre>", json.dumps(data, indent=2, default=str))


def organized_clubs(request: HttpRequest) -> QuerySet[Club]:
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
        return queryset.filter(**{f"{self.club_path}__in": organized_clubs(request)})

    def formfield_for_foreignkey(
        self, db_field: ForeignKey, request: HttpRequest, **kwargs: Any
    ) -> forms.ModelChoiceField | None:
        if db_field.related_model is Club and not request.user.is_superuser:
            kwargs["queryset"] = organized_clubs(request)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False
    show_change_link = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class ReadOnlyAdmin(ClubScoped, admin.ModelAdmin):
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
