"""A battle at the table: declared, adjusted before the dice, rolled or entered."""

import pytest

from companion.games.cthulhu_wars.rules import RULES
from companion.games.cthulhu_wars.view import UNIT_TERM
from companion.rules import ActionError
from cthulhu_support import Table


def battle_table():
    table = Table()
    table.to_action_phase()
    table.act("great_cthulhu", "great_old_one.set", great_old_one="cthulhu", where="map")
    return table


def test_declaring_costs_1_and_counts_dice_from_strengths():
    table = battle_table()
    table.act("great_cthulhu", "battle.declare", defender="black_goat",
              attacker_units={"cthulhu": 1, "deep_one": 2, "cultist": 3}, defender_units={"cultist": 2, "fungi": 1})
    battle = table.state["battle"]
    assert table.faction("great_cthulhu")["power"] == 7
    assert battle["dice"]["attacker"]["dice"] == 8 and battle["dice"]["defender"]["dice"] == 1


def test_a_battle_needs_an_enemy_and_units_on_both_sides():
    table = battle_table()
    with pytest.raises(ActionError) as refused:
        table.act("great_cthulhu", "battle.declare", defender="great_cthulhu",
                  attacker_units={"cultist": 1}, defender_units={"cultist": 1})
    assert refused.value.field == "defender"
    with pytest.raises(ActionError) as refused:
        table.act("great_cthulhu", "battle.declare", defender="black_goat",
                  attacker_units={"cultist": 1}, defender_units={"dark_young": 4})
    assert refused.value.field == "defender_units"
    assert table.faction("great_cthulhu")["power"] == 8  # nothing changed


def test_pre_battle_effects_change_the_dice_before_the_roll():
    table = battle_table()
    table.act("great_cthulhu", "battle.declare", defender="black_goat",
              attacker_units={"deep_one": 2}, defender_units={"fungi": 2})
    table.act("black_goat", "battle.adjust", units={"fungi": 1}, extra=0)
    assert table.state["battle"]["dice"]["defender"]["dice"] == 1
    with pytest.raises(ActionError):
        table.act("crawling_chaos", "battle.adjust", units={"nightgaunt": 1})


def test_entered_physical_dice_give_each_side_the_others_results():
    table = battle_table()
    table.act("great_cthulhu", "battle.declare", defender="black_goat",
              attacker_units={"deep_one": 3}, defender_units={"fungi": 2})
    table.act("black_goat", "battle.roll", attacker_faces="6 4 2", defender_faces="5 5")
    outcome = table.state["battle"]["outcome"]
    assert outcome["defender"]["suffers"] == {"kills": 1, "pains": 1}
    assert outcome["attacker"]["suffers"] == {"kills": 0, "pains": 2}
    with pytest.raises(ActionError):
        table.act("black_goat", "battle.roll")  # rolled once


def test_a_wrong_number_of_entered_dice_is_refused_naming_the_side():
    table = battle_table()
    table.act("great_cthulhu", "battle.declare", defender="black_goat",
              attacker_units={"deep_one": 3}, defender_units={"fungi": 2})
    with pytest.raises(ActionError) as refused:
        table.act("black_goat", "battle.roll", attacker_faces="6 4")
    assert refused.value.field.startswith("attacker_faces")


def test_the_app_rolls_the_sides_nobody_entered_and_records_them():
    table = battle_table()
    table.act("great_cthulhu", "battle.declare", defender="black_goat",
              attacker_units={"deep_one": 3}, defender_units={"fungi": 2})
    action = table.act("great_cthulhu", "battle.roll", defender_faces="1 1")
    assert len(action.payload["attacker_roll"]["dice"]) == 3
    rolled = table.state["battle"]["outcome"]["attacker"]["rolled"]["faces"]
    assert rolled == [d["face"] for d in action.payload["attacker_roll"]["dice"]]


def nyarlathotep_against(defender_units, crawling_chaos_units=None):
    """Crawling Chaos (one spellbook: Nyarlathotep fights with 1 die) attacks
    Great Cthulhu, whose Cthulhu has awakened before (he costs 4 now)."""
    table = Table()
    table.to_action_phase()
    table.act("great_cthulhu", "pass")
    table.act("crawling_chaos", "great_old_one.set", great_old_one="nyarlathotep", where="map")
    table.arrange_faction("crawling_chaos", spellbooks=["abduct"])
    table.act("great_cthulhu", "great_old_one.set", great_old_one="cthulhu", where="map")
    table.arrange_faction("great_cthulhu", awakened=["cthulhu"])
    table.act("crawling_chaos", "battle.declare", defender="great_cthulhu",
              attacker_units=crawling_chaos_units or {"nyarlathotep": 1}, defender_units=defender_units)
    return table


def harbinger_offered(table):
    return RULES.view(table.state, table.seat_of("crawling_chaos"))["show"]["battle"]["harbinger"]


def test_the_harbinger_gives_half_the_awakening_cost_or_two_elder_signs():
    # Seed, 蠕行混沌 harbinger: Cthulhu pained (a 5) in Nyarlathotep's battle.
    table = nyarlathotep_against({"cthulhu": 1})
    table.act("crawling_chaos", "battle.roll", attacker_faces="5", defender_faces="1 1 1 1 1 1")
    assert harbinger_offered(table) == ["cthulhu"]
    table.act("crawling_chaos", "harbinger", great_old_one="cthulhu", take="power")
    assert table.faction("crawling_chaos")["power"] == 9  # 8, 1 for the battle, half of Cthulhu's 4 again
    assert harbinger_offered(table) == []
    with pytest.raises(ActionError):
        table.act("crawling_chaos", "harbinger", great_old_one="cthulhu", take="elder_signs")


def test_the_harbinger_is_neither_offered_nor_granted_when_the_enemy_great_old_one_took_no_result():
    # Seed: only an enemy Great Old One pained (4, 5) or killed (6) in that battle pays out.
    table = nyarlathotep_against({"cthulhu": 1})
    table.act("crawling_chaos", "battle.roll", attacker_faces="3", defender_faces="1 1 1 1 1 1")
    assert harbinger_offered(table) == []
    power = table.faction("crawling_chaos")["power"]
    with pytest.raises(ActionError) as refused:
        table.act("crawling_chaos", "harbinger", great_old_one="cthulhu", take="power")
    assert refused.value.field == "great_old_one" and table.faction("crawling_chaos")["power"] == power


def test_the_harbinger_is_not_offered_after_a_battle_nyarlathotep_was_not_in():
    table = nyarlathotep_against({"cthulhu": 1}, crawling_chaos_units={"flying_polyp": 1})
    table.act("crawling_chaos", "battle.roll", attacker_faces="6", defender_faces="1 1 1 1 1 1")
    assert harbinger_offered(table) == []
    with pytest.raises(ActionError):
        table.act("crawling_chaos", "harbinger", great_old_one="cthulhu", take="power")


def test_a_result_another_unit_could_take_pays_out_only_once_the_great_old_one_is_known_killed():
    # The owner chooses who takes a kill: with two Deep Ones beside him, one 6
    # need not be Cthulhu's, until Great Cthulhu puts him back in the pool.
    table = nyarlathotep_against({"cthulhu": 1, "deep_one": 2})
    table.act("crawling_chaos", "battle.roll", attacker_faces="6", defender_faces="1 1 1 1 1 1 1 1")
    assert harbinger_offered(table) == []
    with pytest.raises(ActionError):
        table.act("crawling_chaos", "harbinger", great_old_one="cthulhu", take="power")
    table.act("great_cthulhu", "great_old_one.set", great_old_one="cthulhu", where="pool")
    assert harbinger_offered(table) == ["cthulhu"]
    table.act("crawling_chaos", "harbinger", great_old_one="cthulhu", take="elder_signs")
    assert table.faction("crawling_chaos")["elder_signs"] == 2


def test_as_many_results_as_units_reach_the_great_old_one_whoever_chooses():
    table = nyarlathotep_against({"cthulhu": 1, "deep_one": 1})
    table.arrange_faction("crawling_chaos", spellbooks=["abduct", "invisibility"])
    table.act("crawling_chaos", "battle.adjust", units={"nyarlathotep": 1})
    table.act("crawling_chaos", "battle.roll", attacker_faces="6 4", defender_faces="1 1 1 1 1 1 1")
    assert harbinger_offered(table) == ["cthulhu"]


def test_a_strength_two_sources_agree_on_is_unmarked_and_a_group_still_corrects_it():
    table = battle_table()
    table.act("great_cthulhu", "battle.declare", defender="black_goat",
              attacker_units={"starspawn": 1, "deep_one": 1}, defender_units={"cultist": 1})
    side = RULES.view(table.state, None)["show"]["battle"]["sides"]["attacker"]
    # Deep Ones: the seed's example; the Starspawn's 3: the reference and a second source agree.
    assert not side["unchecked"] and [entry[0] for entry in side["dice"]["lines"]] == [UNIT_TERM, UNIT_TERM]
    assert side["dice"]["value"] == 4
    table.act("great_cthulhu", "default.correct", faction="great_cthulhu", unit="starspawn", field="combat", value=2)
    side = RULES.view(table.state, None)["show"]["battle"]["sides"]["attacker"]
    assert not side["unchecked"] and side["dice"]["value"] == 3
