"""A <select> of hundreds of options (the time zones: about 600) written in one pass.

Django renders each option of a Select through a template of its own: for the zone pickers that was 45 ms of a
100 ms page (the settings page, the season console's clock tab), and again in every answer to a refused form. The
HTML is the same as Django's Select gives (attributes, optgroups, `selected`), which tests/league/test_long_select.py
checks against Django's own rendering.
"""

from typing import Any

from django import forms
from django.forms.utils import flatatt
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe


class LongSelect(forms.Select):
    def render(self, name: str, value: Any, attrs: dict[str, Any] | None = None, renderer: Any = None) -> SafeString:
        final = self.build_attrs(self.attrs, attrs)
        chosen = {str(v) for v in self.format_value(value)}
        rows: list[str] = []
        for group, options in self.choices:
            grouped = isinstance(options, list | tuple)
            if grouped:
                rows.append(format_html('<optgroup label="{}">', group))
            for key, label in options if grouped else [(group, options)]:
                key = "" if key is None else str(key)
                selected = key in chosen
                if selected and not self.allow_multiple_selected:
                    # as Django's: a single choice marks its first option only (a zone listed twice: "This browser")
                    chosen = set()
                rows.append(
                    format_html('<option value="{}"{}>{}</option>', key, " selected" if selected else "", label)
                )
            if grouped:
                rows.append("</optgroup>")
        return format_html('<select name="{}"{}>{}</select>', name, flatatt(final), mark_safe("".join(rows)))
