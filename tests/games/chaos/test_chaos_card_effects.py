"""The chaos cards' effects on numbers the app tracks, carried out when the
card is played or in the phase the rules say (issue 21), each from the
reference notes' wording; and the correction of a card whose printed cost
or magic symbol differs on the group's copy."""

from __future__ import annotations

import json

import pytest
from babel.messages.pofile import read_po

from companion.games.chaos.domination import dominate
from companion.games.chaos.names import name_of
from companion.games.chaos.view import derived, worked_numbers
from companion.rules import translated_params
from companion.translations import update
from tests.games.chaos.chaos_play import phase_of, turn_of
from tests.games.chaos.test_chaos_cards import give, started, to_summoning

FOLDER = update.game_catalogs()["chaos"]


def play(table, moves):
    """Each god makes its `moves` ((type, fields) each) in its summoning
    turns, then passes; the corruption phase is computed."""
    moves = {god: list(steps) for god, steps in moves.items()}
    while phase_of(table.state) == "summoning":
        god = turn_of(table.state)
        if moves.get(god):
            kind, fields = moves[god].pop(0)
            table.act(god, kind, **fields)
        else:
            table.act(god, "summoning.pass")
    assert phase_of(table.state) == "corruption"
    table.act(None, "corruption.resolve")
    return table.state["report"]


def texts(working):
    """The working lines in English, ids named as the pages name them."""
    return [entry["msg"] % {key: name_of(value) if isinstance(value, str) else value
                            for key, value in entry["params"].items()} for entry in working]


def test_battle_cry_nobody_places_corruption_in_its_region_this_round():
    table = started()
    to_summoning(table)
    give(table, "khorne", "battle_cry")
    give(table, "slaanesh", "perverse_infiltration")
    report = play(table, {
        "khorne": [("card.play", {"card": "battle_cry", "at": "the_empire:0"})],
        "slaanesh": [("summon", {"unit": "cultist", "region": "the_empire"}),
                     ("card.play", {"card": "perverse_infiltration", "at": "the_empire:1"})],
        "nurgle": [("summon", {"unit": "cultist", "region": "estalia"})],
    })
    # Perverse Infiltration's token is not placed either, and the history of the play says why.
    assert table.state["regions"]["the_empire"]["corruption"] == {}
    corrupted = report["corruption"]["the_empire"]
    assert corrupted["placed"]["slaanesh"] == 0
    assert any("Battle Cry of Khorne here: nobody places corruption" in text for text in texts(corrupted["working"]))
    # Elsewhere corruption is placed as ever.
    assert table.state["regions"]["estalia"]["corruption"] == {"nurgle": 1}


def test_the_skull_throne_khornes_figures_count_their_attack_dice_in_domination():
    table = started()
    to_summoning(table)
    give(table, "khorne", "the_skull_throne")
    report = play(table, {"khorne": [("summon", {"unit": "warrior", "region": "kislev"}),
                                     ("summon", {"unit": "warrior", "region": "kislev"}),
                                     ("card.play", {"card": "the_skull_throne", "at": "kislev:0"})]})
    score = report["domination"]["kislev"]["scores"]["khorne"]
    # 1 from the card + two Bloodletters' 2 attack dice each (not 1 each) = 5, above resistance 3.
    assert (score["cards"], score["figures"], score["effects"], score["total"]) == (1, 2, 2, 5)
    working = texts(report["domination"]["kislev"]["working"])
    assert "The Skull Throne: Khorne's 2 figures here count their 4 attack dice instead of 1 each" in working
    assert "Khorne: 1 from cards + 2 figures, 2 from card effects = 5" in working
    assert report["domination"]["kislev"]["winner"] == "khorne"


def test_plague_aura_adds_nurgles_corruption_unless_changer_of_ways_is_there():
    table = started()
    table.act(None, "region.corruption", region="tilea", owner="nurgle", count=3)
    table.act(None, "region.corruption", region="bretonnia", owner="nurgle", count=3)
    to_summoning(table)
    give(table, "nurgle", "plague_aura", "plague_aura")
    give(table, "tzeentch", "changer_of_ways")
    report = play(table, {
        "nurgle": [("summon", {"unit": "cultist", "region": "bretonnia"}),
                   ("card.play", {"card": "plague_aura", "at": "bretonnia:0"}),
                   ("summon", {"unit": "cultist", "region": "tilea"}),
                   ("card.play", {"card": "plague_aura", "at": "tilea:0"})],
        "tzeentch": [("summon", {"unit": "cultist", "region": "norsca"}),
                     ("card.play", {"card": "changer_of_ways", "at": "bretonnia:1"}),
                     ("card.choose", {"cancel": "no"})],  # Plague Aura's own rule still stops it
    })
    tilea = report["domination"]["tilea"]
    assert tilea["scores"]["nurgle"]["total"] == 0 + 1 + 3  # card 0, a Plaguebearer, 3 corruption
    assert tilea["winner"] == "nurgle"  # 4 is above Tilea's resistance 2
    assert "Plague Aura: +3 for Nurgle's corruption here" in texts(tilea["working"])
    bretonnia = report["domination"]["bretonnia"]
    assert bretonnia["scores"]["nurgle"]["total"] == 1
    assert any("Changer of Ways is here too" in text for text in texts(bretonnia["working"]))


def test_insidious_lies_two_domination_per_hero_and_noble_there():
    table = started()
    table.act(None, "region.set", region="norsca", field="heroes", value=1)  # Norsca holds a noble from set-up
    to_summoning(table)
    give(table, "slaanesh", "insidious_lies")
    report = play(table, {"slaanesh": [("summon", {"unit": "cultist", "region": "norsca"}),
                                       ("card.play", {"card": "insidious_lies", "at": "norsca:0"})]})
    score = report["domination"]["norsca"]["scores"]["slaanesh"]
    assert score["total"] == 1 + 1 + 2 * 2
    assert "Insidious Lies: +2 × 2 heroes and nobles here = +4" in texts(report["domination"]["norsca"]["working"])


def test_a_cards_printed_cost_and_magic_corrected_for_a_table_whose_copy_differs():
    table = started()
    to_summoning(table)
    give(table, "tzeentch", "teleport", "dazzle")
    table.act(None, "components.card", owner="tzeentch", card="teleport", field="cost", value=2)
    table.act(None, "components.card", owner="tzeentch", card="teleport", field="magic", value=1)
    assert table.state["components"]["corrected"][-2:] == ["cards.tzeentch.teleport.cost",
                                                             "cards.tzeentch.teleport.magic"]
    assert table.refused(None, "components.card", owner="tzeentch", card="battle_cry", field="cost",
                         value=2).field == "card"
    assert table.refused(None, "components.card", owner="tzeentch", card="teleport", field="magic",
                         value=2).field == "value"
    table.act("khorne", "summoning.pass")
    table.act("nurgle", "summoning.pass")
    table.act("tzeentch", "card.play", card="teleport", at="tilea:0")
    held = table.state["regions"]["tilea"]["slots"][0]
    assert (held["cost"], held["domination"], held["magic"]) == (2, 2, 1)
    assert table.state["gods"]["tzeentch"]["power"] == 6 - 2
    # A card already lying in a region follows a correction made afterwards.
    table.act(None, "components.card", owner="tzeentch", card="teleport", field="cost", value=1)
    assert table.state["regions"]["tilea"]["slots"][0]["domination"] == 1
    message, params = table.history(None)[-1]
    assert message == "corrected the printed cost of %(name)s (%(god)s) to %(value)d" and params["value"] == 1


def test_an_older_tables_typed_card_has_no_effect_carried_out():
    """A card typed by name (no card id) is shown for the table, its effect never guessed."""
    region = {"resistance": 1, "conquest": 1, "skaven": 0, "nobles": 1, "heroes": 1, "corruption": {},
              "figures": {"slaanesh": {"cultist": 1}}, "control": [],
              "slots": [{"name": "Insidious Lies", "cost": 1, "domination": 1, "magic": 0, "god": "slaanesh"}, None]}
    assert dominate(region, ["slaanesh"])["scores"]["slaanesh"]["total"] == 2


def test_the_domination_sum_taps_open_to_the_card_effect_that_changed_it():
    table = started()
    table.act(None, "region.set", region="norsca", field="heroes", value=1)
    to_summoning(table)
    give(table, "slaanesh", "insidious_lies")
    play(table, {"slaanesh": [("summon", {"unit": "cultist", "region": "norsca"}),
                              ("card.play", {"card": "insidious_lies", "at": "norsca:0"})]})
    shown = json.dumps(worked_numbers(table.state)["domination"]["norsca"]["scores"]["slaanesh"],
                       ensure_ascii=False)
    assert "heroes and nobles here" in shown and "from card effects" in shown


@pytest.fixture
def drain_power_line():
    """Tzeentch has played Drain Power on Khorne's cultist in Kislev: its history line."""
    table = started()
    to_summoning(table)
    table.act("khorne", "summon", unit="cultist", region="kislev")
    table.act("nurgle", "summoning.pass")
    give(table, "tzeentch", "drain_power")
    table.act("tzeentch", "card.play", card="drain_power", at="kislev:0")
    return table.history(None)[-1]


def test_the_history_says_what_a_played_card_did_which_card_and_where(drain_power_line):
    message, params = drain_power_line
    assert message.endswith("for %(cost)d power: %(done)s")
    assert params["name"] == "Drain Power" and params["region"] == "Kislev"
    assert params["done"] == "Khorne loses 1 power"


def test_what_a_card_did_reads_in_the_readers_language(drain_power_line):
    with open(FOLDER / "zh_Hans" / "LC_MESSAGES" / "messages.po", "rb") as handle:
        catalog = read_po(handle, locale="zh_Hans")

    def translate(msgid):
        found = catalog.get(msgid)
        return found.string if found and found.string else msgid

    message, params = drain_power_line
    shown = translate(message) % translated_params(params, translate, "zh_Hans")
    assert "恐虐" in shown and "Khorne" not in shown and "loses" not in shown


def test_a_great_foul_consumption_turns_nurgles_figures_into_corruption_before_the_ruin_check():
    """Three Nurgle figures in Tilea (two cultists place 2): after the
    placement they leave the board for 1 corruption (1 per 2 removed), and
    the ruin check counts it: 9 corruption + 1 warpstone + 2 + 1 = 13."""
    table = started()
    table.act(None, "region.corruption", region="tilea", owner="khorne", count=9)
    to_summoning(table)
    give(table, "nurgle", "a_great_foul_consumption")
    report = play(table, {"nurgle": [("summon", {"unit": "cultist", "region": "tilea"}),
                                     ("summon", {"unit": "cultist", "region": "tilea"}),
                                     ("summon", {"unit": "warrior", "region": "tilea"}),
                                     ("card.play", {"card": "a_great_foul_consumption", "at": "tilea:0"})]})
    corrupted = report["corruption"]["tilea"]
    assert corrupted["consumed"]["nurgle"] == {"removed": {"cultist": 2, "warrior": 1}, "placed": 1}
    assert corrupted["corruption"]["nurgle"] == 2 + 1 and corrupted["total"] == 9 + 1 + 3
    assert corrupted["ruined"] and corrupted["ruiners"] == ["nurgle"]
    assert "nurgle" not in table.state["board"].get("tilea", {})
    assert ("A Great Foul Consumption: Nurgle's 3 figures here leave the board and place 1 corruption "
            "(1 for every 2)") in texts(corrupted["working"])


# -- Influenza ----------------------------------------------------------------------------------------
NURGLE_IN_THE_EMPIRE = [("summon", {"unit": "cultist", "region": "the_empire"})] * 3


def test_influenza_asks_nurgle_its_printed_amount_and_domination_beats_the_lowered_resistance():
    table = started()
    to_summoning(table)
    give(table, "nurgle", "influenza")
    report = play(table, {"nurgle": [*NURGLE_IN_THE_EMPIRE, ("card.play", {"card": "influenza", "at": "the_empire:0"}),
                                     ("card.choose", {"amount": 2})]})
    # 1 from the card + 3 Lepers = 4: not above the printed 5, above 5 − 2 = 3.
    empire = report["domination"]["the_empire"]
    assert (empire["resistance"], empire["winner"], empire["vp"]) == (3, "nurgle", 5)
    assert "Resistance 5 − 0 skaven − 2 from Influenza = 3 (never below 0)" in texts(empire["working"])
    assert table.state["gods"]["nurgle"]["vp"] == 5
    chose = [params for message, params in table.history(None) if message == "chose for %(card)s in %(region)s: "
             "%(done)s"]
    assert chose[-1]["done"] == "the resistance of The Empire is 2 lower this round (never below 0)"


def test_influenza_never_takes_the_resistance_below_0_and_its_amount_is_1_to_5():
    table = started()
    to_summoning(table)
    give(table, "nurgle", "influenza")
    while turn_of(table.state) != "nurgle":
        table.act(turn_of(table.state), "summoning.pass")
    table.act("nurgle", "card.play", card="influenza", at="norsca:1")
    assert table.open_actions("nurgle")["card.choose"] == [{"amount": amount} for amount in range(1, 6)]
    assert table.refused("nurgle", "card.choose").field == "amount"
    assert table.refused("nurgle", "card.choose", amount=6).field == "amount"
    table.act("nurgle", "card.choose", amount=3)
    assert derived(table.state)["regions"]["norsca"]["resistance"] == 0  # printed 1, never below 0


def test_influenza_s_lower_resistance_ends_when_the_card_leaves_in_the_end_phase():
    table = started()
    to_summoning(table)
    give(table, "nurgle", "influenza")
    report = play(table, {"nurgle": [("card.play", {"card": "influenza", "at": "kislev:0"}),
                                     ("card.choose", {"amount": 1})]})
    assert report["domination"]["kislev"]["resistance"] == 2
    table.act(None, "end.score")  # the cards go back to their owners' discards
    assert table.state["regions"]["kislev"]["slots"] == [None, None]
    assert derived(table.state)["regions"]["kislev"]["resistance"] == 3


def test_a_table_made_before_influenza_was_carried_out_shows_it_by_name():
    table = started()
    table.arrange(lambda state: state.update(card_rules=2))
    to_summoning(table)
    give(table, "nurgle", "influenza")
    report = play(table, {"nurgle": [*NURGLE_IN_THE_EMPIRE,
                                     ("card.play", {"card": "influenza", "at": "the_empire:0"})]})
    assert "card.choose" not in table.open_actions("nurgle")
    empire = report["domination"]["the_empire"]
    assert (empire["resistance"], empire["winner"]) == (5, None)


def test_changer_of_ways_cancelling_influenza_gives_the_region_its_resistance_back():
    table = started()
    table.act(None, "region.figures", region="the_empire", owner="nurgle", unit="cultist", count=3)
    to_summoning(table)
    give(table, "nurgle", "influenza")
    give(table, "tzeentch", "changer_of_ways")
    report = play(table, {"nurgle": [("card.play", {"card": "influenza", "at": "the_empire:0"}),
                                     ("card.choose", {"amount": 2})],
                          "tzeentch": [("card.play", {"card": "changer_of_ways", "at": "the_empire:1"}),
                                       ("card.choose", {"cancel": "yes"})]})
    empire = report["domination"]["the_empire"]
    assert (empire["resistance"], empire["winner"]) == (5, None)
    assert "Resistance 5 − 0 skaven = 5" in texts(empire["working"])
