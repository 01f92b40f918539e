"""The hero's corruption track with its wound tokens, and the apocalypse track."""

from __future__ import annotations

import pytest

from companion.games.the_others import apocalypse, corruption
from companion.rules import ActionError


def track(level, wounds=()):
    return {"corruption": level, "wounds": list(wounds)}


def test_a_hero_starts_at_corruption_1_without_wounds():
    assert corruption.new_hero_track() == {"corruption": 1, "wounds": []}


def test_voluntary_corruption_from_1_to_2_lends_one_die():
    new, bonus = corruption.voluntary(track(1))
    assert new["corruption"] == 2
    assert bonus == {"dice": 1, "defense": 0, "hit": 0, "choice": 0}


def test_voluntary_corruption_from_4_to_5_lends_every_bonus_to_its_left():
    _, bonus = corruption.voluntary(track(4))
    assert bonus == {"dice": 2, "defense": 1, "hit": 1, "choice": 0}


def test_wound_tokens_hide_the_bonuses_they_cover():
    # The rulebook's example: 4 wounds placed, voluntary 4 -> 5 still gives +1 die and +1 defense.
    _, bonus = corruption.voluntary(track(4, [1, 2, 4, 6]))
    assert bonus == {"dice": 1, "defense": 1, "hit": 0, "choice": 0}


def test_level_7_gives_one_result_of_choice():
    _, bonus = corruption.voluntary(track(6))
    assert bonus == {"dice": 2, "defense": 1, "hit": 3, "choice": 1}


def test_no_voluntary_corruption_at_maximum():
    with pytest.raises(ActionError) as error:
        corruption.voluntary(track(7))
    assert error.value.field == "voluntary"


def test_forced_corruption_moves_right_and_turns_into_wounds_at_7():
    new, overflow, reached = corruption.force(track(5), 3)
    assert (new["corruption"], overflow, reached) == (7, 1, True)
    new, overflow, reached = corruption.force(track(7), 2)
    assert (new["corruption"], overflow, reached) == (7, 2, False)


def test_repent_lowers_corruption_but_not_below_1():
    assert corruption.repent(track(3))["corruption"] == 2
    with pytest.raises(ActionError):
        corruption.repent(track(1))


def test_wound_tokens_go_on_free_slots_of_the_players_choice_and_the_fifth_kills():
    new, dead = corruption.place_wounds(track(1), [1, 5])
    assert (new["wounds"], dead) == ([1, 5], False)
    with pytest.raises(ActionError) as error:
        corruption.place_wounds(new, [5])
    assert error.value.field == "slots"
    new, dead = corruption.place_wounds(new, [2, 3, 4])
    assert dead is True and len(new["wounds"]) == 5


@pytest.mark.parametrize("slot", [0, 8, True, "2"])
def test_a_wound_slot_must_be_a_level(slot):
    with pytest.raises(ActionError):
        corruption.place_wounds(track(1), [slot])


def test_healing_removes_the_chosen_token_only():
    assert corruption.heal(track(2, [1, 4, 6]), 4)["wounds"] == [1, 6]
    with pytest.raises(ActionError):
        corruption.heal(track(2, [1]), 3)


def test_apocalypse_track_reveals_cards_at_1_3_and_5_and_stops_at_7():
    level, reached = apocalypse.advance(0, 3)
    assert (level, reached) == (3, [1, 2, 3])
    assert apocalypse.cards_on_reaching(reached) == 2
    level, reached = apocalypse.advance(6, 3)
    assert (level, reached) == (7, [7])
    assert apocalypse.advance(7)[0] == 7


def test_apocalypse_effects_are_cumulative():
    assert (apocalypse.extra_summons(1), apocalypse.extra_summons(2), apocalypse.extra_summons(7)) == (0, 1, 1)
    assert (apocalypse.extra_reaction_tokens(3), apocalypse.extra_reaction_tokens(4)) == (0, 1)
    assert (apocalypse.extra_fight_dice(5), apocalypse.extra_fight_dice(6)) == (0, 1)
    assert apocalypse.round_end_harm(6) == {"wounds": 0, "corruption": 0}
    assert apocalypse.round_end_harm(7) == {"wounds": 2, "corruption": 2}
    assert [entry["level"] for entry in apocalypse.active_levels(4)] == [1, 2, 3, 4]
