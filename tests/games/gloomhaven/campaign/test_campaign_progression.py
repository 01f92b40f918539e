"""Levels, perks, prosperity, reputation prices, starting gold, small items
and donations, against the campaign facts."""

import pytest

from companion.games.gloomhaven.campaign import progression


@pytest.mark.parametrize("level, threshold",
                         [(2, 45), (3, 95), (4, 150), (5, 210), (6, 275), (7, 345), (8, 420), (9, 500)])
def test_each_level_starts_at_its_experience_threshold(level, threshold):
    assert progression.level_for(threshold) == level
    assert progression.level_for(threshold - 1) == level - 1
    assert progression.min_experience(level) == threshold


def test_level_nine_is_the_maximum_however_much_experience():
    assert progression.level_for(0) == 1
    assert progression.level_for(5000) == 9
    assert progression.next_threshold(9) is None
    assert progression.next_threshold(1) == 45


@pytest.mark.parametrize("checks, perks", [(0, 0), (2, 0), (3, 1), (5, 1), (6, 2), (17, 5), (18, 6), (30, 6)])
def test_checkmark_perks_are_one_per_three_capped_at_six(checks, perks):
    assert progression.checkmark_perks(checks) == perks


def test_perks_add_levels_checkmarks_and_retirements():
    total, working = progression.perk_allowance(level=4, checkmarks=20, retirements=2)
    assert total == 3 + 6 + 2
    assert [line[1]["n"] for line in working] == [3, 6, 2]


@pytest.mark.parametrize("checks, level", [(0, 1), (3, 1), (4, 2), (8, 2), (9, 3), (15, 4), (22, 5), (30, 6), (39, 7),
                                           (50, 8), (63, 8), (64, 9), (90, 9)])
def test_prosperity_levels_follow_the_second_printing(checks, level):
    assert progression.prosperity_level(checks) == level
    assert progression.prosperity_level(checks, "second") == level


@pytest.mark.parametrize("checks, level", [(0, 1), (4, 1), (5, 2), (9, 2), (10, 3), (16, 4), (22, 4), (23, 5), (31, 6),
                                           (39, 6), (40, 7), (51, 8), (64, 8), (65, 9), (90, 9)])
def test_prosperity_levels_follow_the_first_printing_when_chosen(checks, level):
    assert progression.prosperity_level(checks, "first") == level


@pytest.mark.parametrize("reputation, change", [(-20, 5), (-19, 5), (-18, 4), (-15, 4), (-14, 3), (-11, 3), (-10, 2),
                                                (-7, 2), (-6, 1), (-3, 1), (-2, 0), (0, 0), (2, 0), (3, -1), (6, -1),
                                                (7, -2), (10, -2), (11, -3), (14, -3), (15, -4), (18, -4), (19, -5),
                                                (20, -5)])
def test_reputation_price_bands(reputation, change):
    assert progression.price_change(reputation) == change


@pytest.mark.parametrize("level, gold", [(1, 30), (2, 45), (5, 90), (9, 150)])
def test_new_characters_start_with_fifteen_times_level_plus_one_gold(level, gold):
    assert progression.starting_gold(level) == gold


@pytest.mark.parametrize("level, small", [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3), (7, 4), (8, 4), (9, 5)])
def test_small_items_are_half_the_level_rounded_up(level, small):
    assert progression.small_item_limit(level) == small


@pytest.mark.parametrize("gold, prosperity", [(90, 0), (100, 1), (140, 1), (150, 2), (400, 7), (450, 7), (500, 8),
                                              (1000, 13), (1200, 13)])
def test_donations_give_prosperity_at_100_and_each_milestone(gold, prosperity):
    assert progression.donation_prosperity(gold) == prosperity


def test_the_donations_working_says_past_the_last_milestone_is_unconfirmed():
    from companion.games.gloomhaven.campaign import state as campaign_state
    from companion.games.gloomhaven.campaign import view as campaign_view
    campaign = campaign_state.new_campaign("Lanterns")
    campaign["donated"] = 1000
    assert len(campaign_view.city(campaign)["donation_working"]) == 1
    campaign["donated"] = 1010
    past = campaign_view.city(campaign)["donation_working"][1]
    assert "unconfirmed" in past[0] and past[1] == {"gold": 1000}
    assert progression.donation_prosperity(1010) == progression.donation_prosperity(1000)
