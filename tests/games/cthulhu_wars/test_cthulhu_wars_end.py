"""Elder signs at any time, the end of the game, victory and the two-player rules."""

import pytest

from companion.games.cthulhu_wars.rules import RULES
from companion.rules import Action, ActionError, translated_params
from cthulhu_support import Table, enter_phase, give_turn

SIX = ["absorb", "devolve", "dreams", "regenerate", "submerge", "y_ha_nthlei"]


def give_signs(table, faction, values):
    """The faction holds signs of these values, taken from the pool."""
    def give(state):
        state["secrets"].setdefault(table.seat_of(faction).id, {}).setdefault("elder_signs", []).extend(values)
        for value in values:
            state["secrets"]["bag"][str(value)] -= 1
        state["factions"][faction]["elder_signs"] += len(values)

    table.arrange(give)


def test_revealing_adds_doom_even_on_another_factions_turn_and_the_signs_leave():
    table = Table()
    table.to_action_phase()
    give_signs(table, "black_goat", [3, 1, 2])
    table.act("black_goat", "elder_signs.reveal", values=[3, 2])
    assert table.faction("black_goat")["doom"] == 5
    assert table.signs("black_goat") == [1] and table.faction("black_goat")["elder_signs"] == 1
    with pytest.raises(ActionError):
        table.act("black_goat", "elder_signs.reveal", values=[3])


def test_reaching_30_by_signs_in_the_action_phase_ends_the_game_at_once():
    table = Table()
    table.to_action_phase()
    table.arrange_faction("crawling_chaos", doom=28)
    give_signs(table, "crawling_chaos", [2])
    table.act("crawling_chaos", "elder_signs.reveal", values=[2])
    assert table.shown["phase"] == "end"


def test_at_the_end_hidden_signs_are_revealed_and_the_six_book_holder_with_most_doom_wins():
    table = Table()
    table.to_action_phase()
    table.arrange_faction("great_cthulhu", doom=30, spellbooks=SIX[:5])
    table.arrange_faction("black_goat", doom=27,
                          spellbooks=["frenzy", "ghroth", "necrophagy", "the_red_sign", "blood_sacrifice",
                                      "the_thousand_young"])
    give_signs(table, "black_goat", [3, 1])
    table.arrange(enter_phase("end"))
    table.act("crawling_chaos", "game.settle")
    assert table.faction("black_goat")["doom"] == 31 and table.faction("black_goat")["elder_signs"] == 0
    assert table.state["result"] == {"winners": ["black_goat"]}
    assert table.shown["phase"] == "over"


def test_nobody_with_six_books_means_everyone_loses():
    table = Table()
    table.arrange(enter_phase("end"))
    table.act("great_cthulhu", "game.settle")
    assert table.state["result"] == {"winners": []}


def test_instant_death_ends_the_game_after_the_remaining_rituals():
    table = Table()
    table.to_action_phase()
    table.spend_all()
    table.act("black_goat", "power.gather")
    table.act("great_cthulhu", "first_player.choose", faction="great_cthulhu")
    table.act("great_cthulhu", "direction.choose", direction="clockwise")
    table.arrange(lambda state: state["ritual"].update(marker=5))  # cost 10, the last space before Instant Death
    table.arrange_faction("great_cthulhu", power=10)
    table.act("great_cthulhu", "ritual.perform")
    assert table.state["ritual"]["marker"] == 6  # Instant Death
    table.arrange_faction("crawling_chaos", power=10)
    table.act("crawling_chaos", "ritual.perform")  # still open to those who had not decided; costs 10
    assert table.faction("crawling_chaos")["power"] == 0
    table.act("black_goat", "ritual.skip")
    for faction in ("great_cthulhu", "crawling_chaos", "black_goat"):
        table.act(faction, "events.done")
    assert table.shown["phase"] == "end"


def test_the_end_check_at_30_doom_comes_after_the_special_events():
    table = Table()
    table.to_action_phase()
    table.spend_all()
    table.arrange_faction("black_goat", doom=29)
    table.act("black_goat", "power.gather")
    table.act("great_cthulhu", "first_player.choose", faction="great_cthulhu")
    table.act("great_cthulhu", "direction.choose", direction="clockwise")
    assert table.faction("black_goat")["doom"] == 30 and table.shown["phase"] == "doom"
    for faction in ("great_cthulhu", "crawling_chaos", "black_goat"):
        table.act(faction, "ritual.skip")
    for faction in ("great_cthulhu", "crawling_chaos", "black_goat"):
        table.act(faction, "events.done")
    assert table.shown["phase"] == "end"


def test_a_spellbook_for_five_books_draws_an_elder_sign_and_the_first_doom_phase_does_not():
    table = Table()
    table.act("great_cthulhu", "spellbook.earn", requirement="gc_first_doom", spellbook="dreams")
    assert table.faction("great_cthulhu")["elder_signs"] == 0
    action = table.act("great_cthulhu", "spellbook.earn", requirement="gc_five_books", spellbook="absorb")
    assert len(action.payload["drawn"]) == 1 and table.faction("great_cthulhu")["elder_signs"] == 1
    assert table.faction("great_cthulhu")["spellbooks"] == ["dreams", "absorb"]


def test_paying_4_and_6_for_books_is_one_action_for_crawling_chaos():
    table = Table()
    table.to_action_phase()
    table.act("great_cthulhu", "pass")
    table.arrange_faction("crawling_chaos", power=12)
    table.act("crawling_chaos", "spellbook.earn", requirement="cc_pay4", spellbook="madness")
    table.act("crawling_chaos", "spellbook.earn", requirement="cc_pay6", spellbook="abduct")
    assert table.faction("crawling_chaos")["power"] == 2
    with pytest.raises(ActionError):
        table.act("crawling_chaos", "recruit")


def test_yellow_signs_doom_gift_needs_another_faction():
    table = Table(("great_cthulhu", "yellow_sign", "black_goat"))
    table.to_action_phase()
    table.act("great_cthulhu", "pass")
    with pytest.raises(ActionError) as refused:
        table.act("yellow_sign", "spellbook.earn", requirement="ys_provide_doom", spellbook="passion")
    assert refused.value.field == "target"
    table.act("yellow_sign", "spellbook.earn", requirement="ys_provide_doom", spellbook="passion", target="black_goat")
    assert table.faction("black_goat")["doom"] == 3


def test_awakening_cthulhu_costs_10_then_4_and_immortal_gives_a_sign_each_time():
    table = Table()
    table.to_action_phase()
    table.arrange_faction("great_cthulhu", power=16)
    table.act("great_cthulhu", "awaken", great_old_one="cthulhu")
    assert table.faction("great_cthulhu")["power"] == 6 and table.faction("great_cthulhu")["elder_signs"] == 1
    table.act("great_cthulhu", "turn.end")
    table.act("great_cthulhu", "great_old_one.set", great_old_one="cthulhu", where="pool")  # killed
    table.arrange(give_turn("great_cthulhu"))
    table.act("great_cthulhu", "awaken", great_old_one="cthulhu")
    assert table.faction("great_cthulhu")["power"] == 2 and table.faction("great_cthulhu")["elder_signs"] == 2


def test_awakening_shub_niggurath_removes_two_cultists():
    table = Table()
    table.to_action_phase()
    table.act("great_cthulhu", "pass")
    table.act("crawling_chaos", "pass")
    table.act("black_goat", "awaken", great_old_one="shub_niggurath")
    assert table.faction("black_goat")["counts"]["cultists"] == 4 and table.faction("black_goat")["power"] == 0


def two_players():
    table = Table(("great_cthulhu", "black_goat"))
    table.act("black_goat", "setup.gates", areas=["north_atlantic", "antarctica"])
    table.act("great_cthulhu", "setup.starts", starts={"great_cthulhu": "north_atlantic", "black_goat": "australia"})
    return table


def test_two_players_one_places_the_gates_the_other_picks_the_start_areas_on_one_map_piece():
    table = Table(("great_cthulhu", "black_goat"))
    assert table.shown["phase"] == "setup" and len(table.state["ritual"]["track"]) == 9
    with pytest.raises(ActionError):
        table.act("black_goat", "power.gather")
    with pytest.raises(ActionError) as refused:
        table.act("black_goat", "setup.gates", areas=["europe", "antarctica"])  # Europe is not on this piece
    assert refused.value.field == "areas"
    table.act("black_goat", "setup.gates", areas=["north_atlantic", "antarctica"])
    with pytest.raises(ActionError):
        table.act("black_goat", "setup.starts", starts={"great_cthulhu": "north_atlantic", "black_goat": "australia"})
    table = two_players()
    counts = table.faction("great_cthulhu")["counts"]
    assert counts == {**counts, "gates": 1, "cultists": 6}
    assert table.faction("black_goat")["counts"]["gates"] == 0 and table.state["abandoned_gates"] == 1
    assert table.shown["phase"] == "gather"


def test_two_players_end_at_20_and_may_win_with_fewer_books():
    table = two_players()
    table.to_action_phase()
    table.arrange_faction("black_goat", doom=18)
    give_signs(table, "black_goat", [2])
    table.act("black_goat", "elder_signs.reveal", values=[2])
    assert table.shown["phase"] == "end"
    table.act("great_cthulhu", "game.settle")
    assert table.state["result"] == {"winners": ["black_goat"]}


def test_two_players_battle_is_unlimited_above_6_doom():
    table = two_players()
    table.to_action_phase()
    table.arrange_faction("great_cthulhu", doom=7)
    before = table.faction("great_cthulhu")["power"]
    table.act("great_cthulhu", "move", units=1)
    table.act("great_cthulhu", "battle.declare", defender="black_goat",
              attacker_units={"cultist": 2}, defender_units={"cultist": 1})
    assert table.faction("great_cthulhu")["power"] == before - 2  # the move, then the battle in the same turn
    assert table.state["battle"]["dice"]["attacker"]["dice"] == 0


def test_an_elder_sign_draw_is_hidden_from_other_seats_in_the_log():
    table = Table()
    table.to_action_phase()
    table.arrange_faction("great_cthulhu", power=10)
    action = table.act("great_cthulhu", "awaken", great_old_one="cthulhu")
    owner, other = table.seat_of("great_cthulhu"), table.seat_of("black_goat")
    assert RULES.redact(action, owner)["drawn"] == action.payload["drawn"]
    for viewer in (other, None):
        seen = RULES.redact(action, viewer)
        assert "drawn" not in seen and seen["drawn_count"] == 1
    view = RULES.view(table.state, other)
    assert "secrets" not in view and view["mine"] == {}
    assert RULES.view(table.state, owner)["mine"]["elder_signs"] == action.payload["drawn"]
    line, params = RULES.describe(Action(action.type, RULES.redact(action, other), action.seat),
                                  table.seats, table.state)
    # How many were drawn, never which.
    assert line % translated_params(params, str) == "awakened Cthulhu and drew 1 elder sign"
    assert set(params) == {"line", "count"}
    assert params["line"].lines == [("awakened %(great_old_one)s", {"great_old_one": "Cthulhu"})]


def test_a_recorded_draw_replays_to_the_same_state():
    table = Table(seed=3)
    doom_state = Table(seed=3)
    for t in (table, doom_state):
        t.to_action_phase()
        t.arrange_faction("great_cthulhu", power=10)
    action = table.act("great_cthulhu", "awaken", great_old_one="cthulhu")
    replayed = RULES.act(doom_state.state, action, doom_state.seats)
    assert replayed == table.state


def test_check_state_refuses_a_damaged_state():
    table = Table()
    broken = dict(table.state, factions={**table.state["factions"],
                                         "great_cthulhu": {**table.faction("great_cthulhu"), "power": -1}})
    with pytest.raises(ValueError):
        RULES.check_state(broken)
    forged = {**table.state, "secrets": {**table.state["secrets"], "s1": {"elder_signs": [4]}}}
    with pytest.raises(ValueError):
        RULES.check_state(forged)
