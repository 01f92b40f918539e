"""Victory: six books to win, most doom, ties shared, nobody with six books loses all."""

from companion.games.cthulhu_wars import spellbooks, victory

SIX = ["a", "b", "c", "d", "e", "f"]


def test_the_most_doom_among_six_book_holders_wins_even_if_another_has_more():
    factions = {"gc": {"doom": 31, "spellbooks": SIX[:5]}, "bg": {"doom": 28, "spellbooks": SIX}}
    assert victory.winners(factions, 3) == ["bg"]


def test_a_tie_is_a_shared_win():
    factions = {"gc": {"doom": 30, "spellbooks": SIX}, "bg": {"doom": 30, "spellbooks": SIX},
                "ys": {"doom": 2, "spellbooks": SIX}}
    assert victory.winners(factions, 3) == ["bg", "gc"]


def test_nobody_with_six_books_means_everyone_loses():
    assert victory.winners({"gc": {"doom": 40, "spellbooks": SIX[:5]}}, 3) == []


def test_two_players_may_win_with_fewer_than_six_books():
    factions = {"gc": {"doom": 21, "spellbooks": SIX[:2]}, "bg": {"doom": 18, "spellbooks": SIX}}
    assert victory.winners(factions, 2) == ["gc"]


def test_battle_is_unlimited_with_six_books_or_above_6_doom_with_two_players():
    assert spellbooks.battle_is_unlimited({"spellbooks": SIX, "doom": 0}, 4)
    assert not spellbooks.battle_is_unlimited({"spellbooks": SIX[:5], "doom": 9}, 4)
    assert spellbooks.battle_is_unlimited({"spellbooks": [], "doom": 7}, 2)
    assert not spellbooks.battle_is_unlimited({"spellbooks": [], "doom": 6}, 2)
