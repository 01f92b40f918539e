"""The history says what happened: what, which, where, how many and to whom,
never the player (the platform puts who acted first), never a drawn elder
sign's value; numbers with a plural take the catalog's plural form."""

from companion.rules import Plural, translated_params
from cthulhu_support import Table, give_turn, on_turn


def read(line):
    """A line as English reads it (the msgid's forms, the params' msgids as they are)."""
    msgid, params = line
    if isinstance(msgid, Plural) and params.get("count") != 1:
        msgid = msgid.plural
    return msgid % translated_params(params, str)


def last(table, viewer):
    return read(table.history(viewer)[-1])


def two_players():
    table = Table(("great_cthulhu", "black_goat"))
    table.act("black_goat", "setup.gates", areas=["north_atlantic", "antarctica"])
    table.act("great_cthulhu", "setup.starts", starts={"great_cthulhu": "north_atlantic", "black_goat": "antarctica"})
    return table


def test_set_up_lines_name_the_areas_and_factions():
    table = two_players()
    lines = [read(line) for line in table.history(None)]
    assert lines == ["placed the two gates in North Atlantic and Antarctica",
                     "picked the start areas: Black Goat in Antarctica, Great Cthulhu in North Atlantic"]


def test_summoning_awakening_and_a_unique_action_say_which():
    table = on_turn("great_cthulhu", power=20)
    table.act("great_cthulhu", "summon", monster="shoggoth")
    assert last(table, None) == "summoned 1 monster: Shoggoth"
    table.arrange(lambda state: state["factions"]["great_cthulhu"].update(acted=False))
    table.act("great_cthulhu", "awaken", great_old_one="cthulhu")
    assert last(table, None).startswith("awakened Cthulhu")


def test_black_goat_summoning_several_counts_them_with_the_plural():
    table = on_turn("black_goat", power=20)
    table.act("black_goat", "summon", units={"ghoul": 2, "fungi": 1})
    assert last(table, None) == "summoned 3 monsters: Ghoul × 2, Fungi from Yuggoth"


def test_moving_one_unit_is_singular_and_capturing_names_the_victim():
    table = on_turn("great_cthulhu")
    table.act("great_cthulhu", "move", units=1)
    assert last(table, None) == "moved 1 unit"
    assert table.history(None)[-1][0].plural == "moved %(count)d units"


def test_a_battle_line_names_the_enemy_and_the_area_and_the_roll_says_typed_or_rolled_with_the_results():
    table = two_players()
    table.to_action_phase()
    table.act("great_cthulhu", "battle.declare", defender="black_goat", area="antarctica",
              attacker_units={"deep_one": 3}, defender_units={"fungi": 2})
    assert last(table, None) == "declared a battle against Black Goat in Antarctica"
    table.act("black_goat", "battle.roll", defender_faces="6 4")
    line = last(table, None)
    assert line.startswith("resolved the battle: the attacker rolled ")
    assert line.endswith("; the defender typed 6 4 (kills 1, pains 1)")


def test_a_ritual_says_how_many_signs_were_drawn_and_no_value_to_anyone():
    table = two_players()
    table.to_action_phase()
    table.act("great_cthulhu", "great_old_one.set", great_old_one="cthulhu", where="map")
    table.spend_all()
    table.act("great_cthulhu", "power.gather")
    if table.shown["step"] == "choose_first":
        table.act(table.shown["turn"], "first_player.choose", faction="great_cthulhu")
    table.act(table.shown["turn"], "direction.choose", direction="clockwise")
    table.arrange(give_turn("great_cthulhu"))
    table.act("great_cthulhu", "ritual.perform")
    for viewer in ("great_cthulhu", "black_goat", None):
        assert last(table, viewer) == "performed the Ritual of Annihilation and drew 1 elder sign"


def test_taking_a_spellbook_names_it():
    table = on_turn("great_cthulhu")
    table.act("great_cthulhu", "spellbook.earn", requirement="gc_first_doom", spellbook="absorb")
    assert last(table, None) == "took the spellbook Absorb"


def test_no_line_names_the_player():
    table = two_players()
    table.to_action_phase()
    table.spend_all()
    for msgid, params in table.history(None):
        assert "who" not in params and "%(who)s" not in msgid
