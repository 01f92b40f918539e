"""Ruination scoring: warpstone never counts; ties split and round down."""

from companion.games.chaos.ruination import score_ruination


def test_first_and_second_most_corruption_score():
    assert score_ruination({"khorne": 6, "nurgle": 4, "tzeentch": 2}, 8, 4)["vp"] == {"khorne": 8, "nurgle": 4}


def test_a_lone_god_gets_no_second_place():
    assert score_ruination({"khorne": 12, "nurgle": 0}, 8, 4)["vp"] == {"khorne": 8}


def test_a_tie_for_most_splits_first_plus_second_rounded_down_and_nobody_else_scores():
    # (7 + 3) / 3 = 3.33 -> 3 each; Slaanesh, with fewer, scores nothing.
    result = score_ruination({"khorne": 4, "nurgle": 4, "tzeentch": 4, "slaanesh": 1}, 7, 3)
    assert result["vp"] == {"khorne": 3, "nurgle": 3, "tzeentch": 3}


def test_a_two_way_tie_for_most_splits_evenly():
    assert score_ruination({"khorne": 5, "nurgle": 5, "slaanesh": 2}, 8, 4)["vp"] == {"khorne": 6, "nurgle": 6}


def test_a_tie_for_second_splits_second_rounded_down():
    # second place 5 between two: 2 each (2.5 rounded down).
    result = score_ruination({"khorne": 7, "nurgle": 3, "tzeentch": 3}, 11, 5)
    assert result["vp"] == {"khorne": 11, "nurgle": 2, "tzeentch": 2}


def test_nobody_scores_without_corruption():
    assert score_ruination({"khorne": 0}, 8, 4)["vp"] == {}


def test_warpstone_is_not_counted_here():
    # The scoring sees corruption only; a region ruined by 9 corruption + 3
    # warpstone scores on the 9 (callers pass corruption, never warpstone).
    result = score_ruination({"nurgle": 5, "tzeentch": 4}, 8, 4)
    assert result["vp"] == {"nurgle": 8, "tzeentch": 4}
