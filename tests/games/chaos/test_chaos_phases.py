"""The corruption and end phases through the rules: ruined regions, heroes,
dial rewards, the end checks ending the game."""

import pytest

from chaos_play import RULES, act, arranged, phase_of, started, to_summoning, turn_of
from companion.games.chaos.chaos_cards import take_cards
from companion.rules import ActionError


def at_corruption(state=None):
    state = to_summoning(state or started())
    while phase_of(state) == "summoning":
        state = act(state, "summoning.pass", god=turn_of(state))
    assert phase_of(state) == "corruption"
    return state


def with_figures(state, region, god, **figures):
    """Figures entered from the board (the correction action)."""
    for unit, count in figures.items():
        state = act(state, "region.figures", {"region": region, "owner": god, "unit": unit, "count": count})
    return state


def with_heroes(state, region, count):
    return act(state, "region.set", {"region": region, "field": "heroes", "value": count})


def with_corruption(state, region, **tokens):
    """Corruption tokens set by hand (region.corruption), per god."""
    for god, count in tokens.items():
        state = act(state, "region.corruption", {"region": region, "owner": god, "count": count})
    return state


def with_books(state, god, **fields):
    """A god's books corrected by its own seat (god.set)."""
    for field, value in fields.items():
        state = act(state, "god.set", {"field": field, "value": value}, god=god)
    return state


def test_a_region_ruined_takes_no_domination_or_corruption_afterwards():
    state = at_corruption()
    # Tilea ruined in an earlier round (with Khorne's 3 tokens left on it): rounds of play away.
    state = arranged(state, lambda s: s["regions"]["tilea"].update(
        ruined=True, ruination_card=1, ruined_round=0, corruption={"khorne": 3}))
    state = with_figures(state, "tilea", "nurgle", cultist=3)
    state = act(state, "corruption.resolve")
    assert "tilea" not in state["report"]["domination"] and "tilea" not in state["report"]["corruption"]
    assert state["regions"]["tilea"]["corruption"] == {"khorne": 3}
    assert state["gods"]["nurgle"]["vp"] == 0


def test_ruination_scoring_happens_in_the_end_phase_and_the_tokens_go_back():
    state = at_corruption()
    state = with_corruption(state, "tilea", khorne=6, nurgle=4)
    state = act(state, "region.set", {"region": "tilea", "field": "warpstone", "value": 1})
    state = with_figures(state, "tilea", "slaanesh", cultist=1)  # 6 + 4 + 1 + 1 warpstone = 12
    state = act(state, "corruption.resolve")
    tilea = state["regions"]["tilea"]
    assert tilea["ruined"] and tilea["ruination_card"] == 1 and state["ruination"] == [2, 3, 4, 5]
    assert state["gods"]["slaanesh"]["vp"] == 3  # the ruiner, at once
    state = act(state, "end.score")
    # Card 1, Tilea: first 7, second 3 (data defaults); warpstone not counted.
    assert state["gods"]["khorne"]["vp"] == 7 and state["gods"]["nurgle"]["vp"] == 3
    assert state["gods"]["slaanesh"]["vp"] == 3
    assert state["regions"]["tilea"]["corruption"] == {} and state["regions"]["tilea"]["ruined"]


def test_no_ruin_once_the_cards_are_gone_through_the_phase():
    state = at_corruption()
    state = arranged(state, lambda s: s.update(ruination=[]))  # only ruins spend the ruination cards
    state = with_corruption(state, "tilea", khorne=12)
    state = act(state, "corruption.resolve")
    assert not state["regions"]["tilea"]["ruined"]


def test_the_highest_threat_god_removes_a_figure_for_each_hero_before_scoring():
    state = at_corruption()
    state = with_heroes(state, "kislev", 1)
    state = with_figures(state, "kislev", "slaanesh", warrior=2)  # Slaanesh: threat 4, the highest
    state = act(state, "corruption.resolve")
    assert state["pending"] == [{"kind": "hero", "god": "slaanesh", "region": "kislev"}]
    with pytest.raises(ActionError):
        act(state, "end.score")
    with pytest.raises(ActionError):
        act(state, "hero.remove", {"region": "kislev", "unit": "warrior"}, god="khorne")
    state = act(state, "hero.remove", {"region": "kislev", "unit": "warrior"}, god="slaanesh")
    assert state["board"]["kislev"]["slaanesh"]["warrior"] == 1 and state["pending"] == []


def test_a_hero_where_the_highest_threat_god_has_no_figures_takes_none():
    state = at_corruption()
    state = with_heroes(state, "kislev", 2)
    state = act(state, "corruption.resolve")
    assert state["pending"] == [] and state["report"]["end"]["heroes"] == {"kislev": 0}


def test_dial_rewards_are_applied_or_listed():
    state = at_corruption()
    state = with_books(state, "nurgle", dial_tokens=1)
    state = act(act(state, "corruption.resolve"), "end.score")
    # Nurgle alone: 2 spaces: 3 VP (applied) and remove 1 corruption (listed).
    assert state["gods"]["nurgle"]["vp"] == 3
    assert {"kind": "remove_corruption", "god": "nurgle", "amount": 1} in state["pending"]
    state = act(state, "pending.done", {"index": state["pending"].index(
        {"kind": "remove_corruption", "god": "nurgle", "amount": 1})})
    assert state["pending"] == []


def test_a_dial_at_victory_ends_the_game_with_its_reason():
    state = at_corruption()
    state = with_books(state, "slaanesh", dial=6, dial_tokens=1)
    state = with_books(state, "khorne", vp=60)  # 50 VP comes after the dial check
    state = act(act(state, "corruption.resolve"), "end.score")
    assert phase_of(state) == "over"
    assert state["result"]["reason"] == "dial" and state["result"]["winners"] == ["slaanesh"]
    with pytest.raises(ActionError) as refused:
        act(state, "phase.next")
    assert refused.value.text() == "Not now: this is the end of the game."


def test_the_last_old_world_card_spent_means_everyone_loses():
    state = at_corruption()
    state = arranged(state, lambda s: s["old_world"].update(left=0))  # the last card spent: rounds away
    state = act(act(state, "corruption.resolve"), "end.score")
    assert state["result"]["reason"] == "old_world" and state["result"]["winners"] == []


def test_an_empty_chaos_deck_reshuffles_its_discards():
    god = {"hand": 1, "deck": 1, "discard": 4}
    assert take_cards(god, 2) == 2
    assert god == {"hand": 3, "deck": 3, "discard": 0}


def test_chaos_cards_go_back_to_their_owners_discards_in_the_end_phase():
    state = to_summoning(started())
    state = act(state, "card.play", {"name": "Rage", "cost": 1, "domination": 2, "region": "norsca", "slot": 1},
                god="khorne")
    while phase_of(state) == "summoning":
        state = act(state, "summoning.pass", god=turn_of(state))
    discard = state["gods"]["khorne"]["discard"]
    state = act(state, "corruption.resolve")
    assert state["gods"]["khorne"]["discard"] == discard + 1 and state["regions"]["norsca"]["slots"] == [None, None]
    # Khorne's 2 from the card beat Norsca's resistance of 1: 1 VP.
    assert state["report"]["domination"]["norsca"]["winner"] == "khorne" and state["gods"]["khorne"]["vp"] == 1


@pytest.mark.parametrize("damage", [
    lambda s: s["flow"].update(phase="lunch"),
    lambda s: s["flow"].update(turn=9),
    lambda s: s["flow"].update(order=["khorne"]),
    lambda s: s["gods"]["khorne"].update(vp=-1),
    lambda s: s["regions"].pop("tilea"),
    lambda s: s["board"]["kislev"].update(khorne={"dragon": 1}),
    lambda s: s["board"]["kislev"].update(khorne={"warrior": 0}),
])
def test_check_state_refuses_a_damaged_state(damage):
    state = started()
    RULES.check_state(state)
    damage(state)
    with pytest.raises((ValueError, TypeError, KeyError)):
        RULES.check_state(state)
