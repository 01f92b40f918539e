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
