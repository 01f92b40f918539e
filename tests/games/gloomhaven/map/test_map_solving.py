"""The solver's input built from the live table, checked against inputs
written by hand from the rulebook's numbers for three monster cards, and the
answers drawn from it."""

from __future__ import annotations

from companion.games.gloomhaven import catalog
from companion.games.gloomhaven.map.plan import work_out
from companion.games.gloomhaven.map.solving import build
from companion.games.gloomhaven.solver import solve
from map_support import block, cleared
from table_support import show_card_index

HEXES = sorted(block(6, 4))


def table_with(monster: str, rank: str, card_number: int, muddled: bool = False):
    """Scenario 1 with one standee of `monster` on [5, -1], the Brute on
    [0, 0] (initiative 10), the Spellweaver on [0, 3] (initiative 60), a thin
    wall, a trap and a closed door; its type's deck shows `card_number`."""
    table, (standee,) = cleared([(monster, rank)])
    table.act("s1", "initiative.choose", initiative=10, second=40)
    table.act("s2", "initiative.choose", initiative=60, second=20)
    table.act("s1", "map.hexes", hexes=block(6, 4))
    table.act("s1", "map.wall", q=2, r=0, q2=3, r2=0)
    table.act("s1", "map.terrain", q=1, r=1, terrain="trap")
    table.act("s1", "map.terrain", q=4, r=0, terrain="closed-door")
    table.act("s1", "map.place", figure="s1", q=0, r=0)
    table.act("s1", "map.place", figure="s2", q=0, r=3)
    table.act("s1", "map.place", figure=standee, q=5, r=-1)
    deck_id = catalog.deck_of(monster)
    cards = [c["number"] for c in catalog.deck(deck_id)["cards"]]

    def arranged(state: dict) -> None:
        show_card_index(state, deck_id, cards.index(card_number))
        if muddled:
            state["standees"][0]["conditions"]["muddle"] = 1
    table.arrange(arranged)
    return table, standee


def by_hand(active: str, action: dict) -> dict:
    return {
        "rules": "gloomhaven", "outside": "wall", "hexes": HEXES,
        "walls": [[[2, 0], [3, 0]]],
        "terrain": [{"hex": [1, 1], "type": "trap"}, {"hex": [4, 0], "type": "closed-door"}],
        "figures": [
            {"id": "Brute", "hex": [0, 0], "side": "character", "initiative": 10, "long_rest": False,
             "invisible": False},
            {"id": "Spellweaver", "hex": [0, 3], "side": "character", "initiative": 60, "long_rest": False,
             "invisible": False},
            {"id": active, "hex": [5, -1], "side": "monster"},
        ],
        "active": active, "action": action,
    }


def test_guard_card_526_elite_at_level_1_move_1_range_2():
    # Elite Bandit Guard, level 1: move 2, so "Move -1" is 1; "Attack +0, Range 2".
    table, standee = table_with("bandit-guard", "elite", 526)
    built = build(table.state, standee)
    name = f"Bandit Guard {standee.split('#')[1]}"
    assert built.scenario == by_hand(name, {"move": 1, "movement": "normal", "muddled": False,
                                            "attack": {"range": 2, "targets": 1}})
    assert built.names[name] == standee and built.names["Brute"] == "s1"


def test_archer_card_536_no_move_two_targets_muddled():
    # Normal Bandit Archer, level 1: range 4; the card has no move, "Attack -1, Target 2".
    table, standee = table_with("bandit-archer", "normal", 536, muddled=True)
    name = f"Bandit Archer {standee.split('#')[1]}"
    assert build(table.state, standee).scenario == by_hand(
        name, {"move": 0, "movement": "normal", "muddled": True, "attack": {"range": 4, "targets": 2}})


def test_spitting_drake_card_558_flies_with_a_ranged_area():
    # Elite Spitting Drake, level 1: move 3, range 4, flying; "Move +0, Attack -1,
    # Range -1" with a three-hex area.
    table, standee = table_with("spitting-drake", "elite", 558)
    name = f"Spitting Drake {standee.split('#')[1]}"
    expected = by_hand(name, {"move": 3, "movement": "fly", "muddled": False,
                              "attack": {"range": 3, "targets": 1, "aoe": [[0, 0], [1, -1], [1, 0]]}})
    built = build(table.state, standee)
    assert built.scenario == expected
    worked = work_out(table.state, standee)
    answer = solve(expected)
    assert [o["destination"] for o in worked["options"]] == [o["destination"] for o in answer["options"]]
    for option in worked["options"]:
        if option["attacks"]:
            assert len(option["area"]) == 3


def test_a_stunned_standee_does_nothing_and_an_immobilized_one_stays():
    table, standee = table_with("bandit-guard", "normal", 527)
    table.act("s1", "standee.condition", standee=standee, condition="immobilize")
    assert build(table.state, standee).scenario["action"]["move"] == 0
    table.act("s1", "standee.condition", standee=standee, condition="immobilize")
    table.act("s1", "standee.condition", standee=standee, condition="stun")
    assert "attack" not in build(table.state, standee).scenario["action"]


def test_an_invisible_character_is_sent_invisible_and_never_attacked():
    table, standee = table_with("bandit-guard", "normal", 527)
    table.act("s1", "character.condition", condition="invisible")
    worked = work_out(table.state, standee)
    assert all("s1" not in o["attacks"] for o in worked["options"])
    assert worked["focus"] in ([], ["s2"])
