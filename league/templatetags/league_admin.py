"""The admin's front page: how many tables the clock sweep could not play, for the staff user looking."""

from typing import Any

from django import template
from django.urls import reverse

from league.selectors.tables import tables_sweep_marked

register = template.Library()


@register.inclusion_tag("admin/_sweep_marked.html", takes_context=True)
def sweep_marked_note(context: dict[str, Any]) -> dict[str, Any]:
    count = tables_sweep_marked(user=context["request"].user).count()
    return {"count": count, "url": f"{reverse('admin:league_table_changelist')}?sweep_failed_at__isnull=False"}
