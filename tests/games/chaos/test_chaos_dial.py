"""The dial step: one space each with a token; the single most gets one more."""

from companion.games.chaos import data
from companion.games.chaos.dial import advance, dial_steps, threat


def test_every_god_with_a_token_turns_one_space_and_the_single_most_one_more():
    steps, _ = dial_steps({"khorne": 3, "nurgle": 1, "tzeentch": 0, "slaanesh": 2})
    assert steps == {"khorne": 2, "nurgle": 1, "tzeentch": 0, "slaanesh": 1}


def test_a_tie_for_most_dial_tokens_gives_nobody_the_extra_step():
    steps, working = dial_steps({"khorne": 2, "nurgle": 2, "tzeentch": 1, "slaanesh": 0})
    assert steps == {"khorne": 1, "nurgle": 1, "tzeentch": 1, "slaanesh": 0}
    assert any("tie for most" in entry["msg"] for entry in working)


def test_a_lone_god_with_tokens_gets_the_extra_step():
    steps, _ = dial_steps({"khorne": 0, "nurgle": 1, "tzeentch": 0})
    assert steps == {"khorne": 0, "nurgle": 2, "tzeentch": 0}


def test_nobody_turns_without_tokens():
    assert dial_steps({"khorne": 0, "nurgle": 0})[0] == {"khorne": 0, "nurgle": 0}


def test_advancing_lists_the_reward_of_every_space_reached():
    khorne = data.gods()["khorne"]["dial"]
    position, rewards = advance(0, 2, khorne)
    assert position == 2
    assert [reward["kind"] for reward in rewards] == ["vp", "upgrade"]
    assert rewards[0]["amount"] == 4


def test_a_dial_stops_at_victory():
    slaanesh = data.gods()["slaanesh"]["dial"]
    position, rewards = advance(6, 2, slaanesh)
    assert position == slaanesh["victory_at"] == 7
    assert rewards == [{"kind": "victory", "space": 7}]


def test_threat_is_the_number_in_the_window():
    assert threat(0, data.gods()["nurgle"]["dial"]) == 1
    assert threat(3, data.gods()["khorne"]["dial"]) == 14
