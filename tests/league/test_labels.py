"""league.labels: a refusal in the reader's language, an engine's by its template and parameters, a service's by
its code."""

from django.utils import translation

from games import IllegalMove
from league.errors import IllegalMoveError, PermissionDenied, ServiceError
from league.labels import error_words, refusal_words


def _refused_by_engine(error: IllegalMove) -> IllegalMoveError:
    # as the move pipeline raises it: the engine's exception as the cause
    try:
        try:
            raise error
        except IllegalMove as cause:
            raise IllegalMoveError(cause.code, cause.message) from cause
    except IllegalMoveError as refused:
        return refused


def test_an_engine_refusal_is_translated_and_its_parameters_filled() -> None:
    refused = _refused_by_engine(IllegalMove("not_held", "You do not hold {card}.", card="KS"))

    with translation.override("ko"):
        korean = error_words(refused)
    with translation.override("en"):
        english = error_words(refused)

    assert korean == "KS을(를) 들고 있지 않습니다."
    assert english == "You do not hold KS."


def test_a_template_the_catalogue_lacks_stays_english_and_filled() -> None:
    with translation.override("ko"):
        words = refusal_words(IllegalMove("odd", "An odd {thing} happened.", thing="X"))

    assert words == "An odd X happened."


def test_a_service_refusal_is_shown_by_its_code() -> None:
    with translation.override("ko"):
        organizer_only = error_words(
            PermissionDenied("Only an organizer of the club Aces may do this.", code="not_organizer")
        )
        unknown = error_words(ServiceError("Something new.", code="something_new"))

    assert organizer_only == "이 클럽의 운영자만 할 수 있습니다."
    assert unknown == "Something new."
