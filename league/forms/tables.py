"""The card table's forms: a move as the page sends it, and the table's one setting."""

import re
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from league.errors import BadInput
from league.input import MAX_JSON_CHARS, MAX_JSON_NUMBER, json_check, json_parse

# a part of a move the player chooses on the page: "move.<key>" fills that key of the legal move shown,
# "move.<key>.<n>" position n of a list (the cards of a row, in order); ASCII only ("²" is a digit to str.isdigit)
MOVE_PART = re.compile("move\\.([a-z][a-z_]{0,29})(?:\\.([0-9]{1,2}))?")
WHOLE_NUMBER = re.compile("-?[0-9]{1,9}")


class MoveForm(forms.Form):
    """One move: a legal move as the page showed it (JSON), completed by what the player chose: an amount within
    the move's limits (the protocol's free amount), and any part the page asks for in fields named after the move's
    keys (`move.points`, `move.suit`, `move.cards.1` ...), so that no game needs a case of its own here. The move
    is read and checked by league.input, the validator the API's parser uses, and the engine refuses a key it does
    not define, so that the page refuses exactly what the API refuses."""

    move = forms.CharField(max_length=MAX_JSON_CHARS)
    version = forms.IntegerField(min_value=0, max_value=2_147_483_647)
    key = forms.CharField(max_length=100)
    amount = forms.IntegerField(required=False, min_value=-MAX_JSON_NUMBER, max_value=MAX_JSON_NUMBER)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.parts: dict[str, Any] = {}
        lists: dict[str, dict[int, str]] = {}
        for name, value in self.data.items():
            if not (match := MOVE_PART.fullmatch(name)) or not isinstance(value, str):
                continue
            if match[2] is None:
                # a whole number chosen in a select is a number in the move, as the API sends it
                self.parts[match[1]] = int(value) if WHOLE_NUMBER.fullmatch(value) else value
            else:
                lists.setdefault(match[1], {})[int(match[2])] = value
        for key, positions in lists.items():
            self.parts[key] = [positions[n] for n in sorted(positions)]

    def clean_move(self) -> dict[str, Any]:
        try:
            move = json_parse(self.cleaned_data["move"], max_bytes=MAX_JSON_CHARS)
        except BadInput as error:
            raise forms.ValidationError(error.message) from None
        if not isinstance(move, dict) or not isinstance(move.get("type"), str):
            raise forms.ValidationError(_("The move could not be read."))
        limits = [move[k] for k in ("min", "max") if k in move]
        if any(not isinstance(limit, int) or isinstance(limit, bool) for limit in limits):
            raise forms.ValidationError(_("The move could not be read."))
        return move

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        move = data.get("move")
        if not isinstance(move, dict):
            return data
        if "min" in move and "max" in move:
            amount = data.get("amount")
            if amount is None:
                self.add_error("amount", _("Enter an amount."))
            elif not move["min"] <= amount <= move["max"]:
                self.add_error(
                    "amount",
                    _("The amount must be from %(min)s to %(max)s.") % {"min": move["min"], "max": move["max"]},
                )
            move = {k: v for k, v in move.items() if k not in ("min", "max")}
            move["amount"] = amount
        parts = {key: value for key, value in self.parts.items() if key not in move}
        if any(value in ("", None) or (isinstance(value, list) and "" in value) for value in parts.values()):
            self.add_error("move", _("Choose every part of your move."))
        move = {**move, **parts}
        try:
            data["move"] = json_check(move)
        except BadInput as error:
            self.add_error("move", error.message)
        return data


class TableSettingsForm(forms.Form):
    """The card table's one setting, on the settings page."""

    confirm_moves = forms.BooleanField(
        label=_("Confirm every move"),
        required=False,
        help_text=_(
            "At the table a click chooses a card or a move and a second click (or Play) sends it. Off, one "
            "click sends it."
        ),
    )
