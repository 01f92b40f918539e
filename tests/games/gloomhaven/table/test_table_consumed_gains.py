"""What an element a monster consumed adds to its attack: the first
standee of the type to act consumes it and gains (+1 attack and wound on
the Flame Demon's card 49, with fire strong); the next of its type finds
the element gone and attacks at the card's plain numbers."""

from __future__ import annotations

from companion.games.gloomhaven import data
from table_support import started, walk_to_turn

FLAME_CARD = next(i for i, card in enumerate(data.decks()["flame-demon"]["cards"]) if card["initiative"] == 49)


def flame_demons_turn(count: int = 2):
    """Scenario 1 at level 1; Ann infuses fire on her turn and places flame
    demons by hand, whose card is the one that consumes fire; turns are
    walked to the demons'."""
    table = started()
    table.act("s1", "initiative.choose", initiative=5, second=50)
    table.act("s2", "initiative.choose", initiative=6, second=60)
    table.act("s1", "element.infuse", element="fire")
    for _ in range(count):
        table.act("s1", "standee.add", monster="flame-demon", rank="normal")
    return walk_to_turn(table, "flame-demon", FLAME_CARD)


def attack(table, standee: str) -> dict:
    stat = data.stats("flame-demon", 1, "normal")["attack"]
    table.act("s1", "monster.attack", standee=standee, target="s2", base=stat)
    return table.state["attacks"][0]


def test_the_first_of_the_type_consumes_the_element_and_its_attack_gains_the_bonus_and_condition():
    table = flame_demons_turn()
    assert table.state["elements"]["strength"]["fire"] == "inert"
    first = table.state["walk"][0]
    done = attack(table, first)
    stat = data.stats("flame-demon", 1, "normal")["attack"]
    assert done["working"][0][1]["value"] == stat
    assert any(line[0] == "the element it consumed gives %(bonus)+d" and line[1]["bonus"] == 1
               for line in done["working"])
    assert any(line[0] == "%(bonus)+d from the ability → %(value)d" and line[1]["value"] == stat + 1
               for line in done["working"])
    assert "wound" in table.state["characters"]["s2"]["conditions"]


def test_the_next_of_its_type_finds_the_element_gone_and_gains_nothing():
    table = flame_demons_turn()
    table.act("s1", "turn.next")  # the first demon's turn ends
    second = table.state["walk"][1]
    done = attack(table, second)
    assert not any("consumed" in line[0] or "from the ability" in line[0] for line in done["working"])
    assert "wound" not in table.state["characters"]["s2"]["conditions"]


def test_a_bonus_the_players_enter_replaces_the_consumed_one():
    table = flame_demons_turn(count=1)
    stat = data.stats("flame-demon", 1, "normal")["attack"]
    table.act("s1", "monster.attack", standee=table.state["walk"][0], target="s2", base=stat, bonus=0)
    assert not any("consumed" in line[0] for line in table.state["attacks"][0]["working"])
