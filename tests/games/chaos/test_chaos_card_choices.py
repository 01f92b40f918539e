"""Chaos cards whose effect asks a choice (issue 21): offered to the phone of
the god who decides when the card is played, carried out, refused when the
choice breaks the card's summary, told in the history; the summoning turn
waits for the choice. Each effect from the reference notes' wording."""

from __future__ import annotations

import json

import pytest

from companion.games.chaos.battle_phase import targets_now
from companion.games.chaos.chaos_cards import cost_to_play
from companion.games.chaos.rules import RULES
from companion.games.chaos.state import phase_of, turn_of
from companion.kit.board import count
from companion.rules import Action
from tests.games.chaos.test_chaos_cards import give, hand, started, to_summoning


@pytest.fixture
def table():
    """Four gods in the summoning phase, Khorne to act first."""
    made = started()
    to_summoning(made)
    return made


def figures(table, region, owner, unit, number=1):
    table.act(None, "region.figures", region=region, owner=owner, unit=unit, count=number)


def play(table, god, card, at):
    """`god` plays `card` on its turn, the gods before it passing."""
    give(table, god, card)
    while turn_of(table.state) != god:
        table.act(turn_of(table.state), "summoning.pass")
    table.act(god, "card.play", card=card, at=at)


def pass_all(table):
    while phase_of(table.state) == "summoning":
        table.act(turn_of(table.state), "summoning.pass")


# -- Teleport ----------------------------------------------------------------------------------------
def test_teleport_asks_tzeentch_which_cultist_or_warrior_moves_and_where_and_his_turn_waits(table):
    figures(table, "kislev", "khorne", "cultist")
    figures(table, "kislev", "khorne", "greater_daemon")
    play(table, "tzeentch", "teleport", "kislev:0")
    offered = table.open_actions("tzeentch")["card.choose"]
    assert {choice["figure"] for choice in offered} == {"khorne:cultist"}  # no greater daemon
    assert "card.choose" not in table.open_actions("khorne")
    # His turn waits for the choice: he can't summon meanwhile, nor can Slaanesh act.
    assert turn_of(table.state) == "tzeentch" and "summon" not in table.open_actions("tzeentch")
    assert table.refused("tzeentch", "summon", unit="cultist", region="kislev").field == "type"
    assert table.refused("tzeentch", "card.choose", figure="khorne:greater_daemon", to="tilea").field == "figure"
    assert table.refused("tzeentch", "card.choose", figure="khorne:cultist", to="kislev").field == "figure"
    table.act("tzeentch", "card.choose", figure="khorne:cultist", to="the_badlands")
    assert count(table.state["board"], "kislev", "khorne", "cultist") == 0
    assert count(table.state["board"], "the_badlands", "khorne", "cultist") == 1
    assert turn_of(table.state) == "slaanesh"
    message, params = table.history(None)[-1]
    assert message == "chose for %(card)s in %(region)s: %(done)s"
    assert params["done"] == "Khorne's Bloodsworn moves from Kislev to The Badlands"


def test_field_of_carnage_lets_only_khornes_figures_be_teleported_out(table):
    figures(table, "kislev", "khorne", "warrior")
    figures(table, "kislev", "nurgle", "warrior")
    play(table, "khorne", "field_of_carnage", "kislev:0")
    play(table, "tzeentch", "teleport", "kislev:1")
    assert {choice["figure"] for choice in table.open_actions("tzeentch")["card.choose"]} == {"khorne:warrior"}
    assert table.refused("tzeentch", "card.choose", figure="nurgle:warrior", to="tilea").field == "figure"
    table.act("tzeentch", "card.choose", figure="khorne:warrior", to="tilea")
    assert count(table.state["board"], "tilea", "khorne", "warrior") == 1


def test_a_card_with_nothing_to_act_on_does_nothing_and_the_turn_passes(table):
    play(table, "tzeentch", "teleport", "estalia:0")
    assert not [entry for entry in table.state["pending"] if entry["kind"] == "card"]
    assert turn_of(table.state) == "slaanesh"
    message, params = table.history(None)[-1]
    assert params["done"] == "Teleport finds nothing here to act on"


# -- Warp Shield ----------------------------------------------------------------------------------------
def test_warp_shield_keeps_the_chosen_tzeentch_figure_out_of_the_battles_targets(table):
    figures(table, "kislev", "khorne", "warrior", 2)
    figures(table, "kislev", "tzeentch", "warrior")
    figures(table, "kislev", "tzeentch", "cultist")
    play(table, "tzeentch", "warp_shield", "kislev:0")
    assert {choice["unit"] for choice in table.open_actions("tzeentch")["card.choose"]} == {"warrior", "cultist"}
    assert table.refused("tzeentch", "card.choose", unit="greater_daemon").field == "unit"
    table.act("tzeentch", "card.choose", unit="warrior")
    assert table.history(None)[-1][1]["done"] == ("one Horror of Tzeentch in Kislev is shielded: no hits can be "
                                                  "assigned to it this round")
    pass_all(table)
    assert table.state["battle"]["region"] == "kislev"
    targets = targets_now(table.state, "khorne")
    assert ("tzeentch", "warrior") not in targets and targets[("tzeentch", "cultist")]["count"] == 1


# -- Soporific Musk ---------------------------------------------------------------------------------------
def test_soporific_musk_gives_slaanesh_an_enemy_figure_for_the_round(table):
    figures(table, "tilea", "nurgle", "cultist")
    figures(table, "tilea", "slaanesh", "cultist")
    play(table, "slaanesh", "soporific_musk", "tilea:0")
    assert {choice["figure"] for choice in table.open_actions("slaanesh")["card.choose"]} == {"nurgle:cultist"}
    assert table.refused("slaanesh", "card.choose", figure="slaanesh:cultist").field == "figure"
    table.act("slaanesh", "card.choose", figure="nurgle:cultist")
    assert table.history(None)[-1][1]["done"] == "Slaanesh controls one Leper of Nurgle in Tilea this round"
    pass_all(table)
    assert phase_of(table.state) == "corruption"  # no battle in Tilea: Slaanesh holds both cultists there
    table.act(None, "corruption.resolve")
    # The Leper places Slaanesh's corruption, and goes back to Nurgle as the round ends.
    placed = table.state["report"]["corruption"]["tilea"]["placed"]
    assert placed["slaanesh"] == 2 and not placed.get("nurgle")
    assert table.state["regions"]["tilea"]["control"] == []


# -- Dark Influence ---------------------------------------------------------------------------------------
def test_dark_influence_moves_a_peasant_hero_or_noble_to_another_region(table):
    play(table, "slaanesh", "dark_influence", "norsca:0")  # Norsca holds the set-up's noble
    offered = table.open_actions("slaanesh")["card.choose"]
    assert {choice["token"] for choice in offered} == {"nobles"}
    assert table.refused("slaanesh", "card.choose", token="peasants", to="kislev").field == "token"
    assert table.refused("slaanesh", "card.choose", token="nobles", to="norsca").field == "token"
    table.act("slaanesh", "card.choose", token="nobles", to="the_empire")
    regions = table.state["regions"]
    assert (regions["norsca"]["nobles"], regions["the_empire"]["nobles"]) == (0, 1)
    assert table.history(None)[-1][1]["done"] == "Nobles: one moves from Norsca to The Empire"


# -- The Meddling of Skaven ------------------------------------------------------------------------------
def test_the_meddling_of_skaven_the_god_picked_discards_two_cards_of_its_choice_seen_by_it_only(table):
    figures(table, "kislev", "khorne", "cultist")
    give(table, "khorne", "battle_cry", "blood_frenzy", "ritual_slaying")
    play(table, "tzeentch", "the_meddling_of_skaven", "kislev:0")
    assert table.open_actions("tzeentch")["card.choose"] == [{"owner": "khorne"}]
    assert table.refused("tzeentch", "card.choose", owner="nurgle").field == "owner"
    table.act("tzeentch", "card.choose", owner="khorne")
    # Now Khorne's phone chooses, from his own hand; Tzeentch's turn still waits.
    assert "card.choose" not in table.open_actions("tzeentch") and turn_of(table.state) == "tzeentch"
    assert table.refused("khorne", "card.choose", cards=["battle_cry", "the_skull_throne"]).field == "cards"
    table.act("khorne", "card.choose", card_1="battle_cry", card_2="ritual_slaying")
    assert hand(table, "khorne") == ["blood_frenzy"]
    assert table.state["gods"]["khorne"]["discard"] == 2 and turn_of(table.state) == "slaanesh"
    assert table.history(None)[-1][1]["done"] == "Khorne discards 2 chaos cards"
    # Which cards went is Khorne's to see: not in another phone's view of the log.
    last = table.log[-1]
    for who in ("tzeentch", None):
        seat = table.seats.get(table.seat(who)) if who else None
        shown = json.dumps(RULES.redact(Action(last["type"], last["payload"], last["seat"]), seat))
        assert "battle_cry" not in shown and "ritual_slaying" not in shown


def test_the_meddling_of_skaven_a_hand_of_two_or_fewer_is_discarded_at_once(table):
    figures(table, "kislev", "nurgle", "warrior")
    give(table, "nurgle", "influenza")
    play(table, "tzeentch", "the_meddling_of_skaven", "kislev:0")
    table.act("tzeentch", "card.choose", owner="nurgle")
    assert hand(table, "nurgle") == [] and turn_of(table.state) == "slaanesh"
    assert table.history(None)[-1][1]["done"] == "Nurgle discards 1 chaos cards"


# -- tables from before ---------------------------------------------------------------------------------
def test_a_table_dealt_before_the_choices_shows_these_cards_by_name_and_moves_on(table):
    table.arrange(lambda state: state.pop("card_rules"))
    figures(table, "kislev", "khorne", "cultist")
    play(table, "tzeentch", "teleport", "kislev:0")
    assert turn_of(table.state) == "slaanesh" and count(table.state["board"], "kislev", "khorne", "cultist") == 1
    assert "card.choose" not in table.open_actions("tzeentch")


# -- Changer of Ways -------------------------------------------------------------------------------------
def test_changer_of_ways_beside_a_card_asks_tzeentch_and_a_cancelled_card_loses_its_effect(table):
    figures(table, "the_empire", "slaanesh", "cultist")
    play(table, "khorne", "battle_cry", "the_empire:0")
    play(table, "tzeentch", "changer_of_ways", "the_empire:1")
    assert table.open_actions("tzeentch")["card.choose"] == [{"cancel": "yes"}, {"cancel": "no"}]
    assert table.refused("tzeentch", "card.choose").field == "cancel"
    table.act("tzeentch", "card.choose", cancel="yes")
    assert table.history(None)[-1][1]["done"] == ("Battle Cry of Khorne is cancelled: its effect ends (what it "
                                                  "already did stays)")
    assert table.state["regions"]["the_empire"]["slots"][0]["domination"] == 1  # its domination value stays
    pass_all(table)
    table.act(None, "corruption.resolve")
    assert table.state["report"]["corruption"]["the_empire"]["placed"]["slaanesh"] == 1


def test_changer_of_ways_with_nothing_beside_it_decides_on_the_next_card_played_there_before_it_acts(table):
    play(table, "tzeentch", "changer_of_ways", "kislev:0")
    assert turn_of(table.state) == "slaanesh"
    assert table.history(None)[-1][1]["done"] == "Changer of Ways may cancel the next card played beside it this round"
    give(table, "slaanesh", "perverse_infiltration")
    table.act("slaanesh", "card.play", card="perverse_infiltration", at="kislev:1")
    # Perverse Infiltration waits for Tzeentch's choice, and so does Slaanesh's turn.
    assert table.state["regions"]["kislev"]["corruption"] == {} and turn_of(table.state) == "slaanesh"
    assert "card.choose" in table.open_actions("tzeentch") and "card.choose" not in table.open_actions("slaanesh")
    table.act("tzeentch", "card.choose", cancel="no")
    assert table.state["regions"]["kislev"]["corruption"] == {"slaanesh": 1}
    assert table.history(None)[-1][1]["done"] == ("Perverse Infiltration of Slaanesh stands; Slaanesh places 1 "
                                                  "corruption here")
    assert turn_of(table.state) == "tzeentch"  # Khorne and Nurgle passed


def test_a_cancelled_temporal_stasis_no_longer_raises_the_cost(table):
    play(table, "tzeentch", "temporal_stasis", "tilea:0")
    assert cost_to_play(table.state, "slaanesh", "perverse_infiltration", "tilea")[0] == 2
    table.act("slaanesh", "summoning.pass")
    give(table, "tzeentch", "changer_of_ways")
    table.act("tzeentch", "card.play", card="changer_of_ways", at="tilea:1")
    table.act("tzeentch", "card.choose", cancel="yes")
    assert cost_to_play(table.state, "slaanesh", "perverse_infiltration", "tilea")[0] == 0


def test_a_choice_whose_target_a_correction_took_away_does_nothing_and_the_turn_moves_on(table):
    figures(table, "kislev", "khorne", "cultist")
    play(table, "tzeentch", "teleport", "kislev:0")
    figures(table, "kislev", "khorne", "cultist", 0)  # the group corrects the board meanwhile
    assert table.open_actions("tzeentch")["card.choose"] == [{}]
    table.act("tzeentch", "card.choose")
    assert turn_of(table.state) == "slaanesh"
    assert table.history(None)[-1][1]["done"] == "Teleport finds nothing here to act on"
