"""Action-phase actions at their costs: capture, summon, unique actions with
their dice, gates, and the group's corrections of defaults."""


import pytest

from companion.rules import ActionError
from cthulhu_support import Table, give_turn, on_turn


def test_capture_costs_1_takes_a_cultist_off_the_map_and_it_counts_at_the_next_gather():
    table = on_turn("great_cthulhu")
    table.act("great_cthulhu", "capture", victim="black_goat")
    assert table.faction("great_cthulhu")["counts"]["captives"] == 1
    assert table.faction("black_goat")["counts"]["cultists"] == 5
    assert table.faction("great_cthulhu")["power"] == 9


def test_summoning_pays_the_monsters_cost_one_monster_except_for_black_goat():
    table = on_turn("great_cthulhu")
    with pytest.raises(ActionError) as refused:
        table.act("great_cthulhu", "summon", units={"deep_one": 2})
    assert refused.value.field == "units"
    table.act("great_cthulhu", "summon", monster="starspawn")
    assert table.faction("great_cthulhu")["power"] == 7
    goat = on_turn("black_goat")
    goat.act("black_goat", "summon", units={"ghoul": 1, "fungi": 2})  # Fertility Cult
    assert goat.faction("black_goat")["power"] == 5


def test_a_unique_action_needs_its_spellbook_or_great_old_one():
    table = on_turn("great_cthulhu")
    with pytest.raises(ActionError):
        table.act("great_cthulhu", "unique", name="dreams")
    table.arrange_faction("great_cthulhu", spellbooks=["dreams"])
    table.act("great_cthulhu", "unique", name="dreams")
    assert table.faction("great_cthulhu")["power"] == 7


def test_submerge_takes_cthulhu_off_the_map_and_he_still_counts_as_in_play():
    table = on_turn("great_cthulhu")
    table.arrange_faction("great_cthulhu", spellbooks=["submerge"])
    table.act("great_cthulhu", "great_old_one.set", great_old_one="cthulhu", where="map")
    table.act("great_cthulhu", "unique", name="submerge")
    assert table.faction("great_cthulhu")["great_old_ones"]["cthulhu"] == "submerged"
    table.act("great_cthulhu", "turn.end")
    table.arrange(give_turn("great_cthulhu"))
    table.act("great_cthulhu", "unique", name="unsubmerge")
    assert table.faction("great_cthulhu")["great_old_ones"]["cthulhu"] == "map"
    assert table.faction("great_cthulhu")["power"] == 8


def desecrating(third_eye=False):
    table = on_turn("yellow_sign", ("great_cthulhu", "yellow_sign", "black_goat"))
    table.act("yellow_sign", "great_old_one.set", great_old_one="king_in_yellow", where="map")
    if third_eye:
        table.arrange_faction("yellow_sign", spellbooks=["the_third_eye"])
        table.act("yellow_sign", "great_old_one.set", great_old_one="hastur", where="map")
    return table


def test_desecrate_rolls_a_die_recorded_in_the_payload_and_succeeds_at_most_the_units_there():
    table = desecrating()
    action = table.act("yellow_sign", "unique", name="desecrate", units_there=6, area="europe")
    assert 1 <= action.payload["die"] <= 6
    assert table.state["desecrated"] == ["europe"] and table.faction("yellow_sign")["power"] == 8
    assert "drawn" not in action.payload  # no Third Eye: no sign


def test_the_third_eye_makes_desecrate_cost_1_and_a_success_draws_an_elder_sign():
    table = desecrating(third_eye=True)
    action = table.act("yellow_sign", "unique", name="desecrate", units_there=6, area="asia")
    assert table.faction("yellow_sign")["power"] == 9
    assert len(action.payload["drawn"]) == 1 and table.faction("yellow_sign")["elder_signs"] == 1


def test_a_failed_desecration_places_no_token():
    for seed in range(30):
        table = desecrating()
        table.rng.seed(seed)
        action = table.act("yellow_sign", "unique", name="desecrate", units_there=1, area="asia")
        if action.payload["die"] > 1:
            assert table.state["desecrated"] == []
            return
    pytest.fail("no seed rolled above 1")


def test_gates_control_and_abandon_are_free_and_move_between_abandoned_and_controlled():
    table = on_turn("great_cthulhu")
    table.act("great_cthulhu", "gate.abandon")
    assert (table.faction("great_cthulhu")["counts"]["gates"], table.state["abandoned_gates"]) == (0, 1)
    table.act("great_cthulhu", "gate.control")
    assert (table.faction("great_cthulhu")["counts"]["gates"], table.state["abandoned_gates"]) == (1, 0)
    assert table.faction("great_cthulhu")["power"] == 10
    with pytest.raises(ActionError):
        table.act("great_cthulhu", "gate.control")


def test_counts_are_kept_by_their_own_faction_and_refuse_impossible_values():
    table = Table()
    table.act("black_goat", "counts.adjust", count="gates", delta=2)
    assert table.faction("black_goat")["counts"]["gates"] == 3
    with pytest.raises(ActionError) as refused:
        table.act("black_goat", "counts.adjust", count="cultists", delta=1)
    assert refused.value.field == "cultists"
    with pytest.raises(ActionError):
        table.act("black_goat", "counts.adjust", count="gates", delta=-9)


def test_a_group_corrects_a_default_and_the_table_uses_it():
    table = Table()
    table.act("great_cthulhu", "default.correct", faction="great_cthulhu", unit="starspawn", field="cost", value=4)
    table.to_action_phase()
    table.act("great_cthulhu", "summon", monster="starspawn")
    assert table.faction("great_cthulhu")["power"] == 4
    with pytest.raises(ActionError) as refused:
        table.act("great_cthulhu", "default.correct", faction="great_cthulhu", unit="cthulhu", field="cost", value=3)
    assert refused.value.field == "field"


@pytest.mark.parametrize("kind, payload, field", [
    ("move", {"units": "many"}, "units"),
    ("move", {"units": 0}, "units"),
    ("capture", {"victim": "elder_things"}, "victim"),
    ("direction.choose", {"direction": "sideways"}, "direction"),
    ("elder_signs.reveal", {"values": [4]}, "values"),
    ("battle.declare", {"defender": "black_goat", "attacker_units": "lots", "defender_units": {}}, "attacker_units"),
])
def test_bad_input_is_refused_naming_the_field_and_nothing_changes(kind, payload, field):
    table = on_turn("great_cthulhu")
    before = table.state
    with pytest.raises(ActionError) as refused:
        table.act("great_cthulhu", kind, **payload)
    assert refused.value.field == field
    assert table.state is before


def desecrate_until_success(table, area):
    def yellow_signs_turn(state):
        give_turn("yellow_sign")(state)
        state["factions"]["yellow_sign"].update(power=10, acted=False)

    table.arrange(yellow_signs_turn)
    for attempt in range(40):
        table.rng.seed(attempt)
        action = table.act("yellow_sign", "unique", name="desecrate", units_there=3, area=area)
        if action.payload["die"] <= 3:
            return
        table.undo()
    pytest.fail("no success in 40 seeds")


def test_a_glyph_requirement_needs_a_desecrated_area_with_that_glyph():
    table = desecrating()
    with pytest.raises(ActionError) as refused:
        table.act("yellow_sign", "spellbook.earn", requirement="ys_desecrate_slashes", spellbook="passion")
    assert refused.value.field == "requirement"
    desecrate_until_success(table, "europe")  # marked M (vertical slashes)
    table.act("yellow_sign", "spellbook.earn", requirement="ys_desecrate_slashes", spellbook="passion")
    with pytest.raises(ActionError):
        table.act("yellow_sign", "spellbook.earn", requirement="ys_desecrate_circle", spellbook="zingaya")


def test_an_area_already_desecrated_cannot_be_desecrated_again():
    table = desecrating()
    desecrate_until_success(table, "europe")
    table.arrange(give_turn("yellow_sign"))
    table.arrange_faction("yellow_sign", acted=False)
    refused = table.refused("yellow_sign", "unique", name="desecrate", units_there=3, area="europe")
    assert refused.field == "area"


def test_two_players_a_lone_desecration_earns_a_book_and_a_neighbouring_one_does_not():
    table = Table(("great_cthulhu", "yellow_sign"))
    table.act("yellow_sign", "setup.gates", areas=["north_atlantic", "antarctica"])
    table.act("great_cthulhu", "setup.starts",
              starts={"great_cthulhu": "north_atlantic", "yellow_sign": "south_america"})
    table.to_action_phase()
    table.act("yellow_sign", "great_old_one.set", great_old_one="king_in_yellow", where="map")
    desecrate_until_success(table, "south_america")
    desecrate_until_success(table, "north_america")  # next to South America
    table.act("yellow_sign", "spellbook.earn", requirement="ys_desecrate_circle", spellbook="passion")
    with pytest.raises(ActionError):
        table.act("yellow_sign", "spellbook.earn", requirement="ys_desecrate_chevron", spellbook="zingaya")


def test_the_thousand_forms_needs_nyarlathotep_and_is_used_once_a_round():
    table = on_turn("crawling_chaos")
    table.arrange_faction("crawling_chaos", spellbooks=["the_thousand_forms"])
    with pytest.raises(ActionError):
        table.act("crawling_chaos", "unique", name="the_thousand_forms")
    table.act("crawling_chaos", "great_old_one.set", great_old_one="nyarlathotep", where="map")
    action = table.act("crawling_chaos", "unique", name="the_thousand_forms")
    assert 1 <= action.payload["die"] <= 6 and table.state["last_roll"]["die"] == action.payload["die"]
    table.act("crawling_chaos", "turn.end")
    table.arrange(give_turn("crawling_chaos"))
    with pytest.raises(ActionError):
        table.act("crawling_chaos", "unique", name="the_thousand_forms")


def test_a_group_corrects_the_ritual_track_from_its_printed_one():
    table = Table()
    table.act("black_goat", "ritual_track.correct", spaces="5 6 7 8 9 10 10")
    assert table.state["ritual"] == {"track": [5, 6, 7, 8, 9, 10, 10, None], "marker": 0, "checked": True}
    with pytest.raises(ActionError) as refused:
        table.act("black_goat", "ritual_track.correct", spaces="5 six")
    assert refused.value.field == "spaces"


def test_the_ritual_track_is_marked_unchecked_only_where_one_source_gives_it():
    from companion.games.cthulhu_wars.rules import RULES
    three = Table()
    assert RULES.view(three.state, None)["show"]["ritual"]["checked"]  # two sources agree for 3 players
    two = Table(("great_cthulhu", "black_goat"))
    assert not RULES.view(two.state, None)["show"]["ritual"]["checked"]  # two players: the 4-player track, one source
    two.act("black_goat", "ritual_track.correct", spaces="5 6 7 7 8 8 9 10")
    assert RULES.view(two.state, None)["show"]["ritual"]["checked"]
