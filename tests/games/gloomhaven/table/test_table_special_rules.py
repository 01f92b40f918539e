"""A scenario's special rules carried out by the table at their moment:
spawns (standee numbers drawn as the action is carried out, and replayed), rooms opened,
conditions and elements set, damage, won at a round, types that sit out,
and the rest shown when they apply."""


from companion.games.gloomhaven.flow import current_turn
from table_support import started


def play_round(table):
    table.act("s1", "initiative.choose", initiative=90, second=91)
    table.act("s2", "initiative.choose", initiative=92, second=93)
    while table.state["phase"] == "playing":
        turn = current_turn(table.state)
        table.act(turn["id"] if turn["kind"] == "character" else "s1", "turn.next")


def said(table, words):
    return any(words in (line[0] % line[1] if line[1] else line[0]) for line in table.state["news"])


def test_a_round_one_condition_is_given_to_every_character_at_the_start():
    table = started(scenario=5)
    assert all("disarm" in c["conditions"] for c in table.state["characters"].values())
    assert said(table, "Special rule applied: Round 1: each character gains disarm")


def test_an_element_the_scenario_keeps_strong_is_set_at_each_rounds_start():
    table = started(scenario=31)
    assert table.state["elements"]["strength"]["dark"] == "strong"
    play_round(table)
    assert table.state["round"] == 2 and table.state["elements"]["strength"]["dark"] == "strong"
    assert table.state["elements"]["strength"]["light"] == "inert"


def test_a_spawn_at_the_rounds_end_places_standees_with_drawn_numbers_that_replay():
    table = started(scenario=3)  # two characters: one inox guard every 2 rounds from round 1, at marker a
    guards = {s["id"] for s in table.state["standees"] if s["monster"] == "inox-guard"}
    play_round(table)
    spawned = [s for s in table.state["standees"] if s["monster"] == "inox-guard" and s["id"] not in guards]
    assert len(spawned) == 1 and spawned[0]["rank"] == "normal" and not spawned[0]["coin"]
    assert said(table, "spawn at marker a")
    assert table.actions[-1].payload["special_draws"][0]["placed"][0]["number"] == spawned[0]["number"]
    assert table.replayed(scenario=3) == table.state
    play_round(table)  # round 2: not a spawning round for two characters
    assert len([s for s in table.state["standees"] if s["monster"] == "inox-guard"]) == len(guards) + 1


def test_a_room_the_scenario_opens_at_a_round_is_revealed_with_its_standees():
    table = started(scenario=53)
    play_round(table)
    assert 2 in table.state["rooms"] and table.state["round"] == 2
    assert table.replayed(scenario=53) == table.state


def test_a_destroyed_objective_opens_the_room_the_rule_names_at_once():
    table = started(scenario=33)  # Door b (4 + L); once it is destroyed, room 2 opens
    door = table.state["objectives"][0]
    table.act("s1", "objective.adjust", objective=door["id"], delta=-door["hp"])
    assert 2 in table.state["rooms"]
    assert {s["monster"] for s in table.state["standees"]} >= {"savvas-icestorm", "savvas-lavaflow"}
    assert table.replayed(scenario=33) == table.state


def test_the_scenario_is_won_at_the_end_of_the_round_the_rule_names():
    table = started(scenario=27)
    for _ in range(10):
        play_round(table)
    assert table.state["phase"] == "ended" and table.state["result"]["outcome"] == "success"
    assert table.replayed(scenario=27) == table.state


def test_damage_every_round_waits_on_each_character_and_is_settled_between_rounds():
    table = started(scenario=51)
    play_round(table)
    waiting = table.state["damage"]
    assert (sorted((d["seat"], d["amount"], d["kind"]) for d in waiting)
            == [("s1", 2, "scenario"), ("s2", 2, "scenario")])
    before = table.state["characters"]["s1"]["hp"]
    table.act("s1", "damage.resolve", damage=waiting[0]["id"] if waiting[0]["seat"] == "s1" else waiting[1]["id"],
              how="suffer")
    assert table.state["characters"]["s1"]["hp"] == before - 2


def test_monster_types_sit_out_the_rounds_the_scenario_says():
    table = started(scenario=61)  # odd rounds: oozes and vipers act, the demons don't
    table.act("s1", "initiative.choose", initiative=90, second=91)
    table.act("s2", "initiative.choose", initiative=92, second=93)
    acting = {t["id"] for t in table.state["order"] if t["kind"] == "monster"}
    assert acting == {"ooze", "giant-viper"}


def test_a_rule_the_table_cant_carry_out_is_shown_when_it_applies():
    table = started(scenario=71)  # the map moves: the players move the tiles
    assert not said(table, "Move left")
    play_round(table)
    assert said(table, "Special rule: Every 4 rounds from round 1: Move left")
    play_round(table)
    assert not said(table, "Move left") and said(table, "Move up")
