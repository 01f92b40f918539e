"""Rounds and phases: what each phase allows, whose turn it is, and refusals that name the phase."""

from __future__ import annotations

import pytest

from companion.kit import board, phases
from companion.kit.phases import Phase, Round
from companion.rules import ActionError

ROUND = Round((Phase("gather", "Gather power phase", frozenset({"power.gather"})),
               Phase("action", "Action phase", frozenset({"recruit", "pass"}), turns=True)),
              anytime=frozenset({"sign.reveal"}))


def test_an_action_the_phase_does_not_allow_is_refused_naming_the_phase():
    flow = ROUND.start(["s1", "s2"])
    with pytest.raises(ActionError) as error:
        ROUND.require(flow, "recruit")
    assert error.value.text() == "Not now: this is the Gather power phase."
    assert error.value.text(lambda s: {"Gather power phase": "採集フェイズ",
                                       "Not now: this is the %(phase)s.": "今はできません：現在は%(phase)sです。"}
                            .get(s, s)) == "今はできません：現在は採集フェイズです。"
    ROUND.require(flow, "power.gather")
    ROUND.require(flow, "sign.reveal")  # allowed in every phase


def test_turns_go_round_skipping_seats_that_passed_and_end_when_all_passed():
    flow = ROUND.advance(ROUND.start(["s1", "s2", "s3"]), first="s2")
    assert phases.whose_turn(flow) == "s2"
    with pytest.raises(ActionError):
        ROUND.require_turn(flow, "s1")
    phases.pass_phase(flow, "s3")
    assert phases.next_turn(flow) == "s1"
    assert phases.next_turn(flow) == "s2"
    phases.pass_phase(flow, "s1")
    phases.pass_phase(flow, "s2")
    assert phases.next_turn(flow) is None and phases.whose_turn(flow) is None


def test_advancing_past_the_last_phase_starts_the_next_round():
    flow = ROUND.start(["s1", "s2"])
    ROUND.advance(flow)
    ROUND.advance(flow)
    assert (flow["round"], flow["phase"], flow["turn"]) == (2, "gather", None)


def test_a_new_order_starts_from_the_first_player_either_way_round():
    flow = ROUND.start(["s1", "s2", "s3", "s4"])
    phases.set_order(flow, ["s1", "s2", "s3", "s4"], first="s3", clockwise=False)
    assert flow["order"] == ["s3", "s2", "s1", "s4"]


def test_board_regions_hold_pieces_per_side_and_refuse_taking_more_than_there_are():
    areas = board.new_board(["arctic", "pacific"])
    board.place(areas, "arctic", "cthulhu", "cultist", 3)
    board.move(areas, "arctic", "pacific", "cthulhu", "cultist", 2)
    assert board.count(areas, "arctic") == 1 and board.count(areas, side="cthulhu", kind="cultist") == 3
    with pytest.raises(ActionError) as error:
        board.take(areas, "arctic", "cthulhu", "cultist", 2)
    assert error.value.text() == "There are only 1 there."
    board.take(areas, "arctic", "cthulhu", "cultist", 1)
    assert areas["arctic"] == {} and board.sides_in(areas, "pacific") == ["cthulhu"]
    with pytest.raises(ActionError):
        board.place(areas, "atlantis", "cthulhu", "cultist")


def test_taking_none_or_a_negative_number_of_pieces_changes_nothing():
    areas = board.new_board(["arctic"])
    board.take(areas, "arctic", "cthulhu", "cultist", 0)  # a side with nothing there: not an error
    assert areas["arctic"] == {}
    board.place(areas, "arctic", "cthulhu", "cultist", 2)
    with pytest.raises(ActionError) as error:
        board.take(areas, "arctic", "cthulhu", "cultist", -3)  # would have added five
    assert error.value.text() == "At least 0." and board.count(areas, "arctic") == 2


# -- the round as data: on entering, when it ends, what comes next, turn orders --------

def power_round() -> Round:
    """A small round: gather (everyone gets power on entering; over at once), actions in
    turns clockwise from the first player (over when all passed), then a doom phase
    taken in turns by most power first, and the next round."""

    def gather(state):
        for who in state["power"]:
            state["power"][who] += 2

    return Round((
        Phase("gather", "Gather power phase", frozenset(), on_enter=gather, ends_when=lambda state: True,
              order=lambda state: phases.clockwise_from(state["seating"], state["first"])),
        Phase("action", "Action phase", frozenset({"recruit", "pass"}), turns=True),
        Phase("doom", "Doom phase", frozenset({"ritual"}), turns=True,
              order=lambda state: phases.by_value(state["seating"], state["power"].get, highest_first=True),
              next="gather"),
    ))


def a_power_table() -> dict:
    return {"seating": ["a", "b", "c"], "first": "b", "power": {"a": 0, "b": 1, "c": 0},
            "flow": {"round": 1, "phase": "gather", "order": [], "turn": None, "passed": []}}


def test_entering_a_phase_runs_what_it_does_and_a_phase_over_at_once_moves_on():
    rules, state = power_round(), a_power_table()
    rules.enter(state, "gather")
    rules.settle(state)
    assert state["power"] == {"a": 2, "b": 3, "c": 2}
    assert state["flow"]["phase"] == "action" and state["flow"]["order"] == ["b", "c", "a"]
    assert phases.whose_turn(state["flow"]) == "b"


def test_ending_turns_goes_round_and_the_phase_ends_when_every_seat_has_passed():
    rules, state = power_round(), a_power_table()
    rules.enter(state, "gather")
    rules.settle(state)
    rules.end_turn(state, "b")
    assert phases.whose_turn(state["flow"]) == "c"
    with pytest.raises(ActionError) as refusal:
        rules.end_turn(state, "a")
    assert refusal.value.message == phases.NOT_YOUR_TURN
    for who in ("c", "a", "b"):
        rules.end_turn(state, who, passes=True)
    # Doom phase: most power first, ties in seating order.
    assert state["flow"]["phase"] == "doom" and state["flow"]["order"] == ["b", "a", "c"]


def test_after_the_last_phase_next_leads_to_a_new_round_that_runs_its_first_phase_again():
    rules, state = power_round(), a_power_table()
    rules.enter(state, "gather")
    rules.settle(state)
    for who in ("b", "c", "a"):
        rules.end_turn(state, who, passes=True)
    for who in ("b", "a", "c"):
        rules.end_turn(state, who, passes=True)
    assert state["flow"]["round"] == 2 and state["flow"]["phase"] == "action"
    assert state["power"] == {"a": 4, "b": 5, "c": 4}


def test_a_round_whose_phases_all_end_at_once_stops_after_one_lap():
    always_over = Round((Phase("x", "X", ends_when=lambda s: True), Phase("y", "Y", ends_when=lambda s: True)))
    state = {"flow": {"round": 1, "phase": "x", "order": [], "turn": None, "passed": []}}
    always_over.settle(state)
    assert state["flow"]["round"] <= 3


def test_turn_orders_start_from_a_first_player_or_follow_a_value_with_ties_in_seating_order():
    assert phases.clockwise_from(["a", "b", "c", "d"], "c") == ["c", "d", "a", "b"]
    assert phases.clockwise_from(["a", "b", "c", "d"], "c", clockwise=False) == ["c", "b", "a", "d"]
    initiative = {"a": 45, "b": 12, "c": 45, "d": 3}
    assert phases.by_value(["a", "b", "c", "d"], initiative.get) == ["d", "b", "a", "c"]
    assert phases.by_value(["a", "b", "c", "d"], initiative.get, highest_first=True) == ["a", "c", "b", "d"]


def test_a_phase_that_ends_runs_its_exit_before_the_next_begins_and_an_exit_that_ends_the_game_stops_there():
    seen = []
    rules = Round((
        Phase("play", "Play", ends_when=lambda s: s["done"], on_exit=lambda s: seen.append(("exit", s["round"]))),
        Phase("tidy", "Tidy", on_enter=lambda s: (seen.append(("enter", s["round"])), s.update(done=False)),
              ends_when=lambda s: True, next="play"),
        Phase("over", "Over"),
    ), flow_of=lambda state: state)
    # A game keeping its flow in its own state without passes gets none added.
    state = {"round": 1, "phase": "play", "order": [], "turn": None, "done": True}
    rules.settle(state)
    assert seen == [("exit", 1), ("enter", 1)] and "passed" not in state
    assert state["phase"] == "play" and state["round"] == 2
    ending = Round((Phase("play", "Play", ends_when=lambda s: True, on_exit=lambda s: s.update(phase="over")),
                    Phase("tidy", "Tidy", on_enter=lambda s: seen.append("never")), Phase("over", "Over")),
                   flow_of=lambda state: state)
    state = {"round": 1, "phase": "play", "order": [], "turn": None}
    ending.settle(state)
    assert state["phase"] == "over" and "never" not in seen


def test_the_turn_goes_past_a_seat_the_phase_skips_and_stops_when_none_can_play():
    """A seat still in with nothing to do this time round (no token left) is
    passed over, not out: it plays again once it has something to do."""
    tokens = {"a": 1, "b": 0, "c": 1}
    round_ = Round((Phase("turns", "turns", frozenset({"go"}), turns=True, ends_when=lambda state: False,
                          skips=lambda state, who: state["tokens"][who] == 0),))
    state = {"tokens": tokens, "flow": round_.start(["a", "b", "c"])}
    tokens["a"] = 0
    round_.end_turn(state, "a")
    assert phases.whose_turn(state["flow"]) == "c" and state["flow"]["passed"] == []
    tokens["c"], tokens["b"] = 0, 1
    round_.end_turn(state, "c")
    assert phases.whose_turn(state["flow"]) == "b"
    tokens["b"] = 0
    round_.end_turn(state, "b")
    assert state["flow"]["turn"] is None
