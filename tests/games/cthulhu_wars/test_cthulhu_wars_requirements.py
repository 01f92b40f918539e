"""Spellbook requirements the tracks and the board decide (issue 20; seed 004,
the factions' cards): Great Cthulhu's first doom phase, a doom phase with five
books and kills in one battle, Yellow Sign's desecrations by glyph (with two
players: a desecration next to no other one) are offered the moment they are
met; the "as your action" requirements stay ticked by hand."""

from companion.games.cthulhu_wars import requirements
from cthulhu_support import Table
from test_cthulhu_wars_board import THREE, battle_in_asia, on_board


def offered(table: Table, faction: str) -> set[str]:
    return {c["requirement"] for c in table.open_actions(faction).get("spellbook.earn", [])}


def to_doom_phase(table: Table) -> None:
    """Through the end of the action phase, the gather and the first player, to the doom phase's rituals."""
    table.spend_all()
    while table.shown["phase"] != "doom":
        shown = table.shown
        if shown["phase"] == "gather":
            table.act(table.state["seating"][0], "power.gather")
        elif shown["step"] == "choose_first":
            table.act(shown["turn"], "first_player.choose", faction=shown["candidates"][0])
        else:
            table.act(shown["turn"], "direction.choose", direction="clockwise")


def test_great_cthulhus_first_doom_phase_is_offered_in_round_two_only():
    table = Table(THREE, board="map")
    table.to_action_phase()
    assert "gc_first_doom" not in offered(table, "great_cthulhu")
    to_doom_phase(table)
    assert table.shown["round"] == 2
    assert "gc_first_doom" in offered(table, "great_cthulhu")
    assert "gc_first_doom" not in offered(table, "crawling_chaos")
    table.act("great_cthulhu", "spellbook.earn", requirement="gc_first_doom", spellbook="dreams")
    assert "gc_first_doom" not in offered(table, "great_cthulhu")


def test_a_doom_phase_with_five_books_offers_the_sixth_and_an_elder_sign():
    table = Table(THREE, board="map")
    table.to_action_phase()
    five = ["dreams", "absorb", "devolve", "regenerate", "submerge"]
    table.arrange(lambda state: state["factions"]["great_cthulhu"].update(
        spellbooks=five, requirements_met=["gc_first_doom", "gc_kill1", "gc_kill2", "gc_awaken", "gc_ocean_gates"]))
    assert offered(table, "great_cthulhu") == set()  # the action phase
    to_doom_phase(table)
    assert offered(table, "great_cthulhu") == {"gc_five_books"}
    table.act("great_cthulhu", "spellbook.earn", requirement="gc_five_books", spellbook="yha_nthlei")
    assert table.faction("great_cthulhu")["elder_signs"] == 1


def test_two_kills_in_one_battle_give_one_battle_book_and_three_give_both():
    table = battle_in_asia({"shoggoth": 1, "deep_one": 2})
    table.act("great_cthulhu", "battle.declare", defender="crawling_chaos", area="asia")
    table.act("great_cthulhu", "battle.roll", attacker_faces="6 6 1 1", defender_faces="")
    assert offered(table, "great_cthulhu") == set()  # the kills are not carried out yet
    table.act("crawling_chaos", "battle.losses", killed={"cultist": 2})
    assert offered(table, "great_cthulhu") == {"gc_kill1", "gc_kill2"}
    table.act("great_cthulhu", "spellbook.earn", requirement="gc_kill2", spellbook="absorb")
    assert offered(table, "great_cthulhu") == set()  # both would need 3 kills
    assert offered(table, "crawling_chaos") == set()  # the loser's card has no such requirement

    three = battle_in_asia({"shoggoth": 1, "deep_one": 2})
    three.act("great_cthulhu", "battle.declare", defender="crawling_chaos", area="asia")
    three.act("great_cthulhu", "battle.roll", attacker_faces="6 6 6 1", defender_faces="")
    three.act("crawling_chaos", "battle.losses", killed={"cultist": 3})
    three.act("great_cthulhu", "spellbook.earn", requirement="gc_kill1", spellbook="absorb")
    assert offered(three, "great_cthulhu") == {"gc_kill2"}


def test_a_battle_book_taken_earlier_leaves_the_other_for_a_later_battle():
    table = battle_in_asia({"shoggoth": 1, "deep_one": 2})
    table.arrange(lambda state: state["factions"]["great_cthulhu"].update(
        spellbooks=["absorb"], requirements_met=["gc_kill1"]))
    table.act("great_cthulhu", "battle.declare", defender="crawling_chaos", area="asia")
    table.act("great_cthulhu", "battle.roll", attacker_faces="6 6 1 1", defender_faces="")
    table.act("crawling_chaos", "battle.losses", killed={"cultist": 2})
    assert offered(table, "great_cthulhu") == {"gc_kill2"}


def battle_books_offered(table: Table) -> set[str]:
    """Great Cthulhu's two battle requirements among those offered (Cthulhu on the map meets another)."""
    return offered(table, "great_cthulhu") & {"gc_kill1", "gc_kill2"}


def test_a_unit_devoured_counts_as_killed_in_the_battle():
    """Cthulhu's card: "kill or devour" enemy units in one battle; FAQ: the
    pre-battle effects happen in the battle. A devour with one kill makes two."""
    table = battle_in_asia({"cthulhu": 1})
    table.act("great_cthulhu", "battle.declare", defender="crawling_chaos", area="asia")
    table.act("great_cthulhu", "battle.devour")
    assert battle_books_offered(table) == {"gc_kill1"}  # met the moment the cultist is devoured
    faces = "6 " + " ".join(["1"] * (table.state["battle"]["dice"]["attacker"]["dice"] - 1))
    table.act("great_cthulhu", "battle.roll", attacker_faces=faces, defender_faces="")
    table.act("crawling_chaos", "battle.losses", killed={"cultist": 1})
    assert battle_books_offered(table) == {"gc_kill1", "gc_kill2"}


def test_a_battle_called_off_after_devouring_the_last_enemy_unit_still_counts():
    """FAQ: a side left with no unit before the dice calls the battle off;
    the unit devoured was still devoured in the battle."""
    table = battle_in_asia({"cthulhu": 1})
    table.arrange(lambda state: state["board"]["units"]["asia"].update(crawling_chaos={"cultist": 1}))
    table.act("great_cthulhu", "battle.declare", defender="crawling_chaos", area="asia")
    table.act("great_cthulhu", "battle.devour")
    assert table.state["battle"] is None
    assert battle_books_offered(table) == {"gc_kill1"}
    table.act("great_cthulhu", "spellbook.earn", requirement="gc_kill1", spellbook="absorb")
    assert battle_books_offered(table) == set()


def test_a_desecrated_area_offers_the_requirement_of_its_glyph():
    table = on_board("yellow_sign", factions=("great_cthulhu", "crawling_chaos", "yellow_sign"))
    assert not offered(table, "yellow_sign") & {"ys_desecrate_slashes", "ys_desecrate_circle", "ys_desecrate_chevron"}
    table.arrange(lambda state: state["desecrated"].append("europe"))  # Europe shows M
    assert offered(table, "yellow_sign") == {"ys_desecrate_slashes"}


def test_with_two_players_each_lone_desecration_offers_one_book():
    table = Table(("great_cthulhu", "yellow_sign"), board="map")
    table.act("great_cthulhu", "setup.gates", areas=["north_america", "south_atlantic"])
    table.act("yellow_sign", "setup.starts", starts={"great_cthulhu": "south_atlantic", "yellow_sign": "australia"})
    table.arrange(lambda state: state["factions"]["yellow_sign"].update(lone_desecrations=1))
    glyphs = {"ys_desecrate_slashes", "ys_desecrate_circle", "ys_desecrate_chevron"}
    assert offered(table, "yellow_sign") == glyphs
    table.act("yellow_sign", "spellbook.earn", requirement="ys_desecrate_circle", spellbook="passion")
    assert offered(table, "yellow_sign") == set()


def test_as_your_action_requirements_are_never_offered_but_stay_tickable():
    table = on_board("crawling_chaos", power=10)
    assert not offered(table, "crawling_chaos") & {"cc_pay4", "cc_pay6"}
    table.act("crawling_chaos", "spellbook.earn", requirement="cc_pay4", spellbook="abduct")
    assert table.faction("crawling_chaos")["power"] == 6
    assert requirements.met(table.state, "crawling_chaos") == set()
