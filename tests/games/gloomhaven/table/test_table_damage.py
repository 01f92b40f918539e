"""Monster attacks applied to characters and summons, and retaliate
(rulebook, "Character damage", p. 27; "Retaliate", p. 26): the damage waits
for the character's player to take it or negate it by losing cards, the
attack's conditions apply either way."""

import pytest

from companion.games.gloomhaven import catalog
from companion.games.gloomhaven.flow import acting_standee
from companion.games.gloomhaven.play.combat import card_attack
from companion.games.gloomhaven.rules import RULES
from companion.rules import Action, ActionError
from table_support import SEATS, monster_turn, show_card_index, started


def attack_with(table, cards, **payload):
    """A monster attack whose modifier cards are these (as if the server had drawn them)."""
    table.act_drawn("s1", "monster.attack", {"cards": cards}, **payload)


def show_card(table, deck_id, number):
    """Make the deck show the card printed with `number` this round: a test's
    hand on the deck (arranged: which card the server draws is not the point)."""
    index = next(i for i, c in enumerate(catalog.deck(deck_id)["cards"]) if c["number"] == number)
    table.arrange(lambda state: show_card_index(state, deck_id, index))


def test_a_monster_attack_on_a_character_waits_to_be_taken_and_its_conditions_apply_at_once():
    table = monster_turn()
    guard = acting_standee(table.state)
    attack_with(table, ["+1"], standee=guard["id"], target="s1", base=3, shield=1, conditions="poison wound")
    ann = table.state["characters"]["s1"]
    assert set(ann["conditions"]) == {"poison", "wound"}
    waiting = table.state["damage"]
    assert [(d["seat"], d["amount"], d["kind"]) for d in waiting] == [("s1", 3, "attack")]  # 3 + 1 − 1
    assert waiting[0]["working"][-1] == ["damage %(damage)d", {"damage": 3}]
    before = ann["hp"]
    table.act("s1", "damage.resolve", damage=waiting[0]["id"], how="suffer")
    assert table.state["characters"]["s1"]["hp"] == before - 3 and table.state["damage"] == []
    assert table.replayed() == table.state


@pytest.mark.parametrize("how", ["hand", "discard"])
def test_losing_cards_negates_the_damage_but_not_the_conditions(how):
    table = monster_turn()
    guard = acting_standee(table.state)
    before = table.state["characters"]["s1"]["hp"]
    attack_with(table, ["+2"], standee=guard["id"], target="s1", base=3, conditions="immobilize")
    table.act("s1", "damage.resolve", damage=table.state["damage"][0]["id"], how=how)
    ann = table.state["characters"]["s1"]
    assert ann["hp"] == before and "immobilize" in ann["conditions"]
    assert any("negates 5 damage" in line[0] % line[1] for line in table.state["news"])


def test_only_the_characters_player_settles_their_damage_unless_for_them():
    table = monster_turn()
    guard = acting_standee(table.state)
    attack_with(table, ["+0"], standee=guard["id"], target="s1", base=2, conditions="")
    entry = table.state["damage"][0]["id"]
    with pytest.raises(ActionError):
        table.act("s2", "damage.resolve", damage=entry, how="suffer")
    table.act("s2", "damage.resolve", damage=entry, how="suffer", for_them=True)
    with pytest.raises(ActionError):  # settled once only
        table.act("s1", "damage.resolve", damage=entry, how="hand")


def test_a_turn_doesnt_end_while_damage_waits():
    table = monster_turn()
    guard = acting_standee(table.state)
    attack_with(table, ["+0"], standee=guard["id"], target="s2", base=2, conditions="")
    with pytest.raises(ActionError, match="damage to take or negate"):
        table.act("s1", "turn.next")
    table.act("s2", "damage.resolve", damage=table.state["damage"][0]["id"], how="suffer")
    table.act("s1", "turn.next")


def test_no_damage_leaves_nothing_waiting_and_a_null_still_gives_the_conditions():
    table = monster_turn()
    guard = acting_standee(table.state)
    attack_with(table, ["null"], standee=guard["id"], target="s1", base=4, conditions="muddle curse")
    assert table.state["damage"] == []
    assert "muddle" in table.state["characters"]["s1"]["conditions"]
    assert any("curse" in line[0] for line in table.state["news"])  # into Ann's own deck, by hand


def test_the_attacks_conditions_and_pierce_default_to_the_standees_ability_card():
    table = monster_turn()
    guard = acting_standee(table.state)
    show_card(table, "guard", 531)  # Shield 1, Attack +0 with poison
    assert card_attack(table.state, guard)["conditions"] == ["poison"]
    attack_with(table, ["+0"], standee=guard["id"], target="s1", base=2)
    assert "poison" in table.state["characters"]["s1"]["conditions"]


def test_a_card_attack_with_pull_says_how_to_move_the_target():
    table = monster_turn()
    guard = acting_standee(table.state)
    attack_with(table, ["+0"], standee=guard["id"], target="s1", base=2, pull=2, conditions="")
    assert any(line[0].startswith("Pull %(value)d") and line[1]["value"] == 2 for line in table.state["news"])
    assert table.state["attacks"][0]["effects"]


def test_an_attack_on_a_summon_is_taken_at_once():
    table = monster_turn()
    table.act("s1", "summon.add", name="Bear", hp=6)
    guard = acting_standee(table.state)
    bear = table.state["characters"]["s1"]["summons"][0]
    attack_with(table, ["+1"], standee=guard["id"], target=bear["id"], base=2, conditions="wound")
    bear = table.state["characters"]["s1"]["summons"][0]
    assert bear["hp"] == 3 and "wound" in bear["conditions"] and table.state["damage"] == []


def test_damage_below_one_hit_point_exhausts_the_character():
    table = monster_turn()
    table.act("s1", "character.adjust", field="hp", delta=-(table.state["characters"]["s1"]["hp"] - 2))
    guard = acting_standee(table.state)
    attack_with(table, ["+2"], standee=guard["id"], target="s1", base=3, conditions="")
    table.act("s1", "damage.resolve", damage=table.state["damage"][0]["id"], how="suffer")
    assert table.state["characters"]["s1"]["exhausted"]


def test_monsters_cant_target_an_invisible_character():
    table = monster_turn()
    table.act("s1", "character.condition", condition="invisible")
    guard = acting_standee(table.state)
    with pytest.raises(ActionError, match="invisible"):
        attack_with(table, ["+0"], standee=guard["id"], target="s1", base=2)


def test_a_standee_that_survives_retaliates_and_the_attacker_may_be_out_of_range():
    table = monster_turn()
    guard = acting_standee(table.state)
    show_card(table, "guard", 524)  # Shield 1, Retaliate 2
    table.act("s1", "standee.adjust", standee=guard["id"], delta=20)  # full health: it survives
    before = table.state["characters"]["s2"]["hp"]
    table.act("s2", "character.attack", standee=guard["id"], base=1, cards="+0")
    waiting = table.state["damage"]
    assert [(d["seat"], d["amount"], d["kind"], d["range"]) for d in waiting] == [("s2", 2, "retaliate", 1)]
    with pytest.raises(ActionError):  # range matters only to retaliate; this one the player answers
        table.act("s1", "damage.resolve", damage=waiting[0]["id"], how="out_of_range")
    table.act("s2", "damage.resolve", damage=waiting[0]["id"], how="out_of_range")
    assert table.state["characters"]["s2"]["hp"] == before


def test_a_standee_killed_by_the_attack_doesnt_retaliate():
    table = monster_turn()
    guard = acting_standee(table.state)
    show_card(table, "guard", 524)
    table.act("s2", "character.attack", standee=guard["id"], base=30, cards="+0")
    assert guard["id"] not in {s["id"] for s in table.state["standees"]}
    assert table.state["damage"] == []


def test_a_summon_meets_retaliate_and_cant_negate_it():
    table = monster_turn()
    table.act("s2", "summon.add", name="Wolf", hp=5)
    wolf = table.state["characters"]["s2"]["summons"][0]["id"]
    guard = acting_standee(table.state)
    show_card(table, "guard", 524)
    table.act("s1", "standee.adjust", standee=guard["id"], delta=20)
    table.act("s2", "character.attack", standee=guard["id"], summon=wolf, base=1, cards="+0")
    entry = table.state["damage"][0]
    assert entry["summon"] == wolf
    with pytest.raises(ActionError, match="no cards"):
        table.act("s2", "damage.resolve", damage=entry["id"], how="hand")
    table.act("s2", "damage.resolve", damage=entry["id"], how="suffer")
    assert table.state["characters"]["s2"]["summons"][0]["hp"] == 3


def test_the_history_names_whose_damage_was_settled_how_much_and_on_whose_phone():
    """"the Brute took 3 damage", not "<the player who tapped> took the damage" (issue 18)."""
    table = monster_turn()
    guard = acting_standee(table.state)
    attack_with(table, ["+1"], standee=guard["id"], target="s1", base=3, shield=1)
    table.act("s1", "damage.resolve", damage=table.state["damage"][0]["id"], how="suffer")
    mine = table.actions[-1]
    assert RULES.describe(mine, SEATS, table.state) == ("%(name)s took %(amount)d damage",
                                                        {"name": "Brute", "amount": 3})
    attack_with(table, ["+0"], standee=guard["id"], target="s2", base=2)
    table.act("s1", "damage.resolve", damage=table.state["damage"][0]["id"], how="hand", for_them=True)
    msgid, params = RULES.describe(table.actions[-1], SEATS, table.state)
    assert msgid % params == "Spellweaver negated 2 damage with a card from hand, tapped on Brute's phone"
    host = Action("damage.resolve", {**table.actions[-1].payload, "how": "suffer"}, None)
    msgid, params = RULES.describe(host, SEATS, table.state)
    assert msgid % params == "Spellweaver took 2 damage, tapped on the host's phone"


def test_a_logged_damage_without_whose_it_was_keeps_its_old_line():
    """A log from before the settled damage was kept in the action."""
    line = RULES.describe(Action("damage.resolve", {"damage": 1, "how": "suffer", "for_them": False}, "s1"),
                          SEATS, started().state)
    assert line == ("took the damage", {})
