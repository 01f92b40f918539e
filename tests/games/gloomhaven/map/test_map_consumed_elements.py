"""The map's monster turn with what an element the monster consumed gives
its attack: the first standee of the type to act consumes it as its turn
starts (monsters always consume when they can), and the solver's range,
targets or area include the bonus, with the working in the notes; the next
of its type, or a turn with the element inert, gets the card's plain numbers.

The cards (base game, level 1): Frost Demon 623 "Attack +0, Range 2 ·
consume ice: +2 Attack, +1 Range"; Wind Demon 650 "Attack +0 · consume
earth: -2 Range" (its range is 3); Earth Demon 639 "Attack +0, Range 4 ·
consume earth: Target 2"; Flame Demon 630 "Attack +0 · consume fire: a
seven-hex area"."""

from __future__ import annotations

from companion.games.gloomhaven import data
from companion.games.gloomhaven.map.plan import work_out
from companion.games.gloomhaven.map.solving import build
from map_support import block, started
from table_support import walk_to_turn


def card_index(monster: str, number: int) -> int:
    return next(i for i, card in enumerate(data.decks()[monster]["cards"]) if card["number"] == number)


def demons_turn(monster: str, number: int, element: str | None, count: int = 1):
    """Scenario 1 at level 1 with its standees gone; Ann infuses `element`
    (if any) on her turn, `count` standees of `monster` are placed by hand
    and on the map, and turns are walked to theirs with card `number`."""
    table = started()
    for found in list(table.state["standees"]):
        table.act("s1", "standee.remove", standee=found["id"])
    table.act("s1", "initiative.choose", initiative=5, second=50)
    table.act("s2", "initiative.choose", initiative=6, second=60)
    if element:
        table.act("s1", "element.infuse", element=element)
    for _ in range(count):
        table.act("s1", "standee.add", monster=monster, rank="normal")
    walk_to_turn(table, monster, card_index(monster, number))
    table.act("s1", "map.hexes", hexes=block(8, 5))
    table.act("s1", "map.place", figure="s1", q=0, r=0)
    table.act("s1", "map.place", figure="s2", q=0, r=3)
    for n, standee in enumerate(table.state["walk"]):
        table.act("s1", "map.place", figure=standee, q=6 + n % 2, r=-2 + n)
    return table


def shot(table, standee: str) -> dict:
    return build(table.state, standee).scenario["action"]["attack"]


def notes(table, standee: str) -> list:
    return build(table.state, standee).notes


def test_consumed_ice_adds_one_range_and_the_working_says_so():
    table = demons_turn("frost-demon", 623, "ice")
    first = table.state["walk"][0]
    assert table.state["elements"]["strength"]["ice"] == "inert"
    assert shot(table, first)["range"] == 3
    assert ["Range %(value)d = card %(card)d + %(element)s consumed %(bonus)+d",
            {"value": 3, "card": 2, "element": "Ice", "bonus": 1}] in notes(table, first)
    worked = work_out(table.state, first)
    assert worked["notes"] == notes(table, first)


def test_without_the_element_the_range_is_the_cards():
    table = demons_turn("frost-demon", 623, None)
    first = table.state["walk"][0]
    assert shot(table, first)["range"] == 2
    assert not any("consumed" in note[0] for note in notes(table, first))


def test_the_next_of_its_type_finds_the_element_gone_and_keeps_the_cards_range():
    table = demons_turn("frost-demon", 623, "ice", count=2)
    first, second = table.state["walk"]
    table.act("s1", "turn.next")  # the first demon's turn ends; it keeps its range for the round
    assert shot(table, second)["range"] == 2
    assert shot(table, first)["range"] == 3


def test_a_consumed_element_can_shorten_the_range():
    table = demons_turn("wind-demon", 650, "earth")
    first = table.state["walk"][0]
    stat = data.stats("wind-demon", 1, "normal")["range"]
    assert shot(table, first)["range"] == stat - 2
    assert ["Range %(value)d = card %(card)d + %(element)s consumed %(bonus)+d",
            {"value": stat - 2, "card": stat, "element": "Earth", "bonus": -2}] in notes(table, first)


def test_consumed_earth_gives_two_targets():
    table = demons_turn("earth-demon", 639, "earth")
    first = table.state["walk"][0]
    assert shot(table, first) == {"range": 4, "targets": 2}
    assert ["Targets %(value)d = %(element)s consumed (card %(card)d)",
            {"value": 2, "card": 1, "element": "Earth"}] in notes(table, first)
    plain = demons_turn("earth-demon", 639, None)
    assert shot(plain, plain.state["walk"][0]) == {"range": 4, "targets": 1}


def test_consumed_fire_gives_the_larger_area_and_the_solver_uses_it():
    table = demons_turn("flame-demon", 630, "fire")
    first = table.state["walk"][0]
    area = next(g for c in data.decks()["flame-demon"]["cards"] if c["number"] == 630
                for a in c["actions"] for consume in a.get("consume", []) for g in consume["gives"])["area"]
    assert shot(table, first)["aoe"] == area["hexes"]
    assert shot(table, first)["range"] == data.stats("flame-demon", 1, "normal")["range"]
    assert ["Area of %(count)d hexes = %(element)s consumed (in place of the card's)",
            {"count": 7, "element": "Fire"}] in notes(table, first)
    for option in work_out(table.state, first)["options"]:
        assert len(option["area"]) in (0, 7)
    plain = demons_turn("flame-demon", 630, None)
    assert "aoe" not in shot(plain, plain.state["walk"][0])


def test_consumed_light_targets_all_enemies_within_range():
    # Sun Demon 657: "Attack +0, Range 4 · consume light: all enemies within range 4".
    table = demons_turn("sun-demon", 657, "light")
    first = table.state["walk"][0]
    assert shot(table, first) == {"range": 4, "targets": "all"}
    assert ["Targets all enemies within range %(range)d = %(element)s consumed",
            {"range": 4, "element": "Light"}] in notes(table, first)
    table.act("s1", "map.place", figure="s1", q=4, r=-1)  # both characters within range 4
    table.act("s1", "map.place", figure="s2", q=3, r=1)
    assert all(sorted(o["attacks"]) == ["s1", "s2"] for o in work_out(table.state, first)["options"])
    plain = demons_turn("sun-demon", 657, None)
    assert shot(plain, plain.state["walk"][0]) == {"range": 4, "targets": 1}
