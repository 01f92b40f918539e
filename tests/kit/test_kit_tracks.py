"""Tracks and dials: bounds, steps, labelled spaces and the spaces passed on the way."""

from __future__ import annotations

import pytest

from companion.kit import counters, tracks
from companion.rules import ActionError

DOOM = {"10": {"label": "Ten", "effect": "x"}, "12": {"label": "Twelve", "effect": "y"}}


def doom() -> dict:
    return tracks.new_track("doom", "Doom", 0, 30, spaces=DOOM)


def test_a_new_track_starts_at_its_start_or_its_lowest_value():
    assert doom()["value"] == 0
    assert tracks.new_track("p", "Power", 0, 20, start=5)["value"] == 5


@pytest.mark.parametrize("args", [("", 0, 5), ("X", 5, 0), ("X", 0, 5, 6), ("X", 0, 5, None, 0), ("X", "a", 5)])
def test_an_impossible_track_is_refused(args):
    with pytest.raises(ActionError):
        tracks.new_track("t", *args)


def test_moving_past_an_end_is_refused_naming_the_track_and_the_bound_and_changes_nothing():
    track = doom()
    with pytest.raises(ActionError) as error:
        tracks.move_by(track, 31)
    assert error.value.text() == "Doom can't go above 30." and error.value.field == "delta"
    assert track["value"] == 0


def test_clamping_stops_at_the_end():
    track = doom()
    tracks.move_by(track, 50, clamp=True)
    assert track["value"] == 30


def test_the_labelled_spaces_reached_or_passed_are_returned_in_order():
    track = doom()
    assert [s["space"] for s in tracks.move_to(track, 13)] == [10, 12]
    assert [s["space"] for s in tracks.move_to(track, 9)] == [12, 10]
    assert tracks.move_to(track, 11) == [{"space": 10, "label": "Ten", "effect": "x"}]  # 10 passed going up


def test_the_current_space_and_the_effects_that_add_up():
    track = doom()
    tracks.move_to(track, 12)
    assert tracks.space(track)["label"] == "Twelve"
    assert [s["space"] for s in tracks.effects_up_to(track)] == [10, 12]


def test_check_track_finds_a_value_out_of_bounds():
    track = doom()
    track["value"] = 31
    with pytest.raises(ValueError):
        tracks.check_track(track)


def test_each_seat_keeps_its_own_counters_within_bounds():
    specs = [{"id": "vp", "name": "VP", "min": 0, "max": 99, "start": 0, "step": 1}]
    values = {}
    counters.add_seat(specs, values, "s1")
    counters.add_seat(specs, values, "s2")
    counters.adjust(specs, values, "s1", "vp", 5)
    assert values == {"s1": {"vp": 5}, "s2": {"vp": 0}}
    with pytest.raises(ActionError) as error:
        counters.set_value(specs, values, "s2", "vp", 100)
    assert error.value.field == "value"
    with pytest.raises(ActionError):
        counters.adjust(specs, values, "s9", "vp", 1)
    counters.reset(specs, values)
    assert values["s1"]["vp"] == 0
    counters.check_counters(specs, values)
