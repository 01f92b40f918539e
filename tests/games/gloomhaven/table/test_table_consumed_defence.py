"""A shield or retaliate an element gives a monster lasts the round, on the
standee that consumed it: the Lurker's "Shield 1; consume ice: shield 2
instead" makes the first Lurker to act harder to hurt than the next one."""

from __future__ import annotations

from companion.games.gloomhaven import data
from table_support import show_card_index, started

LURKER_CARD = next(i for i, card in enumerate(data.decks()["lurker"]["cards"])
                   if any(c["element"] == "ice" for a in card["actions"] for c in a.get("consume", [])))


SAVVAS_CARD = next(i for i, card in enumerate(data.decks()["savvas-lavaflow"]["cards"])
                   if any(g["kind"] == "retaliate" for a in card["actions"] for g in a.get("gives", [])))


def after_the_lurkers_turn(monster: str = "lurker", card: int = LURKER_CARD, element: str = "ice", count: int = 2):
    """Ann (5) infuses the element and places two monsters, whose card is the
    one that consumes it; Bo (99) acts after them."""
    table = started()
    table.act("s1", "initiative.choose", initiative=5, second=50)
    table.act("s2", "initiative.choose", initiative=99, second=98)  # after any card the monsters drew
    table.act("s1", "element.infuse", element=element)
    for _ in range(count):
        table.act("s1", "standee.add", monster=monster, rank="normal")
    # The card it drew, chosen for the test.
    table.arrange(lambda state: show_card_index(state, data.monster(monster)["deck"], card))
    walked = []
    for _ in range(30):
        turn = table.state["order"][table.state["turn"]]
        if turn["kind"] == "monster" and turn["id"] == monster and not walked:
            walked = list(table.state["walk"])
        if turn["kind"] == "character" and turn["id"] == "s2":
            return table, walked
        table.act("s1", "turn.next", for_them=True)
    raise AssertionError("Bo never acted")


def damage_to(table, standee: str) -> int:
    table.act("s2", "character.attack", standee=standee, base=6, cards="+0")
    return table.state["attacks"][0]["damage"]


def test_the_lurker_that_consumed_ice_has_shield_2_instead_of_1_for_the_round():
    table, walked = after_the_lurkers_turn()
    stat_shield = data.stats("lurker", 1, "normal").get("shield") or 0
    assert table.state["elements"]["strength"]["ice"] == "inert"
    assert damage_to(table, walked[0]) == 6 - stat_shield - 2
    assert damage_to(table, walked[1]) == 6 - stat_shield - 1


def test_the_gain_ends_with_the_round():
    table, _walked = after_the_lurkers_turn()
    table.act("s2", "turn.next")
    assert table.state["phase"] == "choosing" and table.state["consumed_round"] == {}


def test_a_retaliate_an_element_gives_waits_on_the_attacker_with_its_working():
    table, walked = after_the_lurkers_turn("savvas-lavaflow", SAVVAS_CARD, "fire", count=1)
    table.act("s2", "character.attack", standee=walked[0], base=1, cards="+0")
    waiting = [d for d in table.state["damage"] if d["kind"] == "retaliate"]
    assert any(d["amount"] == 3 and any("from the element it consumed" in line[0] for line in d["working"])
               for d in waiting)
