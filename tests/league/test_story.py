"""league/story.py: an engine's events in words, whatever the game, escaped on the pages and never a failure."""

from django.utils import translation

from games import GAME_NAMES, get_engine
from league.story import card_html, event_lines, event_lines_html

SENTENCES = {
    "bid": "{seat} bids {points} {suit}",
    "trick": "Trick {number} goes to {winner} for {points} points",
    "trick.plays": "{seat} played {card}",
    "showdown": "Showdown",
    "showdown.hands": "{seat} shows {cards}: {category}",
    "pot_won": "{winners} take {amount}",
    "pass": "{seat} passes",
}
NAMES = {0: "Ann", 1: "Bo<b>", 2: "Cy"}


def test_a_bid_reads_with_the_seats_name_and_the_suit_in_words() -> None:
    (line,) = event_lines([{"type": "bid", "seat": 0, "points": 90, "suit": "H"}], sentences=SENTENCES, names=NAMES)

    assert (line.type, line.text, line.items) == ("bid", "Ann bids 90 Hearts ♥", [])


def test_a_list_of_dicts_is_one_line_per_item_and_a_phrase_is_translated_with_its_own_fields() -> None:
    showdown = {
        "type": "showdown",
        "hands": [
            {"seat": 0, "cards": ["KH", "KS"], "category": {"text": "Pair of {rank}", "rank": "K"}},
            {"seat": 2, "cards": ["AS", "2D"], "category": {"text": "High card, {card}", "card": "AS"}},
        ],
    }

    (line,) = event_lines([showdown], sentences=SENTENCES, names=NAMES)

    assert line.text == "Showdown"
    assert line.items == ["Ann shows K♥ K♠: Pair of K", "Cy shows A♠ 2♦: High card, A♠"]


def test_the_sentences_are_translated_into_the_readers_language() -> None:
    with translation.override("ko"):
        (line,) = event_lines([{"type": "pass", "seat": 2}], sentences=SENTENCES, names=NAMES)

    assert line.text == "Cy가 패스합니다"


def test_the_html_escapes_names_and_values_and_draws_cards_as_svg_faces() -> None:
    events = [
        {"type": "trick", "number": 1, "winner": 1, "points": "<i>", "plays": [{"seat": 1, "card": "TD"}]},
    ]

    (line,) = event_lines_html(events, sentences=SENTENCES, names=NAMES)

    assert line.text == "Trick 1 goes to Bo&lt;b&gt; for &lt;i&gt; points"
    assert line.items == [
        'Bo&lt;b&gt; played <img class="card" src="/static/cards/std/TD.svg" alt="10 of diamonds" '
        'width="30" height="42">'
    ]


def test_a_court_card_is_drawn_from_the_court_deck_and_a_face_down_card_as_the_back() -> None:
    assert 'src="/static/cards/court/J.svg" alt="Jester"' in card_html("J")
    assert 'src="/static/cards/back.svg"' in card_html(None)
    assert card_html("<x>") == "&lt;x&gt;"


def test_nothing_an_event_holds_makes_it_fail() -> None:
    odd = [
        {"type": "unknown_thing", "seat": 0},
        {"type": "bid", "seat": "nobody", "points": None, "suit": ["H"]},
        {"type": "showdown", "hands": [{"seat": 99, "cards": ["ZZ", None], "category": {"text": "{oops"}}, 7]},
        {"type": "pass", "seat": True},
        {"type": ["x"]},
        {},
    ]
    broken = {**SENTENCES, "pass": "{seat.__class__} {0} {"}

    lines = event_lines_html(odd, sentences=broken, names=NAMES) + event_lines(odd, sentences=broken, names=NAMES)

    assert lines[0].text == "unknown thing"
    assert lines[2].items[0].startswith("#100 shows ")
    assert all(isinstance(line.text, str) for line in lines)


def test_every_event_sentence_of_every_game_has_its_korean_translation() -> None:
    with translation.override("ko"):
        untranslated = [
            sentence
            for game in GAME_NAMES
            for sentence in get_engine(game).event_types().values()
            if translation.gettext(sentence) == sentence
        ]

    assert untranslated == []


def test_a_sentence_agrees_with_the_number_of_its_list_in_both_languages() -> None:
    # given: The Court's pot sentence, declared with its plural (games.core.i18n.ngettext)
    sentences = get_engine("the-court").event_types()
    one = {"type": "pot_won", "winners": [1], "amount": 45}
    two = {"type": "pot_won", "winners": [0, 1], "amount": 45}
    names = {0: "Alice", 1: "Bob"}
    # then: one winner takes, two winners take; Korean has one form and picks the particles
    assert [line.text for line in event_lines([one, two], sentences=sentences, names=names)] == [
        "Bob takes 45",
        "Alice, Bob take 45",
    ]
    with translation.override("ko"):
        lines = event_lines([one, two], sentences=sentences, names={0: "앨리스", 1: "김민준"})
    assert [line.text for line in lines] == ["김민준이 45를 가져갑니다", "앨리스, 김민준이 45를 가져갑니다"]


def test_a_korean_particle_follows_a_card_as_its_name_is_read() -> None:
    # "Q♥" is read 하트 퀸 (a final consonant): 을; "A♠" 스페이드 에이스: 를
    sentences = get_engine("coinche").event_types()
    plays = [{"type": "play", "seat": 0, "card": "QH"}, {"type": "play", "seat": 1, "card": "AS"}]
    with translation.override("ko"):
        lines = event_lines(plays, sentences=sentences, names={0: "앨리스", 1: "Bob"})
        html = event_lines_html(plays[:1], sentences=sentences, names={0: "앨리스"})
    assert [line.text for line in lines] == ["앨리스가 Q♥을 냅니다", "Bob이 A♠를 냅니다"]
    assert html[0].text.endswith('alt="하트 퀸" width="30" height="42">을 냅니다')
