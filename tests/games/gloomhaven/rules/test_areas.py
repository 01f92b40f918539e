"""An area of effect drawn as hexes."""

from companion.games.gloomhaven.areas import drawing


def test_a_melee_area_draws_its_hexes_and_the_attacker():
    shown = drawing({"melee": True, "hexes": [[1, 0], [0, 1], [1, -1]]})
    assert len(shown["hexes"]) == 4 and sum(h["attacker"] for h in shown["hexes"]) == 1
    assert all(len(h["points"].split()) == 6 for h in shown["hexes"])


def test_a_ranged_area_has_no_attacker_hex():
    assert not any(h["attacker"] for h in drawing({"melee": False, "hexes": [[0, 0], [1, 0]]})["hexes"])
