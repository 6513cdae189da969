"""The `word` filter reads a model's choice value through the model's own translated label (issue 20: no hand-made
word table beside the models)."""

from django.utils import translation

from league.forms.clubs import InviteForm
from league.models import Season, Table
from league.templatetags.cardleague import word


def test_a_choice_value_reads_as_its_models_label_in_the_readers_language() -> None:
    with translation.override("ko"):
        assert word(Table.Status.ACTIVE) == "진행 중"
        assert word(Season.Format.ROUND_ROBIN) == str(Season.Format.ROUND_ROBIN.label)
        assert word("revoked") == "취소됨"
    with translation.override("en"):
        assert word(Table.Status.ACTIVE) == "in play"
        assert word("forfeit") == "an abandoned seat forfeits the table"
        assert word("something else") == "something else"


def test_the_invite_forms_roles_are_the_models_labels() -> None:
    with translation.override("ko"):
        choices = [(value, str(label)) for value, label in InviteForm().fields["role"].choices]

    assert choices == [("member", "회원"), ("organizer", "운영자")]
