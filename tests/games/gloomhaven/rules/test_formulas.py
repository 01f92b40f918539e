"""Scenario hit-point formulas with C (characters) and L (level)."""

from companion.games.gloomhaven.formulas import evaluate


def test_formulas_with_characters_and_level():
    assert evaluate("4+(CxL)", 3, 2) == 10
    assert evaluate("4+(2xL)", 4, 3) == 10
    assert evaluate("(6xC)/2", 3, 0) == 9
    assert evaluate(7, 2, 2) == 7


def test_anything_but_arithmetic_is_refused():
    assert evaluate("__import__('os')", 2, 1) is None
    assert evaluate("2**99", 2, 1) is None
    assert evaluate([1], 2, 1) is None
