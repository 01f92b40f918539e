"""The whole monster card ("card" in the input): every ability in printed
order, each worked out where the rules fix it.

Maps are the 9 x 9 rhombus of `gloomhaven_maps.rhombus` unless a test says
otherwise; the acting monster is "m".
"""

import pytest

from companion.games.gloomhaven.solver import ScenarioError, solve
from gloomhaven_maps import character, monster, outcomes, public_cases, scenario


def card_scenario(figures, card, **extra):
    data = scenario(figures, **{k: v for k, v in extra.items() if k in ("hexes", "walls", "terrain", "movement")})
    data["action"] = {"movement": data["action"]["movement"]}
    data["card"] = card
    for key in ("elements", "consumed", "coins"):
        if key in extra:
            data[key] = extra[key]
    return data


def steps(option, kind):
    return [s for s in option["steps"] if s["kind"] == kind]


def only(result):
    assert len(result["options"]) == 1, result["options"]
    return result["options"][0]


# -- the old format keeps its meaning ------------------------------------------------


def as_card(case_input):
    """A scenario in the action format written as a card: move, then attack."""
    data = dict(case_input)
    action = dict(data["action"])
    card = [{"kind": "move", "value": action.pop("move", 0)}]
    if action.get("attack") is not None:
        attack = action.pop("attack")
        card.append({"kind": "attack", "value": 2, **attack})
    action.pop("attack", None)
    data["action"] = action
    data["card"] = card
    return data


@pytest.mark.parametrize("case", public_cases(), ids=lambda c: c["name"])
def test_a_card_of_one_move_and_one_attack_answers_as_the_action_does(case):
    expected = outcomes(solve(case["input"]))
    assert outcomes(solve(as_card(case["input"]))) == expected


def test_without_a_card_the_answer_has_no_steps():
    result = solve(scenario([monster("m", (4, 4)), character("a", (4, 1))]))
    assert all(set(o) == {"focus", "destination", "path", "attacks", "why"} for o in result["options"])


def test_options_that_read_alike_say_how_they_differ():
    # Two hexes next to a are equally good: the sentences are the same, the
    # destinations are not.
    result = solve(scenario([monster("m", (4, 4)), character("a", (4, 2), 10)], terrain={(4, 3): "obstacle"}))
    first, second = result["options"]
    assert first["why"] == second["why"]
    assert {tuple(o["differs"]["destination"]) for o in result["options"]} == {(3, 3), (5, 2)}
    assert all(set(o["differs"]) == {"destination"} for o in result["options"])


# -- order of the card ---------------------------------------------------------------


def test_an_attack_printed_before_the_move_is_made_from_where_it_stands():
    # a is adjacent: attacked at once; then the move (no attack after it)
    # goes toward the focus as for melee, and it is already next to it: stays.
    figures = [monster("m", (4, 4)), character("a", (4, 3), 10)]
    option = only(solve(card_scenario(figures, [{"kind": "attack", "value": 3}, {"kind": "move", "value": 2}])))
    first, = steps(option, "attack")
    assert first["from"] == [4, 4] and [t["id"] for t in first["targets"]] == ["a"]
    assert steps(option, "move")[0]["destination"] == [4, 4]


def test_an_attack_before_the_move_hits_nobody_out_of_reach_then_it_closes_in():
    figures = [monster("m", (4, 4)), character("a", (4, 1), 10)]
    option = only(solve(card_scenario(figures, [{"kind": "attack", "value": 3}, {"kind": "move", "value": 2}])))
    assert steps(option, "attack")[0]["targets"] == []
    assert option["destination"] == [4, 2] and option["attacks"] == []


def test_a_move_after_the_last_attack_moves_as_for_melee_even_for_a_ranged_monster():
    # Ranged 3 attack from the start hits a (3 away); the move after it closes
    # in to melee distance instead of keeping range.
    figures = [monster("m", (4, 4)), character("a", (4, 1), 10)]
    card = [{"kind": "attack", "value": 2, "range": 3}, {"kind": "move", "value": 3}]
    option = only(solve(card_scenario(figures, card)))
    assert [t["id"] for t in steps(option, "attack")[0]["targets"]] == ["a"]
    assert option["destination"] == [4, 2]


def test_two_moves_and_two_attacks_in_printed_order():
    figures = [monster("m", (4, 6)), character("a", (4, 1), 10)]
    card = [{"kind": "move", "value": 2}, {"kind": "attack", "value": 1},
            {"kind": "move", "value": 2}, {"kind": "attack", "value": 2}]
    option = only(solve(card_scenario(figures, card)))
    moves = steps(option, "move")
    attacks = steps(option, "attack")
    assert [m["destination"] for m in moves] == [[4, 4], [4, 2]]
    assert attacks[0]["targets"] == [] and [t["id"] for t in attacks[1]["targets"]] == ["a"]
    assert option["path"] == [[4, 6], [4, 5], [4, 4], [4, 3], [4, 2]]
    assert [s["kind"] for s in option["steps"]] == ["move", "attack", "move", "attack"]


def test_each_attack_draws_a_modifier_per_target_from_the_monster_deck():
    figures = [monster("m", (4, 4)), character("a", (4, 3), 10), character("b", (5, 3), 20)]
    card = [{"kind": "attack", "value": 2, "targets": 2}]
    attack, = steps(only(solve(card_scenario(figures, card))), "attack")
    assert attack["draws"] == 2 and attack["deck"] == "monster"
    assert sorted(t["id"] for t in attack["targets"]) == ["a", "b"]


def test_a_ranged_attack_on_a_neighbour_is_marked_with_disadvantage():
    # It cannot move this turn (no move on the card): the attack is made from here.
    figures = [monster("m", (4, 4)), character("a", (4, 3), 10)]
    attack, = steps(only(solve(card_scenario(figures, [{"kind": "attack", "value": 2, "range": 3}]))), "attack")
    assert attack["targets"] == [{"id": "a", "disadvantage": True}]


def test_conditions_go_on_every_target():
    figures = [monster("m", (4, 4)), character("a", (4, 3), 10), character("b", (5, 3), 20)]
    card = [{"kind": "attack", "value": 2, "targets": 2, "conditions": ["poison", "wound"]}]
    attack, = steps(only(solve(card_scenario(figures, card))), "attack")
    assert all(t["conditions"] == ["poison", "wound"] for t in attack["targets"])


def test_a_condition_ability_on_all_enemies_within_range():
    figures = [monster("m", (4, 4)), character("a", (4, 2), 10), character("b", (4, 0), 20)]
    card = [{"kind": "condition", "conditions": ["curse"], "within": 2}]
    step, = steps(only(solve(card_scenario(figures, card))), "condition")
    assert [t["id"] for t in step["targets"]] == ["a"]


# -- push and pull --------------------------------------------------------------------


def test_push_goes_farther_each_hex_and_lists_every_end_hex():
    figures = [monster("m", (4, 4)), character("a", (4, 3), 10)]
    card = [{"kind": "attack", "value": 2, "push": 1}]
    attack, = steps(only(solve(card_scenario(figures, card))), "attack")
    ends = sorted(c["destination"] for c in attack["targets"][0]["push"]["choices"])
    assert ends == [[3, 3], [4, 2], [5, 2]]


def test_push_stops_at_a_wall_an_obstacle_or_a_monster():
    figures = [monster("m", (4, 4)), monster("n", (5, 2)), character("a", (4, 3), 10)]
    card = [{"kind": "attack", "value": 2, "push": 2}]
    result = solve(card_scenario(figures, card, terrain={(4, 2): "obstacle"},
                                 walls=[((4, 3), (3, 3))]))
    attack, = steps(only(result), "attack")
    assert attack["targets"][0]["push"]["choices"] == []  # every hex farther away is closed


def test_push_passes_an_ally_of_the_target_but_does_not_stop_on_it():
    hexes = [[q, 0] for q in range(6)]
    figures = [monster("m", (0, 0)), character("a", (1, 0), 10), character("b", (2, 0), 20)]
    card = [{"kind": "attack", "value": 2, "push": 1}, {"kind": "attack", "value": 1, "push": 2}]
    result = solve(card_scenario(figures, card, hexes=hexes))
    first, second = steps(only(result), "attack")
    # Push 1 would end on b: no hex left, a stays. Push 2 goes past b.
    assert first["targets"][0]["push"]["choices"] == []
    assert [c["destination"] for c in second["targets"][0]["push"]["choices"]] == [[3, 0]]


def test_pull_comes_closer_and_counts_traps_on_the_way():
    figures = [monster("m", (0, 4)), character("a", (3, 4), 10)]
    card = [{"kind": "attack", "value": 2, "range": 3, "pull": 2}]
    attack, = steps(only(solve(card_scenario(figures, card, terrain={(2, 4): "trap"}))), "attack")
    assert attack["targets"][0]["pull"]["choices"] == [
        {"destination": [1, 4], "path": [[3, 4], [2, 4], [1, 4]], "traps": 1}]


def test_a_push_choice_that_matters_later_makes_separate_options():
    figures = [monster("m", (4, 4)), character("a", (4, 3), 10)]
    card = [{"kind": "attack", "value": 2, "push": 1}, {"kind": "move", "value": 1},
            {"kind": "attack", "value": 1}]
    result = solve(card_scenario(figures, card))
    assert len(result["options"]) >= 3
    pushed = {tuple(o["differs"]["forced"][0][1]) for o in result["options"]}
    assert pushed == {(3, 3), (4, 2), (5, 2)}
    # Each option names the hex it ends on where that differs.
    assert all("destination" in o["differs"] or "forced" in o["differs"] for o in result["options"])


# -- heal, shield, retaliate ----------------------------------------------------------


def test_heal_self():
    figures = [monster("m", (4, 4), damage=3), monster("n", (4, 3), damage=5), character("a", (0, 0), 10)]
    step, = steps(only(solve(card_scenario(figures, [{"kind": "heal", "value": 2, "self": True}]))), "heal")
    assert step["target"] == "m"


def test_heal_in_range_picks_whoever_lost_most_hit_points():
    figures = [monster("m", (4, 4), damage=1), monster("n", (4, 2), damage=4), monster("o", (4, 8), damage=6),
               character("a", (0, 0), 10)]
    step, = steps(only(solve(card_scenario(figures, [{"kind": "heal", "value": 3, "range": 3}]))), "heal")
    assert step["target"] == "n"  # o lost more but is out of range


def test_heal_leaves_a_tie_or_unknown_damage_to_the_players():
    figures = [monster("m", (4, 4), damage=2), monster("n", (4, 2), damage=2), character("a", (0, 0), 10)]
    step, = steps(only(solve(card_scenario(figures, [{"kind": "heal", "value": 3, "range": 3}]))), "heal")
    assert step["target"] is None and step["choices"] == ["m", "n"]
    figures[1] = monster("n", (4, 2))
    step, = steps(only(solve(card_scenario(figures, [{"kind": "heal", "value": 3, "range": 3}]))), "heal")
    assert step["choices"] == ["m", "n"]


def test_heal_needs_line_of_sight():
    figures = [monster("m", (4, 4), damage=0), monster("n", (4, 2), damage=4), character("a", (0, 0), 10)]
    walls = [((4, 3), (4, 2)), ((4, 3), (3, 3)), ((4, 3), (5, 2)), ((4, 2), (3, 3)), ((4, 2), (5, 2)),
             ((3, 3), (3, 4)), ((5, 2), (5, 3)), ((4, 3), (5, 3)), ((4, 3), (3, 4)), ((4, 3), (4, 4))]
    step, = steps(only(solve(card_scenario(figures, [{"kind": "heal", "value": 3, "range": 9}], walls=walls))),
                  "heal")
    assert step["target"] == "m"


def test_shield_and_retaliate_last_the_round():
    figures = [monster("m", (4, 4)), character("a", (0, 0), 10)]
    card = [{"kind": "shield", "value": 1}, {"kind": "retaliate", "value": 2, "range": 2}]
    option = only(solve(card_scenario(figures, card)))
    assert option["steps"] == [{"kind": "shield", "value": 1, "until": "end of round"},
                               {"kind": "retaliate", "value": 2, "range": 2, "until": "end of round"}]
    assert option["destination"] == [4, 4] and option["attacks"] == []


# -- summons, loot, elements, text ------------------------------------------------------


def test_a_summon_goes_next_to_the_summoner_closest_to_an_enemy():
    figures = [monster("m", (4, 4)), character("a", (4, 0), 10)]
    step, = steps(only(solve(card_scenario(figures, [{"kind": "summon", "monster": "living-bones"}]))), "summon")
    assert step["placements"] == [{"hex": [4, 3], "choices": [[4, 3]]}]


def test_a_summon_needs_an_empty_hex_no_overlay_no_figure():
    figures = [monster("m", (4, 4)), character("a", (4, 0), 10), monster("n", (4, 3))]
    terrain = {(5, 3): "difficult", (3, 4): "trap", (3, 5): "obstacle", (4, 5): "hazardous", (5, 4): "obstacle"}
    step, = steps(only(solve(card_scenario(figures, [{"kind": "summon", "monster": "x"}], terrain=terrain))),
                  "summon")
    assert step["placements"] == []


def test_loot_lists_the_hexes_in_range_and_the_coins_on_them():
    figures = [monster("m", (4, 4)), character("a", (0, 0), 10)]
    result = solve(card_scenario(figures, [{"kind": "loot", "value": 1}], coins=[[4, 5], [7, 7]]))
    step, = steps(only(result), "loot")
    assert len(step["hexes"]) == 7 and step["coins"] == [[4, 5]]


def test_infuse_and_free_text_are_passed_on():
    figures = [monster("m", (4, 4)), character("a", (0, 0), 10)]
    card = [{"kind": "infuse", "element": "ice"}, {"kind": "text", "text": "Create a trap", "notes": ["elite only"]}]
    option = only(solve(card_scenario(figures, card)))
    assert option["steps"] == [{"kind": "infuse", "element": "ice"},
                               {"kind": "text", "text": "Create a trap", "notes": ["elite only"]}]


def test_a_consumed_element_adds_its_bonus_and_the_range_decides_the_move():
    figures = [monster("m", (4, 6)), character("a", (4, 1), 10)]
    card = [{"kind": "move", "value": 2},
            {"kind": "attack", "value": 2, "range": 2, "consume": [{"element": "dark", "value": 1, "range": 1}]}]
    without = only(solve(card_scenario(figures, card)))
    assert without["destination"] == [4, 4] and without["attacks"] == []
    consumed = only(solve(card_scenario(figures, card, elements=["dark"])))
    attack, = steps(consumed, "attack")
    assert consumed["destination"] == [4, 4] and consumed["attacks"] == ["a"]
    assert attack["value"] == 3 and attack["range"] == 3 and attack["consumed"] == ["dark"]


def test_an_element_its_type_already_consumed_still_gives_the_bonus():
    figures = [monster("m", (4, 4)), character("a", (4, 3), 10)]
    card = [{"kind": "attack", "value": 2, "consume": [{"element": "fire", "value": 2, "conditions": ["wound"]}]}]
    attack, = steps(only(solve(card_scenario(figures, card, consumed=["fire"]))), "attack")
    assert attack["value"] == 4 and attack["targets"][0]["conditions"] == ["wound"]


def test_consumed_all_enemies_within_range_targets_them_all():
    figures = [monster("m", (4, 4)), character("a", (4, 2), 10), character("b", (6, 4), 20),
               character("c", (4, 8), 30)]
    card = [{"kind": "attack", "value": 1, "consume": [{"element": "light", "all_within": 2}]}]
    attack, = steps(only(solve(card_scenario(figures, card, elements=["light"]))), "attack")
    assert sorted(t["id"] for t in attack["targets"]) == ["a", "b"]


def test_one_element_feeds_one_consume_on_a_card():
    figures = [monster("m", (4, 4)), character("a", (4, 3), 10)]
    bonus = [{"element": "air", "value": 1}]
    card = [{"kind": "attack", "value": 1, "consume": bonus}, {"kind": "attack", "value": 1, "consume": bonus}]
    first, second = steps(only(solve(card_scenario(figures, card, elements=["air"]))), "attack")
    assert (first["value"], second["value"]) == (2, 1)
    assert "consumed" not in second


def test_a_bigger_area_from_an_element():
    figures = [monster("m", (4, 4)), character("a", (4, 3), 10), character("b", (5, 3), 20)]
    card = [{"kind": "attack", "value": 1,
             "consume": [{"element": "earth", "aoe": [[0, -1], [1, -1]], "melee_area": True}]}]
    option = only(solve(card_scenario(figures, card, elements=["earth"])))
    assert option["attacks"] == ["a", "b"]
    attack, = steps(option, "attack")
    assert attack["area"] == [[4, 3], [5, 3]]


# -- errors ----------------------------------------------------------------------------


@pytest.mark.parametrize("change, words", [
    (lambda s: s["action"].update(move=2), ["card", "movement and muddled"]),
    (lambda s: s["card"].append({"kind": "dance"}), ["card[1]", "unknown kind"]),
    (lambda s: s["card"].append({"kind": "infuse", "element": "water"}), ["card[1]", "water"]),
    (lambda s: s.update(elements=["fire", "mud"]), ["elements", "mud"]),
    (lambda s: s["card"].append({"kind": "attack", "push": 1, "pull": 1}), ["card[1]", "push and pull"]),
    (lambda s: s.update(card={}), ["card", "list"]),
])
def test_a_malformed_card_is_refused_by_name(change, words):
    data = card_scenario([monster("m", (4, 4)), character("a", (0, 0), 10)], [{"kind": "move", "value": 1}])
    change(data)
    with pytest.raises(ScenarioError) as error:
        solve(data)
    for word in words:
        assert word in error.value.message


def test_an_ability_done_only_when_its_element_can_be_consumed():
    figures = [monster("m", (4, 4), damage=3), character("a", (0, 0), 10)]
    card = [{"kind": "heal", "value": 3, "self": True, "if_consumed": "light", "source": {"printed": 1}}]
    skipped = only(solve(card_scenario(figures, card)))
    assert skipped["steps"] == [{"kind": "heal", "skipped": True, "if_consumed": "light", "source": {"printed": 1}}]
    done = only(solve(card_scenario(figures, card, elements=["light"])))
    assert done["steps"][0]["target"] == "m" and done["steps"][0]["consumed"] == ["light"]


# -- conditions on the acting figure ---------------------------------------------------


MOVE_ATTACK = [{"kind": "move", "value": 2}, {"kind": "attack", "value": 2}]


def test_stunned_it_does_nothing():
    figures = [monster("m", (4, 4), conditions=["stun"]), character("a", (4, 1), 10)]
    option = only(solve(card_scenario(figures, MOVE_ATTACK)))
    assert option["destination"] == [4, 4] and option["attacks"] == []
    assert [s.get("because") for s in option["steps"]] == ["stun", "stun"]


def test_immobilized_it_attacks_from_where_it_stands():
    figures = [monster("m", (4, 4), conditions=["immobilize"]), character("a", (4, 3), 10)]
    option = only(solve(card_scenario(figures, MOVE_ATTACK)))
    assert option["destination"] == [4, 4] and option["attacks"] == ["a"]


def test_disarmed_it_moves_as_with_no_attack_and_does_not_attack():
    # A ranged monster disarmed closes in as for melee.
    figures = [monster("m", (4, 6), conditions=["disarm"]), character("a", (4, 1), 10)]
    card = [{"kind": "move", "value": 3}, {"kind": "attack", "value": 2, "range": 4}]
    option = only(solve(card_scenario(figures, card)))
    assert option["destination"] == [4, 3] and option["attacks"] == []
    assert option["steps"][1] == {"kind": "attack", "skipped": True, "because": "disarm"}


def test_strengthened_attacks_with_advantage_unless_disadvantage_cancels_it():
    figures = [monster("m", (4, 4), conditions=["strengthen"]), character("a", (4, 3), 10)]
    attack, = steps(only(solve(card_scenario(figures, [{"kind": "attack", "value": 2}]))), "attack")
    assert attack["targets"] == [{"id": "a", "disadvantage": False, "advantage": True}]
    figures[0] = monster("m", (4, 4), conditions=["strengthen", "muddle"])
    attack, = steps(only(solve(card_scenario(figures, [{"kind": "attack", "value": 2}]))), "attack")
    assert attack["targets"] == [{"id": "a", "disadvantage": False}]
