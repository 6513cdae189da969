"""league/long_select.py writes the same <select> as Django's Select: the zone pickers' groups and the flat lists,
the chosen value, the attributes a bound field adds (id, required, aria), text that needs escaping."""

import pytest
from django import forms
from django.utils import timezone
from pytest_django.asserts import assertHTMLEqual

from league.long_select import LongSelect
from league.zones import zone_choices

GROUPED = zone_choices(language="ko", now=timezone.now(), first="Asia/Seoul")
FLAT = [("", "— none —"), ("a&b", "<A & B>"), ("Europe/Paris", "Paris"), (3, "three")]


@pytest.mark.parametrize("choices", [GROUPED, FLAT], ids=["grouped", "flat"])
@pytest.mark.parametrize("value", ["Asia/Seoul", "a&b", "", None, "Europe/Paris", 3])
def test_it_writes_what_djangos_select_writes(choices, value):
    attrs = {"id": "id_zone", "required": True, "aria-invalid": "true", "data-zone-picker": ""}
    ours = LongSelect(choices=choices).render("zone", value, attrs=attrs)
    django = forms.Select(choices=choices).render("zone", value, attrs=attrs)
    assertHTMLEqual(ours, django)


def test_a_form_renders_its_field_with_it():
    class ZoneForm(forms.Form):
        zone = forms.ChoiceField(choices=FLAT, widget=LongSelect(attrs={"data-zone-picker": ""}))

    html = str(ZoneForm(data={"zone": "a&b"})["zone"])
    assert '<option value="a&amp;b" selected>&lt;A &amp; B&gt;</option>' in html
    # the name first, as Django writes it (tests/pages/test_time_zones.py finds the picker by it)
    assert html.startswith('<select name="zone"') and "data-zone-picker" in html and 'id="id_zone"' in html
