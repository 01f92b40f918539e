"""Spellbooks that move or remove units, carried out on the board (issue 20;
seed, the factions' spellbooks and 第七章 FAQ): Dreams, Zingaya and Shriek of
the Byakhee. Three factions on the 3-player map: Great Cthulhu starts in the
South Pacific, Black Goat in Africa, Yellow Sign in Europe."""

import cthulhu_support as support
from cthulhu_support import Table, last_line, now_page, put, units

FACTIONS = ("great_cthulhu", "black_goat", "yellow_sign")


def on_board(faction, books, power=10) -> Table:
    """A board table in round one's action phase, `faction` to act with `power` and `books`."""
    return support.on_board(faction, FACTIONS, {faction: books}, power)


def take(table, area, faction, unit, n=1):
    def remove(state):
        here = state["board"]["units"][area][faction]
        here[unit] -= n
        if not here[unit]:
            del here[unit]
    table.arrange(remove)




def unique_open(table, faction):
    return table.rules.open_actions(table.state, table.seat_of(faction), table.seats).get("unique", [])


# -- Dreams (Great Cthulhu, 3 power) ------------------------------------------------------------
def test_dreams_replaces_an_enemy_cultist_with_one_of_yours():
    """Choose an area with enemy cultists: the enemy removes one and a cultist
    from your pool takes its place. Black Goat keeps its gate: another of its
    cultists still stands there (the tip: two cultists make Dreams cost 6 for a gate)."""
    table = on_board("great_cthulhu", ["dreams"])
    take(table, "south_pacific", "great_cthulhu", "cultist")  # one cultist in the pool
    table.act("great_cthulhu", "unique", name="dreams", area="africa", victim="black_goat")
    assert units(table, "africa", "black_goat") == {"cultist": 5}
    assert units(table, "africa", "great_cthulhu") == {"cultist": 1}
    assert table.faction("great_cthulhu")["power"] == 7
    assert table.state["board"]["gates"]["africa"] == "black_goat"
    assert table.faction("black_goat")["counts"]["cultists"] == 5
    assert last_line(table) == ("used %(action)s in %(area)s: replaced a cultist of %(victim)s with their own",
                                {"action": "Dreams", "area": "Africa", "victim": "Black Goat"})


def test_dreams_on_a_gates_last_cultist_takes_the_gate():
    table = on_board("great_cthulhu", ["dreams"])
    take(table, "south_pacific", "great_cthulhu", "cultist")
    take(table, "africa", "black_goat", "cultist", 5)
    table.act("great_cthulhu", "unique", name="dreams", area="africa", victim="black_goat")
    assert units(table, "africa", "black_goat") == {}
    assert table.state["board"]["gates"]["africa"] == "great_cthulhu"
    assert table.faction("great_cthulhu")["counts"]["gates"] == 2
    assert table.faction("black_goat")["counts"]["gates"] == 0
    assert last_line(table)[0].endswith("and took its gate")


def test_dreams_needs_a_cultist_in_your_pool_and_an_enemy_cultist_there():
    """FAQ: Dreams can't simply remove an enemy cultist when you have none to put in its place."""
    table = on_board("great_cthulhu", ["dreams"])
    error = table.refused("great_cthulhu", "unique", name="dreams", area="africa", victim="black_goat")
    assert "none to put in its place" in str(error)
    assert unique_open(table, "great_cthulhu") == []
    take(table, "south_pacific", "great_cthulhu", "cultist")
    assert table.refused("great_cthulhu", "unique", name="dreams", area="asia", victim="black_goat").field == "victim"
    assert table.refused("great_cthulhu", "unique", name="dreams", area="africa",
                         victim="great_cthulhu").field == "victim"
    assert table.refused("great_cthulhu", "unique", name="dreams", area="africa").field == "victim"
    assert table.refused("great_cthulhu", "unique", name="dreams", victim="black_goat").field == "area"
    assert table.faction("great_cthulhu")["power"] == 10  # nothing was paid
    assert {"name": "dreams", "area": "africa", "victim": "black_goat"} in unique_open(table, "great_cthulhu")
    assert {"name": "dreams", "area": "europe", "victim": "yellow_sign"} in unique_open(table, "great_cthulhu")
    without = on_board("great_cthulhu", [])
    assert without.refused("great_cthulhu", "unique", name="dreams", area="africa",
                           victim="black_goat").field == "name"


def test_dreams_on_a_table_that_counts_by_hand_still_just_costs_3():
    table = Table(FACTIONS, board="counts")
    table.to_action_phase()
    table.arrange(lambda state: state["factions"]["great_cthulhu"].update(spellbooks=["dreams"], power=8))
    table.act("great_cthulhu", "unique", name="dreams")
    assert table.faction("great_cthulhu")["power"] == 5
    assert last_line(table) == ("took the unique action %(action)s", {"action": "Dreams"})


# -- Zingaya (Yellow Sign, 1 power) ----------------------------------------------------------------
def test_zingaya_turns_an_enemy_cultist_beside_your_undead_into_undead():
    table = on_board("yellow_sign", ["zingaya"])
    put(table, "africa", "yellow_sign", "undead")
    table.act("yellow_sign", "unique", name="zingaya", area="africa", victim="black_goat")
    assert units(table, "africa", "yellow_sign") == {"undead": 2}
    assert units(table, "africa", "black_goat") == {"cultist": 5}
    assert table.faction("yellow_sign")["power"] == 9
    assert last_line(table) == ("used %(action)s in %(area)s: a cultist of %(victim)s became %(unit)s",
                                {"action": "Zingaya", "area": "Africa", "victim": "Black Goat", "unit": "Undead"})


def test_zingaya_on_a_gates_last_cultist_leaves_the_gate_abandoned():
    """Undead don't hold gates: the gate is abandoned once its cultist is gone."""
    table = on_board("yellow_sign", ["zingaya"])
    put(table, "africa", "yellow_sign", "undead")
    take(table, "africa", "black_goat", "cultist", 5)
    table.act("yellow_sign", "unique", name="zingaya", area="africa", victim="black_goat")
    assert table.state["board"]["gates"]["africa"] is None
    assert table.state["abandoned_gates"] == 1


def test_zingaya_needs_your_undead_there_an_enemy_cultist_and_an_undead_in_your_pool():
    table = on_board("yellow_sign", ["zingaya"])
    assert table.refused("yellow_sign", "unique", name="zingaya", area="africa", victim="black_goat").field == "area"
    assert unique_open(table, "yellow_sign") == []
    put(table, "africa", "yellow_sign", "undead", 6)
    error = table.refused("yellow_sign", "unique", name="zingaya", area="africa", victim="black_goat")
    assert "Undead" in str(error)  # FAQ: no Undead to put in the cultist's place, no Zingaya
    take(table, "africa", "yellow_sign", "undead", 5)
    assert table.refused("yellow_sign", "unique", name="zingaya", area="africa",
                         victim="great_cthulhu").field == "victim"
    assert unique_open(table, "yellow_sign") == [{"name": "zingaya", "area": "africa", "victim": "black_goat"}]
    assert table.faction("yellow_sign")["power"] == 10


# -- Shriek of the Byakhee (Yellow Sign, 1 power) ---------------------------------------------------
def test_shriek_moves_byakhee_from_any_areas_to_one_area_however_far():
    table = on_board("yellow_sign", ["shriek_of_the_byakhee"])
    put(table, "europe", "yellow_sign", "byakhee", 2)
    put(table, "north_pacific", "yellow_sign", "byakhee")
    table.act("yellow_sign", "unique", name="shriek_of_the_byakhee", area="south_america",
              from_areas={"europe": 2, "north_pacific": 1})
    assert units(table, "south_america", "yellow_sign") == {"byakhee": 3}
    assert units(table, "europe", "yellow_sign") == {"cultist": 6}
    assert units(table, "north_pacific", "yellow_sign") == {}
    assert table.faction("yellow_sign")["power"] == 9
    msgid, params = last_line(table)
    assert msgid == "used %(action)s: %(count)d Byakhee flew to %(area)s from %(from)s"
    assert params["count"] == 3 and params["area"] == "South America"
    assert params["from"] == "Europe × 2, North Pacific"


def test_shriek_can_leave_some_behind_and_comes_in_a_phones_form_fields():
    table = on_board("yellow_sign", ["shriek_of_the_byakhee"])
    put(table, "europe", "yellow_sign", "byakhee", 3)
    table.act("yellow_sign", "unique", **{"name": "shriek_of_the_byakhee", "area": "antarctica",
                                         "from_areas.europe": "1"})
    assert units(table, "antarctica", "yellow_sign") == {"byakhee": 1}
    assert units(table, "europe", "yellow_sign") == {"cultist": 6, "byakhee": 2}


def test_shriek_refuses_byakhee_you_dont_have_there():
    table = on_board("yellow_sign", ["shriek_of_the_byakhee"])
    assert unique_open(table, "yellow_sign") == []
    put(table, "europe", "yellow_sign", "byakhee")
    refuse = lambda **p: table.refused("yellow_sign", "unique", name="shriek_of_the_byakhee", **p)  # noqa: E731
    assert refuse(area="africa", from_areas={"europe": 2}).field == "from_areas"
    assert refuse(area="africa", from_areas={"asia": 1}).field == "from_areas"
    assert refuse(area="africa", from_areas={"nowhere": 1}).field == "from_areas"
    assert refuse(area="europe", from_areas={"europe": 1}).field == "from_areas"
    assert refuse(area="africa").field == "from_areas"
    assert refuse(from_areas={"europe": 1}).field == "area"
    assert table.faction("yellow_sign")["power"] == 10
    assert {"name": "shriek_of_the_byakhee", "area": "africa", "from_areas": {"europe": 1}} \
        in unique_open(table, "yellow_sign")


def test_the_open_choices_are_each_accepted():
    table = on_board("yellow_sign", ["shriek_of_the_byakhee", "zingaya"])
    put(table, "africa", "yellow_sign", "undead")
    put(table, "europe", "yellow_sign", "byakhee", 2)
    for choice in unique_open(table, "yellow_sign"):
        again = on_board("yellow_sign", ["shriek_of_the_byakhee", "zingaya"])
        put(again, "africa", "yellow_sign", "undead")
        put(again, "europe", "yellow_sign", "byakhee", 2)
        again.act("yellow_sign", "unique", **choice)


# -- The Screaming Dead and He Who is Not to be Named (Yellow Sign, 1 power each) -------------------
def with_king(books, hastur=None) -> Table:
    table = on_board("yellow_sign", books)
    put(table, "europe", "yellow_sign", "king_in_yellow")
    put(table, "europe", "yellow_sign", "undead", 2)
    table.arrange(lambda state: state["factions"]["yellow_sign"]["great_old_ones"].update(king_in_yellow="map"))
    if hastur:
        put(table, hastur, "yellow_sign", "hastur")
        table.arrange(lambda state: state["factions"]["yellow_sign"]["great_old_ones"].update(hastur="map"))
    return table


def test_the_screaming_dead_moves_the_king_with_his_undead_then_gives_a_second_action():
    """Move the King in Yellow; Undead in his area may follow free; then at once
    a second action, which can't be The Screaming Dead."""
    table = with_king(["the_screaming_dead"])
    table.act("yellow_sign", "unique", name="the_screaming_dead", area="asia", followers=1)
    assert units(table, "asia", "yellow_sign") == {"king_in_yellow": 1, "undead": 1}
    assert units(table, "europe", "yellow_sign") == {"cultist": 6, "undead": 1}
    assert table.faction("yellow_sign")["power"] == 9
    assert last_line(table) == ("used %(action)s: %(unit)s moved to %(area)s with %(count)d Undead",
                                {"action": "The Screaming Dead", "unit": "King in Yellow", "area": "Asia",
                                 "count": 1})
    error = table.refused("yellow_sign", "unique", name="the_screaming_dead", area="europe")
    assert error.field == "name" and "second action" in str(error)
    assert not [c for c in unique_open(table, "yellow_sign") if c["name"] == "the_screaming_dead"]
    table.act("yellow_sign", "move", moves={"cultist:europe:asia": 1})  # the second action
    assert units(table, "asia", "yellow_sign")["cultist"] == 1 and table.faction("yellow_sign")["power"] == 8
    assert "turn.end" in table.rules.open_actions(table.state, table.seat_of("yellow_sign"), table.seats)
    third = table.refused("yellow_sign", "move", moves={"cultist:europe:asia": 1})
    assert "taken your action" in str(third)


def test_the_screaming_dead_goes_one_area_and_only_his_own_undead_follow():
    table = with_king(["the_screaming_dead"])
    assert table.refused("yellow_sign", "unique", name="the_screaming_dead", area="africa").field == "area"
    assert table.refused("yellow_sign", "unique", name="the_screaming_dead", area="asia",
                         followers=3).field == "followers"
    table.act("yellow_sign", "unique", name="the_screaming_dead", area="asia")
    assert units(table, "asia", "yellow_sign") == {"king_in_yellow": 1}
    assert last_line(table) == ("used %(action)s: %(unit)s moved to %(area)s",
                                {"action": "The Screaming Dead", "unit": "King in Yellow", "area": "Asia"})
    without_king = on_board("yellow_sign", ["the_screaming_dead"])
    assert without_king.refused("yellow_sign", "unique", name="the_screaming_dead", area="asia").field == "name"


def test_a_second_action_not_taken_is_gone_when_the_turn_ends():
    table = with_king(["the_screaming_dead"])
    table.act("yellow_sign", "unique", name="the_screaming_dead", area="asia")
    table.act("yellow_sign", "turn.end")
    assert "second_action" not in table.faction("yellow_sign")


def test_he_who_is_not_to_be_named_moves_hastur_to_any_cultist_then_a_second_action():
    table = with_king(["he_who_is_not_to_be_named", "the_screaming_dead"], hastur="europe")
    assert table.refused("yellow_sign", "unique", name="he_who_is_not_to_be_named", area="australia").field == "area"
    assert table.refused("yellow_sign", "unique", name="he_who_is_not_to_be_named", area="europe").field == "area"
    assert {c["area"] for c in unique_open(table, "yellow_sign") if c["name"] == "he_who_is_not_to_be_named"} \
        == {"south_pacific", "africa"}
    table.act("yellow_sign", "unique", name="he_who_is_not_to_be_named", area="south_pacific")
    assert units(table, "south_pacific", "yellow_sign") == {"hastur": 1}
    assert last_line(table) == ("used %(action)s: %(unit)s moved to %(area)s",
                                {"action": "He Who is Not to be Named", "unit": "Hastur", "area": "South Pacific"})
    assert table.refused("yellow_sign", "unique", name="he_who_is_not_to_be_named", area="africa").field == "name"
    table.act("yellow_sign", "unique", name="the_screaming_dead", area="asia")  # another action is allowed
    assert units(table, "asia", "yellow_sign") == {"king_in_yellow": 1}


# -- on the phone -----------------------------------------------------------------------------------
def test_the_phone_offers_each_spellbook_where_the_board_allows_it(app):
    table = with_king(["zingaya", "shriek_of_the_byakhee", "the_screaming_dead"], hastur=None)
    put(table, "africa", "yellow_sign", "undead")
    put(table, "north_pacific", "yellow_sign", "byakhee", 2)
    page = now_page(app, table, "yellow_sign")
    assert "Zingaya in Africa: a cultist of Black Goat (1)" in page
    assert 'name="victim" value="black_goat"' in page
    assert 'name="from_areas.north_pacific"' in page
    assert 'name="followers"' in page and '<option value="asia">' in page
    dreams = on_board("great_cthulhu", ["dreams"])
    take(dreams, "south_pacific", "great_cthulhu", "cultist")
    assert "Dreams in Africa: a cultist of Black Goat (3)" in now_page(app, dreams, "great_cthulhu")


# -- Avatar (Black Goat, 1 power, Shub-Niggurath in play) ---------------------------------------------
def with_shub() -> Table:
    table = on_board("black_goat", [])
    put(table, "africa", "black_goat", "shub_niggurath")
    table.arrange(lambda state: state["factions"]["black_goat"]["great_old_ones"].update(shub_niggurath="map"))
    return table


def test_avatar_swaps_shub_niggurath_with_the_unit_the_chosen_faction_picks():
    """Choose an area and a faction: Shub-Niggurath and one of its cultists or
    monsters there swap places; that faction picks which."""
    table = with_shub()
    put(table, "europe", "yellow_sign", "undead")
    table.act("black_goat", "unique", name="avatar", area="europe", victim="yellow_sign")
    assert table.faction("black_goat")["power"] == 9
    assert last_line(table)[0] == ("used %(action)s on %(victim)s in %(area)s: "
                                   "they choose the unit that swaps with Shub-Niggurath")
    assert "Waiting for the faction Avatar chose" in str(table.refused("black_goat", "turn.end"))
    assert table.refused("black_goat", "avatar.choose", unit="cultist")  # not Black Goat's choice
    assert table.refused("yellow_sign", "avatar.choose", unit="byakhee").field == "unit"
    assert table.rules.open_actions(table.state, table.seat_of("yellow_sign"), table.seats)["avatar.choose"] \
        == [{"unit": "cultist"}, {"unit": "undead"}]
    table.act("yellow_sign", "avatar.choose", unit="undead")
    assert units(table, "europe", "black_goat") == {"shub_niggurath": 1}
    assert units(table, "africa", "yellow_sign") == {"undead": 1}
    assert units(table, "europe", "yellow_sign") == {"cultist": 6}
    assert last_line(table) == ("chose %(unit)s to swap places with Shub-Niggurath", {"unit": "Undead"})
    table.act("black_goat", "turn.end")


def test_avatar_swaps_at_once_when_there_is_nothing_to_choose():
    table = with_shub()
    table.act("black_goat", "unique", name="avatar", area="europe", victim="yellow_sign")  # only cultists there
    assert units(table, "europe", "black_goat") == {"shub_niggurath": 1}
    assert units(table, "africa", "yellow_sign") == {"cultist": 1}
    assert "avatar" not in table.state
    swapped = "used %(action)s: Shub-Niggurath swapped places with %(unit)s of %(victim)s in %(area)s"
    assert last_line(table) == (swapped, {"action": "Avatar", "unit": "Acolyte Cultist", "victim": "Yellow Sign",
                                 "area": "Europe"})


def test_avatar_with_your_own_units_names_the_one_that_swaps():
    table = with_shub()
    put(table, "europe", "black_goat", "ghoul")
    take(table, "africa", "black_goat", "cultist")
    put(table, "europe", "black_goat", "cultist")
    assert {"name": "avatar", "area": "europe", "victim": "black_goat", "unit": "ghoul"} \
        in unique_open(table, "black_goat")
    table.act("black_goat", "unique", name="avatar", area="europe", victim="black_goat", unit="ghoul")
    assert units(table, "europe", "black_goat") == {"shub_niggurath": 1, "cultist": 1}
    assert units(table, "africa", "black_goat") == {"cultist": 5, "ghoul": 1}


def test_avatar_needs_a_cultist_or_monster_of_that_faction_elsewhere():
    table = with_shub()
    assert table.refused("black_goat", "unique", name="avatar", area="africa", victim="black_goat").field == "area"
    assert table.refused("black_goat", "unique", name="avatar", area="asia", victim="yellow_sign").field == "victim"
    assert table.refused("black_goat", "unique", name="avatar", area="europe", victim="yellow_sign",
                         unit="byakhee").field == "unit"
    assert table.faction("black_goat")["power"] == 10
    no_shub = on_board("black_goat", [])
    assert no_shub.refused("black_goat", "unique", name="avatar", area="europe", victim="yellow_sign").field == "name"


def test_the_phone_offers_avatar_and_the_chosen_factions_pick(app):
    table = with_shub()
    put(table, "europe", "yellow_sign", "undead")
    assert "Avatar in Europe: Yellow Sign chooses the unit (1)" in now_page(app, table, "black_goat")
    table.act("black_goat", "unique", name="avatar", area="europe", victim="yellow_sign")
    page = now_page(app, table, "yellow_sign")
    assert 'value="avatar.choose"' in page and 'name="unit" value="undead"' in page


# -- Desecrate (the King in Yellow, 2 power) -----------------------------------------------------------
def test_desecrate_rolls_against_the_units_on_the_board_and_places_the_unit_chosen():
    """The King's card: roll a die; at most your units in his area (the King
    included) places a desecration token; either way a monster or cultist
    costing 2 or less is placed there. Europe holds the King, 2 Undead and 6
    cultists: any die succeeds."""
    table = with_king([])
    assert unique_open(table, "yellow_sign") == [{"name": "desecrate", "area": "europe", "unit": "undead"},
                                                 {"name": "desecrate", "area": "europe", "unit": "byakhee"}]
    assert table.refused("yellow_sign", "unique", name="desecrate", unit="hastur").field == "unit"
    assert table.refused("yellow_sign", "unique", name="desecrate", unit="cultist").field == "unit"  # none in pool
    assert table.refused("yellow_sign", "unique", name="desecrate", area="asia").field == "area"
    table.act("yellow_sign", "unique", name="desecrate", unit="byakhee")
    assert table.state["desecrated"] == ["europe"]
    assert units(table, "europe", "yellow_sign") == {"cultist": 6, "king_in_yellow": 1, "undead": 2, "byakhee": 1}
    assert table.faction("yellow_sign")["power"] == 8
    line, params = last_line(table)
    assert line == "%(line)s; placed %(unit)s there" and params["unit"] == "Byakhee"
    assert "the area is desecrated" in params["line"] and "Europe" in params["line"]
    assert all(c["name"] != "desecrate" for c in unique_open(table, "yellow_sign"))  # Europe is desecrated


def test_a_failed_desecration_still_places_its_unit():
    """The King alone in the North Pacific: only a 1 desecrates it; the unit comes either way."""
    table = on_board("yellow_sign", [])
    put(table, "north_pacific", "yellow_sign", "king_in_yellow")
    table.arrange(lambda state: state["factions"]["yellow_sign"]["great_old_ones"].update(king_in_yellow="map"))
    action = table.act("yellow_sign", "unique", name="desecrate", unit="undead")
    die = action.payload["die"]
    assert units(table, "north_pacific", "yellow_sign") == {"king_in_yellow": 1, "undead": 1}
    assert ("north_pacific" in table.state["desecrated"]) == (die == 1)
    assert ("no desecration" in last_line(table)[1]["line"]) == (die > 1)


def test_the_phone_offers_desecrate_with_each_unit_it_may_place(app):
    page = now_page(app, with_king([]), "yellow_sign")
    assert "Desecrate in Europe, placing Byakhee (2)" in page and 'name="unit" value="undead"' in page
    assert 'name="units_there"' not in page
