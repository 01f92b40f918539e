"""One way to carry a stored state to its game's current shape."""

from __future__ import annotations

import copy
import importlib

import pytest

from companion.kit import schema


def _to_2(state: dict) -> dict:
    """A game's upgrade: schema 1 kept "round" at the top level; 2 keeps it in "flow"."""
    if state.get("schema", 1) < 2:
        state["flow"] = {"round": state.pop("round")}
        state["schema"] = 2
    return state


def test_a_state_stored_before_is_read_upgraded_and_the_stored_one_is_left_as_it_was():
    stored = {"gods": {}, "round": 3}
    read = schema.current(stored, 2, _to_2)
    assert read == {"gods": {}, "flow": {"round": 3}, "schema": 2}
    assert stored == {"gods": {}, "round": 3}


def test_a_state_of_the_current_shape_is_read_as_it_is():
    state = {"gods": {}, "flow": {"round": 1}, "schema": 2}
    assert schema.current(state, 2, _to_2) is state


def test_a_state_without_a_schema_number_counts_as_schema_1():
    def refuse(state):
        raise AssertionError("upgraded")

    assert schema.current({"round": 1}, 2, _to_2)["schema"] == 2
    assert schema.current({"round": 1}, 1, refuse) == {"round": 1}


def test_an_export_has_its_initial_and_final_states_upgraded_and_its_log_left_alone():
    export = {"game": "g", "initial": {"gods": {}, "round": 1}, "state": {"gods": {}, "round": 4},
              "actions": [{"type": "pass", "payload": {"round": 1}}]}
    actions = copy.deepcopy(export["actions"])
    upgraded = schema.upgrade_export(export, _to_2, "gods")
    assert upgraded["initial"] == {"gods": {}, "flow": {"round": 1}, "schema": 2}
    assert upgraded["state"] == {"gods": {}, "flow": {"round": 4}, "schema": 2}
    assert upgraded["actions"] == actions


def test_an_export_part_that_is_not_the_games_state_is_left_for_the_import_to_refuse():
    export = {"initial": {"round": 1}, "state": ["gods"]}
    assert schema.upgrade_export(copy.deepcopy(export), _to_2, "gods") == export


def test_an_export_without_a_final_state_has_its_initial_one_upgraded():
    export = schema.upgrade_export({"initial": {"gods": {}, "round": 1}}, _to_2, "gods")
    assert export == {"initial": {"gods": {}, "flow": {"round": 1}, "schema": 2}}


def _flow(state: dict) -> dict:
    state["flow"] = {"round": state.pop("round")}
    return state


def _passed(state: dict) -> dict:
    state["flow"]["passed"] = []
    return state


def test_stepwise_upgrades_run_in_order_from_the_states_schema_each_numbered_after():
    upgrade = schema.stepwise((_flow, _passed))
    assert upgrade({"round": 2}) == {"flow": {"round": 2, "passed": []}, "schema": 3}
    # A schema 2 state takes only the second step; a current one none.
    assert upgrade({"flow": {"round": 2}, "schema": 2}) == {"flow": {"round": 2, "passed": []}, "schema": 3}
    assert upgrade({"flow": {}, "schema": 3}) == {"flow": {}, "schema": 3}


def test_an_export_whose_final_state_is_not_kept_is_left_for_its_log_to_replay():
    upgrade = schema.stepwise((_flow,))
    export = {"initial": {"gods": {}, "round": 1}, "state": {"gods": {}, "round": 4}}
    upgraded = schema.upgrade_export(export, upgrade, "gods", kept=lambda state: state.get("schema", 1) >= 2)
    assert upgraded == {"initial": {"gods": {}, "flow": {"round": 1}, "schema": 2}}
    current = {"initial": {"gods": {}, "flow": {"round": 1}, "schema": 2},
               "state": {"gods": {}, "flow": {"round": 4}, "schema": 2}}
    assert schema.upgrade_export(copy.deepcopy(current), upgrade, "gods",
                                 kept=lambda state: state.get("schema", 1) >= 2) == current


@pytest.mark.parametrize("module", ["companion.games.chaos.state", "companion.games.the_others.state",
                                    "companion.games.cthulhu_wars.state", "companion.games.gloomhaven.state",
                                    "companion.games.gloomhaven.campaign.state"])
def test_each_games_schema_number_is_one_past_its_upgrade_steps(module):
    state = importlib.import_module(module)
    assert state.SCHEMA == len(state.STEPS) + 1
