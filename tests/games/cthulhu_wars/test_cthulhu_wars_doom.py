"""The doom phase: ritual costs per track, elder signs per Great Old One, the end check."""

import pytest

from companion.games.cthulhu_wars import data, doom
from companion.rules import ActionError


def faction(**changes):
    base = {"power": 10, "doom": 0, "spellbooks": [], "counts": {"gates": 2},
            "great_old_ones": {"cthulhu": "pool"}}
    return {**base, **changes}


@pytest.mark.parametrize("players, costs", [
    (3, [5, 6, 7, 8, 9, 10, 10]),
    (4, [5, 6, 7, 7, 8, 8, 9, 10, 10]),
])
def test_each_track_costs_what_its_spaces_say_and_instant_death_costs_10(players, costs):
    track = data.ritual_track(players)
    assert [doom.ritual_cost(track, marker) for marker in range(len(track))] == costs
    assert doom.on_instant_death(track, len(track) - 1)


def test_the_marker_stays_on_instant_death():
    track = data.ritual_track(3)
    assert doom.advance_marker(track, 5) == 6
    assert doom.advance_marker(track, 6) == 6


def test_a_ritual_gives_doom_by_gates_and_a_sign_per_great_old_one_in_play_submerged_too():
    gc = faction(great_old_ones={"cthulhu": "submerged"})
    assert doom.ritual_gains(gc) == {"doom": 2, "elder_signs": 1}
    ys = faction(great_old_ones={"king_in_yellow": "map", "hastur": "map"}, counts={"gates": 0})
    assert doom.ritual_gains(ys) == {"doom": 0, "elder_signs": 2}


def test_a_ritual_needs_the_power_and_is_decided_once():
    with pytest.raises(ActionError):
        doom.check_ritual(faction(power=4), 5, False)
    with pytest.raises(ActionError):
        doom.check_ritual(faction(), 5, False, decided=True)
    doom.check_ritual(faction(power=5), 5, False)


def test_the_great_old_one_setting_refuses_a_ritual_without_one_unless_six_books():
    with pytest.raises(ActionError):
        doom.check_ritual(faction(), 5, True)
    doom.check_ritual(faction(spellbooks=list("abcdef")), 5, True)
    doom.check_ritual(faction(great_old_ones={"cthulhu": "map"}), 5, True)


def test_the_game_ends_at_30_doom_or_20_with_two_players_or_on_instant_death():
    # The seed says both "超过末日表上30格" (past 30) and "达到30+" / "是否有人到30"
    # (the FAQ and the player aid); the two later ones agree: 30 itself ends it.
    track = data.ritual_track(3)
    assert not doom.game_over({"a": 29, "b": 3}, 3, track, 0)
    assert doom.game_over({"a": 30, "b": 3}, 3, track, 0)
    assert doom.game_over({"a": 20}, 2, data.ritual_track(2), 0)
    assert not doom.game_over({"a": 19}, 2, data.ritual_track(2), 0)
    assert doom.game_over({"a": 0}, 3, track, 6)
