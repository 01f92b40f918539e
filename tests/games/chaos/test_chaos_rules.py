"""The table type's phase flow, refusals, secrets and recorded randomness."""

import copy
import random

import pytest

from chaos_play import RULES, SEATS, act, lowest, phase_of, round_of, started, to_summoning, turn_of
from companion.kit.phases import NOT_YOUR_TURN
from companion.rules import Action, ActionError

TOKENS = {"norsca": "peasant", "troll_country": "peasant", "kislev": "peasant", "the_empire": "noble",
          "bretonnia": "warpstone", "estalia": "noble", "tilea": "warpstone", "the_border_princes": "warpstone",
          "the_badlands": "peasant"}


def refused(state, type, payload=None, god=None):
    with pytest.raises(ActionError) as error:
        act(state, type, payload, god)
    return error.value


def all_pass(state):
    while phase_of(state) == "summoning":
        state = act(state, "summoning.pass", god=turn_of(state))
    return state


def test_a_new_table_has_the_setup_the_rulebook_lists():
    state = RULES.initial_state({"players": "4"})
    assert state["gods_in_play"] == ["khorne", "nurgle", "tzeentch", "slaanesh"]
    assert state["old_world"]["left"] == 7 and state["ruination"] == [1, 2, 3, 4, 5]
    assert all(god["vp"] == 0 and god["dial"] == 0 for god in state["gods"].values())
    # The cards are dealt as round 1 starts: three each, the rest in the deck.
    dealt = started(typed=False)
    assert all((god["hand"], god["deck"], god["discard"]) == (3, 21, 0) for god in dealt["gods"].values())
    assert RULES.initial_state({"players": "3", "sitting_out": "nurgle"})["old_world"]["left"] == 8


def test_three_players_draw_who_sits_out_while_the_action_runs():
    state = RULES.initial_state({"players": "3", "sitting_out": "draw"})
    drawn = act(state, "setup.sit_out", seed=7)
    assert len(drawn["gods_in_play"]) == 3 and drawn["sitting_out"] not in drawn["gods_in_play"]


def test_the_starting_token_draw_places_the_mix_one_per_region():
    state = started()
    counts = [(r["nobles"], r["warpstone"], r["peasants"]) for r in state["regions"].values()]
    assert all(sum(c) == 1 for c in counts)
    assert [sum(c[i] for c in counts) for i in range(3)] == [2, 3, 4]


def test_an_entered_token_mix_is_checked():
    state = RULES.initial_state({"players": "4"})
    wrong = {**TOKENS, "the_badlands": "noble"}
    assert refused(state, "setup.tokens", {"tokens": wrong}).field == "tokens"
    assert act(state, "setup.tokens", {"tokens": TOKENS})["regions"]["the_empire"]["nobles"] == 1


def test_the_lowest_threat_god_resolves_the_old_world_card():
    state = started(tokens=TOKENS)
    assert lowest(state) == "nurgle"  # threat 1
    assert refused(state, "old_world.card", {"name": "Peasant uprising"}, god="khorne").field == "god"
    state = act(state, "old_world.card", {"name": "Peasant uprising"}, god="nurgle")
    assert state["old_world"]["left"] == 6 and state["old_world"]["track"][0]["name"] == "Peasant uprising"


def test_phases_refuse_what_they_do_not_allow():
    state = started(tokens=TOKENS)
    assert refused(state, "summon", {"unit": "cultist", "region": "kislev"}, god="khorne").text() == \
        "Not now: this is the Old World phase."
    assert refused(state, "phase.next").field == "type"  # no Old World card yet
    state = act(state, "old_world.card", {"name": "A"}, god="nurgle")
    state = act(state, "phase.next")
    assert refused(state, "corruption.resolve").text() == "Not now: this is the Draw phase."


def test_the_draw_resets_power_and_draws_by_each_gods_rule():
    state = started(tokens=TOKENS)
    state = act(state, "old_world.card", {"name": "A"}, god="nurgle")
    state = act(state, "phase.next")
    assert state["gods"]["khorne"]["power"] == 7 and state["gods"]["nurgle"]["power"] == 6
    state = act(state, "draw", god="khorne")
    assert state["gods"]["khorne"]["hand"] == 5
    assert refused(state, "draw", god="khorne").field == "god"
    assert refused(state, "draw", {"discard": True}, god="nurgle").field == "discard"
    state = act(state, "draw", {"discard": True}, god="tzeentch")
    assert state["gods"]["tzeentch"]["hand"] == 5 and state["gods"]["tzeentch"]["discard"] == 1


def test_summoning_turns_go_round_and_power_is_spent():
    state = to_summoning(started(tokens=TOKENS))
    assert turn_of(state) == "khorne"
    refusal = refused(state, "summon", {"unit": "cultist", "region": "kislev"}, god="nurgle")
    assert (refusal.field, refusal.message) == ("type", NOT_YOUR_TURN)  # the kit's one message
    state = act(state, "summon", {"unit": "greater_daemon", "region": "kislev"}, god="khorne")
    assert state["gods"]["khorne"]["power"] == 4 and turn_of(state) == "nurgle"
    state = act(state, "summoning.pass", god="nurgle")
    state = act(state, "summoning.pass", god="tzeentch")
    state = act(state, "summoning.pass", god="slaanesh")
    # Khorne again; a figure goes next to one of his.
    assert refused(state, "summon", {"unit": "cultist", "region": "norsca"}, god="khorne").field == "region"
    state = act(state, "summon", {"unit": "cultist", "region": "the_empire"}, god="khorne")
    assert turn_of(state) == "khorne"  # the others are out


def test_a_summon_the_god_cannot_pay_for_is_refused():
    state = to_summoning(started(tokens=TOKENS))
    state = act(state, "summon", {"unit": "greater_daemon", "region": "kislev", "cost": 6}, god="khorne")
    for god in ("nurgle", "tzeentch", "slaanesh"):
        state = act(state, "summoning.pass", god=god)
    error = refused(state, "summon", {"unit": "warrior", "region": "kislev"}, god="khorne")
    assert error.field == "cost" and error.params == {"cost": 2, "power": 1}


def test_a_chaos_card_needs_an_empty_slot_in_a_region_not_ruined():
    state = to_summoning(started(tokens=TOKENS))
    card = {"name": "Blood Frenzy", "cost": 0, "domination": 1, "region": "tilea", "slot": 0}
    state = act(state, "card.play", card, god="khorne")
    assert state["regions"]["tilea"]["slots"][0]["god"] == "khorne"
    assert refused(state, "card.play", card, god="nurgle").field == "slot"
    ruined = copy.deepcopy(state)
    ruined["regions"]["estalia"]["ruined"] = True
    assert refused(ruined, "card.play", {**card, "region": "estalia"}, god="nurgle").field == "region"


def test_the_phase_ends_when_every_god_is_out_and_battles_follow():
    state = to_summoning(started(tokens=TOKENS))
    state = all_pass(state)
    assert phase_of(state) == "corruption"  # no figures: no battles at all


def battle_round():
    """Khorne's warrior and a Nurgle cultist in Kislev (a peasant there too)."""
    state = to_summoning(started(tokens=TOKENS))
    state = act(state, "summon", {"unit": "warrior", "region": "kislev"}, god="khorne")
    state = act(state, "summon", {"unit": "cultist", "region": "kislev"}, god="nurgle")
    return all_pass(state)


def test_a_battle_rolls_the_dice_due_and_assignment_kills():
    state = battle_round()
    assert phase_of(state) == "battle" and state["battle"]["region"] == "kislev" and turn_of(state) == "khorne"
    error = refused(state, "battle.roll", {"faces": "4"}, god="khorne")
    assert error.field == "faces"  # a warrior rolls 2 dice
    state = act(state, "battle.roll", {"faces": "5 4"}, god="khorne")
    assert state["battle"]["roll"]["hits"] == 2
    state = act(state, "battle.assign", {"kill.nurgle.cultist": "1", "kill.peasant.peasant": "1"}, god="khorne")
    assert state["gods"]["khorne"]["peasants"] == 1 and state["gods"]["khorne"]["dial_tokens"] == 1
    assert phase_of(state) == "corruption"
    assert "nurgle" not in state["board"]["kislev"]  # the kit board keeps no empty counts


def test_a_server_roll_is_recorded_and_replays_the_same():
    state = battle_round()
    performed, action = RULES.perform(state, RULES.typed(Action("battle.roll", {}, "s1")), SEATS, random.Random(3))
    assert len(action.payload["roll"]["dice"]) == 2
    assert RULES.act(state, action, SEATS) == performed


def test_the_end_phase_scores_dials_and_starts_the_next_round():
    state = battle_round()
    state = act(state, "battle.roll", {"faces": "5 4"}, god="khorne")
    state = act(state, "battle.assign", {"kill.nurgle.cultist": "1", "kill.peasant.peasant": "1"}, god="khorne")
    state = act(state, "corruption.resolve")
    assert phase_of(state) == "end"
    assert state["report"]["domination"]["kislev"]["winner"] is None  # 1 is not above 3
    state = act(state, "end.score")
    # Khorne alone had a token: 2 spaces, 4 VP and an upgrade to take.
    assert state["gods"]["khorne"]["dial"] == 2 and state["gods"]["khorne"]["vp"] == 4
    assert {"kind": "upgrade", "god": "khorne", "amount": 1} in state["pending"]
    assert round_of(state) == 2 and phase_of(state) == "old_world"
    assert state["previous"]["end"]["dial"]["moved"]["khorne"]["steps"] == 2
    RULES.check_state(state)


def test_hand_notes_are_secret_to_their_seat():
    state = started(tokens=TOKENS)
    state = act(state, "hand.note", {"names": "Blood Frenzy\nRage"}, god="khorne")
    assert state["secrets"]["s1"]["hand"] == ["Blood Frenzy", "Rage"]
    assert "mine" not in RULES.view(state, None) and "secrets" not in RULES.view(state, SEATS["s2"])
    logged = Action("hand.note", {"names": "Blood Frenzy"}, "s1")
    assert RULES.redact(logged, SEATS["s2"]) == {} and RULES.redact(logged, SEATS["s1"]) == logged.payload


def test_a_seated_gods_actions_come_from_its_own_phone():
    state = to_summoning(started(tokens=TOKENS))
    action = Action("summoning.pass", {"god": "khorne"}, "s2")
    with pytest.raises(ActionError) as error:
        RULES.act(state, action, SEATS)
    assert error.value.field == "god"


def test_bad_payloads_name_their_field_and_change_nothing():
    state = to_summoning(started(tokens=TOKENS))
    before = copy.deepcopy(state)
    for payload, field in [({"unit": "dragon", "region": "kislev"}, "unit"),
                           ({"unit": "warrior", "region": "mars"}, "region"),
                           ({"unit": "warrior", "region": "kislev", "cost": "lots"}, "cost")]:
        assert refused(state, "summon", payload, god="khorne").field == field
    assert state == before


def test_corrected_components_are_kept_and_used():
    state = started(tokens=TOKENS)
    state = act(state, "components.unit", {"owner": "tzeentch", "unit": "warrior", "field": "defense", "value": "1"})
    assert state["components"]["units"]["tzeentch"]["warrior"]["defense"] == 1
    assert state["components"]["corrected"] == ["units.tzeentch.warrior.defense"]
    state = act(state, "components.ruination", {"card": "1", "field": "first", "region": "kislev", "value": "9"})
    assert state["components"]["ruination"][0]["first"]["kislev"] == 9


def test_a_played_card_leaves_the_players_private_hand_list():
    state = act(started(tokens=TOKENS), "hand.note", {"names": "Rage\nBlood Frenzy"}, god="khorne")
    state = to_summoning(state)
    state = act(state, "card.play", {"name": "Rage", "cost": 0, "region": "tilea", "slot": 0}, god="khorne")
    assert state["secrets"]["s1"]["hand"] == ["Blood Frenzy"]


def test_a_hand_list_with_control_characters_is_refused():
    state = started(tokens=TOKENS)
    assert refused(state, "hand.note", {"names": "Rage\x07"}, god="khorne").field == "names"


def test_a_form_enters_the_starting_tokens_one_field_per_region():
    state = RULES.initial_state({"players": "4"})
    form = {f"token.{region}": kind for region, kind in TOKENS.items()}
    assert act(state, "setup.tokens", form)["regions"]["estalia"]["nobles"] == 1


def test_any_god_fighting_in_a_region_may_first_strike_before_the_normal_rolls():
    state = battle_round()  # Khorne's turn to roll
    state = act(state, "battle.roll", {"first_strike": True, "dice": "1", "faces": "5"}, god="nurgle")
    assert state["battle"]["roll"]["god"] == "nurgle" and state["battle"]["roll"]["hits"] == 1
    assert refused(state, "battle.assign", {"kill.khorne.warrior": "1"}, god="khorne").field == "god"
    state = act(state, "battle.assign", {"kill.khorne.warrior": "1"}, god="nurgle")
    # Removed at once: Khorne has no figure left to roll with.
    assert "khorne" not in state["board"]["kislev"]
    state = act(state, "battle.roll", {}, god="khorne")
    assert state["battle"]["roll"]["dice"] == 0
    state = act(state, "battle.assign", {}, god="khorne")
    assert phase_of(state) == "corruption"


def test_first_strike_is_refused_once_a_normal_roll_was_made_in_the_region():
    state = to_summoning(started(tokens=TOKENS))
    state = act(state, "summon", {"unit": "warrior", "region": "kislev"}, god="khorne")
    state = act(state, "summon", {"unit": "warrior", "region": "kislev"}, god="nurgle")
    state = all_pass(state)
    state = act(state, "battle.roll", {"faces": "1 1"}, god="khorne")
    state = act(state, "battle.assign", {}, god="khorne")
    assert turn_of(state) == "nurgle"
    assert refused(state, "battle.roll", {"first_strike": True, "dice": "1"}, god="nurgle").field == "first_strike"


def test_a_six_rolls_one_more_die_beyond_the_dice_due():
    # Khorne's warrior rolls 2 dice: 6 (then 4) and 2 -> 3 dice, 2 hits.
    state = act(battle_round(), "battle.roll", {"faces": "6 4 2"}, god="khorne")
    assert state["battle"]["roll"]["dice"] == 2 and state["battle"]["roll"]["hits"] == 2
