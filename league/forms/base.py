"""What every form of the pages shares: the renderer (a label above its input, a box beside its label, the
confirmation last: templates/forms/), a service's refusal shown on the form (on its field when the error names one
the form has), the JSON field read through league.input, and the box that confirms a destructive action. Forms
validate what a person typed, nothing more: the services decide."""

from typing import Any

from django import forms
from django.forms.fields import InvalidJSONInput, JSONString
from django.forms.renderers import TemplatesSetting
from django.utils.translation import gettext_lazy as _

from league.errors import BadInput, ServiceError
from league.input import MAX_JSON_CHARS, json_parse
from league.labels import error_words

CONFIRM_HELP = _("Tick to confirm: this cannot be undone.")


class FormRenderer(TemplatesSetting):
    """The site's forms (settings.FORM_RENDERER): Django's own form templates, with the project's field template."""

    form_template_name = "forms/div.html"
    field_template_name = "forms/field.html"


def add_service_error(form: forms.BaseForm, error: ServiceError) -> None:
    """Show a service's refusal on the form: on the field it names when the form has it, else above the form."""
    field = error.field if error.field in form.fields else None
    form.add_error(field, error_words(error))


def model_choices(form: forms.Form, name: str) -> forms.ModelChoiceField:
    """A model choice field of the form, whose choices are set per season."""
    field = form.fields[name]
    assert isinstance(field, forms.ModelChoiceField)
    return field


class CheckedJSONField(forms.JSONField):
    """Django's JSON form field read through league.input (the validator of every JSON input): a document nested
    5,000 deep, a number too long for int() or an unpaired surrogate is a form error, not a 500, when it is read
    and again when the form is shown back with it."""

    def to_python(self, value: Any) -> Any:
        if self.disabled or value in self.empty_values or not isinstance(value, str):
            return super().to_python(value)
        try:
            converted = json_parse(value, max_bytes=MAX_JSON_CHARS)
        except BadInput as error:
            raise forms.ValidationError(error.message, code="invalid") from None
        return JSONString(converted) if isinstance(converted, str) else converted

    def bound_data(self, data: Any, initial: Any) -> Any:
        if self.disabled or data is None:
            return super().bound_data(data, initial)
        try:
            return json_parse(data, max_bytes=MAX_JSON_CHARS)
        except BadInput:
            return InvalidJSONInput(data)


class ConfirmField(forms.BooleanField):
    """The box that confirms a destructive action; forms list it last, and the field template sets it apart."""

    confirm = True

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("help_text", CONFIRM_HELP)
        super().__init__(
            required=True,
            label=_("I confirm"),
            error_messages={"required": _("Tick the box to confirm.")},
            **kwargs,
        )
