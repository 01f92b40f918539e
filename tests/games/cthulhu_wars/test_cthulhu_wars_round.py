"""The round in the seed's order, through the table type's rules."""

import pytest

from companion.rules import ActionError
from cthulhu_support import Table, give_turn


def test_set_up_puts_six_cultists_and_a_gate_for_each_faction_and_the_marker_on_the_leftmost_space():
    table = Table()
    state = table.state
    assert table.shown["phase"] == "gather" and table.shown["round"] == 1
    assert state["map"] == "earth_3p" and state["ritual"] == {"track": [5, 6, 7, 8, 9, 10, None], "marker": 0}
    for faction in state["factions"].values():
        assert (faction["power"], faction["doom"],
                faction["counts"]["cultists"], faction["counts"]["gates"]) == (0, 0, 6, 1)
    assert state["secrets"]["bag"] == {"1": 18, "2": 12, "3": 6}


def test_four_players_use_a_17_area_map():
    table = Table(("great_cthulhu", "crawling_chaos", "black_goat", "yellow_sign"))
    assert table.state["map"] == "earth_4p_west3_east5"
    assert table.state["ritual"]["track"] == [5, 6, 7, 7, 8, 8, 9, 10, None]


def test_round_one_gathers_8_each_great_cthulhu_goes_first_and_skips_the_doom_phase():
    table = Table()
    table.act("black_goat", "power.gather")
    assert {f: x["power"] for f, x in table.state["factions"].items()} == {
        "great_cthulhu": 8, "crawling_chaos": 8, "black_goat": 8}
    assert table.shown["turn"] == "great_cthulhu" and table.shown["step"] == "choose_direction"
    with pytest.raises(ActionError):
        table.act("black_goat", "direction.choose", direction="clockwise")
    table.act("great_cthulhu", "direction.choose", direction="counterclockwise")
    assert table.shown["phase"] == "action"
    assert table.shown["order"] == ["great_cthulhu", "black_goat", "crawling_chaos"]


def test_the_action_phase_refuses_what_it_does_not_allow():
    table = Table()
    table.to_action_phase()
    with pytest.raises(ActionError):
        table.act("great_cthulhu", "ritual.perform")
    with pytest.raises(ActionError):
        table.act("crawling_chaos", "recruit")  # not their turn


def test_one_action_per_turn_then_free_actions_then_the_turn_passes():
    table = Table()
    table.to_action_phase()
    table.act("great_cthulhu", "abandoned.set", value=1)  # an abandoned gate on the map
    table.act("great_cthulhu", "move", units=2)
    assert table.faction("great_cthulhu")["power"] == 6
    with pytest.raises(ActionError):
        table.act("great_cthulhu", "recruit")
    table.act("great_cthulhu", "gate.control")  # free
    assert table.faction("great_cthulhu")["counts"]["gates"] == 2 and table.faction("great_cthulhu")["power"] == 6
    table.act("great_cthulhu", "turn.end")
    assert table.shown["turn"] == "crawling_chaos"


def test_at_0_power_nothing_not_even_a_free_action_and_the_turn_passes_by_itself():
    table = Table()
    table.to_action_phase()
    table.act("great_cthulhu", "move", units=8)
    assert table.shown["turn"] == "crawling_chaos"
    table.act("crawling_chaos", "abandoned.set", value=1)  # an abandoned gate on the map
    table.arrange(give_turn("great_cthulhu"))
    with pytest.raises(ActionError, match="0 power"):
        table.act("great_cthulhu", "gate.control")


def test_passing_drops_power_to_0_and_the_phase_ends_when_all_are_at_0():
    table = Table()
    table.to_action_phase()
    table.act("great_cthulhu", "pass")
    assert table.faction("great_cthulhu")["power"] == 0
    table.spend_all()
    assert table.shown["phase"] == "gather" and table.shown["round"] == 2


def test_round_two_the_most_power_goes_first_and_the_doom_phase_adds_doom_by_gates():
    table = Table()
    table.to_action_phase()
    table.act("great_cthulhu", "gate.build")
    table.act("great_cthulhu", "turn.end")
    table.spend_all()
    table.act("black_goat", "power.gather")
    assert table.faction("great_cthulhu")["power"] == 10  # 6 cultists + 2 gates
    assert table.shown["first_player"] == "great_cthulhu"
    table.act("great_cthulhu", "direction.choose", direction="clockwise")
    assert table.shown["phase"] == "doom" and table.shown["step"] == "rituals"
    assert table.faction("great_cthulhu")["doom"] == 2 and table.faction("black_goat")["doom"] == 1


def test_a_tie_for_most_power_lets_the_previous_first_player_choose():
    table = Table()
    table.to_action_phase()
    table.spend_all()
    table.act("black_goat", "power.gather")
    assert table.shown["step"] == "choose_first" and table.shown["turn"] == "great_cthulhu"
    assert table.shown["candidates"] == ["great_cthulhu", "crawling_chaos", "black_goat"]
    with pytest.raises(ActionError):
        table.act("black_goat", "first_player.choose", faction="black_goat")
    table.act("great_cthulhu", "first_player.choose", faction="black_goat")
    assert table.shown["turn"] == "black_goat" and table.shown["step"] == "choose_direction"


def doom_phase(table):
    table.to_action_phase()
    table.spend_all()
    table.act("black_goat", "power.gather")
    table.act("great_cthulhu", "first_player.choose", faction="great_cthulhu")
    table.act("great_cthulhu", "direction.choose", direction="clockwise")


def test_a_ritual_pays_the_cost_moves_the_marker_and_doubles_doom_by_gates():
    table = Table()
    doom_phase(table)
    table.act("great_cthulhu", "ritual.perform")
    gc = table.faction("great_cthulhu")
    assert (gc["power"], gc["doom"], table.state["ritual"]["marker"]) == (3, 2, 1)
    assert gc["elder_signs"] == 0  # no Great Old One in play
    table.act("crawling_chaos", "ritual.perform")
    assert table.faction("crawling_chaos")["power"] == 2  # paid 6
    table.act("black_goat", "ritual.skip")
    assert table.shown["step"] == "events"


def test_a_ritual_draws_one_secret_elder_sign_per_great_old_one_in_play():
    table = Table()
    doom_phase(table)
    table.act("great_cthulhu", "great_old_one.set", great_old_one="cthulhu", where="submerged")
    action = table.act("great_cthulhu", "ritual.perform")
    assert len(action.payload["drawn"]) == 1
    assert table.signs("great_cthulhu") == action.payload["drawn"]
    assert table.faction("great_cthulhu")["elder_signs"] == 1
    assert table.state["elder_signs_left"] == 35


def test_the_ritual_can_be_decided_only_once_and_only_on_your_turn():
    table = Table()
    doom_phase(table)
    with pytest.raises(ActionError):
        table.act("black_goat", "ritual.perform")
    table.act("great_cthulhu", "ritual.skip")
    table.arrange(give_turn("great_cthulhu"))
    with pytest.raises(ActionError):
        table.act("great_cthulhu", "ritual.perform")


def test_after_events_in_turn_order_the_action_phase_begins():
    table = Table()
    doom_phase(table)
    for faction in ("great_cthulhu", "crawling_chaos", "black_goat"):
        table.act(faction, "ritual.skip")
    for faction in ("great_cthulhu", "crawling_chaos", "black_goat"):
        assert table.shown["turn"] == faction
        table.act(faction, "events.done")
    assert table.shown["phase"] == "action" and table.shown["turn"] == "great_cthulhu"
