"""data/chaos/ against the reference it was converted from, and against the
rulebook where the rulebook speaks."""

import json

import pytest

from companion import PACKAGE_DIR
from companion.games.chaos import data
from companion.games.chaos.convert import build as convert

# In CI the reference sits at ../shared/ref/ beside the checkout; a worktree
# may be one level deeper.
REFERENCE = next(
    (folder / "shared" / "ref" / "chaos-in-the-old-world" for folder in PACKAGE_DIR.parents
     if (folder / "shared" / "ref" / "chaos-in-the-old-world").is_dir()),
    PACKAGE_DIR.parent.parent / "shared" / "ref" / "chaos-in-the-old-world",
)
needs_reference = pytest.mark.skipif(
    not (REFERENCE / "data.json").is_file(),
    reason="the reference folder (../shared/ref/chaos-in-the-old-world) is not beside this checkout",
)


@pytest.fixture(scope="module")
def source():
    with open(REFERENCE / "data.json", encoding="utf-8") as handle:
        return json.load(handle)


@needs_reference
def test_the_committed_data_equals_a_fresh_conversion(tmp_path):
    assert convert.main(["--reference", str(REFERENCE), "--out", str(tmp_path)]) == 0
    for name in convert.OUT_FILES:
        converted = (tmp_path / name).read_text(encoding="utf-8")
        assert converted == (data.data_folder() / name).read_text(encoding="utf-8"), name


@needs_reference
def test_every_region_keeps_its_resistance_populous_flag_and_neighbours(source):
    for region in source["regions"]:
        ours = data.regions()[region["id"]]
        assert ours["resistance"] == ours["conquest"] == region["resistance"]
        assert ours["populous"] is region["populous"]
        assert ours["adjacent"] == sorted(region["adjacent"])
        assert ours["order"] == region["region_order"]


@needs_reference
def test_every_god_keeps_its_power_units_and_dial(source):
    for god in source["gods"]:
        ours = data.gods()[god["id"]]
        assert ours["power"] == god["power_per_round"]
        assert [(u["id"], u["count"], u["cost"], u["attack"], u["defense"]) for u in ours["units"]] == [
            (u["id"], u["count"], u["cost"], u["attack_dice"], u["defense"]) for u in god["units"]
        ]
        assert ours["dial"]["victory_at"] == god["dial"]["ticks_to_win"]
        threats = [space["threat"] for space in ours["dial"]["spaces"]]
        assert threats == [s["threat"] for s in god["dial"]["spaces"][:-1]]
        amounts = [(space["reward"] or {}).get("amount") for space in ours["dial"]["spaces"]]
        assert amounts == [s["reward"].get("amount") for s in god["dial"]["spaces"][:-1]]


@needs_reference
def test_ruination_cards_keep_their_points_in_stack_order(source):
    cards = data.ruination()["cards"]
    assert [card["number"] for card in cards] == [1, 2, 3, 4, 5]
    for ours, theirs in zip(cards, source["ruination"]["cards_in_stack_order"]):
        assert ours["ruiners"] == theirs["ruiners_vp"]
        assert ours["first"] == theirs["most_corruption_vp_by_region"]
        assert ours["second"] == theirs["second_most_corruption_vp_by_region"]


def test_a_reference_without_a_start_space_is_refused():
    god = {"id": "khorne", "dial": {"spaces": [{"space": 0, "threat": 3, "reward": {"type": "vp", "amount": 1}},
                                               {"space": 1, "threat": None, "reward": {"type": "victory"}}]}}
    with pytest.raises(ValueError):
        convert.convert_dial(god)


def test_the_help_names_no_shared_folder(capsys):
    with pytest.raises(SystemExit):
        convert.main(["--help"])
    assert "shared" not in capsys.readouterr().out


def test_single_sourced_values_are_marked_as_editable_defaults():
    assert data.ruination()["certain"] is False
    for god in data.gods().values():
        assert god["unit_stats_certain"] is False
        assert god["dial"]["threat_certain"] is False
    # Nurgle's rewards are the only ones two sources agree on.
    assert {g: god["dial"]["rewards_certain"] for g, god in data.gods().items()} == {
        "khorne": False, "nurgle": True, "tzeentch": False, "slaanesh": False}


def test_the_rulebook_settles_what_the_reference_left_open():
    table = data.table()
    assert table["starting_hand"] == 3
    assert table["starting_old_world_tokens"] == {"noble": 2, "warpstone": 3, "peasant": 4}
    assert data.gods()["nurgle"]["dial_condition"] == {"kind": "corruption_in_populous", "at_least": 2}
    assert data.gods()["tzeentch"]["drawing"] == {"kind": "draw_up_to", "cards": 5, "may_discard": 1}
    assert table["old_world_deck"] == {"3": 8, "4": 7}


def test_the_map_is_nine_regions_with_symmetric_borders():
    regions = data.regions()
    assert list(regions) == data.region_order() and len(regions) == 9
    for region_id, region in regions.items():
        for other in region["adjacent"]:
            assert region_id in regions[other]["adjacent"]
    assert [g for g in data.gods()] == ["khorne", "nurgle", "tzeentch", "slaanesh"]


# -- the decks (cards.json) -----------------------------------------------------------------
def test_each_gods_chaos_deck_holds_24_cards_with_the_costs_and_magic_of_the_notes():
    decks = {god: data.chaos_deck(god) for god in data.god_order()}
    assert {god: len(deck) for god, deck in decks.items()} == {god: 24 for god in data.god_order()}
    # The decks' total costs, as the notes add them up (Nurgle's 27 from a second source).
    assert {god: sum(data.chaos_cards()[god][card]["cost"] for card in deck) for god, deck in decks.items()} == \
        {"khorne": 26, "nurgle": 27, "tzeentch": 19, "slaanesh": 31}
    assert len({card for cards in data.chaos_cards().values() for card in cards}) == 30  # names in the notes
    tzeentch = data.chaos_cards()["tzeentch"]
    assert (tzeentch["temporal_stasis"]["cost"], tzeentch["temporal_stasis"]["magic"]) == (1, True)
    assert (tzeentch["teleport"]["cost"], tzeentch["teleport"]["magic"]) == (1, False)
    # Sources disagree on one card's magic symbol: kept, and marked.
    stench = data.chaos_cards()["nurgle"]["the_stench_of_death"]
    others = [card for cards in data.chaos_cards().values() for card in cards.values() if card is not stench]
    assert stench["magic_certain"] is False and all(card["magic_certain"] for card in others)


def test_a_card_no_source_explains_has_no_summary_and_nothing_the_app_does():
    khorne = data.chaos_cards()["khorne"]
    assert khorne["blood_frenzy"]["summary"] is None and khorne["blood_frenzy"]["does"] is None
    assert khorne["field_of_carnage"]["summary"] and khorne["field_of_carnage"]["does"] is None  # applied by the table
    assert khorne["battle_cry"]["does"] == {"kind": "no_corruption"}  # carried out by the app
    assert data.chaos_cards()["tzeentch"]["temporal_stasis"]["does"] == {"kind": "cost_for_others", "amount": 2}
    unknown = [card["name"] for cards in data.chaos_cards().values() for card in cards.values() if not card["summary"]]
    assert len(unknown) == 9


def test_the_old_world_deck_holds_28_cards_of_22_names():
    cards = data.old_world_cards()
    assert len(cards) == 22 and len(data.old_world_deck()) == 28
    assert cards["plunged_into_chaos"]["copies"] == 4 and cards["plunged_into_chaos"]["leaves"] is True
    assert {card for card, held in cards.items() if held["event"]} == {
        "greenskins_invade", "dark_elf_corsairs", "electors_sue_for_peace", "the_grail_is_found", "norse_reavers",
        "teclis_aids_the_empire"}
    assert cards["bretonnian_knights"]["leaves"] is False and cards["meteor_showers"]["leaves"] is True


@needs_reference
def test_the_converter_refuses_a_deck_that_does_not_add_up():
    from companion.games.chaos.convert.cards import convert_cards

    text = (REFERENCE / "MORE-FACTS.md").read_text(encoding="utf-8")
    with pytest.raises(ValueError, match="khorne"):
        convert_cards(text.replace("| Blood Frenzy | 0 | no | 4 |", "| Blood Frenzy | 0 | no | 5 |"))
