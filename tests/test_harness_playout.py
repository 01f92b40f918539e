"""The shared random playout (tests/harness.playout) catches what it promises
to catch: a leaked secret, a state its log doesn't replay, a failure other
than a refusal; and the same seed plays the same game."""

from __future__ import annotations

import random

import pytest

from companion.games.tally.rules import RULES
from tests import harness

OPTIONS = {"tracks": "Doom 0..30", "counters": "VP 0..99"}
SEATS = (("Ann", "player"), ("Bob", "player"))


def table() -> harness.Table:
    return harness.Table(RULES, OPTIONS, SEATS, seed="harness")


def test_the_same_seed_plays_the_same_game():
    first = harness.playout(table(), random.Random(4), steps=40, pick=harness.any_seat(host=True), undo=0.1)
    second = harness.playout(table(), random.Random(4), steps=40, pick=harness.any_seat(host=True), undo=0.1)
    assert first.table.log == second.table.log and first.done == second.done and first.undone == second.undone


def test_a_view_showing_another_seats_note_fails_the_playout(monkeypatch):
    leaky = table()
    monkeypatch.setattr(leaky, "view", lambda who: {"all": leaky.state["secrets"]})
    leaky.act("Bob", "note.set", text="the key is under the mat")
    with pytest.raises(AssertionError):
        harness.playout(leaky, random.Random(1), steps=5, secrets=harness.no_view_holds_another_seats_secret())


def test_a_state_its_log_does_not_replay_fails_the_playout():
    drifting = table()
    drifting.state["tracks"][0]["value"] = 7  # not through an action: the replay disagrees
    with pytest.raises(AssertionError):
        harness.playout(drifting, random.Random(1), steps=1)


def test_until_stops_the_playout_and_says_so():
    result = harness.playout(table(), random.Random(2), steps=100,
                             until=lambda t: t.state["tracks"][0]["value"] >= 2 or len(t.log) > 50)
    assert result.ended and result.steps < 100


def test_free_text_an_open_choice_leaves_out_is_filled_in_realistically():
    filled = harness.realistic_values(table(), "track.add", {"min": 0, "max": 9})
    assert filled["name"] in harness.TEXTS and filled["min"] == 0
