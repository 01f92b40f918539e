"""A monster's whole card carried out from the map in one action (map.do):
"Show its turn" → "Do it" → "Next" when the rules leave no choice; the
choices they leave as picks; undo and replay give the same turn; bad
payloads refused with nothing changed; a character's summon acting by
itself on its own turn."""

from __future__ import annotations

import copy

import pytest

from companion.games.gloomhaven import catalog, modifiers
from companion.games.gloomhaven.map.turn import work_card
from companion.rules import ActionError
from map_support import block, cleared
from table_support import show_card_index


def card_index(deck_id: str, number: int) -> int:
    return [c["number"] for c in catalog.deck(deck_id)["cards"]].index(number)


def at_turn(monster: str, card: int, places: dict, initiatives=(10, 60), columns=6, rows=4):
    """Scenario 1 with one standee of `monster` (its type showing card
    `card`), the figures on `places` ({"s1": [q, r], "standee": [q, r]}),
    walked to the monster's turn."""
    table, (standee,) = cleared([(monster, "normal")])
    deck_id = catalog.deck_of(monster)
    table.arrange(lambda state: show_card_index(state, deck_id, card_index(deck_id, card)))
    table.act("s1", "initiative.choose", initiative=initiatives[0], second=40)
    table.act("s2", "initiative.choose", initiative=initiatives[1], second=20)
    table.act("s1", "map.hexes", hexes=block(columns, rows))
    for figure, (q, r) in places.items():
        table.act("s1", "map.place", figure=standee if figure == "standee" else figure, q=q, r=r)
    for _ in range(6):
        turn = table.state["order"][table.state["turn"]]
        if turn["kind"] == "monster":
            break
        table.act("s1", "turn.next", for_them=True)
    return table, standee


def refused(table, field, type_="map.do", **payload):
    before = copy.deepcopy(table.state)
    with pytest.raises(ActionError) as error:
        table.act("s1", type_, **payload)
    assert error.value.field == field
    assert table.state == before


def test_three_taps_move_attack_and_a_condition_on_itself_with_the_modifier_drawn():
    """Guard card 530 (move 2, attack 2, strengthen self): Show, Do it, Next.
    It walks next to the Brute, draws one monster modifier for the attack,
    the damage waits on the Brute's phone, it is strengthened."""
    table, guard = at_turn("bandit-guard", 530, {"s1": [0, 0], "s2": [0, 3], "standee": [2, -1]})
    deck = sum(table.state["modifiers"]["cards"]["pile"].values()) if isinstance(
        table.state["modifiers"]["cards"]["pile"], dict) else len(table.state["modifiers"]["cards"]["pile"])
    table.act("s1", "map.show", standee=guard)
    (option,) = work_card(table.state, guard)["options"]
    assert option["ways"] == [] and option["attacks"] == ["s1"]
    table.act("s1", "map.do", standee=guard)
    state = table.state
    assert state["map"]["at"][guard] == "1,0"
    (entry,) = state["damage"]
    assert entry["seat"] == "s1" and entry["source"] == "Bandit Guard 4" and entry["kind"] == "attack"
    drawn = table.log[-1]["payload"]["modifiers"]
    assert len(drawn) == 1 and len(drawn[0]) == 1
    assert "strengthen" in next(s for s in state["standees"] if s["id"] == guard)["conditions"]
    assert state["map"]["plan"]["done"] == {"option": 1, "picks": {}}
    after = state["modifiers"]["cards"]["pile"]
    left = sum(after.values()) if isinstance(after, dict) else len(after)
    assert left == deck - 1
    # The damage is the Brute's to settle; then the table goes on.
    table.act("s1", "damage.resolve", damage=entry["id"], how="suffer")
    table.act("s1", "turn.next")
    assert table.state["order"][table.state["turn"]]["id"] == "s2"


def test_do_it_is_undone_and_replayed_exactly():
    table, guard = at_turn("bandit-guard", 530, {"s1": [0, 0], "s2": [0, 3], "standee": [2, -1]})
    table.act("s1", "map.show", standee=guard)
    before = copy.deepcopy(table.state)
    table.act("s1", "map.do", standee=guard)
    done = copy.deepcopy(table.state)
    assert table.replayed() == done
    table.undo()
    assert {k: v for k, v in table.state.items() if k != "news"} == {k: v for k, v in before.items() if k != "news"}


def test_a_turn_without_show_twice_or_out_of_the_options_is_refused():
    table, guard = at_turn("bandit-guard", 530, {"s1": [0, 0], "s2": [0, 3], "standee": [2, -1]})
    refused(table, "standee", standee=guard)
    table.act("s1", "map.show", standee=guard)
    refused(table, "option", standee=guard, option=5)
    refused(table, "choices", standee=guard, choices=["x"])
    refused(table, "shields", standee=guard, shields={"s1": -1})
    table.act("s1", "map.do", standee=guard)
    refused(table, "standee", standee=guard)


def test_a_push_with_several_end_hexes_is_a_pick_and_the_target_moves():
    """Living Corpse card 571 (attack +2, push 1; it suffers 1 damage): the
    push's direction is the players' choice, so Do it needs the pick; the
    Brute is moved there; the corpse suffers its 1 damage."""
    table, corpse = at_turn("living-corpse", 571, {"s1": [2, 1], "s2": [0, 3], "standee": [2, 0]})
    table.act("s1", "map.show", standee=corpse)
    (option,) = work_card(table.state, corpse)["options"]
    assert len(option["ways"]) >= 2
    refused(table, "choices", standee=corpse)
    way = option["ways"][-1]
    (key, end), = way["picks"].items()
    refused(table, "choices", standee=corpse, choices={key: [9, 9]})
    hp = next(s for s in table.state["standees"] if s["id"] == corpse)["hp"]
    table.act("s1", "map.do", standee=corpse, choices=way["picks"])
    assert table.state["map"]["at"]["s1"] == f"{end[0]},{end[1]}"
    assert next(s for s in table.state["standees"] if s["id"] == corpse)["hp"] == hp - 1
    assert table.replayed() == table.state


def test_a_summon_is_placed_next_to_it_with_its_number_drawn():
    """Cultist card 609 summons Living Bones next to the cultist, on the
    hex nearest an enemy; the new standee joins the map."""
    table, cultist = at_turn("cultist", 609, {"s1": [0, 0], "s2": [0, 3], "standee": [4, -1]})
    table.act("s1", "map.show", standee=cultist)
    (option,) = work_card(table.state, cultist)["options"]
    table.act("s1", "map.do", standee=cultist, choices=(option["ways"][0]["picks"] if option["ways"] else None))
    bones = [s for s in table.state["standees"] if s["monster"] == "living-bones"]
    assert len(bones) == 1 and bones[0]["summoned_round"] == table.state["round"]
    assert bones[0]["id"] in table.state["map"]["at"]
    assert table.replayed() == table.state


def test_heal_and_shield_on_itself():
    """Black Imp card 676: shield 5 for the round, heal 1 self."""
    table, imp = at_turn("black-imp", 676, {"s1": [0, 0], "s2": [0, 3], "standee": [4, -1]})
    table.act("s1", "standee.adjust", standee=imp, delta=-2)
    hp = next(s for s in table.state["standees"] if s["id"] == imp)["hp"]
    table.act("s1", "map.show", standee=imp)
    (option,) = work_card(table.state, imp)["options"]
    kinds = [step["kind"] for step in option["steps"]]
    assert kinds == ["shield", "heal"]
    table.act("s1", "map.do", standee=imp)
    assert next(s for s in table.state["standees"] if s["id"] == imp)["hp"] == hp + 1


def summon_table(summoned_round_later: bool = True):
    """Ann's Brute has a summon (move 2, attack 2, melee) on the map; the
    round after it was summoned, its turn comes just before the Brute's."""
    table, (guard,) = cleared([("bandit-guard", "normal")])
    table.act("s1", "summon.add", name="Wolf", hp=4, move=2, attack=2, range=0)
    wolf = table.state["characters"]["s1"]["summons"][0]["id"]
    table.act("s1", "map.hexes", hexes=block(6, 4))
    table.act("s1", "map.place", figure="s1", q=0, r=0)
    table.act("s1", "map.place", figure="s2", q=0, r=3)
    table.act("s1", "map.place", figure=wolf, q=1, r=0)
    table.act("s1", "map.place", figure=guard, q=3, r=0)
    if summoned_round_later:
        table.act("s1", "initiative.choose", initiative=10, second=40)
        table.act("s2", "initiative.choose", initiative=60, second=20)
        while table.state["phase"] == "playing":
            table.act("s1", "turn.next", for_them=True)
    table.act("s1", "initiative.choose", initiative=10, second=40)
    table.act("s2", "initiative.choose", initiative=60, second=20)
    return table, wolf, guard


def test_a_summon_acts_just_before_its_summoner_by_itself():
    table, wolf, guard = summon_table()
    turn = table.state["order"][table.state["turn"]]
    assert turn == {**turn, "kind": "summon", "id": wolf}
    table.act("s1", "map.show", standee=wolf)
    (option,) = work_card(table.state, wolf)["options"]
    assert option["attacks"] == [guard]
    hp = next(s for s in table.state["standees"] if s["id"] == guard)["hp"]
    table.act("s1", "map.do", standee=wolf)
    standee = next((s for s in table.state["standees"] if s["id"] == guard), None)
    assert table.state["map"]["at"][wolf] == "2,0"
    (drawn,) = table.log[-1]["payload"]["modifiers"]
    record = table.state["attacks"][0]
    assert record["attacker"] == "Wolf" and record["target"].startswith("Bandit Guard")
    assert (standee["hp"] if standee else 0) == max(0, hp - record["damage"]) or standee is None
    deck = table.state["characters"]["s1"]["deck"]  # drawn from its summoner's own deck
    assert deck["cards"]["discard"] == [c for c in drawn if c not in ("bless", "curse")]
    assert modifiers.pile_size(deck) == 20 - len(drawn)
    assert table.replayed() == table.state
    table.act("s1", "turn.next")
    assert table.state["order"][table.state["turn"]]["id"] == "s1"


def test_a_summon_without_stats_asks_for_them():
    table, (guard,) = cleared([("bandit-guard", "normal")])
    table.act("s1", "summon.add", name="Rat", hp=2)
    rat = table.state["characters"]["s1"]["summons"][0]["id"]
    table.act("s1", "map.hexes", hexes=block(4, 3))
    table.act("s1", "map.place", figure=rat, q=0, r=0)
    refused(table, "standee", type_="map.show", standee=rat)


def test_the_old_follow_still_works_for_api_clients():
    table, guard = at_turn("bandit-guard", 530, {"s1": [0, 0], "s2": [0, 3], "standee": [2, -1]})
    table.act("s1", "map.show", standee=guard)
    table.act("s1", "map.follow", standee=guard, q=1, r=0, attacks=["s1"])
    assert table.state["map"]["plan"]["chosen"]["destination"] == [1, 0]
    refused(table, "standee", standee=guard)
    table.act("s1", "monster.attack", standee=guard, target="s1", base=2)
    assert table.state["damage"][0]["seat"] == "s1"
    assert table.replayed() == table.state


def test_a_summon_does_not_act_in_the_round_it_was_summoned():
    table, wolf, _guard = summon_table(summoned_round_later=False)
    assert all(turn["id"] != wolf for turn in table.state["order"])
    assert table.state["order"][table.state["turn"]]["id"] != wolf


def test_summons_act_in_the_order_they_were_summoned_just_before_their_summoner():
    table, (guard,) = cleared([("bandit-guard", "normal")])
    for name in ("Wolf", "Bear"):
        table.act("s1", "summon.add", name=name, hp=4, move=2, attack=2)
    table.act("s1", "initiative.choose", initiative=10, second=40)
    table.act("s2", "initiative.choose", initiative=60, second=20)
    while table.state["phase"] == "playing":
        table.act("s1", "turn.next", for_them=True)
    table.act("s1", "initiative.choose", initiative=10, second=40)
    table.act("s2", "initiative.choose", initiative=60, second=20)
    names = {s["id"]: s["name"] for s in table.state["characters"]["s1"]["summons"]}
    order = [names.get(t["id"], t["id"]) for t in table.state["order"]]
    assert order.index("Wolf") + 1 == order.index("Bear") and order.index("Bear") + 1 == order.index("s1")


def test_the_targets_shield_the_table_knows_takes_off_damage():
    """The same turn with the same card drawn: a shield of 1 on the Brute
    takes one off the damage waiting on its phone."""
    amounts = []
    for shield in (0, 1):
        table, guard = at_turn("bandit-guard", 530, {"s1": [0, 0], "s2": [0, 3], "standee": [2, -1]})
        table.act("s1", "map.show", standee=guard)
        table.act_drawn("s1", "map.do", {"modifiers": [["+2"]]}, standee=guard, shield=shield)
        amounts.append(table.state["damage"][0]["amount"])
    assert amounts == [4, 3]
