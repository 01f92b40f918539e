"""The end checks, in the rulebook's order; the first that holds ends the game."""

from companion.games.chaos.endgame import end_check


def gods(**values):
    """god=(vp, threat, at_victory)"""
    return {god: {"vp": vp, "threat": threat, "at_victory": won} for god, (vp, threat, won) in values.items()}


def check(table, ruined=0, left=3):
    return end_check(table, ruined, left, vp_to_win=50, ruins_to_end=5)


def test_the_game_goes_on_when_nothing_holds():
    assert check(gods(khorne=(49, 10, False), nurgle=(20, 5, False))) is None


def test_a_dial_victory_comes_before_fifty_vp():
    result = check(gods(khorne=(60, 10, False), slaanesh=(12, 27, True)), ruined=5, left=0)
    assert (result["reason"], result["winners"]) == ("dial", ["slaanesh"])


def test_two_dials_at_victory_the_most_vp_wins_and_a_tie_shares():
    assert check(gods(khorne=(30, 3, True), nurgle=(31, 1, True)))["winners"] == ["nurgle"]
    assert check(gods(khorne=(30, 3, True), nurgle=(30, 1, True)))["winners"] == ["khorne", "nurgle"]


def test_exactly_fifty_vp_ends_the_game():
    result = check(gods(khorne=(50, 10, False), nurgle=(20, 5, False)))
    assert (result["reason"], result["winners"]) == ("vp", ["khorne"])


def test_fifty_vp_tie_goes_to_the_highest_threat():
    result = check(gods(khorne=(52, 10, False), nurgle=(52, 13, False), tzeentch=(51, 30, False)))
    assert result["winners"] == ["nurgle"]


def test_fifty_vp_comes_before_five_ruined_regions():
    assert check(gods(khorne=(55, 10, False), nurgle=(58, 5, False)), ruined=5)["reason"] == "vp"


def test_five_ruined_regions_most_vp_then_threat_wins():
    result = check(gods(khorne=(30, 10, False), nurgle=(30, 13, False), tzeentch=(12, 29, False)), ruined=5)
    assert (result["reason"], result["winners"]) == ("ruin", ["nurgle"])


def test_ruin_comes_before_the_empty_old_world_deck():
    assert check(gods(khorne=(30, 10, False)), ruined=5, left=0)["reason"] == "ruin"


def test_an_empty_old_world_deck_means_everyone_loses():
    result = check(gods(khorne=(49, 10, False), nurgle=(20, 5, False)), ruined=4, left=0)
    assert (result["reason"], result["winners"]) == ("old_world", [])
