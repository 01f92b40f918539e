"""The short label on a figure's disc, in the reader's language: English
initials and the number; a Chinese or Japanese name by the first character
that tells it from the other names on the map (two bandit types share 强盗)."""

from companion.games.gloomhaven.map.drawing import short_label

ON_THE_MAP = ("强盗弓箭手", "强盗守卫", "野蛮人", "织法者")


def test_english_labels_keep_their_initials_and_number():
    assert short_label("Bandit Guard 3") == "BG3"
    assert short_label("Brute") == "Bru"


def test_chinese_labels_are_told_apart_by_their_first_differing_character():
    assert short_label("强盗弓箭手 1", ON_THE_MAP) == "弓1"
    assert short_label("强盗守卫 1", ON_THE_MAP) == "守1"
    assert short_label("野蛮人", ON_THE_MAP) == "野蛮"


def test_japanese_labels_too():
    assert short_label("山賊の射手 4", ("山賊の射手", "山賊の衛兵")) == "射4"
    assert short_label("山賊の衛兵 2", ("山賊の射手", "山賊の衛兵")) == "衛2"
