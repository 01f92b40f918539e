"""Spaces: moving with the wound for leaving monsters and the fire and
corruption checks, each on its own; picking up tokens; exploring."""

from __future__ import annotations

from the_others_support import in_turns, refused


def board(table):
    for name in ("Start", "Raven Corp HQ", "Main Street"):
        table.act(None, "space.add", name=name)
    table.act(None, "space.set", space="s2", what="printed.corruption", value=1)
    table.act(None, "space.set", space="s2", what="tokens.corruption", value=1)
    table.act(None, "space.set", space="s2", what="tokens.fire", value=1)
    table.act("ann", "hero.move", hero="rose", to="s1", teleport=True)
    return table


def test_entering_a_space_rolls_a_fire_and_a_corruption_check_with_a_die_per_token():
    table = board(in_turns())
    table.act("ann", "turn.start", hero="rose")
    table.act("ann", "hero.move", hero="rose", to="s2")
    checks = table.state["last_checks"]
    assert [(c["moment"], c["kind"], c["dice"]) for c in checks] == [("enter", "fire", 1), ("enter", "corruption", 2)]
    assert table.state["heroes"]["rose"]["space"] == "s2"
    # leaving rolls again, for the space left
    table.act("ann", "hero.move", hero="rose", to="s3")
    assert [(c["moment"], c["dice"]) for c in table.state["last_checks"]] == [("leave", 1), ("leave", 2)]


def test_leaving_a_space_with_monsters_costs_a_wound():
    table = board(in_turns())
    table.act(None, "space.set", space="s1", what="monsters.acolyte", value=2)
    table.act("ann", "hero.move", hero="rose", to="s3")
    assert table.state["heroes"]["rose"]["pending_wounds"] == 1


def test_a_teleport_ignores_tokens_and_monsters():
    table = board(in_turns())
    table.act(None, "space.set", space="s1", what="monsters.acolyte", value=2)
    table.act("ann", "hero.move", hero="rose", to="s2", teleport=True)
    assert table.state["heroes"]["rose"]["pending_wounds"] == 0 and table.state["heroes"]["rose"]["corruption"] == 1


def test_without_the_dice_sides_the_checks_are_listed_to_roll_by_hand():
    table = board(in_turns())
    with table.arranged() as state:
        state["facts"]["dice"] = {"sin": None, "hero": None}
    table.act("ann", "hero.move", hero="rose", to="s2")
    assert [c["kind"] for c in table.state["checks_due"]] == ["fire", "corruption"]


def test_tokens_are_picked_up_for_free_and_face_down_tokens_flip_only_without_monsters():
    table = board(in_turns())
    table.act(None, "space.set", space="s1", what="extra_turns", value=1)
    table.act(None, "space.set", space="s1", what="face_down", value=2)
    table.act(None, "space.set", space="s1", what="monsters.abomination", value=1)
    table.act("ann", "hero.pick_up", hero="rose", what="extra_turns")
    assert table.state["heroes"]["rose"]["extra_turns"] == 1
    refused(table, "ann", "hero.pick_up", hero="rose", what="explore")
    table.act(None, "space.set", space="s1", what="monsters.abomination", value=0)
    # all of them flip at once, and the group says what they were
    assert refused(table, "ann", "hero.pick_up", hero="rose", what="explore", revealed={"fire": 1}).field == "revealed"
    table.act("ann", "hero.pick_up", hero="rose", what="explore", revealed={"fire": 1, "innocents": 1})
    here = table.state["spaces"]["s1"]
    assert (here["face_down"], here["tokens"]["fire"], here["innocents"]) == (0, 1, 1)
    assert table.state["story"]["innocents_revealed"] == 1


def test_a_bad_space_or_count_is_refused_by_field():
    table = board(in_turns())
    assert refused(table, None, "space.set", space="s9", what="tokens.fire", value=1).field == "space"
    assert refused(table, None, "space.set", space="s1", what="tokens.lava", value=1).field == "what"
    assert refused(table, None, "space.set", space="s1", what="tokens.fire", value=-1).field == "value"
    assert refused(table, None, "space.add", name="start").field == "name"


def test_a_fight_in_the_heroes_space_takes_its_dead_from_that_space():
    table = board(in_turns())
    table.act(None, "space.set", space="s1", what="monsters.abomination", value=2)
    table.act("ann", "turn.start", hero="rose")
    table.act("ann", "fight.start", monsters={"abomination": 2},
              entered={"hero": "hit hit", "sin": "blank blank blank blank blank blank"})
    table.act("ann", "fight.resolve", assigned=[0, 0], turned={})
    assert table.state["spaces"]["s1"]["monsters"]["abomination"] == 2
    with table.arranged() as state:
        state["heroes"]["rose"]["upgrades"] = ["brutality"]  # +1 hit
    table.act("ann", "turn.end")
    table.act("sin", "reaction.spend")
    table.act("sin", "fight.start", monsters={"abomination": 2},
              entered={"hero": "hit hit", "sin": "blank blank blank blank blank blank"})
    table.act("ann", "fight.resolve", assigned=[3, 0])
    assert table.state["spaces"]["s1"]["monsters"]["abomination"] == 1
    assert table.state["monsters"]["dead"]["abomination"] == 1


def test_a_dead_heroes_innocents_are_left_on_their_space():
    table = board(in_turns())
    table.act("ann", "hero.adjust", hero="rose", change="innocent")
    for _ in range(5):
        table.act("ann", "hero.adjust", hero="rose", change="wound")
    assert table.state["spaces"]["s1"]["innocents"] == 1


def test_each_skill_of_a_cleanse_removes_one_face_up_token_and_printed_ones_stay():
    table = board(in_turns())
    table.act("ann", "hero.move", hero="rose", to="s2", teleport=True)
    table.act("ann", "turn.start", hero="rose")
    table.act("ann", "cleanse.roll", entered={"hero": "skill faith skill"})  # faith explodes: 3 results
    assert table.state["roll"]["removed"] == 3
    table.act("ann", "cleanse.remove", what="corruption")
    assert table.state["spaces"]["s2"]["tokens"]["corruption"] == 0
    error = refused(table, "ann", "cleanse.remove", what="corruption")  # the printed one stays
    assert error.field == "what"
    table.act("ann", "cleanse.remove", what="fire")
    assert table.state["roll"]["removed"] == 1


# -- movement ------------------------------------------------------------------------------
def test_a_hero_moves_at_most_two_spaces_in_their_turn_and_raven_corp_adds_one():
    table = board(in_turns())
    table.act("ann", "turn.start", hero="rose")
    table.act("ann", "hero.move", hero="rose", to="s3")
    table.act("ann", "hero.move", hero="rose", to="s1")
    error = refused(table, "ann", "hero.move", hero="rose", to="s3")
    assert error.field == "to" and error.params["count"] == 2
    table.act("ann", "hero.move", hero="rose", to="s3", extra_move=True)  # an ability the app doesn't know
    table.act("ann", "hero.adjust", hero="rose", change="raven_corp")
    from companion.games.the_others import spaces
    assert spaces.move_allowance(table.state, "rose") == 3


def test_a_slowed_hero_moves_one_space_less_but_never_less_than_one():
    table = board(in_turns())
    from companion.games.the_others import spaces
    table.act("ann", "hero.adjust", hero="rose", change="slowed")
    assert spaces.move_allowance(table.state, "rose") == 1
    with table.arranged() as state:
        state["heroes"]["rose"]["upgrades"].append("cyber_legs")
    assert spaces.move_allowance(table.state, "rose") == 2


def test_the_move_is_all_before_or_all_after_the_action():
    table = board(in_turns())
    table.act("ann", "turn.start", hero="rose")
    table.act("ann", "hero.move", hero="rose", to="s3")
    table.act("ann", "cleanse.roll", entered={"hero": "hit defense"})
    assert refused(table, "ann", "hero.move", hero="rose", to="s1").field == "to"


def test_a_hero_may_act_first_and_move_after():
    table = board(in_turns())
    table.act("ann", "turn.start", hero="rose")
    table.act("ann", "cleanse.roll", entered={"hero": "hit defense"})
    table.act("ann", "hero.move", hero="rose", to="s3")
    table.act("ann", "hero.move", hero="rose", to="s1")
    assert table.state["heroes"]["rose"]["space"] == "s1"


def test_monsters_never_leave_a_space_where_a_hero_stands_unless_teleported():
    table = board(in_turns())
    table.act(None, "space.set", space="s1", what="monsters.abomination", value=2)
    table.act(None, "space.set", space="s3", what="monsters.acolyte", value=1)
    assert refused(table, "sin", "monsters.move", space="s1", to="s3", kind="abomination").field == "space"
    assert refused(table, "ann", "monsters.move", space="s3", to="s1", kind="acolyte").field == "type"
    assert refused(table, "sin", "monsters.move", space="s3", to="s1", kind="acolyte", count=2).field == "count"
    table.act("sin", "monsters.move", space="s3", to="s1", kind="acolyte")
    table.act("sin", "monsters.move", space="s1", to="s3", kind="abomination", teleport=True)
    assert table.state["spaces"]["s1"]["monsters"] == {"abomination": 1, "controller": 0, "avatar": 0, "acolyte": 1}
    assert table.state["spaces"]["s3"]["monsters"]["abomination"] == 1


def test_leaving_two_monsters_still_costs_one_wound_and_the_stealth_suit_none():
    table = board(in_turns())
    table.act(None, "space.set", space="s1", what="monsters.abomination", value=3)
    with table.arranged() as state:
        state["heroes"]["rose"]["upgrades"].append("stealth_suit")
    table.act("ann", "hero.move", hero="rose", to="s3")
    assert table.state["heroes"]["rose"]["pending_wounds"] == 0
    table.act("ann", "hero.move", hero="rose", to="s1", teleport=True)
    table.act("ann", "upgrade.lose", hero="rose", upgrade="stealth_suit")
    table.act("ann", "hero.move", hero="rose", to="s3")
    assert table.state["heroes"]["rose"]["pending_wounds"] == 1


# -- fire and corruption checks -------------------------------------------------------------
def fiery(table, fire=3):
    table.act(None, "space.set", space="s3", what="tokens.fire", value=fire)
    return table


def test_fire_check_wounds_are_the_hits_rolled_and_defense_cancels_none():
    from companion.games.the_others import dice
    for seed in range(1, 6):
        table = fiery(board(in_turns()))
        table.rng.seed(seed)
        with table.arranged() as state:
            state["heroes"]["rose"]["upgrades"] = ["kevlar_suit", "riot_shield"]  # defense +3
        table.act("ann", "hero.move", hero="rose", to="s3")
        (check,) = table.state["last_checks"]
        assert (check["moment"], check["kind"], check["dice"]) == ("enter", "fire", 3)
        sin_die, _, _ = dice.dice_for(table.state["facts"]["dice"])
        hits = dice.totals(dice.read_roll(check["roll"], sin_die)).get("hit", 0)
        assert table.state["heroes"]["rose"]["pending_wounds"] == hits


def test_the_checks_are_recorded_so_the_log_replays_them_exactly():
    table = fiery(board(in_turns()))
    table.act("ann", "hero.move", hero="rose", to="s3")
    recorded = table.log[-1].payload["checks"]
    assert [c["kind"] for c in recorded] == ["fire"] and recorded[0]["roll"] == table.state["last_checks"][0]["roll"]


def test_proxy_ignores_one_result_of_each_check():
    table = board(in_turns())
    table.act("ann", "hero.adjust", hero="rose", change="proxy")
    table.act("ann", "check.roll", kind="fire", hero="rose", tokens=2, entered={"sin": "hit hit"})
    assert table.state["heroes"]["rose"]["pending_wounds"] == 1
    table.act("ann", "check.roll", kind="corruption", hero="rose", tokens=1, entered={"sin": "corruption"})
    assert table.state["heroes"]["rose"]["corruption"] == 1


def test_a_check_rolled_by_hand_clears_the_check_the_move_left_due():
    table = board(in_turns())
    with table.arranged() as state:
        state["facts"]["dice"] = {"sin": None, "hero": None}
    table.act("ann", "hero.move", hero="rose", to="s2")
    table.act("ann", "check.roll", kind="fire", hero="rose", tokens=1, entered={"sin": "hit"})
    assert [c["kind"] for c in table.state["checks_due"]] == ["corruption"]
    assert table.state["heroes"]["rose"]["pending_wounds"] == 1


# -- NPCs -----------------------------------------------------------------------------------
def test_an_npc_is_picked_up_from_the_space_put_down_there_and_left_there_on_death():
    table = board(in_turns())
    table.act(None, "space.set", space="s1", what="npcs.commissioner", value=1)
    table.act("ann", "hero.pick_up", hero="rose", what="commissioner")
    assert table.state["heroes"]["rose"]["npcs"] == ["commissioner"] and table.state["spaces"]["s1"]["npcs"] == []
    table.act("ann", "hero.adjust", hero="rose", change="commissioner")  # put down
    assert table.state["spaces"]["s1"]["npcs"] == ["commissioner"]
    table.act("ann", "hero.pick_up", hero="rose", what="commissioner")
    for _ in range(5):
        table.act("ann", "hero.adjust", hero="rose", change="wound")
    assert table.state["spaces"]["s1"]["npcs"] == ["commissioner"]


# -- cleansing ------------------------------------------------------------------------------
def test_a_cleanse_rolls_the_skill_value_plus_one_per_other_hero_in_the_space():
    from companion.games.the_others import battle
    table = board(in_turns())
    assert battle.cleanse_size(table.state, "rose", {}) == 2
    table.act("bob", "hero.move", hero="thorley", to="s1", teleport=True)
    table.act("cy", "hero.move", hero="rocco", to="s1", teleport=True)
    assert battle.cleanse_size(table.state, "rose", {}) == 4
    with table.arranged() as state:
        state["heroes"]["rose"]["corruption"] = 4  # voluntary corruption to 5: levels 2 and 5, +1 die each
    assert battle.cleanse_size(table.state, "rose", {"voluntary": True}) == 6
    with table.arranged() as state:
        state["heroes"]["rose"]["wounds"] = [2]  # a wound token covers level 2's die
    assert battle.cleanse_size(table.state, "rose", {"voluntary": True}) == 5


def test_voluntary_corruption_to_level_7_gives_a_skill_of_choice_to_a_cleanse():
    table = board(in_turns())
    table.act("ann", "hero.move", hero="rose", to="s2", teleport=True)
    with table.arranged() as state:
        state["heroes"]["rose"]["corruption"] = 6
    table.act("ann", "turn.start", hero="rose")
    table.act("ann", "cleanse.roll", voluntary=True, entered={"hero": "skill hit hit defense"})  # 2 + 2 dice
    assert table.state["roll"]["removed"] == 2 and table.state["heroes"]["rose"]["corruption"] == 7


def test_an_altar_takes_three_skills_of_one_cleanse():
    table = board(in_turns())
    table.act(None, "space.set", space="s1", what="tokens.altar", value=1)
    table.act("ann", "turn.start", hero="rose")
    table.act("ann", "cleanse.roll", entered={"hero": "skill skill"})
    assert refused(table, "ann", "cleanse.remove", what="altar").field == "what"
    with table.arranged() as state:
        state["roll"]["removed"] = 3
    table.act("ann", "cleanse.remove", what="altar")
    assert table.state["spaces"]["s1"]["tokens"]["altar"] == 0 and table.state["roll"]["removed"] == 0


def test_city_actions_need_a_district_and_ranged_fights_a_street():
    table = board(in_turns())
    table.act(None, "space.set", space="s1", what="district", value=0)
    table.act("ann", "turn.start", hero="rose")
    assert refused(table, "ann", "city.action", actions=["repent"]).field == "actions"
    table.act(None, "space.set", space="s1", what="district", value=1)
    assert refused(table, "ann", "fight.start", monsters={"abomination": 1}, ranged=True,
                   entered={"hero": "hit hit"}).field == "ranged"
    table.act("ann", "hero.adjust", hero="rose", change="corruption")
    table.act("ann", "city.action", actions=["repent"])
    assert table.state["heroes"]["rose"]["corruption"] == 1


def test_a_districts_city_action_slot_serves_one_hero_a_round():
    from companion.games.the_others.seats import next_hero
    table = board(in_turns())
    table.act("bob", "hero.move", hero="thorley", to="s1", teleport=True)
    table.act("ann", "turn.start", hero="rose")
    table.act("ann", "city.action", actions=["satellite_cannon"])  # fired at nothing: the slot is taken all the same
    table.act("ann", "turn.end")
    table.act("sin", "reaction.end")
    table.act("bob", "turn.start", hero="thorley")
    error = refused(table, "bob", "city.action", actions=["satellite_cannon"])
    assert error.field == "actions" and error.params["hero"] == "Rose"
    table.act("bob", "hero.move", hero="thorley", to="s3")
    table.act("bob", "city.action", actions=["satellite_cannon"])  # another district's slot
    table.act("bob", "turn.end")
    while next_hero(table.state):
        hero = next_hero(table.state)
        table.act("sin", "reaction.end")
        table.act(table.state["heroes"][hero]["player"], "turn.start", hero=hero)
        table.act(table.state["heroes"][hero]["player"], "turn.end")
    table.act(None, "round.end")
    assert all(where["city_used"] is None for where in table.state["spaces"].values())


def test_the_moves_open_to_the_current_hero_are_each_other_space_until_the_allowance_is_used():
    from the_others_support import started
    table = started()
    for name in ("Church", "Metro", "Park"):
        table.act(None, "space.add", name=name)
    table.act("ann", "round.first_hero", hero="rose")
    table.act("ann", "turn.start", hero="rose")
    assert table.harness.open_actions("ann")["hero.move"] == [{"hero": "rose", "to": s} for s in ("s1", "s2", "s3")]
    assert "hero.move" not in table.harness.open_actions("bob")  # not Thorley's turn
    table.act("ann", "hero.move", hero="rose", to="s1")
    assert [c["to"] for c in table.harness.open_actions("ann")["hero.move"]] == ["s2", "s3"]
    table.act("ann", "hero.move", hero="rose", to="s2")
    assert "hero.move" not in table.harness.open_actions("ann")  # 2 spaces: the move is over
