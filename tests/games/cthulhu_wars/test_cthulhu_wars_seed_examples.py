"""The seed's worked examples and rulings (004, Cthulhu Wars) not pinned
elsewhere, each through the table type's rules as the store runs them.

The app tracks counts, not positions: where an example turns on where units
stand (which unit retreats where), the test pins what the app does decide
and the comment says what the table does by hand.
"""

import pytest

from companion.rules import ActionError
from cthulhu_support import Table, on_turn


def test_the_seeds_complex_battle_rolls_12_against_3_and_each_side_suffers_the_others_results():
    # Seed, 复杂的战斗范例: Cthulhu, a Shoggoth, 2 Deep Ones, 3 cultists attack 1
    # cultist and 4 Undead. Absorb eats a Deep One (+3 for the Shoggoth), Devour
    # takes the defender's cultist: 12 dice (6 + 5 + 1) against 3 (4 Undead).
    # 1 kill and 5 pains against 1 kill and 1 pain. (The defender then has 3
    # Undead left to retreat, so 2 pains are ignored; Necrophagy's 2 extra pains
    # come after. Those are applied at the table, unit by unit.)
    table = on_turn("great_cthulhu", ("great_cthulhu", "yellow_sign", "black_goat"), power=12)
    table.act("great_cthulhu", "great_old_one.set", great_old_one="cthulhu", where="map")
    table.act("great_cthulhu", "battle.declare", defender="yellow_sign",
              attacker_units={"cthulhu": 1, "shoggoth": 1, "deep_one": 2, "cultist": 3},
              defender_units={"cultist": 1, "undead": 4})
    assert table.state["battle"]["dice"]["attacker"]["dice"] == 6 + 2 + 2
    table.act("great_cthulhu", "battle.adjust",
              units={"cthulhu": 1, "shoggoth": 1, "deep_one": 1, "cultist": 3}, extra=3)
    table.act("yellow_sign", "battle.adjust", units={"undead": 4}, extra=0)
    dice = table.state["battle"]["dice"]
    assert (dice["attacker"]["dice"], dice["defender"]["dice"]) == (12, 3)
    table.act("great_cthulhu", "battle.roll", attacker_faces="6 4 4 5 5 4 1 2 3 1 2 3", defender_faces="6 5 1")
    outcome = table.state["battle"]["outcome"]
    assert outcome["defender"]["suffers"] == {"kills": 1, "pains": 5}
    assert outcome["attacker"]["suffers"] == {"kills": 1, "pains": 1}
    assert table.faction("great_cthulhu")["power"] == 11  # the declaration's 1; pre-battle effects are free


def test_the_seeds_capture_example_a_takes_one_of_two_cultists_for_1_and_it_is_sacrificed_for_1_power():
    # Seed, 示例A: a monster and an enemy's 2 cultists with no monster; capture
    # costs 1 and takes one; the victim then summons a monster on his turn.
    # At the next gather the captive gives 1 power and goes back to its owner.
    table = on_turn("great_cthulhu", power=8)
    table.act("black_goat", "counts.set", count="cultists", value=2)
    table.act("great_cthulhu", "capture", victim="black_goat")
    assert table.faction("great_cthulhu")["power"] == 7
    assert table.faction("black_goat")["counts"]["cultists"] == 1
    assert table.faction("great_cthulhu")["counts"]["captives"] == 1
    table.act("great_cthulhu", "turn.end")
    table.act("crawling_chaos", "pass")
    table.act("black_goat", "summon", units={"ghoul": 1})
    assert table.faction("black_goat")["power"] == 7
    table.spend_all()
    table.act("great_cthulhu", "power.gather")
    gathered = table.faction("great_cthulhu")["gathered"]
    assert ("%(n)d captive", 1, 1) in [(t["label"], t["n"], t["value"]) for t in gathered["terms"]]
    assert table.faction("great_cthulhu")["counts"]["captives"] == 0
    assert table.faction("black_goat")["counts"]["cultists"] == 1  # in her pool now, not on the map


def test_the_seeds_capture_example_b_a_great_old_one_captures_though_the_victim_has_a_monster():
    # Seed, 示例B: Cthulhu moves in beside an enemy's monster and cultist; unless
    # the enemy brings a Great Old One or beats Cthulhu, Cthulhu captures. The
    # app keeps no positions, so it never refuses a capture for a monster present.
    table = on_turn("great_cthulhu", power=8)
    table.act("great_cthulhu", "great_old_one.set", great_old_one="cthulhu", where="map")
    table.act("great_cthulhu", "capture", victim="crawling_chaos")
    assert table.faction("crawling_chaos")["counts"]["cultists"] == 5
    assert (table.faction("great_cthulhu")["counts"]["captives"], table.faction("great_cthulhu")["power"]) == (1, 7)


def test_the_seeds_spellbook_example_a_book_for_three_ocean_gates_stays_when_a_gate_is_lost():
    # Seed, 咒术书 例如: Cthulhu controls 3 ocean gates and takes a book at once;
    # driven from one of them next turn, he keeps the book for good.
    table = Table()
    table.act("great_cthulhu", "counts.set", count="gates", value=3)
    table.act("great_cthulhu", "spellbook.earn", requirement="gc_ocean_gates", spellbook="dreams")
    table.act("great_cthulhu", "counts.adjust", count="gates", delta=-1)
    assert table.faction("great_cthulhu")["spellbooks"] == ["dreams"]
    with pytest.raises(ActionError) as refused:
        table.act("great_cthulhu", "spellbook.earn", requirement="gc_ocean_gates", spellbook="absorb")
    assert refused.value.field == "requirement"


def test_the_seeds_unit_limit_no_seventh_cultist_and_recruiting_gives_one_and_ends_the_action():
    # Seed, 单位限制 举例来说 (never more than 6 cultists) and 行动 举例来说
    # (recruiting gives 1 cultist and that is the turn's action).
    table = on_turn("great_cthulhu")
    with pytest.raises(ActionError):
        table.act("great_cthulhu", "recruit")
    assert table.faction("great_cthulhu")["power"] == 10
    table.act("great_cthulhu", "counts.set", count="cultists", value=4)
    table.act("great_cthulhu", "recruit")
    assert (table.faction("great_cthulhu")["counts"]["cultists"], table.faction("great_cthulhu")["power"]) == (5, 9)
    with pytest.raises(ActionError):
        table.act("great_cthulhu", "recruit")


def test_the_seeds_move_example_3_power_moves_3_units_in_one_action():
    # Seed, 移动 例如: spending 3 power lets 3 units move, all in one action.
    table = on_turn("great_cthulhu")
    table.act("great_cthulhu", "move", units=3)
    assert table.faction("great_cthulhu")["power"] == 7
    with pytest.raises(ActionError):
        table.act("great_cthulhu", "move", units=1)


def test_black_goats_eliminate_two_cultists_is_her_whole_action_and_costs_no_power():
    # Seed, 获得咒术书要求的行动: as her only action she takes 2 cultists from
    # anywhere back to her pool; it costs none of her power.
    table = on_turn("black_goat", power=6)
    table.act("black_goat", "spellbook.earn", requirement="bg_elim2", spellbook="frenzy")
    assert (table.faction("black_goat")["counts"]["cultists"], table.faction("black_goat")["power"]) == (4, 6)
    with pytest.raises(ActionError):
        table.act("black_goat", "recruit")


def test_awakening_shub_niggurath_needs_a_controlled_gate_and_three_cultists():
    # Seed, 黑山羊 如何唤醒: a controlled gate and 2 cultists in its area "(至少三个
    # 邪教徒)"; the 2 are removed. Read: the cultist holding the gate stays, so
    # 3 cultists are needed. (The action chapter's shorter example says "一名"
    # cultist; the faction card is the full rule, and it says 2.)
    table = on_turn("black_goat", power=8)
    table.act("black_goat", "counts.set", count="cultists", value=2)
    with pytest.raises(ActionError) as refused:
        table.act("black_goat", "awaken", great_old_one="shub_niggurath")
    assert refused.value.field == "great_old_one" and refused.value.params == {"n": 3}
    table.act("black_goat", "counts.set", count="cultists", value=3)
    table.act("black_goat", "counts.set", count="gates", value=0)
    with pytest.raises(ActionError) as refused:
        table.act("black_goat", "awaken", great_old_one="shub_niggurath")
    assert refused.value.field == "great_old_one"
    table.act("black_goat", "counts.set", count="gates", value=1)
    table.act("black_goat", "awaken", great_old_one="shub_niggurath")
    assert table.faction("black_goat")["counts"]["cultists"] == 1 and table.faction("black_goat")["power"] == 0


def test_nyarlathotep_awakens_only_with_a_gate_his_faction_controls():
    # Seed, 如何唤醒奈亚拉托提普: 1) a gate you control, 2) pay 10.
    table = on_turn("crawling_chaos", power=10)
    table.act("crawling_chaos", "counts.set", count="gates", value=0)
    with pytest.raises(ActionError):
        table.act("crawling_chaos", "awaken", great_old_one="nyarlathotep")
    assert table.faction("crawling_chaos")["power"] == 10
    table.act("crawling_chaos", "counts.set", count="gates", value=1)
    table.act("crawling_chaos", "awaken", great_old_one="nyarlathotep")
    assert table.faction("crawling_chaos")["great_old_ones"]["nyarlathotep"] == "map"


def test_devouring_one_of_shubs_cultists_lowers_her_dice_before_the_roll():
    # Seed FAQ: Shub-Niggurath's strength is counted when the dice are rolled,
    # so a cultist of hers devoured before the battle lowers it: 6 cultists + 1
    # gate = 7, then 6.
    table = on_turn("great_cthulhu")
    table.act("black_goat", "great_old_one.set", great_old_one="shub_niggurath", where="map")
    table.act("great_cthulhu", "battle.declare", defender="black_goat",
              attacker_units={"deep_one": 1}, defender_units={"shub_niggurath": 1, "cultist": 1})
    assert table.state["battle"]["dice"]["defender"]["dice"] == 7
    table.act("black_goat", "counts.adjust", count="cultists", delta=-1)
    table.act("black_goat", "battle.adjust", units={"shub_niggurath": 1}, extra=0)
    assert table.state["battle"]["dice"]["defender"]["dice"] == 6


def test_no_summon_takes_more_of_a_monster_than_the_box_holds():
    # Seed, 召唤怪物: the monsters you can summon are limited to those in your
    # pool, so Crawling Chaos never has more than 3 Nightgaunts; Black Goat's
    # Fertility Cult can't bring 3 Ghouls when the box has 2.
    goat = on_turn("black_goat")
    with pytest.raises(ActionError) as refused:
        goat.act("black_goat", "summon", units={"ghoul": 3})
    assert refused.value.field == "units" and refused.value.params == {"n": 2}
    with pytest.raises(ActionError):
        goat.act("black_goat", "summon", units={"ghoul": 0})
    assert goat.faction("black_goat")["power"] == 10
    goat.act("black_goat", "summon", units={"ghoul": 2, "fungi": 1})
    assert goat.faction("black_goat")["power"] == 6


def test_hastur_awakens_only_with_a_controlled_gate():
    # Seed, 如何唤醒哈斯塔: 1) a gate you control in the King in Yellow's area.
    table = on_turn("yellow_sign", ("great_cthulhu", "yellow_sign", "black_goat"))
    table.act("yellow_sign", "great_old_one.set", great_old_one="king_in_yellow", where="map")
    table.act("yellow_sign", "counts.set", count="gates", value=0)
    with pytest.raises(ActionError) as refused:
        table.act("yellow_sign", "awaken", great_old_one="hastur")
    assert refused.value.field == "great_old_one" and table.faction("yellow_sign")["power"] == 10


def test_the_faqs_harbinger_on_an_immortal_cthulhu_is_2_power_or_2_elder_signs():
    # Seed FAQ (不朽): Crawling Chaos pains or kills a Cthulhu who has awakened
    # before: 2 power, half of the 4 he now costs; or 2 elder signs instead.
    table = on_turn("crawling_chaos", power=8)
    table.act("crawling_chaos", "great_old_one.set", great_old_one="nyarlathotep", where="map")
    table.arrange_faction("crawling_chaos", spellbooks=["abduct"])  # Nyarlathotep fights with 1 die
    table.act("great_cthulhu", "great_old_one.set", great_old_one="cthulhu", where="map")
    table.arrange_faction("great_cthulhu", awakened=["cthulhu"])
    table.act("crawling_chaos", "battle.declare", defender="great_cthulhu",
              attacker_units={"nyarlathotep": 1}, defender_units={"cthulhu": 1})
    table.act("crawling_chaos", "battle.roll", attacker_faces="4", defender_faces="1 1 1 1 1 1")
    action = table.act("crawling_chaos", "harbinger", great_old_one="cthulhu", take="elder_signs")
    assert len(action.payload["drawn"]) == 2 and table.faction("crawling_chaos")["elder_signs"] == 2
    assert table.faction("crawling_chaos")["power"] == 7
