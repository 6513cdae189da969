"""league/particles.py: the Korean particle chosen by the word it follows."""

import pytest

from league.particles import Spoken, fill, has_final, particle


@pytest.mark.parametrize(
    ("word", "subject", "object_", "direction"),
    [
        # Hangul: by the last syllable's final consonant; 으로/로 takes 로 after ㄹ
        ("앨리스", "가", "를", "로"),
        ("김민준", "이", "을", "으로"),
        ("서울", "이", "을", "로"),
        ("하트 퀸", "이", "을", "으로"),
        # Latin names as Korean transcribes them: l m n ng b k p close a syllable, other endings read as a vowel
        ("Bob", "이", "을", "으로"),
        ("Carol", "이", "을", "로"),
        ("Young", "이", "을", "으로"),
        ("Alice", "가", "를", "로"),
        ("James", "가", "를", "로"),
        ("Robert", "가", "를", "로"),
        ("Peter", "가", "를", "로"),
        # numbers as read: 45 오, 10 십, 1 일 (ㄹ), 3 삼
        ("45", "가", "를", "로"),
        ("10", "이", "을", "으로"),
        ("1", "이", "을", "로"),
        ("3", "이", "을", "으로"),
        # what is not read is skipped: a suit's sign reads as its name (하트), a bracket as nothing
        ("80 하트 ♥", "가", "를", "로"),
        ("Bob (organizer)", "가", "를", "로"),
        ("♥", "가", "를", "로"),
        ("", "가", "를", "로"),
    ],
)
def test_the_particle_follows_the_last_sound_of_the_word(word, subject, object_, direction):
    assert particle(word, "이/가") == subject
    assert particle(word, "을/를") == object_
    assert particle(word, "으로/로") == direction
    assert has_final(word) == (subject == "이")


def test_a_sentence_fills_its_places_with_their_particles():
    sentence = "{seat:이/가} {card:을/를} 냅니다"
    assert fill(sentence, {"seat": "앨리스", "card": "하트 퀸"}) == "앨리스가 하트 퀸을 냅니다"
    assert fill(sentence, {"seat": "Bob", "card": "Q♥"}) == "Bob이 Q♥를 냅니다"


def test_a_value_drawn_as_markup_is_read_by_its_words():
    card = Spoken('<img alt="하트 퀸">', "하트 퀸")
    assert fill("{card:을/를} 냅니다", {"card": card}) == '<img alt="하트 퀸">을 냅니다'


def test_a_malformed_sentence_is_shown_as_it_is_and_a_missing_place_as_a_gap():
    assert fill("{seat:이/가 {", {"seat": "Bob"}) == "{seat:이/가 {"
    # a place is a name and nothing more: no attribute of the value is reached
    assert fill("{seat.__class__}", {"seat": "Bob"}) == ""
    assert fill("{who:이/가} 왔다", {}) == "가 왔다"
    assert particle("Bob", "없는/짝") == "없는/짝"
