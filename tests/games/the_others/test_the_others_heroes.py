"""Heroes at the table: wounds placed by their player, corruption forced and
voluntary, innocents, NPCs, death and the reserve hero, dark pasts, fights
through the table, secrets."""

from __future__ import annotations

import pytest

from companion.games.the_others.rules import RULES
from the_others_support import in_turns, refused, started


def wound(table, hero, count, seat="ann"):
    for _ in range(count):
        table.act(seat, "hero.adjust", hero=hero, change="wound")


def test_wound_tokens_wait_for_their_player_to_place_them_on_a_chosen_slot():
    table = in_turns()
    wound(table, "rose", 2)
    assert table.state["heroes"]["rose"]["pending_wounds"] == 2
    refused(table, "bob", "hero.wounds", hero="rose", slots=[1, 2])
    table.act("ann", "hero.wounds", hero="rose", slots=[6, 1])
    assert table.state["heroes"]["rose"]["wounds"] == [6, 1]
    error = refused(table, "ann", "hero.wounds", hero="rose", slots=[2])
    assert error.field == "slots"


def test_forced_corruption_at_7_becomes_wounds_and_kills_held_innocents():
    table = in_turns()
    table.act("ann", "hero.adjust", hero="rose", change="innocent")
    for _ in range(6):
        table.act("ann", "hero.adjust", hero="rose", change="corruption")
    rose = table.state["heroes"]["rose"]
    assert (rose["corruption"], rose["innocents"], rose["pending_wounds"]) == (7, 0, 0)
    table.act("ann", "hero.adjust", hero="rose", change="corruption")
    assert table.state["heroes"]["rose"]["pending_wounds"] == 1


def test_healing_removes_a_chosen_token_and_repenting_lowers_corruption():
    table = in_turns()
    wound(table, "rose", 2)
    table.act("ann", "hero.wounds", hero="rose", slots=[2, 4])
    table.act("ann", "hero.adjust", hero="rose", change="heal", slot=4)
    assert table.state["heroes"]["rose"]["wounds"] == [2]
    refused(table, "ann", "hero.adjust", hero="rose", change="repent")  # already at 1


def test_healing_without_a_slot_asks_which_token_and_removes_none():
    table = in_turns()
    wound(table, "rose", 1)
    table.act("ann", "hero.wounds", hero="rose", slots=[3])
    error = refused(table, "ann", "hero.adjust", hero="rose", change="heal")
    assert error.field == "slot" and "%(" not in error.text()
    assert table.state["heroes"]["rose"]["wounds"] == [3]


def test_the_fifth_wound_kills_and_the_reserve_hero_takes_over():
    table = in_turns()
    table.act("ann", "turn.start", hero="rose")
    upgrade = table.state["inventory"][0]
    table.act("ann", "city.action", actions=[{"kind": "upgrade", "upgrade": upgrade}])
    table.act("ann", "hero.adjust", hero="rose", change="extra_turn")
    wound(table, "rose", 5)
    state = table.state
    assert state["heroes"]["rose"]["dead"] is True
    assert state["turn"] is None and state["reaction"] is None  # died in their turn: no reaction
    assert RULES.view(state, None)["next_hero"] == "thorley"  # the turn went on clockwise
    assert upgrade in state["inventory"] and len(state["inventory"]) == 6
    refused(table, "ann", "hero.replace", hero="rose", reserve="leah", upgrades=[])  # owes one upgrade
    table.act("ann", "hero.replace", hero="rose", reserve="leah", upgrades=[upgrade])
    leah = table.state["heroes"]["leah"]
    assert table.state["order"][0] == "leah"
    assert table.state["flow"]["order"] == ["leah", "thorley", "rocco"]  # in Rose's place in the turn order too
    assert (leah["corruption"], leah["wounds"], leah["turn_tokens"], leah["upgrades"]) == (1, [], 1, [upgrade])
    assert len(table.state["inventory"]) == 5 and "rose" not in table.state["heroes"]


def test_no_hero_left_in_the_reserve_means_the_sin_wins():
    table = in_turns()
    with table.arranged() as state:
        state["reserve"] = []
    wound(table, "thorley", 5, seat="bob")
    assert (table.state["winner"], table.state["flow"]["phase"]) == ("sin", "over")
    refused(table, "ann", "turn.start", hero="rose")


def test_completing_the_last_mission_wins_and_branches_are_chosen():
    table = in_turns()
    for _ in range(3):
        table.act("ann", "mission.progress", delta=1)
    assert table.state["story"]["choose"] == ["2A", "2B"]
    refused(table, "ann", "mission.progress", delta=1)
    table.act("ann", "mission.choose", mission="2B")
    assert table.state["story"]["removed"] == ["2A"]
    for _ in range(3):
        table.act("ann", "mission.progress", delta=1)
    assert table.state["story"]["mission"] == "3" and table.state["story"]["event"] == "avatar_summoned"
    assert table.state["story"]["progress"] == 0  # progress counts only towards the current mission
    for _ in range(3):
        table.act("ann", "mission.progress", delta=1)
    assert table.state["winner"] == "heroes"


def test_a_hero_count_icon_target_follows_the_number_of_heroes():
    table = started(hero_players=1)
    table.act(None, "facts.enter", targets={"1": "heroes"})
    from companion.games.the_others.state import mission_target
    assert mission_target(table.state, "1") == 3


def test_the_worked_fight_through_the_table():
    table = in_turns()
    with table.arranged() as state:  # the rulebook's worked fight: Rose at corruption 2 with Ice Blade
        state["heroes"]["rose"]["corruption"], state["heroes"]["rose"]["upgrades"] = 2, ["ice_blade"]
        state["inventory"] = [u for u in state["inventory"] if u != "ice_blade"]
    table.act("ann", "turn.start", hero="rose")
    table.act("ann", "fight.start", monsters={"abomination": 1, "acolyte": 1}, pentagrams=1,
              others_in_space=1, voluntary=True,
              entered={"hero": "hit hit hit faith skill hit", "sin": "hit hit critical_hit corruption blank blank hit"})
    battle = table.state["fight"]
    assert battle["computed"]["hero_defense"]["total"] == 3  # base 1, Ice Blade 1, voluntary corruption 1
    assert battle["computed"]["sin_dice"]["total"] == 6
    assert battle["computed"]["hero_dice"]["total"] == 5
    assert table.state["heroes"]["rose"]["corruption"] == 3  # voluntary 2 -> 3
    refused(table, "ann", "fight.start", monsters={"abomination": 1})  # one action per turn
    table.act("ann", "fight.resolve", turned={"counter_corruption": 1}, assigned=[3, 1], protector=0)
    last = table.state["last_fight"]
    assert (last["wounds"], last["corruption"], last["killed"]) == (1, 0, ["Abomination"])
    assert table.state["heroes"]["rose"]["pending_wounds"] == 1
    assert table.state["monsters"]["dead"] == {"abomination": 1}


def test_the_app_refuses_to_roll_before_the_dice_sides_are_entered():
    table = in_turns()
    with table.arranged() as state:
        state["facts"]["dice"] = {"sin": None, "hero": None}
    table.act("ann", "turn.start", hero="rose")
    error = refused(table, "ann", "fight.start", monsters={"abomination": 1})
    assert error.field.startswith("entered.")
    table.act("ann", "fight.start", monsters={"abomination": 1}, entered={"hero": "hit hit", "sin": "hit blank blank"})


def test_the_acolyte_ability_is_once_per_round_needs_a_dead_acolyte_and_no_ranged_fight():
    table = in_turns()
    table.act("ann", "turn.start", hero="rose")
    error = refused(table, "ann", "fight.start", monsters={"abomination": 1}, acolyte_ability=True)
    assert "No dead acolyte" in error.message
    with table.arranged() as state:
        state["monsters"]["dead"] = {"acolyte": 2}
    table.act("ann", "fight.start", monsters={"abomination": 1}, acolyte_ability=True)
    assert table.state["fight"]["computed"]["sin_dice"]["total"] == 5
    assert table.state["sin"]["acolyte_mark"] is True


def test_the_sin_fights_only_the_hero_who_just_ended_their_turn_after_spending_a_token():
    table = in_turns()
    table.act("ann", "turn.start", hero="rose")
    table.act("ann", "turn.end")
    refused(table, "sin", "fight.start", monsters={"abomination": 1})  # no token spent yet
    table.act("sin", "reaction.spend")
    refused(table, "ann", "fight.start", monsters={"abomination": 1})
    table.act("sin", "fight.start", monsters={"abomination": 1})
    assert table.state["fight"]["hero"] == "rose" and table.state["fight"]["by"] == "sin"


def test_a_fire_check_wounds_through_defense_and_proxy_ignores_one():
    table = in_turns()
    table.act("sin", "check.roll", kind="fire", hero="rose", tokens=2, entered={"sin": "hit critical_hit hit"})
    assert table.state["heroes"]["rose"]["pending_wounds"] == 3
    table.act("ann", "turn.start", hero="rose")
    table.act("ann", "hero.adjust", hero="rose", change="proxy")
    table.act("sin", "check.roll", kind="corruption", hero="rose", tokens=1, entered={"sin": "corruption"})
    assert table.state["heroes"]["rose"]["corruption"] == 1


def test_a_ranged_fight_kills_first_then_the_counter_attack_uses_the_first_roll():
    table = in_turns()
    with table.arranged() as state:
        state["options"]["sin"] = "sloth"  # Pride would cancel a defense of a hero fighting alone
    table.act("ann", "turn.start", hero="rose")  # Rose with the table's entered numbers: combat 2, defense 1
    table.act("ann", "fight.start", monsters={"abomination": 2}, ranged=True, entered={"hero": "hit defense"})
    assert table.state["fight"]["sin_roll"] is None
    table.act("ann", "fight.ranged_hits", assigned=[1, 0])
    table.act("sin", "fight.counter", monsters={"abomination": 1, "acolyte": 1},
              entered={"sin": "hit hit hit corruption blank"})
    last = table.state["last_fight"]
    assert (last["defense"], last["wounds"], last["corruption"]) == (2, 1, 1)


def test_the_ranged_example_through_the_table_with_rocco():
    table = started(sin="sloth")  # Pride would cancel a defense of a hero fighting alone
    table.act(None, "facts.enter", heroes={"rocco": {"combat": 2, "defense": 2}})
    table.act("cy", "round.first_hero", hero="rocco")
    table.act("cy", "turn.start", hero="rocco")
    table.act("cy", "fight.start", monsters={"abomination": 2}, ranged=True, entered={"hero": "hit defense"})
    assert table.state["fight"]["computed"]["hero_hits"]["total"] == 2  # Killshot
    refused(table, "cy", "fight.ranged_hits", assigned=[3, 1])  # 3 hits only
    table.act("cy", "fight.ranged_hits", assigned=[3, 0])
    assert table.state["monsters"]["dead"] == {"abomination": 1}
    # The survivor moves in; with the acolyte already there: 5 SIN dice against Rocco's first roll.
    assert refused(table, "sin", "fight.counter", monsters={"abomination": 1, "acolyte": 1},
                   entered={"sin": "hit hit hit corruption"}).field.startswith("entered")  # 5 dice, not 4
    table.act("sin", "fight.counter", monsters={"abomination": 1, "acolyte": 1},
              entered={"sin": "hit hit hit corruption blank"})
    last = table.state["last_fight"]
    assert (last["sin_hits"], last["sin_corruption"], last["defense"]) == (3, 1, 3)
    assert (last["wounds"], last["corruption"]) == (0, 1)
    assert table.state["heroes"]["rocco"]["corruption"] == 2


def test_the_sins_hand_is_secret_and_heroes_see_only_how_many_cards():
    table = in_turns()
    hero_view = RULES.view(table.state, table.seats["ann"])
    assert "hand" not in hero_view["mine"] and hero_view["sin"]["hand_count"] == 5
    assert "secrets" not in hero_view
    assert len(RULES.view(table.state, table.seats["sin"])["mine"]["hand"]) == 5
    start = next(a for a in table.log if a.type == "game.start")
    assert RULES.redact(start, table.seats["ann"])["draws"]["hand"] == 5
    assert len(RULES.redact(start, table.seats["sin"])["draws"]["hand"]) == 5


def test_dark_pasts_are_sealed_from_every_seat_until_revealed():
    from companion.games.the_others.cards import dark_past
    table = started(story="the_darkness_within")
    assert sorted(dark_past(table.state, h) for h in table.state["order"]) == [1, 3, 5]
    assert len(table.state["secrets"]["sealed"]) == 7
    for seat in [*table.seats.values(), None]:
        shown = RULES.view(table.state, seat)
        assert "sealed" not in shown and "sealed" not in shown["mine"]
        assert all(hero["dark_past"] is None for hero in shown["heroes"].values())
        start = next(a for a in table.log if a.type == "game.start")
        assert "dark_pasts" not in RULES.redact(start, seat)["draws"]


def test_a_hero_ending_a_turn_at_maximum_corruption_reveals_their_dark_past():
    table = started(story="the_darkness_within")
    table.act("ann", "round.first_hero", hero="rose")
    from companion.games.the_others.cards import dark_past
    number = dark_past(table.state, "rose")
    table.act("ann", "turn.start", hero="rose")
    for _ in range(6):
        table.act("ann", "hero.adjust", hero="rose", change="corruption")
    table.act("ann", "turn.end")
    assert table.state["heroes"]["rose"]["dark_past"] == number
    assert dark_past(table.state, "rose") is None


def test_four_heroes_get_dark_pasts_1_3_5_and_6():
    from companion.games.the_others.cards import dark_past
    table = started(story="the_beast_we_become", hero_players=2)
    assert len(table.state["order"]) == 4
    assert sorted(dark_past(table.state, h) for h in table.state["order"]) == [1, 3, 5, 6]
    assert sorted(dark_past(table.state, h) for h in table.state["reserve"]) == [2, 4, 7]


def test_a_planned_fight_shows_both_pools_and_the_chances_with_and_without_voluntary_corruption():
    table = in_turns()
    table.act("ann", "fight.plan", hero="rose", monsters={"abomination": 1}, others_in_space=1)
    shown = RULES.view(table.state, table.seats["ann"])["plan"]
    assert shown["without"]["hero_dice"]["value"] == 3 and shown["with"]["hero_dice"]["value"] == 4
    for key in ("without_odds", "with_odds"):
        assert abs(sum(p for _, p, _ in shown[key]["wounds"]) - 100) < 0.5
    refused(table, "ann", "fight.plan", hero="rose", monsters={"dragon": 1})


def test_corrupted_doctors_stop_the_hero_healing_until_next_round():
    table = in_turns()
    with table.arranged() as state:
        state["options"]["acolyte"] = "doctor"
        state["monsters"]["dead"] = {"acolyte": 1}
    wound(table, "rose", 1)
    table.act("ann", "turn.start", hero="rose")
    table.act("ann", "fight.start", monsters={"abomination": 1}, acolyte_ability=True,
              entered={"hero": "skill skill", "sin": "blank blank blank blank blank"})
    error = refused(table, "ann", "hero.adjust", hero="rose", change="heal", slot=1)
    assert "can't heal" in error.message


def test_corrupted_police_wound_a_hero_fighting_alone():
    table = in_turns()
    with table.arranged() as state:
        state["options"]["acolyte"] = "police"
        state["monsters"]["dead"] = {"acolyte": 1}
    table.act("ann", "turn.start", hero="rose")
    table.act("ann", "fight.start", monsters={"abomination": 1}, acolyte_ability=True,
              entered={"hero": "skill skill", "sin": "blank blank blank blank blank"})
    assert table.state["heroes"]["rose"]["pending_wounds"] == 1


def test_cards_give_the_sin_reaction_tokens_for_the_round_only():
    table = in_turns()
    table.act("sin", "sin.gain_reactions", count=2)
    assert table.state["sin"]["reaction_tokens"] == 5
    refused(table, "ann", "sin.gain_reactions", count=1)


def test_check_state_accepts_a_played_game_and_refuses_a_damaged_one():
    table = in_turns()
    table.act("ann", "turn.start", hero="rose")
    RULES.check_state(table.state)
    import copy
    damaged = copy.deepcopy(table.state)
    damaged["heroes"]["rose"]["corruption"] = 9
    with pytest.raises(ValueError):
        RULES.check_state(damaged)
    damaged = copy.deepcopy(table.state)
    damaged["heroes"]["rose"]["wounds"] = [1, 1]
    with pytest.raises(ValueError):
        RULES.check_state(damaged)


def test_leaving_a_space_with_monsters_costs_one_wound_unless_in_a_stealth_suit():
    table = in_turns()
    table.act("ann", "hero.adjust", hero="rose", change="leave_monsters")
    assert table.state["heroes"]["rose"]["pending_wounds"] == 1
    with table.arranged() as state:
        state["heroes"]["thorley"]["upgrades"] = ["stealth_suit"]
    table.act("bob", "hero.adjust", hero="thorley", change="leave_monsters")
    assert table.state["heroes"]["thorley"]["pending_wounds"] == 0


def test_voluntary_corruption_waits_until_wound_tokens_are_placed():
    table = in_turns()
    wound(table, "rose", 1)
    table.act("ann", "turn.start", hero="rose")
    error = refused(table, "ann", "fight.start", monsters={"abomination": 1}, voluntary=True)
    assert error.field == "voluntary"


def test_the_satellite_cannon_kills_an_acolyte_or_abomination_without_a_fight():
    table = in_turns()
    table.act("ann", "turn.start", hero="rose")
    table.act("ann", "city.action", actions=["satellite_cannon"], kill="abomination")
    assert table.state["monsters"]["dead"] == {"abomination": 1}
    assert table.state["turn"]["action_taken"] is False  # a city action is not the turn's action


def test_the_heroes_win_a_tie_when_the_last_mission_is_recorded_right_away():
    table = in_turns()
    with table.arranged() as state:
        state["story"]["mission"], state["story"]["progress"] = "3", 2
        state["reserve"] = []
    wound(table, "thorley", 4, seat="bob")
    table.act("bob", "hero.adjust", hero="thorley", change="wound")  # the last reserve is gone
    assert table.state["winner"] == "sin"
    table.act("ann", "mission.progress", delta=1)  # the same fight completed the last mission
    assert table.state["winner"] == "heroes"


def test_after_the_sin_wins_a_later_mission_step_is_refused():
    table = in_turns()
    with table.arranged() as state:
        state["reserve"] = []
    wound(table, "thorley", 5, seat="bob")
    table.act(None, "facts.enter")
    refused(table, "ann", "mission.progress", delta=1)


def test_sloth_marks_a_hero_who_starts_a_fight_until_the_round_ends():
    table = started(sin="sloth")
    table.act("ann", "round.first_hero", hero="rose")
    table.act("ann", "turn.start", hero="rose")
    table.act("ann", "fight.start", monsters={"abomination": 1},
              entered={"hero": "hit hit", "sin": "blank blank blank"})
    assert table.state["heroes"]["rose"]["marks"] == ["slowed"]
    table.act("ann", "fight.resolve", assigned=[0])
    table.act("ann", "hero.adjust", hero="rose", change="story")
    table.act("ann", "turn.end")
    for seat, hero in (("bob", "thorley"), ("cy", "rocco"), ("ann", "rose"), ("bob", "thorley"), ("cy", "rocco")):
        table.act(seat, "turn.start", hero=hero)
        table.act(seat, "turn.end")
    table.act(None, "round.end")
    assert table.state["heroes"]["rose"]["marks"] == ["story"]


def test_thorleys_protector_needs_thorley_alive_and_in_the_fighting_heros_space():
    table = in_turns()
    for name in ("Plaza", "Docks"):
        table.act(None, "space.add", name=name)
    table.act("ann", "hero.move", hero="rose", to="s1", teleport=True)
    table.act("bob", "hero.move", hero="thorley", to="s2", teleport=True)
    table.act("ann", "turn.start", hero="rose")
    table.act("ann", "fight.start", monsters={"acolyte": 1}, entered={"hero": "skill skill", "sin": "hit hit"})
    assert refused(table, "ann", "fight.resolve", assigned=[0], protector=1).field == "protector"
    table.act("ann", "fight.resolve", assigned=[0], protector=0)
    table.act("bob", "hero.move", hero="thorley", to="s1", teleport=True)
    table.act("ann", "turn.end")
    table.act("sin", "reaction.spend")
    table.act("sin", "fight.start", monsters={"acolyte": 1}, entered={"hero": "skill skill skill", "sin": "hit hit"})
    table.act("ann", "fight.resolve", assigned=[0], protector=1)
    assert table.state["last_fight"]["protected"] == 1
    assert table.state["last_fight"]["wounds"] == 0  # 2 hits, defense 1, 1 cancelled


def test_morgana_heals_a_wound_at_the_end_of_her_turn_choosing_the_token():
    table = started(hero_players=2)  # ann: Rose, Thorley; bob: Rocco, Leah
    table.act("ann", "round.first_hero", hero="rose")
    for _ in range(5):
        table.act("ann", "hero.adjust", hero="rose", change="wound")
    table.act("ann", "hero.replace", hero="rose", reserve="morgana", upgrades=[])
    table.act("ann", "hero.adjust", hero="morgana", change="wound")
    table.act("ann", "hero.adjust", hero="morgana", change="wound")
    table.act("ann", "hero.wounds", hero="morgana", slots=[2])
    table.act("ann", "turn.start", hero="morgana")
    table.act("ann", "turn.end")
    morgana = table.state["heroes"]["morgana"]
    assert (morgana["pending_wounds"], morgana["wounds"], morgana.get("heal_due", 0)) == (0, [2], 0)  # waiting first
    table.act("sin", "reaction.end")
    for seat, hero in (("ann", "thorley"), ("bob", "rocco"), ("bob", "leah")):
        table.act(seat, "turn.start", hero=hero)
        table.act(seat, "turn.end")
        table.act("sin", "reaction.end")
    table.act("ann", "turn.start", hero="morgana")
    table.act("ann", "turn.end")
    assert table.state["heroes"]["morgana"]["heal_due"] == 1  # her player picks the token
    table.act("ann", "hero.adjust", hero="morgana", change="heal", slot=2)
    assert (table.state["heroes"]["morgana"]["wounds"], table.state["heroes"]["morgana"]["heal_due"]) == ([], 0)
