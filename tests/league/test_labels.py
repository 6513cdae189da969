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

    # the particle follows the value as it is read (league/particles.py)
    assert korean == "KS를 들고 있지 않습니다."
    assert english == "You do not hold KS."


def test_a_template_the_catalogue_lacks_stays_english_and_filled() -> None:
    with translation.override("ko"):
        words = refusal_words(IllegalMove("odd", "An odd {thing} happened.", thing="X"))

    assert words == "An odd X happened."


def test_a_service_refusal_is_shown_by_its_code_to_a_reader_of_another_language() -> None:
    refused = PermissionDenied("Only an organizer of the club Aces may do this.", code="not_organizer")

    with translation.override("ko"):
        korean = error_words(refused)
        unknown = error_words(ServiceError("Something new.", code="something_new"))
    with translation.override("en"):
        english = error_words(refused)

    assert korean == "이 클럽의 운영자만 할 수 있습니다."
    assert unknown == "Something new."
    assert english == "Only an organizer of the club Aces may do this."


def test_a_service_message_the_catalogue_has_is_translated_as_it_is() -> None:
    with translation.override("ko"):
        words = error_words(ServiceError("You may not do this.", code="bad_options"))

    assert words == "이 작업을 할 수 없습니다."
