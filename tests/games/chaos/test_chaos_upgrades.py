"""Upgrade cards change the numbers once taken (issue 21): power each round,
unit stats in battle, magic symbols, summoning costs; a card whose effect is
unknown is marked "apply by hand"; a hand-set power bonus never counts twice."""

import random

from chaos_play import RULES, SEATS, act, phase_of, started, to_summoning, turn_of
from companion.games.chaos import upgrades
from companion.games.chaos.battle_phase import targets_now
from companion.games.chaos.rules import RULES as CHAOS
from companion.rules import Action

TOKENS = {"norsca": "peasant", "troll_country": "peasant", "kislev": "peasant", "the_empire": "noble",
          "bretonnia": "warpstone", "estalia": "noble", "tilea": "warpstone", "the_border_princes": "warpstone",
          "the_badlands": "peasant"}
KHORNE_POWER, SLAANESH_CULTIST, TZEENTCH_DAEMON, NURGLE_LEPERS = 3, 0, 2, 1


def lines(working):
    return [entry["msg"] % entry["params"] for entry in working]


def next_draw_phase(state):
    """From the Old World phase, on to the draw phase (where power is reset)."""
    state = act(state, "old_world.card", {"name": "Quiet times"}, god=CHAOS.view(state, None)["derived"]["lowest"])
    return act(state, "phase.next")


def test_khorne_takes_the_plus_one_power_upgrade_and_the_next_draw_phase_gives_8_saying_why():
    state = started(tokens=TOKENS)
    state = act(state, "upgrade.take", {"upgrade": KHORNE_POWER}, god="khorne")
    state = next_draw_phase(state)
    assert phase_of(state) == "draw" and state["gods"]["khorne"]["power"] == 8
    assert state["gods"]["nurgle"]["power"] == 6
    power = RULES.view(state, SEATS["s1"])["derived"]["power"]["khorne"]
    assert power["per_round"] == 8
    assert lines(power["working"]) == ["khorne: 7 printed + 1 from upgrades = 8 power", "Upgrade +1 power: +1 power"]


def test_a_power_bonus_set_by_hand_for_the_same_upgrade_does_not_count_twice():
    state = started(tokens=TOKENS)
    state = act(state, "upgrade.take", {"upgrade": KHORNE_POWER}, god="khorne")
    state = act(state, "god.set", {"field": "power_bonus", "value": 1}, god="khorne")
    assert next_draw_phase(state)["gods"]["khorne"]["power"] == 8
    # More set by hand than the upgrades give: the hand-set total counts, and the working says so.
    state = act(state, "god.set", {"field": "power_bonus", "value": 2}, god="khorne")
    assert next_draw_phase(state)["gods"]["khorne"]["power"] == 9
    power = RULES.view(state, None)["derived"]["power"]["khorne"]
    assert lines(power["working"])[0] == "khorne: 7 printed + 2 from upgrades = 9 power"
    assert "set by hand" in lines(power["working"])[-1]


def test_an_old_tables_power_bonus_alone_still_counts():
    state = act(started(tokens=TOKENS), "god.set", {"field": "power_bonus", "value": 1}, god="khorne")
    assert next_draw_phase(state)["gods"]["khorne"]["power"] == 8


def test_slaanesh_two_power_cards_give_one_and_two():
    state = started(tokens=TOKENS)
    state = act(state, "upgrade.take", {"upgrade": 3}, god="slaanesh")
    state = act(state, "upgrade.take", {"upgrade": 4}, god="slaanesh")
    assert next_draw_phase(state)["gods"]["slaanesh"]["power"] == 9


def test_an_upgrade_logged_before_the_app_applied_them_replays_as_it_did():
    """An old log's upgrade.take has no `applied`: the card stays marked only
    (the same numbers as then), and the page marks it "apply by hand"."""
    state = started(tokens=TOKENS)
    state = RULES.act(state, Action("upgrade.take", {"upgrade": KHORNE_POWER}, "s1"), SEATS)
    assert state["gods"]["khorne"]["upgrades"][KHORNE_POWER] and "applied" not in state["gods"]["khorne"]
    assert next_draw_phase(state)["gods"]["khorne"]["power"] == 7
    card = upgrades.cards(state, "khorne")[KHORNE_POWER]
    assert card["taken"] and card["effect"]["msg"] == upgrades.BY_HAND


def battle_in_kislev(state, *summons):
    state = to_summoning(state)
    for god, unit in summons:
        while turn_of(state) != god:
            state = act(state, "summoning.pass", god=turn_of(state))
        state = act(state, "summon", {"unit": unit, "region": "kislev"}, god=god)
    while phase_of(state) == "summoning":
        state = act(state, "summoning.pass", god=turn_of(state))
    return state


def test_slaanesh_cultist_upgrade_adds_one_defense_in_battle():
    state = act(started(tokens=TOKENS), "upgrade.take", {"upgrade": SLAANESH_CULTIST}, god="slaanesh")
    state = battle_in_kislev(state, ("khorne", "warrior"), ("slaanesh", "cultist"))
    assert state["battle"]["region"] == "kislev" and turn_of(state) == "khorne"
    assert targets_now(state, "khorne")[("slaanesh", "cultist")]["defense"] == 2
    shown = RULES.view(state, None)["derived"]
    assert shown["units"]["slaanesh"]["cultist"]["defense"] == 2
    assert state["components"]["units"]["slaanesh"]["cultist"]["defense"] == 1  # the printed value stays


def test_khorne_cultist_upgrade_rolls_one_die():
    state = act(started(tokens=TOKENS), "upgrade.take", {"upgrade": 0}, god="khorne")
    state = battle_in_kislev(state, ("khorne", "cultist"), ("nurgle", "cultist"))
    assert RULES.view(state, None)["derived"]["battle"]["dice"] == 1


def test_tzeentch_greater_daemon_upgrade_gives_two_magic_symbols_where_it_stands():
    state = act(started(tokens=TOKENS), "upgrade.take", {"upgrade": TZEENTCH_DAEMON}, god="tzeentch")
    state = act(state, "region.figures", {"region": "the_empire", "owner": "tzeentch", "unit": "greater_daemon",
                                          "count": 1}, god="tzeentch")
    state = act(state, "region.figures", {"region": "the_empire", "owner": "tzeentch", "unit": "cultist",
                                          "count": 2}, god="tzeentch")
    assert RULES.view(state, None)["derived"]["regions"]["the_empire"]["magic"] == 2
    state = battle_in_kislev(state)
    state = act(state, "corruption.resolve")
    empire = state["report"]["corruption"]["the_empire"]
    assert "tzeentch" in empire["dial_tokens"]  # 2 corruption with 2 magic symbols (no card, no warpstone)
    assert "Magic here: 0 from cards + 2 from upgraded figures + 0 warpstone = 2" in lines(empire["working"])


def test_nurgle_lepers_cost_one_less_where_nurgle_has_no_figure():
    state = act(started(tokens=TOKENS), "upgrade.take", {"upgrade": NURGLE_LEPERS}, god="nurgle")
    state = to_summoning(state)
    state = act(state, "summoning.pass", god="khorne")
    state = act(state, "summon", {"unit": "cultist", "region": "kislev"}, god="nurgle")
    assert state["gods"]["nurgle"]["power"] == 6  # a leper where Nurgle had none: 1 - 1 = 0
    state = act(state, "summoning.pass", god="tzeentch")
    state = act(state, "summoning.pass", god="slaanesh")
    state = act(state, "summon", {"unit": "cultist", "region": "kislev"}, god="nurgle")
    assert state["gods"]["nurgle"]["power"] == 5  # Nurgle is there now: the printed 1


def take(state, upgrade, seat="s1"):
    """The state after the upgrade is taken, and the action as logged."""
    return RULES.perform(state, RULES.typed(Action("upgrade.take", {"upgrade": upgrade}, seat)), SEATS,
                         random.Random(1))


def test_an_upgrade_whose_effect_is_unknown_is_marked_apply_by_hand_where_it_is_taken():
    state = started(tokens=TOKENS)
    cards = RULES.view(state, SEATS["s1"])["derived"]["upgrades"]["khorne"]
    assert [card["known"] for card in cards] == [True, False, False, True, False]
    after, logged = take(state, 1)  # the warrior card
    shown = upgrades.cards(after, "khorne")[1]
    assert shown["taken"] and shown["effect"]["msg"] == upgrades.BY_HAND
    message, params = RULES.describe(logged, SEATS, after)
    assert message == "took the upgrade %(upgrade)s: apply it by hand" and params["upgrade"] == "Warrior"
    after, logged = take(state, KHORNE_POWER)
    assert logged.payload["applied"] is True
    assert RULES.describe(logged, SEATS, after) == ("took the upgrade %(upgrade)s", {"upgrade": "+1 power"})


def test_a_dial_rewards_upgrade_is_open_to_its_god_until_taken():
    state = to_summoning(started(tokens=TOKENS))
    while phase_of(state) == "summoning":
        state = act(state, "summoning.pass", god=turn_of(state))
    state = act(state, "god.set", {"field": "dial_tokens", "value": 1}, god="khorne")
    state = act(act(state, "corruption.resolve"), "end.score")  # Khorne alone: 2 spaces, 4 VP and an upgrade
    assert RULES.open_actions(state, SEATS["s1"], SEATS)["upgrade.take"] == [{"upgrade": i} for i in range(5)]
    assert "upgrade.take" not in RULES.open_actions(state, SEATS["s2"], SEATS)
    state = act(state, "upgrade.take", {"upgrade": KHORNE_POWER}, god="khorne")
    assert "upgrade.take" not in RULES.open_actions(state, SEATS["s1"], SEATS)
    assert next_draw_phase(state)["gods"]["khorne"]["power"] == 8
