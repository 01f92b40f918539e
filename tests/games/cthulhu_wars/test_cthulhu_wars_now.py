"""The now card's view: what the table waits for, whether it is this seat,
and the actions open to it now (the buttons the card holds)."""

from cthulhu_support import Table


def test_the_action_phase_waits_for_the_faction_on_turn_and_gives_it_its_actions():
    table = Table()
    table.to_action_phase()
    mover = table.view("great_cthulhu")["now"]
    waiting = table.view("black_goat")["now"]
    assert mover["line"] == ["Action phase: %(faction)s's turn, %(power)d power.",
                             {"round": 1, "faction": "Great Cthulhu", "power": table.faction("great_cthulhu")["power"]}]
    assert mover["you"] and not waiting["you"]
    assert {"pass", "move", "gate.build"} <= set(mover["open"])
    assert "pass" not in waiting["open"]
    assert waiting["line"] == mover["line"]


def test_after_its_action_the_faction_on_turn_is_offered_the_end_of_its_turn():
    table = Table()
    table.to_action_phase()
    table.act("great_cthulhu", "gate.build")
    assert "turn.end" in table.view("great_cthulhu")["now"]["open"]
    assert "gate.build" not in table.view("great_cthulhu")["now"]["open"]


def test_gathering_waits_for_every_seat_and_the_display_sees_the_line_with_nothing_open():
    table = Table()
    for faction in ("great_cthulhu", "crawling_chaos", "black_goat"):
        now = table.view(faction)["now"]
        assert now["you"] and "power.gather" in now["open"]
    display = table.view(None)["now"]
    assert display["line"][0] == "Round %(round)d: gather power, once everyone's counts are right."
    assert not display["you"] and display["open"] == {}


def test_a_battle_waiting_for_its_dice_names_its_sides_and_waits_for_both():
    table = Table(("great_cthulhu", "black_goat"))
    table.act("black_goat", "setup.gates", areas=["north_atlantic", "antarctica"])
    table.act("great_cthulhu", "setup.starts", starts={"great_cthulhu": "north_atlantic", "black_goat": "antarctica"})
    table.to_action_phase()
    table.act("great_cthulhu", "battle.declare", defender="black_goat", area="antarctica",
              attacker_units={"cultist": 2}, defender_units={"cultist": 1})
    for faction in ("great_cthulhu", "black_goat"):
        now = table.view(faction)["now"]
        assert now["you"] and "battle.roll" in now["open"]
        assert now["line"] == ["Battle in %(area)s: %(attacker)s against %(defender)s, waiting for the dice.",
                               {"area": "Antarctica", "attacker": "Great Cthulhu", "defender": "Black Goat"}]
