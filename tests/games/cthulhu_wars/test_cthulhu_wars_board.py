"""The board (issue 20): set-up from the rulebook, every count derived from the
map, and the action phase's actions with their conditions checked from it
(seed, 第一章 A 设置 and 第四阶段 行动阶段). Three factions on the 3-player map:
Great Cthulhu starts in the South Pacific, Crawling Chaos in Asia, Black
Goat in Africa (Asia and Africa share a border)."""


from companion.rules import ActionError
from cthulhu_support import THREE, Table, last_line, on_board, put, units


def refused(table: Table, faction: str, kind: str, **payload) -> ActionError:
    return table.refused(faction, kind, **payload)



# -- set-up and derived counts -------------------------------------------------------------
def test_set_up_puts_six_cultists_and_a_controlled_gate_in_each_start_area():
    table = Table(THREE, board="map")
    board = table.state["board"]
    assert units(table, "south_pacific", "great_cthulhu") == {"cultist": 6}
    assert units(table, "asia", "crawling_chaos") == {"cultist": 6}
    assert board["gates"] == {"south_pacific": "great_cthulhu", "asia": "crawling_chaos", "africa": "black_goat"}
    assert table.faction("black_goat")["counts"]["cultists"] == 6
    assert table.faction("black_goat")["counts"]["gates"] == 1
    table.act("great_cthulhu", "power.gather")
    assert table.faction("great_cthulhu")["power"] == 8  # 6 cultists + 1 gate × 2, from the board


def test_the_counts_are_the_boards_and_cant_be_typed():
    table = Table(THREE, board="map")
    assert refused(table, "black_goat", "counts.set", count="cultists", value=3).field == "count"
    assert refused(table, "black_goat", "abandoned.set", value=2).field == "value"


def test_two_players_gates_stand_abandoned_until_the_starts_are_picked():
    table = Table(("great_cthulhu", "black_goat"), board="map")
    table.act("great_cthulhu", "setup.gates", areas=["north_america", "south_atlantic"])
    assert table.state["board"]["gates"] == {"north_america": None, "south_atlantic": None}
    assert table.state["abandoned_gates"] == 2
    table.act("black_goat", "setup.starts", starts={"great_cthulhu": "south_atlantic", "black_goat": "australia"})
    assert table.state["board"]["gates"] == {"north_america": None, "south_atlantic": "great_cthulhu"}
    assert units(table, "australia", "black_goat") == {"cultist": 6}
    assert table.faction("great_cthulhu")["counts"]["gates"] == 1 and table.state["abandoned_gates"] == 1


# -- move -------------------------------------------------------------------------------------
def test_moving_costs_a_power_per_unit_to_a_neighbouring_area():
    table = on_board()
    table.act("great_cthulhu", "move", moves={"cultist:south_pacific:australia": 2,
                                              "cultist:south_pacific:antarctica": 1})
    assert table.faction("great_cthulhu")["power"] == 7
    assert units(table, "australia", "great_cthulhu") == {"cultist": 2}
    assert units(table, "south_pacific", "great_cthulhu") == {"cultist": 3}
    assert table.state["board"]["gates"]["south_pacific"] == "great_cthulhu"  # a cultist still holds it
    assert last_line(table)[1]["count"] == 3


def test_a_move_is_refused_too_far_or_with_more_units_than_stand_there():
    table = on_board()
    assert refused(table, "great_cthulhu", "move", moves={"cultist:south_pacific:europe": 1}).field == "moves"
    assert refused(table, "great_cthulhu", "move", moves={"cultist:south_pacific:australia": 7}).field == "moves"
    # Each unit moves once: what arrives in Australia can't go on in the same move.
    assert refused(table, "great_cthulhu", "move", moves={"cultist:south_pacific:australia": 1,
                                                          "cultist:australia:indian_ocean": 1}).field == "moves"
    assert refused(table, "great_cthulhu", "move", moves={}).field == "moves"


def test_flight_takes_crawling_chaos_two_areas_away():
    table = on_board("crawling_chaos")
    table.act("crawling_chaos", "move", moves={"cultist:asia:south_atlantic": 1})  # Asia, Africa, South Atlantic
    assert units(table, "south_atlantic", "crawling_chaos") == {"cultist": 1}
    other = on_board()  # without Flight, two areas away is too far
    assert refused(other, "great_cthulhu", "move", moves={"cultist:south_pacific:asia": 1}).field == "moves"


def test_the_last_cultist_leaving_a_gate_abandons_it_and_everyone_gathers_from_it():
    table = on_board(power=6)
    table.act("great_cthulhu", "move", moves={"cultist:south_pacific:australia": 6})
    assert table.state["board"]["gates"]["south_pacific"] is None
    assert table.state["abandoned_gates"] == 1 and table.faction("great_cthulhu")["counts"]["gates"] == 0
    table.spend_all()
    table.act("great_cthulhu", "power.gather")
    assert table.faction("crawling_chaos")["gathered"]["gathered"] == 6 + 2 + 1


def test_an_abandoned_gate_is_taken_by_a_cultist_there_for_free():
    table = on_board(power=8)
    table.act("great_cthulhu", "move", moves={"cultist:south_pacific:australia": 6})
    table.arrange(lambda state: state["factions"]["great_cthulhu"].update(acted=False))
    assert refused(table, "great_cthulhu", "gate.control", area="australia").field == "area"
    assert refused(table, "great_cthulhu", "gate.control", area="south_pacific").field == "area"  # nobody there
    table.act("great_cthulhu", "move", moves={"cultist:australia:south_pacific": 1})
    table.act("great_cthulhu", "gate.control", area="south_pacific")
    assert table.state["board"]["gates"]["south_pacific"] == "great_cthulhu"
    assert table.faction("great_cthulhu")["power"] == 1 and table.state["abandoned_gates"] == 0


# -- recruit, gates, summon ---------------------------------------------------------------------
def test_recruiting_needs_one_of_your_units_in_the_area():
    table = on_board()
    table.arrange(lambda state: state["board"]["units"]["south_pacific"]["great_cthulhu"].update(cultist=5))
    assert refused(table, "great_cthulhu", "recruit", area="europe").field == "area"
    table.act("great_cthulhu", "recruit", area="south_pacific")
    assert units(table, "south_pacific", "great_cthulhu") == {"cultist": 6}
    assert last_line(table) == ("recruited a cultist in %(area)s", {"area": "South Pacific"})


def test_all_six_cultists_on_the_map_means_no_recruit():
    table = on_board()
    assert refused(table, "great_cthulhu", "recruit", area="south_pacific").message == \
        "All 6 of your cultists are on the map."


def test_a_gate_is_built_where_your_cultist_is_and_no_gate_stands():
    table = on_board()
    assert refused(table, "great_cthulhu", "gate.build", area="south_pacific").field == "area"  # a gate is there
    assert refused(table, "great_cthulhu", "gate.build", area="australia").field == "area"  # no cultist there
    table.act("great_cthulhu", "move", moves={"cultist:south_pacific:australia": 1})
    table.arrange(lambda state: state["factions"]["great_cthulhu"].update(acted=False))
    table.act("great_cthulhu", "gate.build", area="australia")
    assert table.state["board"]["gates"]["australia"] == "great_cthulhu"
    assert table.faction("great_cthulhu")["counts"]["gates"] == 2 and table.faction("great_cthulhu")["power"] == 6


def test_monsters_arrive_at_a_gate_you_control_up_to_the_box():
    table = on_board()
    assert refused(table, "great_cthulhu", "summon", monster="shoggoth", area="asia").field == "area"
    table.act("great_cthulhu", "summon", monster="shoggoth", area="south_pacific")
    assert units(table, "south_pacific", "great_cthulhu") == {"cultist": 6, "shoggoth": 1}
    put(table, "australia", "great_cthulhu", "shoggoth")
    table.arrange(lambda state: state["factions"]["great_cthulhu"].update(acted=False))
    assert refused(table, "great_cthulhu", "summon", monster="shoggoth", area="south_pacific").field == "units"


# -- capture -----------------------------------------------------------------------------------
def test_a_monster_captures_a_cultist_whose_faction_has_no_monster_there():
    table = on_board()
    put(table, "asia", "great_cthulhu", "deep_one")
    table.act("great_cthulhu", "capture", victim="crawling_chaos", area="asia")
    assert units(table, "asia", "crawling_chaos") == {"cultist": 5}
    assert table.faction("great_cthulhu")["counts"]["captives"] == 1
    assert table.state["board"]["gates"]["asia"] == "crawling_chaos"  # its other cultists still hold the gate
    table.spend_all()
    table.act("great_cthulhu", "power.gather")
    assert table.state["board"]["captives"] == {}  # sacrificed: back to their owner's pool
    assert table.faction("great_cthulhu")["gathered"]["gathered"] == 6 + 2 + 1


def test_no_capture_past_an_enemy_monster_but_a_great_old_one_captures_past_monsters():
    table = on_board()
    put(table, "asia", "great_cthulhu", "deep_one")
    put(table, "asia", "crawling_chaos", "nightgaunt")
    assert refused(table, "great_cthulhu", "capture", victim="crawling_chaos", area="asia").field == "area"
    assert refused(table, "great_cthulhu", "capture", victim="black_goat", area="asia").field == "area"
    put(table, "asia", "great_cthulhu", "cthulhu")
    table.act("great_cthulhu", "capture", victim="crawling_chaos", area="asia")
    put(table, "asia", "crawling_chaos", "nyarlathotep")
    table.arrange(lambda state: state["factions"]["great_cthulhu"].update(acted=False))
    assert refused(table, "great_cthulhu", "capture", victim="crawling_chaos", area="asia").field == "area"


# -- awaken -----------------------------------------------------------------------------------
def test_cthulhu_awakens_at_the_gate_in_his_start_area_whoever_holds_it():
    table = on_board(power=12)
    assert refused(table, "great_cthulhu", "awaken", great_old_one="cthulhu", area="asia").field == "area"
    table.arrange(lambda state: state["board"]["gates"].update(south_pacific="crawling_chaos"))
    table.act("great_cthulhu", "awaken", great_old_one="cthulhu", area="south_pacific")
    assert units(table, "south_pacific", "great_cthulhu")["cthulhu"] == 1
    assert table.faction("great_cthulhu")["great_old_ones"]["cthulhu"] == "map"


def test_shub_niggurath_needs_her_gate_and_three_cultists_there_and_takes_two():
    table = on_board("black_goat", power=10)
    table.act("black_goat", "move", moves={"cultist:africa:asia": 4})
    table.arrange(lambda state: state["factions"]["black_goat"].update(acted=False, power=10))
    assert refused(table, "black_goat", "awaken", great_old_one="shub_niggurath", area="africa").field == "area"
    def three_back(state):
        state["board"]["units"]["africa"]["black_goat"]["cultist"] = 3
        state["board"]["units"]["asia"]["black_goat"]["cultist"] = 3

    table.arrange(three_back)
    table.act("black_goat", "awaken", great_old_one="shub_niggurath", area="africa")
    assert units(table, "africa", "black_goat") == {"cultist": 1, "shub_niggurath": 1}
    assert table.state["board"]["gates"]["africa"] == "black_goat"


def test_nyarlathotep_needs_a_gate_of_his_own():
    table = on_board("crawling_chaos", power=10)
    assert refused(table, "crawling_chaos", "awaken", great_old_one="nyarlathotep", area="africa").field == "area"
    table.act("crawling_chaos", "awaken", great_old_one="nyarlathotep", area="asia")
    assert units(table, "asia", "crawling_chaos")["nyarlathotep"] == 1


def test_the_king_where_yellow_sign_stands_without_a_gate_and_hastur_at_the_kings_gate():
    four = ("great_cthulhu", "crawling_chaos", "black_goat", "yellow_sign")
    table = on_board("yellow_sign", power=20, factions=four)
    assert refused(table, "yellow_sign", "awaken", great_old_one="king_in_yellow", area="europe").field == "area"
    table.act("yellow_sign", "move", moves={"cultist:europe:north_atlantic": 1})
    table.arrange(lambda state: state["factions"]["yellow_sign"].update(acted=False))
    table.act("yellow_sign", "awaken", great_old_one="king_in_yellow", area="north_atlantic")
    table.arrange(lambda state: state["factions"]["yellow_sign"].update(acted=False))
    assert refused(table, "yellow_sign", "awaken", great_old_one="hastur", area="europe").field == "area"
    table.act("yellow_sign", "gate.build", area="north_atlantic")
    table.arrange(lambda state: state["factions"]["yellow_sign"].update(acted=False, power=10))
    table.act("yellow_sign", "awaken", great_old_one="hastur", area="north_atlantic")
    assert units(table, "north_atlantic", "yellow_sign") == {"cultist": 1, "king_in_yellow": 1, "hastur": 1}


# -- battles from the board (seed, 战斗) ----------------------------------------------------------
def battle_in_asia(cthulhu_units: dict, chaos_extra: dict | None = None) -> Table:
    """Great Cthulhu's units in Asia beside Crawling Chaos' six cultists (and `chaos_extra`)."""
    table = on_board()
    for unit, n in cthulhu_units.items():
        put(table, "asia", "great_cthulhu", unit, n)
    for unit, n in (chaos_extra or {}).items():
        put(table, "asia", "crawling_chaos", unit, n)
    return table


def test_a_battle_takes_both_sides_units_and_strengths_from_the_board():
    table = battle_in_asia({"shoggoth": 1, "deep_one": 2}, {"flying_polyp": 1})
    table.act("great_cthulhu", "battle.declare", defender="crawling_chaos", area="asia")
    battle = table.state["battle"]
    assert battle["units"] == {"attacker": {"shoggoth": 1, "deep_one": 2},
                               "defender": {"cultist": 6, "flying_polyp": 1}}
    assert battle["dice"]["attacker"]["dice"] == 4 and battle["dice"]["defender"]["dice"] == 1
    assert refused(table, "great_cthulhu", "battle.declare", defender="black_goat", area="asia").field is None
    other = on_board()
    assert refused(other, "great_cthulhu", "battle.declare", defender="crawling_chaos", area="asia").field == "area"


def test_kills_leave_the_board_and_pains_retreat_attacker_first_where_no_enemy_is():
    table = battle_in_asia({"shoggoth": 1, "deep_one": 2})
    table.act("great_cthulhu", "battle.declare", defender="crawling_chaos", area="asia")
    table.act("great_cthulhu", "battle.roll", attacker_faces="6 5 1 1", defender_faces="")
    # The defender's cultists roll no dice; the attacker's 6 kills one cultist, its 5 pains one.
    assert table.state["battle"]["losses"] == {"attacker": {"killed": {}, "pained": {}, "retreats": {},
                                                            "eliminated": None}, "defender": None}
    assert refused(table, "crawling_chaos", "battle.losses", killed={"cultist": 1}, pained={"cultist": 1},
                   retreats={"cultist:south_pacific": 1}).field == "retreats"  # Great Cthulhu's units are there
    assert refused(table, "crawling_chaos", "battle.losses", killed={"cultist": 2}, pained={},
                   retreats={}).field == "killed"
    assert refused(table, "great_cthulhu", "turn.end").message.startswith("Finish the battle first")
    table.act("crawling_chaos", "battle.losses", killed={"cultist": 1}, pained={"cultist": 1},
              retreats={"cultist:europe": 1})
    assert units(table, "asia", "crawling_chaos") == {"cultist": 4}
    assert units(table, "europe", "crawling_chaos") == {"cultist": 1}
    assert table.faction("crawling_chaos")["counts"]["cultists"] == 5
    table.act("great_cthulhu", "turn.end")


def test_the_attackers_losses_come_first_and_its_retreat_blocks_the_defenders():
    table = battle_in_asia({"shoggoth": 1}, {"hunting_horror": 1})
    table.act("great_cthulhu", "battle.declare", defender="crawling_chaos", area="asia")
    table.act("great_cthulhu", "battle.roll", attacker_faces="4 1", defender_faces="5 1")
    assert [c for c in table.open_actions("crawling_chaos")] == []  # the attacker retreats first
    assert refused(table, "crawling_chaos", "battle.losses", pained={"cultist": 1},
                   retreats={"cultist:europe": 1}).message == "Another faction assigns these results now."
    table.act("great_cthulhu", "battle.losses", pained={"shoggoth": 1}, retreats={"shoggoth:europe": 1})
    # Europe now holds Great Cthulhu's Shoggoth: Crawling Chaos can't retreat there.
    assert refused(table, "crawling_chaos", "battle.losses", pained={"cultist": 1},
                   retreats={"cultist:europe": 1}).field == "retreats"
    table.act("crawling_chaos", "battle.losses", pained={"cultist": 1}, retreats={"cultist:africa": 1})
    assert units(table, "africa", "crawling_chaos") == {"cultist": 1}


def test_with_no_legal_retreat_one_pained_unit_is_eliminated_and_the_rest_stay():
    table = on_board()
    table.arrange(lambda state: state["board"]["units"]["asia"]["crawling_chaos"].update(cultist=5))
    put(table, "australia", "crawling_chaos", "cultist")  # Australia borders the Indian Ocean and the South Pacific
    put(table, "australia", "great_cthulhu", "deep_one", 2)
    put(table, "indian_ocean", "great_cthulhu", "deep_one")
    put(table, "australia", "crawling_chaos", "nightgaunt", 2)
    table.act("great_cthulhu", "battle.declare", defender="crawling_chaos", area="australia")
    table.act("great_cthulhu", "battle.roll", attacker_faces="5 4", defender_faces="")
    offered = table.open_actions("crawling_chaos")["battle.losses"]
    assert offered and all("eliminated" in choice for choice in offered)
    assert refused(table, "crawling_chaos", "battle.losses", pained={"nightgaunt": 2},
                   retreats={"nightgaunt:indian_ocean": 2}).field == "retreats"
    table.act("crawling_chaos", "battle.losses", pained={"nightgaunt": 2}, eliminated="nightgaunt")
    assert units(table, "australia", "crawling_chaos") == {"cultist": 1, "nightgaunt": 1}


def test_a_gate_changes_hands_when_its_cultists_are_killed_and_an_enemy_cultist_takes_it():
    table = on_board()
    table.arrange(lambda state: state["board"]["units"]["asia"]["crawling_chaos"].update(cultist=1))
    table.arrange(lambda state: state["board"]["units"]["south_pacific"]["great_cthulhu"].update(cultist=5))
    put(table, "asia", "great_cthulhu", "cthulhu")
    put(table, "asia", "great_cthulhu", "cultist")
    table.act("great_cthulhu", "battle.declare", defender="crawling_chaos", area="asia")
    table.act("great_cthulhu", "battle.roll", attacker_faces="6 1 1 1 1 1", defender_faces="")
    table.act("crawling_chaos", "battle.losses", killed={"cultist": 1})
    assert table.state["board"]["gates"]["asia"] is None and table.state["abandoned_gates"] == 1
    table.act("great_cthulhu", "gate.control", area="asia")
    assert table.state["board"]["gates"]["asia"] == "great_cthulhu"
    assert table.faction("great_cthulhu")["counts"]["gates"] == 2
    assert table.faction("crawling_chaos")["counts"]["gates"] == 0


def test_the_harbinger_pays_only_for_an_enemy_great_old_one_pained_or_killed():
    table = on_board("crawling_chaos")
    put(table, "asia", "crawling_chaos", "nyarlathotep")
    put(table, "asia", "great_cthulhu", "cthulhu")
    put(table, "asia", "great_cthulhu", "deep_one")
    table.arrange(lambda state: state["factions"]["crawling_chaos"].update(spellbooks=["abduct", "invisibility"]))
    table.arrange(lambda state: state["factions"]["great_cthulhu"]["great_old_ones"].update(cthulhu="map"))
    table.act("crawling_chaos", "battle.declare", defender="great_cthulhu", area="asia")
    table.act("crawling_chaos", "battle.roll", attacker_faces="5 1", defender_faces="1 1 1 1 1 1 1")
    assert table.open_actions("crawling_chaos").get("harbinger") is None  # nothing assigned yet
    table.act("great_cthulhu", "battle.losses", pained={"deep_one": 1}, retreats={"deep_one:europe": 1})
    assert "harbinger" not in table.open_actions("crawling_chaos")  # the Deep One took the pain, not Cthulhu
    assert refused(table, "crawling_chaos", "harbinger", great_old_one="cthulhu", take="power").field == \
        "great_old_one"

    again = on_board("crawling_chaos")
    put(again, "asia", "crawling_chaos", "nyarlathotep")
    put(again, "asia", "great_cthulhu", "cthulhu")
    again.arrange(lambda state: state["factions"]["crawling_chaos"].update(spellbooks=["abduct", "invisibility"]))
    again.act("crawling_chaos", "battle.declare", defender="great_cthulhu", area="asia")
    again.act("crawling_chaos", "battle.roll", attacker_faces="4 1", defender_faces="1 1 1 1 1 1")
    again.act("great_cthulhu", "battle.losses", pained={"cthulhu": 1}, retreats={"cthulhu:europe": 1})
    assert {c["great_old_one"] for c in again.open_actions("crawling_chaos")["harbinger"]} == {"cthulhu"}
    again.act("crawling_chaos", "harbinger", great_old_one="cthulhu", take="power")
    assert units(again, "europe", "great_cthulhu") == {"cthulhu": 1}


# -- spellbook requirements from the board --------------------------------------------------------
def offered_requirements(table: Table, faction: str) -> set[str]:
    return {c["requirement"] for c in table.open_actions(faction).get("spellbook.earn", [])}


def test_black_goats_areas_requirements_are_offered_the_moment_the_map_shows_them():
    table = on_board("black_goat")
    assert offered_requirements(table, "black_goat") == set()
    table.act("black_goat", "move", moves={"cultist:africa:asia": 1, "cultist:africa:indian_ocean": 1,
                                           "cultist:africa:south_atlantic": 1})
    # Four areas, and an area shared with each enemy? Asia holds Crawling Chaos; Great Cthulhu is not shared.
    assert offered_requirements(table, "black_goat") == {"bg_units4"}
    table.act("black_goat", "spellbook.earn", requirement="bg_units4", spellbook="frenzy")
    assert table.faction("black_goat")["requirements_met"] == ["bg_units4"]
    assert offered_requirements(table, "black_goat") == set()
    # A requirement the map can't see is still ticked by hand.
    table.act("black_goat", "spellbook.earn", requirement="bg_share", spellbook="ghroth")


def test_a_capture_and_an_awakening_meet_their_requirements_on_the_map():
    table = on_board("crawling_chaos", power=15)
    assert offered_requirements(table, "crawling_chaos") == {"cc_gates3_or_12", "cc_gates4_or_15"}  # 15 power
    table.arrange(lambda state: state["factions"]["crawling_chaos"].update(power=10))
    put(table, "africa", "crawling_chaos", "nightgaunt")
    table.act("crawling_chaos", "capture", victim="black_goat", area="africa")
    assert offered_requirements(table, "crawling_chaos") == {"cc_capture"}
    cthulhu = on_board(power=12)
    cthulhu.act("great_cthulhu", "awaken", great_old_one="cthulhu", area="south_pacific")
    assert offered_requirements(cthulhu, "great_cthulhu") == {"gc_awaken"}
