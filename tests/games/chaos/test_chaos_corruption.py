"""Corruption placement, the ruin check and the corruption-phase dial tokens."""

from chaos_helpers import GODS, card, region
from companion.games.chaos import data
from companion.games.chaos.corruption import corrupt_region, earns_dial_token

CONDITIONS = {god: g["dial_condition"] for god, g in data.gods().items()}
CARDS = data.ruination()["cards"]


def corrupt(place, populous=False, cards=CARDS):
    return corrupt_region(place, GODS, CONDITIONS, populous, cards, 12)


def test_each_cultist_places_one_token_of_its_controllers_god():
    place = region(figures={"nurgle": {"cultist": 2, "warrior": 3}, "tzeentch": {"cultist": 1}},
                   control=[{"owner": "tzeentch", "unit": "cultist", "controller": "khorne"}])
    result = corrupt(place)
    assert result["placed"] == {"khorne": 1, "nurgle": 2, "tzeentch": 0, "slaanesh": 0}


def test_twelve_tokens_counting_warpstone_ruin_the_region():
    # 8 corruption already + 2 warpstone + 2 placed now = 12.
    place = region(corruption={"khorne": 8}, warpstone=2, figures={"slaanesh": {"cultist": 2}})
    result = corrupt(place)
    assert result["total"] == 12 and result["ruined"]
    assert result["card"] == 1


def test_eleven_tokens_do_not_ruin():
    place = region(corruption={"khorne": 8}, warpstone=1, figures={"slaanesh": {"cultist": 2}})
    assert not corrupt(place)["ruined"]


def test_ruiners_are_the_gods_that_placed_in_this_step_and_score_the_top_card():
    place = region(corruption={"khorne": 10}, figures={"nurgle": {"cultist": 1}, "tzeentch": {"cultist": 1}})
    result = corrupt(place, cards=CARDS[2:])  # card 3 is on top
    assert result["card"] == 3
    assert result["ruiners"] == ["nurgle", "tzeentch"]  # Khorne placed nothing now
    assert result["ruiners_vp"] == CARDS[2]["ruiners"]


def test_no_ruin_once_the_ruination_cards_have_run_out():
    place = region(corruption={"khorne": 11}, figures={"nurgle": {"cultist": 1}})
    result = corrupt(place, cards=[])
    assert result["total"] == 12 and not result["ruined"] and result["ruiners"] == []


def test_nurgle_needs_two_tokens_in_a_populous_region():
    assert earns_dial_token(CONDITIONS["nurgle"], 2, region(), populous=True)
    assert not earns_dial_token(CONDITIONS["nurgle"], 1, region(), populous=True)
    assert not earns_dial_token(CONDITIONS["nurgle"], 3, region(), populous=False)


def test_tzeentch_needs_two_tokens_where_magic_and_warpstone_make_two():
    one_each = region(warpstone=1, slots=[card("slaanesh", magic=1), None])
    assert earns_dial_token(CONDITIONS["tzeentch"], 2, one_each, False)
    assert not earns_dial_token(CONDITIONS["tzeentch"], 2, region(warpstone=1), False)
    assert earns_dial_token(CONDITIONS["tzeentch"], 2, region(warpstone=2), False)
    assert not earns_dial_token(CONDITIONS["tzeentch"], 1, region(warpstone=2), False)


def test_slaanesh_needs_two_tokens_where_a_hero_or_noble_is():
    assert earns_dial_token(CONDITIONS["slaanesh"], 2, region(heroes=1), False)
    assert earns_dial_token(CONDITIONS["slaanesh"], 2, region(nobles=1), False)
    assert not earns_dial_token(CONDITIONS["slaanesh"], 2, region(), False)
    assert not earns_dial_token(CONDITIONS["slaanesh"], 1, region(nobles=1), False)


def test_khorne_earns_nothing_in_the_corruption_phase():
    assert not earns_dial_token(CONDITIONS["khorne"], 5, region(heroes=1, warpstone=3), True)


def test_the_dial_tokens_of_a_region_are_listed_by_god():
    place = region(nobles=1, figures={"slaanesh": {"cultist": 2}, "nurgle": {"cultist": 2}})
    assert corrupt(place, populous=True)["dial_tokens"] == ["nurgle", "slaanesh"]
