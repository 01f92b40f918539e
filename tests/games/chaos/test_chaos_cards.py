"""The chaos decks and the Old World deck in the app (issue 21): dealt at
set-up, drawn by each god's rule, reshuffled from the discards, played from
the hand into a free slot for their cost with domination and magic from the
data, the hand secret to its god's phone until played; the Old World deck
cut to the player count, drawn by the lowest-threat god, its known tokens
placed, and the end when it runs out."""

from __future__ import annotations

import json

import pytest

from companion.games.chaos import data
from companion.games.chaos.rules import RULES
from companion.games.chaos.state import lowest_threat
from companion.kit.deck import size
from companion.rules import Action
from tests.games.chaos.chaos_play import PLAYERS, phase_of, turn_of
from tests.harness import Table

TOKENS = {"norsca": "noble", "kislev": "noble", "tilea": "warpstone", "estalia": "warpstone",
          "bretonnia": "warpstone", "the_empire": "peasant", "troll_country": "peasant", "the_badlands": "peasant",
          "the_border_princes": "peasant"}


def sealed(state):
    return state["secrets"]["sealed"]


def hand(table, god):
    return sealed(table.state)["chaos_hands"][god]


def started(players="4", seed="cards"):
    table = Table(RULES, {"players": players, "sitting_out": "slaanesh"}, PLAYERS if players == "4" else PLAYERS[:3],
                  seed=seed, check_replay=True)
    table.act(None, "setup.tokens", tokens=TOKENS)
    table.act(None, "setup.start")
    return table


def place_old_world_tokens(table):
    while "old_world.place" in table.open_actions(lowest_threat(table.state)):
        drawer = lowest_threat(table.state)
        table.act(drawer, "old_world.place", **table.open_actions(drawer)["old_world.place"][0])


def to_draw(table):
    table.act(lowest_threat(table.state), "old_world.card")
    place_old_world_tokens(table)
    table.act(None, "phase.next")


def to_summoning(table):
    to_draw(table)
    for god in table.state["gods_in_play"]:
        table.act(god, "draw")


def give(table, god, *cards):
    """Arrange `god`'s hand to hold `cards` (taken from its deck, its hand's others put back)."""
    def change(state):
        deck, held = sealed(state)["chaos_decks"][god], sealed(state)["chaos_hands"][god]
        deck["pile"] = sorted(deck["pile"] + held)
        held.clear()
        for card in cards:
            deck["pile"].remove(card)
            held.append(card)
        state["gods"][god].update(hand=len(held), deck=size(deck))
    table.arrange(change)


# -- the decks ---------------------------------------------------------------------------------
def test_each_god_is_dealt_three_of_its_own_24_cards_as_round_1_starts():
    table = started()
    for god in table.state["gods_in_play"]:
        deck = sealed(table.state)["chaos_decks"][god]
        assert len(hand(table, god)) == 3 and size(deck) == 21
        assert sorted(hand(table, god) + deck["pile"]) == sorted(data.chaos_deck(god))
        assert (table.state["gods"][god]["hand"], table.state["gods"][god]["deck"]) == (3, 21)


@pytest.mark.parametrize("players, cards", [("4", 7), ("3", 8)])
def test_the_old_world_deck_is_cut_to_the_player_count(players, cards):
    table = started(players)
    assert table.state["old_world"]["left"] == cards and size(table.state["old_world"]["deck"]) == 28
    to_draw(table)
    drawn = table.state["report"]["old_world"]["card"]
    assert drawn["card"] in data.old_world_cards() and drawn["name"] == data.old_world_cards()[drawn["card"]]["name"]
    assert table.state["old_world"]["left"] == cards - 1 and size(table.state["old_world"]["deck"]) == 27


def test_each_god_draws_by_its_own_rule_and_tzeentch_discards_the_card_he_picks():
    table = started()
    to_draw(table)
    table.act("khorne", "draw")
    assert len(hand(table, "khorne")) == 5  # 3 + 2
    given = hand(table, "tzeentch")[0]
    table.act("tzeentch", "draw", discard=True, discard_card=given)
    assert len(hand(table, "tzeentch")) == 5 and sealed(table.state)["chaos_decks"]["tzeentch"]["discard"] == [given]
    assert table.state["gods"]["tzeentch"]["discard"] == 1
    refusal = table.refused("nurgle", "draw", discard=True, discard_card=hand(table, "nurgle")[0])
    assert refusal.field == "discard"


def test_tzeentch_draws_up_to_five_and_a_card_not_in_his_hand_cant_be_discarded():
    table = started()
    to_draw(table)
    assert table.refused("tzeentch", "draw", discard=True, discard_card="teleport_x").field == "discard_card"
    table.act("tzeentch", "draw")
    assert len(hand(table, "tzeentch")) == 5 and table.state["gods"]["tzeentch"]["deck"] == 19


def test_an_empty_deck_takes_its_discards_back_before_drawing():
    table = started()
    to_draw(table)

    def empty(state):
        deck = sealed(state)["chaos_decks"]["khorne"]
        deck["discard"], deck["pile"] = deck["pile"][1:], deck["pile"][:1]
        state["gods"]["khorne"].update(deck=1, discard=len(deck["discard"]))
    table.arrange(empty)
    table.act("khorne", "draw")
    assert len(hand(table, "khorne")) == 5 and table.state["gods"]["khorne"]["discard"] == 0
    assert table.state["gods"]["khorne"]["deck"] == 24 - 5


# -- playing a card ---------------------------------------------------------------------------------
def test_a_card_goes_from_the_hand_to_a_free_slot_for_its_cost_with_domination_and_magic_from_the_card():
    table = started()
    to_summoning(table)
    give(table, "khorne", "battle_cry", "blood_frenzy")
    table.act("khorne", "card.play", card="battle_cry", at="kislev:1")
    slot = table.state["regions"]["kislev"]["slots"][1]
    assert slot == {"name": "Battle Cry", "card": "battle_cry", "cost": 1, "domination": 1, "magic": 0, "god": "khorne"}
    assert table.state["gods"]["khorne"]["power"] == 6 and hand(table, "khorne") == ["blood_frenzy"]
    assert turn_of(table.state) == "nurgle"


def test_a_taken_slot_a_ruined_region_and_a_card_not_in_hand_are_refused():
    table = started()
    to_summoning(table)
    give(table, "khorne", "battle_cry")
    give(table, "nurgle", "influenza")
    table.act("khorne", "card.play", card="battle_cry", at="kislev:0")
    assert table.refused("nurgle", "card.play", card="influenza", at="kislev:0").field == "slot"
    assert table.refused("nurgle", "card.play", card="plague_aura", at="kislev:1").field == "card"
    table.arrange(lambda state: state["regions"]["estalia"].update(ruined=True))
    assert table.refused("nurgle", "card.play", card="influenza", region="estalia", slot=0).field == "region"
    table.act("nurgle", "card.play", card="influenza", region="kislev", slot=1)  # the other slot is free


def test_temporal_stasis_makes_other_gods_pay_two_more_in_its_region():
    table = started()
    to_summoning(table)
    give(table, "khorne", "battle_cry")
    table.act("khorne", "summoning.pass")
    table.act("nurgle", "summoning.pass")
    give(table, "tzeentch", "temporal_stasis")
    give(table, "slaanesh", "insidious_lies", "dark_influence")
    table.act("tzeentch", "card.play", card="temporal_stasis", at="the_empire:0")
    table.act("slaanesh", "card.play", card="insidious_lies", at="the_empire:1")
    assert table.state["regions"]["the_empire"]["slots"][1]["cost"] == 3  # 1 + 2
    assert table.state["gods"]["slaanesh"]["power"] == 6 - 3
    assert table.state["gods"]["tzeentch"]["power"] == 6 - 1  # his own card costs him nothing more


def test_card_domination_and_magic_count_in_the_corruption_phase_and_tzeentchs_dial():
    """Two magic cards of Tzeentch and his two cultists in Tilea: 2 corruption
    where 2 magic symbols + 1 warpstone stand, a dial token; his cards' costs
    (1 + 0) and his figures make his domination."""
    table = started()
    to_summoning(table)
    give(table, "tzeentch", "temporal_stasis", "changer_of_ways")
    table.act("khorne", "summoning.pass")
    table.act("nurgle", "summoning.pass")
    table.act("tzeentch", "summon", unit="cultist", region="tilea")
    table.act("slaanesh", "summoning.pass")
    table.act("tzeentch", "summon", unit="cultist", region="tilea")
    table.act("tzeentch", "card.play", card="temporal_stasis", at="tilea:0")
    table.act("tzeentch", "card.play", card="changer_of_ways", at="tilea:1")
    table.act("tzeentch", "card.choose", cancel="no")  # Temporal Stasis stands
    table.act("tzeentch", "summoning.pass")
    assert phase_of(table.state) == "corruption"
    table.act(None, "corruption.resolve")
    score = table.state["report"]["domination"]["tilea"]["scores"]["tzeentch"]
    assert (score["cards"], score["figures"]) == (1, 2)
    assert "tzeentch" in table.state["report"]["corruption"]["tilea"]["dial_tokens"]
    assert table.state["gods"]["tzeentch"]["dial_tokens"] == 1
    # In the end phase the cards go back to their owner's discards.
    assert sorted(sealed(table.state)["chaos_decks"]["tzeentch"]["discard"]) == ["changer_of_ways", "temporal_stasis"]
    summary = {row["region"]: row for row in table.view(None)["derived"]["summary"]}
    assert summary["tilea"]["winner"] == "tzeentch" and summary["tilea"]["placed"] == {"tzeentch": 2}


def test_drain_power_takes_a_power_from_each_other_god_with_a_cultist_there():
    table = started()
    to_summoning(table)
    table.act("khorne", "summon", unit="cultist", region="kislev")
    table.act("nurgle", "summon", unit="warrior", region="kislev")
    give(table, "tzeentch", "drain_power")
    table.act("tzeentch", "card.play", card="drain_power", at="kislev:0")
    gods = table.state["gods"]
    assert (gods["khorne"]["power"], gods["nurgle"]["power"], gods["tzeentch"]["power"]) == (5, 5, 7)


# -- secrecy -------------------------------------------------------------------------------------------
def test_a_hand_is_seen_on_its_gods_phone_only_never_on_the_display_or_in_others_history():
    table = started()
    to_draw(table)
    table.act("khorne", "draw")
    khorne_cards = set(hand(table, "khorne"))
    assert {card["card"] for card in table.view("khorne")["hands"]["khorne"]} == khorne_cards
    assert table.view("nurgle")["hands"] == {"nurgle": table.view("nurgle")["hands"]["nurgle"]}
    assert table.view(None)["hands"] == {}
    for who in ("nurgle", None):
        shown = json.dumps(table.view(who))
        assert "chaos_hands" not in shown and "chaos_decks" not in shown
        for entry in table.log:
            if entry["type"] in ("setup.start", "draw"):
                logged = Action(entry["type"], entry["payload"], entry["seat"])
                redacted = RULES.redact(logged, table.seats.get(table.seat(who)) if who else None)
                assert "khorne" not in (redacted.get("hands") or {}) and (
                    entry["seat"] == table.seat(who) or "cards" not in redacted)
    last = table.log[-1]
    own = RULES.redact(Action("draw", last["payload"], last["seat"]), table.seats[table.seat("khorne")])
    assert set(own["cards"]) <= khorne_cards


def test_a_played_card_is_public_on_the_board_and_in_the_history():
    table = started()
    to_summoning(table)
    give(table, "khorne", "the_skull_throne")
    table.act("khorne", "card.play", card="the_skull_throne", at="the_empire:0")
    assert table.view(None)["regions"]["the_empire"]["slots"][0]["card"] == "the_skull_throne"
    message, params = table.history(None)[-1]
    assert "left slot" in message and params["name"] == "The Skull Throne" and params["cost"] == 1


# -- the Old World deck -------------------------------------------------------------------------------
def test_a_known_old_world_card_places_its_tokens_and_one_asking_for_regions_waits_for_the_drawer():
    table = started(seed="meteor")
    drawer = lowest_threat(table.state)

    def meteors_on_top(state):
        deck = state["old_world"]["deck"]
        deck["pile"].remove("meteor_showers")
        deck["top"] = ["meteor_showers"]
    table.arrange(meteors_on_top)
    table.act(drawer, "old_world.card")
    assert table.state["report"]["old_world"]["card"]["card"] == "meteor_showers"
    assert table.refused(None, "phase.next").field == "type"  # its tokens first
    assert table.refused(drawer, "old_world.place", regions={"kislev": True}).field == "regions"  # two regions
    table.act(drawer, "old_world.place", regions={"kislev": True, "tilea": True})
    assert (table.state["regions"]["kislev"]["warpstone"], table.state["regions"]["tilea"]["warpstone"]) == (1, 2)
    assert table.state["old_world"]["track"] == [None, None]  # it leaves the game once used
    table.act(None, "phase.next")


def test_the_game_ends_for_every_god_when_the_old_world_deck_runs_out():
    table = started()
    table.arrange(lambda state: state["old_world"].update(left=1))
    to_draw(table)
    assert table.state["old_world"]["left"] == 0
    assert "old_world.card" not in str(table.open_actions(lowest_threat(table.state)))


def test_a_group_drawing_from_its_own_old_world_deck_names_the_card():
    table = started()
    drawer = lowest_threat(table.state)
    table.act(drawer, "old_world.card", card="peasant_uprising")
    assert all(region["peasants"] >= 1 for rid, region in table.state["regions"].items() if rid != "the_badlands")
    assert table.state["old_world"]["deck"]["pile"].count("peasant_uprising") == 1  # one of its two copies drawn
    assert table.state["old_world"]["track"][0]["card"] == "peasant_uprising"  # it stays on the track
    message, params = table.history(None)[-1]
    assert params["name"] == "Peasant Uprising"


def test_greenskins_invade_puts_its_event_tokens_where_the_card_names_them():
    table = started()
    drawer = lowest_threat(table.state)
    table.act(drawer, "old_world.card", card="greenskins_invade")
    assert not [entry for entry in table.state["pending"] if entry["kind"] == "events"]
    uid = table.state["old_world"]["track"][0]["uid"]
    placed = [rid for rid, region in table.state["regions"].items() if uid in region["events"]]
    assert placed == ["the_empire", "tilea", "the_badlands"]
    assert table.state["old_world"]["track"][0]["event_regions"] == ["the_badlands", "the_empire", "tilea"]
    assert "phase.next" in table.open_actions(None)  # nothing left to place


def test_an_event_card_naming_no_regions_and_an_older_table_still_ask_the_drawer():
    table = started()
    drawer = lowest_threat(table.state)
    table.act(drawer, "old_world.card", card="norse_reavers")
    assert [entry["card"] for entry in table.state["pending"] if entry["kind"] == "events"] == ["norse_reavers"]
    older = started()
    older.arrange(lambda state: state.pop("card_rules"))
    older.act(lowest_threat(older.state), "old_world.card", card="greenskins_invade")
    assert [entry["card"] for entry in older.state["pending"] if entry["kind"] == "events"] == ["greenskins_invade"]


def drawn_asking(card):
    """A table whose drawer has drawn `card` and is asked where its tokens go."""
    table = started()
    table.act(lowest_threat(table.state), "old_world.card", card=card)
    return table, lowest_threat(table.state)


def test_up_from_skavenblight_offers_only_regions_holding_or_next_to_warpstone():
    table, drawer = drawn_asking("up_from_skavenblight")  # warpstone in Tilea, Estalia and Bretonnia
    offered = {region for choice in table.open_actions(drawer)["old_world.place"] for region in choice["regions"]}
    assert offered <= {"the_empire", "bretonnia", "estalia", "tilea", "the_border_princes"}
    assert table.refused(drawer, "old_world.place", regions={"norsca": True}).field == "regions"
    table.act(drawer, "old_world.place", regions={"the_border_princes": True})
    assert table.state["regions"]["the_border_princes"]["skaven"] == 1


def test_dwarf_trollslayers_heroes_go_in_one_of_the_two_pairs_the_card_names():
    table, drawer = drawn_asking("dwarf_trollslayers")
    assert [choice["regions"] for choice in table.open_actions(drawer)["old_world.place"]] == [
        {"norsca": True, "kislev": True}, {"troll_country": True, "the_empire": True}]
    assert table.refused(drawer, "old_world.place", regions={"norsca": True, "the_empire": True}).field == "regions"
    table.act(drawer, "old_world.place", regions={"troll_country": True, "the_empire": True})
    assert [rid for rid, region in table.state["regions"].items() if region["heroes"]] == ["troll_country",
                                                                                            "the_empire"]


def test_bretonnian_knights_a_hero_in_bretonnia_and_one_where_the_drawer_picks():
    table, drawer = drawn_asking("bretonnian_knights")
    assert table.state["regions"]["bretonnia"]["heroes"] == 1
    assert table.refused(drawer, "old_world.place", regions={"bretonnia": True}).field == "regions"
    table.act(drawer, "old_world.place", regions={"kislev": True})
    assert table.state["regions"]["kislev"]["heroes"] == 1


def test_an_older_table_places_the_old_world_tokens_as_it_did():
    older = started()
    older.arrange(lambda state: state.pop("card_rules"))
    drawer = lowest_threat(older.state)
    older.act(drawer, "old_world.card", card="up_from_skavenblight")
    older.act(drawer, "old_world.place", regions={"norsca": True})  # any region, as then
    assert older.state["regions"]["norsca"]["skaven"] == 1
    older = started()
    older.arrange(lambda state: state.pop("card_rules"))
    older.act(lowest_threat(older.state), "old_world.card", card="bretonnian_knights")  # shown for the table
    assert older.state["regions"]["bretonnia"]["heroes"] == 0 and not older.state["pending"]
