"""Scenario availability for the first ten scenarios against the data."""

from companion.games.gloomhaven.campaign import names, tree


def campaign(unlocked, completed=(), globals_held=None, party=()):
    return {"unlocked": list(unlocked), "completed": list(completed), "global_achievements": globals_held or {},
            "party": {"achievements": list(party)}}


def test_achievement_names_and_ids_normalise_to_ids():
    assert names.achievement_id("First Steps") == "first-steps"
    assert names.achievement_id("first-steps") == "first-steps"
    assert names.achievement_id("City Rule: Militaristic") == "city-rule-militaristic"


def test_scenario_two_needs_first_steps():
    state, reason = tree.status(2, campaign([1, 2], [1]))
    assert state == "blocked" and reason == ("Needs %(achievement)s.", {"achievement": "First Steps"})
    assert tree.status(2, campaign([1, 2], [1], party=["first-steps"]))[0] == "available"


def test_merchant_flees_blocks_three_and_nine_and_opens_seven_with_enhancement():
    held = {"the-merchant-flees": 1}
    assert tree.status(3, campaign([3], globals_held=held)) == (
        "blocked", ("Blocked: %(achievement)s is held.", {"achievement": "The Merchant Flees"}))
    assert tree.status(9, campaign([9], globals_held=held))[0] == "blocked"
    assert tree.status(7, campaign([7], globals_held=held))[0] == "blocked"
    assert tree.status(7, campaign([7], globals_held={**held, "the-power-of-enhancement": 1}))[0] == "available"


def test_warehouse_needs_jekserahs_plans_unless_the_dead_invade():
    assert tree.status(8, campaign([8]))[0] == "blocked"
    assert tree.status(8, campaign([8], party=["jekserahs-plans"]))[0] == "available"
    assert tree.status(8, campaign([8], party=["jekserahs-plans"], globals_held={"the-dead-invade": 1}))[0] == "blocked"


def test_first_ten_scenarios_without_achievements():
    open_ones = campaign(range(1, 11), completed=[1])
    statuses = {n: tree.status(n, open_ones)[0] for n in range(1, 11)}
    assert statuses == {1: "completed", 2: "blocked", 3: "available", 4: "available", 5: "available", 6: "available",
                        7: "blocked", 8: "blocked", 9: "available", 10: "available"}
    assert tree.status(10, campaign([10], globals_held={"the-rift-neutralized": 1}))[0] == "blocked"


def test_a_scenario_nothing_unlocked_is_locked():
    assert tree.status(5, campaign([1]))[0] == "locked"
