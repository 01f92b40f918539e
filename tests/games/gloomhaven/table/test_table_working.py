"""Every number the scenario's pages compute taps open to its working, in
the kit's one shape ({"value", "lines"}, companion/kit/working.py): the
scenario level from the party's, what that level makes, each monster's
stats at it, the acting standee's attack (stat card + ability card), and
each attack's damage (base + cards)."""

from companion.kit.working import is_worked
from tests.games.gloomhaven.table.table_support import started


def choose_both(table):
    table.act("s1", "initiative.choose", initiative=10, second=40)
    table.act("s2", "initiative.choose", initiative=60, second=20)


def test_the_scenario_level_and_its_values_are_worked_numbers():
    table = started(levels=(3, 2))
    numbers = table.view("s1")["shown"]["numbers"]
    assert is_worked(numbers["level"]) and numbers["level"]["value"] == 2
    assert numbers["level"]["lines"][0][0].startswith("average character level")
    assert all(is_worked(value) for value in numbers["values"].values())
    assert numbers["values"]["trap_damage"]["value"] == 4


def test_each_monsters_stats_open_to_the_level_and_the_stat_card():
    table = started(levels=(3, 2))
    kind = table.view("s1")["shown"]["monster_types"][0]
    for stats in kind["stats"].values():
        for key in ("hit_points", "move", "attack", "range"):
            number = stats["worked"][key]
            assert is_worked(number) and number["value"] == (stats[key] or 0)
            assert number["lines"][0] == ["monster level %(level)d: the scenario level %(scenario)d",
                                          {"level": 2, "scenario": 2}]


def test_a_scenarios_level_bonus_for_one_monster_is_in_its_working():
    table = started(scenario=28)
    kinds = {kind["id"]: kind for kind in table.view("s1")["shown"]["monster_types"]}
    corpse = kinds["living-corpse"]["stats"]["elite"]["worked"]["attack"]
    assert corpse["lines"][1][1]["bonus"] == 2 and corpse["lines"][1][1]["level"] == 3


def test_an_attacks_damage_is_a_worked_number_base_plus_card():
    table = started()
    choose_both(table)
    table.act_drawn("s1", "character.attack", {"drawn": ["+1"]}, standee=table.state["standees"][0]["id"], base=3)
    attack = table.view("s1")["shown"]["attacks"][0]
    assert is_worked(attack["damage"])
    assert attack["damage"]["lines"][0] == ["base attack %(value)d", {"value": 3}]
    assert ["drawn %(card)s → %(value)d", {"card": "+1", "value": 4}] in attack["damage"]["lines"]


def test_the_acting_standees_attack_is_its_stat_card_plus_its_ability_card():
    table = started()
    choose_both(table)
    for _ in range(10):
        acting = table.view("s1")["shown"]["acting"]
        if acting:
            break
        table.act("s1", "turn.next", for_them=True)
    base = acting["base_worked"]
    assert is_worked(base) and base["value"] == acting["base"]
    assert base["lines"][1][0] == "%(value)d on its stat card at that level"


def test_a_monster_stat_cards_immunities_and_note_are_in_the_view():
    from companion.games.gloomhaven import data
    table = started()
    table.act("s1", "standee.add", monster="dark-rider", rank="boss")
    kind = next(k for k in table.view("s1")["shown"]["monster_types"] if k["id"] == "dark-rider")
    assert kind["note"] == data.monster("dark-rider")["note"] and "stun" in kind["immunities"]
