"""Every number the scenario's pages compute taps open to its working, in
the kit's one shape ({"value", "lines"}, companion/kit/working.py) and in one
place, the view's "working": the scenario level from the party's, what that
level makes, each monster's stats at it, the acting standee's attack (stat
card + ability card), each attack's damage (base + cards), objectives' hit
points, damage waiting for a player and the end's experience and gold."""

from companion.kit.working import is_worked
from tests.games.gloomhaven.table.table_support import started


def choose_both(table):
    table.act("s1", "initiative.choose", initiative=10, second=40)
    table.act("s2", "initiative.choose", initiative=60, second=20)


def test_the_scenario_level_and_its_values_are_worked_numbers():
    table = started(levels=(3, 2))
    numbers = table.view("s1")["working"]
    assert is_worked(numbers["level"]) and numbers["level"]["value"] == 2
    assert numbers["level"]["lines"][0][0].startswith("average character level")
    assert all(is_worked(value) for value in numbers["values"].values())
    assert numbers["values"]["trap_damage"]["value"] == 4


def test_each_monsters_stats_open_to_the_level_and_the_stat_card():
    table = started(levels=(3, 2))
    view = table.view("s1")
    kind = view["shown"]["monster_types"][0]
    for rank, stats in kind["stats"].items():
        for key in ("hit_points", "move", "attack", "range"):
            number = view["working"]["monsters"][kind["id"]][rank][key]
            assert is_worked(number) and number["value"] == (stats[key] or 0)
            assert number["lines"][0] == ["monster level %(level)d: the scenario level %(scenario)d",
                                          {"level": 2, "scenario": 2}]


def test_a_scenarios_level_bonus_for_one_monster_is_in_its_working():
    table = started(scenario=28)
    corpse = table.view("s1")["working"]["monsters"]["living-corpse"]["elite"]["attack"]
    assert corpse["lines"][1][1]["bonus"] == 2 and corpse["lines"][1][1]["level"] == 3


def test_an_attacks_damage_is_a_worked_number_base_plus_card():
    table = started()
    choose_both(table)
    table.act_drawn("s1", "character.attack", {"drawn": ["+1"]}, standee=table.state["standees"][0]["id"], base=3)
    damage = table.view("s1")["working"]["attacks"][0]
    assert is_worked(damage) and damage["value"] == table.state["attacks"][0]["damage"]
    assert damage["lines"][0] == ["base attack %(value)d", {"value": 3}]
    assert ["drawn %(card)s → %(value)d", {"card": "+1", "value": 4}] in damage["lines"]


def test_the_acting_standees_attack_is_its_stat_card_plus_its_ability_card():
    table = started()
    choose_both(table)
    for _ in range(10):
        view = table.view("s1")
        acting = view["shown"]["acting"]
        if acting:
            break
        table.act("s1", "turn.next", for_them=True)
    base = view["working"]["acting"]
    assert is_worked(base) and base["value"] == acting["base"]
    assert base["lines"][1][0] == "%(value)d on its stat card at that level"


def test_a_monster_stat_cards_immunities_and_note_are_in_the_view():
    from companion.games.gloomhaven import data
    table = started()
    table.act("s1", "standee.add", monster="dark-rider", rank="boss")
    kind = next(k for k in table.view("s1")["shown"]["monster_types"] if k["id"] == "dark-rider")
    assert kind["note"] == data.monster("dark-rider")["note"] and "stun" in kind["immunities"]


def test_objectives_hit_points_in_the_book_and_on_the_map_are_worked_numbers():
    table = started(scenario=29)  # three doors, 4 + L, at level 1
    view = table.view("s1")
    working = view["working"]
    door = table.state["objectives"][0]
    assert working["objectives_on_map"][door["id"]] == {"value": 5, "lines": door["working"]}
    assert [n["value"] for n in working["objectives"]] == [o["hit_points"] for o in view["shown"]["objectives"]]
    assert all(is_worked(n) for n in working["objectives"])


def test_damage_waiting_for_a_player_is_a_worked_number_by_its_id():
    table = started()
    table.act("s1", "initiative.choose", initiative=95, second=96)
    table.act("s2", "initiative.choose", initiative=97, second=98)
    guard = next(s for s in table.state["standees"] if s["id"] == table.view("s1")["shown"]["acting"]["id"])
    table.act_drawn("s1", "monster.attack", {"cards": ["+1"]}, standee=guard["id"], target="s1", base=3, shield=0)
    waiting = table.state["damage"][0]
    number = table.view("s2")["working"]["damage"][str(waiting["id"])]
    assert number == {"value": 4, "lines": waiting["working"]}


def test_the_ends_experience_and_gold_are_worked_numbers_by_seat():
    table = started()
    table.act("s1", "character.adjust", field="xp", delta=5)
    table.act("s1", "character.adjust", field="coins", delta=3)
    table.act("s1", "scenario.end", outcome="success")
    line = table.view("s1")["working"]["result"]["s1"]
    assert line["xp"]["value"] == 11 and line["xp"]["lines"] == [["%(gained)d gained + %(bonus)d bonus",
                                                                     {"gained": 5, "bonus": 6}]]
    assert line["gold"]["value"] == 6 and is_worked(line["gold"])


def test_the_numbers_still_under_shown_are_the_same_as_working_for_one_release():
    """API clients that read the numbers under "shown" (docs/api.md) keep them until the next release."""
    table = started()
    view = table.view("s1")
    assert view["shown"]["numbers"]["level"] == view["working"]["level"]
    kind = view["shown"]["monster_types"][0]
    assert {rank: stats["worked"] for rank, stats in kind["stats"].items()} == view["working"]["monsters"][kind["id"]]
