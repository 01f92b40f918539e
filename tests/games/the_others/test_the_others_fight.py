"""The fight calculator on the rulebook's two worked examples, and each rule
that feeds a pool."""

from __future__ import annotations

import pytest

from companion.dice import Pool, Roll
from companion.games.the_others import dice, fight
from companion.rules import ActionError

SIN = dice.sin_die({"corruption": 1, "hit": 2, "critical_hit": 1, "blank": 2})
HERO = dice.hero_die({"hit": 2, "defense": 1, "counter_corruption": 1, "skill": 1, "faith": 1})

ABOMINATION = {"kind": "abomination", "name": "Abomination", "combat": 3, "defense": 3}
ACOLYTE = {"kind": "acolyte", "name": "Acolyte", "combat": 2, "defense": 2}


def rose_fight(**changes):
    """Rose (combat 2, defense 1) with Ice Blade, Thorley beside her, at
    corruption 2, against an abomination and an acolyte on a pentagram."""
    setup = {"hero_name": "Rose", "combat": 2, "defense": 1, "corruption": 2, "wounds": [],
             "upgrades": ["ice_blade"], "others_in_space": 1, "voluntary": True,
             "monsters": [ABOMINATION, ACOLYTE], "pentagrams": 1, "sin": "sloth"}
    return {**setup, **changes}


def entered(die, faces):
    return dice.totals(Roll.from_entered(Pool({die: len(faces[0])}), {die.kind: faces[0] + faces[1]}))


def test_the_worked_fight_rose_takes_one_wound_and_kills_the_abomination():
    computed = fight.pools(rose_fight())
    assert computed["sin_dice"]["total"] == 6
    assert computed["hero_dice"]["total"] == 5
    assert computed["hero_defense"]["total"] == 3  # base 1, Ice Blade 1, voluntary (level 3) 1
    # SIN: 4 hits and 1 corruption (a critical hit rolled one more die, a hit).
    sin_roll = entered(SIN, (["hit", "hit", "critical_hit", "corruption", "blank", "blank"], ["hit"]))
    # Rose: 4 hits and a faith (and a skill, useless in a fight).
    hero_roll = entered(HERO, (["hit", "hit", "hit", "faith", "skill"], ["hit"]))
    assert (sin_roll["hit"], sin_roll["corruption"]) == (4, 1)
    assert (hero_roll["hit"], hero_roll["faith"]) == (4, 1)
    turned = fight.check_turned({"counter_corruption": 1}, hero_roll["faith"], computed["free_results"])
    result = fight.outcome(computed, hero_roll, sin_roll, turned, protector=0)  # Protector declined
    assert (result["wounds"], result["corruption"], result["hits"]) == (1, 0, 4)
    killed = fight.kills(result["hits"], [ABOMINATION, ACOLYTE], [3, 1], rose_fight())
    assert killed == [0]  # the abomination dies, the acolyte survives
    assert fight.kills(4, [ABOMINATION, ACOLYTE], [4, 0], rose_fight()) == [0]


def test_thorleys_protector_would_cancel_one_wound():
    computed = fight.pools(rose_fight())
    result = fight.outcome(computed, {"hit": 4}, {"hit": 4, "corruption": 0}, protector=1)
    assert (result["wounds"], result["protected"]) == (0, 1)


def test_the_ranged_example_rocco_kills_one_abomination_and_takes_one_corruption():
    rocco = {"hero_name": "Rocco", "combat": 2, "defense": 2, "corruption": 1, "ranged": True, "ranged_hits": 2,
             "monsters": [ABOMINATION, ABOMINATION], "others_in_space": 0}
    computed = fight.pools(rocco)
    assert computed["hero_dice"]["total"] == 2
    hero_roll = entered(HERO, (["hit", "defense"], []))
    hits = hero_roll["hit"] + computed["hero_hits"]["total"]
    assert hits == 3  # 1 rolled, 2 from Killshot
    assert fight.kills(hits, [ABOMINATION, ABOMINATION], [3, 0], rocco) == [0]
    # The surviving abomination moves in; the acolyte already there joins the counter-attack.
    counter = fight.pools({**rocco, "monsters": [ABOMINATION, ACOLYTE]})
    assert counter["sin_dice"]["total"] == 5
    sin_roll = entered(SIN, (["hit", "hit", "hit", "corruption", "blank"], []))
    result = fight.outcome(counter, hero_roll, sin_roll)  # against Rocco's original roll
    assert result["defense"] == 3
    assert (result["wounds"], result["corruption"]) == (0, 1)


def test_hits_below_a_monsters_defense_do_nothing_and_cannot_exceed_the_roll():
    assert fight.kills(4, [ABOMINATION, ACOLYTE], [2, 2], {}) == [1]
    with pytest.raises(ActionError) as error:
        fight.kills(3, [ABOMINATION, ACOLYTE], [3, 1], {})
    assert error.value.field == "assigned"
    with pytest.raises(ActionError):
        fight.kills(3, [ABOMINATION, ACOLYTE], [3], {})


def test_the_commissioner_and_each_other_hero_add_a_die():
    computed = fight.pools(rose_fight(npcs=["commissioner"], others_in_space=2, voluntary=False))
    labels = [item["label"] for item in computed["hero_dice"]["lines"]]
    assert "Commissioner" in labels
    assert computed["hero_dice"]["total"] == 2 + 2 + 1 + 1  # combat, heroes, Commissioner, Ice Blade


def test_ranged_fights_lose_own_space_upgrades():
    computed = fight.pools(rose_fight(ranged=True, voluntary=False))
    assert computed["hero_dice"]["total"] == 3  # combat 2, Thorley 1; no Ice Blade
    assert computed["hero_defense"]["total"] == 1


def test_apocalypse_level_6_and_sin_cards_add_to_the_sin_pool():
    assert fight.pools(rose_fight(apocalypse_level=6))["sin_dice"]["total"] == 7
    assert fight.pools(rose_fight(apocalypse_level=5))["sin_dice"]["total"] == 6
    fury = fight.pools(rose_fight(sin_card="abominable_fury"))
    assert fury["sin_hits"]["total"] == 1  # one abomination in the fight
    deep = fight.pools(rose_fight(sin="envy", sin_card="from_the_deep"))
    assert deep["sin_dice"]["total"] == 9


def test_pride_cancels_one_defense_of_a_hero_fighting_alone():
    alone = fight.pools(rose_fight(sin="pride", others_in_space=0))
    assert alone["defense_cancelled"]["total"] == 1
    together = fight.pools(rose_fight(sin="pride"))
    assert together["defense_cancelled"]["total"] == 0
    result = fight.outcome(alone, {}, {"hit": 3})
    assert result["wounds"] == 1  # defense 3 less 1


def test_greed_adds_a_die_against_the_hero_with_most_upgrades():
    assert fight.pools(rose_fight(sin="greed", most_upgrades=True))["sin_dice"]["total"] == 7


def test_apocalypse_cards_add_hits_corruption_and_monster_defense():
    setup = rose_fight(apocalypse_cards=["stab_in_the_dark", "hellfire_mutation", "throne_of_damnation"])
    computed = fight.pools(setup)
    assert computed["sin_hits"]["total"] == 1 and computed["sin_corruption"]["total"] == 1
    assert fight.monster_defense(ABOMINATION, setup) == 4
    assert fight.kills(4, [ABOMINATION, ACOLYTE], [3, 1], setup) == []


def test_voluntary_corruption_is_refused_at_maximum():
    with pytest.raises(ActionError):
        fight.pools(rose_fight(corruption=7))


def test_angels_tear_gives_a_free_result_only_without_voluntary_corruption():
    assert fight.pools(rose_fight(upgrades=["angel_s_tear"], voluntary=False))["free_results"] == 1
    assert fight.pools(rose_fight(upgrades=["angel_s_tear"]))["free_results"] == 0


def test_every_pool_line_says_where_it_came_from():
    computed = fight.pools(rose_fight())
    labels = [(item["label"], item["amount"]) for item in computed["sin_dice"]["lines"]]
    assert labels == [("Monster: %(monster)s", 3), ("Monster: %(monster)s", 2), ("Pentagrams in the space", 1)]
    assert sum(item["amount"] for item in computed["hero_dice"]["lines"]) == 5
