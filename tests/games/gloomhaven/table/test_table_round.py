"""The core loop of the table: set-up, choosing initiative, revealing the
monster cards, turns in order, round end."""

import random

import pytest

from companion.games.gloomhaven import catalog
from companion.games.gloomhaven.flow import current_turn
from companion.rules import ActionError
from table_support import started


def test_starting_scenario_1_with_two_level_1_characters_fixes_level_1_and_places_room_1():
    table = started()
    state = table.state
    assert state["level"] == 1 and state["phase"] == "choosing" and state["round"] == 1
    placed = [(s["monster"], s["rank"]) for s in state["standees"]]
    expected = catalog.scenario(1)["rooms"][0]["standees"]["2"]["bandit-guard"]
    assert placed.count(("bandit-guard", "elite")) == expected.get("elite", 0)
    assert placed.count(("bandit-guard", "normal")) == expected.get("normal", 0)
    assert all(s["hp"] == s["max_hp"] for s in state["standees"])


def test_each_character_gets_two_different_battle_goals_in_secret():
    state = started().state
    dealt = [state["secrets"][seat]["battle_goals"]["dealt"] for seat in ("s1", "s2")]
    assert all(len(d) == 2 for d in dealt) and not set(dealt[0]) & set(dealt[1])


def test_monster_cards_are_revealed_only_when_everyone_has_chosen():
    table = started()
    table.act("s1", "initiative.choose", initiative=12, second=40)
    assert table.state["decks"]["guard"]["current"] is None
    assert table.state["revealed"] == {} and table.state["chosen"] == ["s1"]
    table.act("s2", "initiative.choose", initiative=70, second=20)
    assert table.state["decks"]["guard"]["current"] is not None
    assert table.state["revealed"]["s1"]["initiative"] == 12
    assert table.state["phase"] == "playing"


def test_a_choice_is_kept_secret_under_its_seat_until_the_reveal():
    table = started()
    table.act("s1", "initiative.choose", initiative=12, second=40)
    assert table.state["secrets"]["s1"]["choice"]["initiative"] == 12
    assert "choice" not in table.state["secrets"].get("s2", {})


def test_turns_follow_initiative_and_the_round_ends_after_the_last():
    table = started()
    table.act("s1", "initiative.choose", initiative=5, second=40)
    table.act("s2", "initiative.choose", long_rest="1")
    order = [t["id"] for t in table.state["order"]]
    assert order[0] == "s1" and order[-1] == "s2" or order[-1] == "bandit-guard"
    assert current_turn(table.state)["id"] == "s1"
    with pytest.raises(ActionError):
        table.act("s2", "turn.next")
    steps = 0
    while table.state["phase"] == "playing":
        turn = current_turn(table.state)
        table.act(turn["id"] if turn["kind"] == "character" else "s1", "turn.next")
        steps += 1
    assert table.state["round"] == 2 and table.state["phase"] == "choosing"
    assert steps == 2 + len(table.state["standees"])


def test_a_long_rest_heals_two_at_the_reveal():
    table = started()
    table.act("s2", "character.adjust", field="hp", delta=3 - table.state["characters"]["s2"]["hp"])
    table.act("s1", "initiative.choose", initiative=5, second=40)
    table.act("s2", "initiative.choose", long_rest="1")
    assert table.state["characters"]["s2"]["hp"] == 5
    assert table.state["revealed"]["s2"]["initiative"] == 99


def test_the_log_replays_to_the_same_state():
    table = started(seed=7)
    table.act("s1", "initiative.choose", initiative=5, second=40)
    table.act("s2", "initiative.choose", initiative=50, second=40)
    assert table.replayed() == table.state


def test_draws_sent_by_a_client_are_ignored():
    table = started()
    table.act("s1", "initiative.choose", initiative=5, second=40, cards={"guard": 0})
    assert table.actions[-1].payload.get("cards") is None


def test_the_monster_deck_and_bless_limit_are_editable_defaults_at_set_up():
    from table_support import Table
    table = Table()
    table.act("s1", "scenario.set", monster_deck="+0×10 +1×10", bless_limit="5")
    assert table.state["modifiers"]["cards"]["pile"] == ["+0"] * 10 + ["+1"] * 10
    assert table.state["bless_limit"] == 5


def test_scenario_55_without_rooms_in_the_data_starts_with_an_empty_map():
    state = started(scenario=55).state
    assert state["phase"] == "choosing" and state["standees"] == []


def test_history_lines_name_the_room_the_standee_and_never_a_secret():
    from companion.games.gloomhaven.rules import RULES
    from table_support import SEATS
    table = started()
    table.act("s1", "room.reveal", room=2)
    table.act("s1", "initiative.choose", initiative=37, second=83)
    standee = table.state["standees"][0]
    table.act("s2", "standee.adjust", standee=standee["id"], delta=-2)
    lines = [RULES.describe(a, SEATS, table.state) for a in table.actions]
    assert ("opened room %(room)d", {"room": 2}) in lines
    assert ("chose their cards", {}) in lines
    standee_name = f"{catalog.monster_name(standee['monster'])} {standee['number']}"
    assert ("%(standee)s %(delta)+d hit points", {"standee": standee_name, "delta": -2}) in lines
    assert not any("37" in str(params) or "83" in str(params) for _, params in lines)


def test_a_short_rest_draws_the_card_to_lose_and_a_redraw_costs_1_damage():
    table = started()
    table.act("s1", "rest.short", count=5)
    rest = table.state["characters"]["s1"]["short_rest"]
    assert 1 <= rest["lost"] <= 5 and not rest["redrawn"]
    first = rest["lost"]
    table.act("s1", "rest.redraw")
    rest = table.state["characters"]["s1"]["short_rest"]
    assert rest["lost"] != first and table.state["characters"]["s1"]["hp"] == 9
    with pytest.raises(ActionError):
        table.act("s1", "rest.redraw")
    with pytest.raises(ActionError):
        table.act("s1", "rest.short", count=4)
    assert table.replayed() == table.state


def test_no_short_rest_after_choosing_cards():
    table = started()
    table.act("s1", "initiative.choose", initiative=10, second=20)
    with pytest.raises(ActionError):
        table.act("s1", "rest.short", count=5)


def test_an_action_outside_its_phase_is_refused_naming_the_phase():
    from table_support import Table
    with pytest.raises(ActionError) as refused:
        Table().act("s1", "turn.next")
    assert refused.value.params["phase"] == "set-up"
    table = started()
    with pytest.raises(ActionError) as refused:
        table.act("s1", "scenario.set", scenario=2)
    assert refused.value.params["phase"] == "card selection"


def test_four_characters_at_levels_6_4_4_3_play_at_level_3_and_the_level_is_fixed_once_started():
    from companion.games.gloomhaven.rules import RULES
    from companion.rules import Action, Seat
    seats = {f"s{i}": Seat(f"s{i}", f"P{i}", "player") for i in range(1, 5)}
    state = RULES.initial_state({"scenario": 1})
    for seat, level in zip(seats, (6, 4, 4, 3)):
        state = RULES.act(state, RULES.typed(Action("character.set", {"class": "brute", "level": level}, seat)), seats)
    assert state["level"] == 3 and state["values"]["trap_damage"]["value"] == 5
    state = RULES.act(state, RULES.typed(Action("scenario.set", {"difficulty": "hard", "solo": True}, "s1")), seats)
    assert state["level"] == 4 and state["values"]["monster_level"]["value"] == 5
    state, _ = RULES.perform(state, RULES.typed(Action("scenario.start", {}, "s1")), seats, random.Random(1))
    with pytest.raises(ActionError):
        RULES.act(state, RULES.typed(Action("scenario.set", {"difficulty": "easy"}, "s1")), seats)
    assert {s["max_hp"] for s in state["standees"] if s["rank"] == "normal"} == \
        {catalog.monster("bandit-guard")["levels"][5]["normal"]["hit_points"]}


def test_ending_another_characters_turn_without_for_them_is_refused_with_the_kits_words():
    from companion.kit.phases import NOT_YOUR_TURN
    from tests.games.gloomhaven.table.table_support import started
    table = started()
    table.act("s1", "initiative.choose", initiative=5, second=40)
    table.act("s2", "initiative.choose", initiative=90, second=20)
    for _ in range(10):
        turn = table.state["order"][table.state["turn"]]
        if turn["kind"] == "character":
            break
        table.act("s1", "turn.next")
    other = "s2" if turn["id"] == "s1" else "s1"
    refusal = table.refused(other, "turn.next")
    assert refusal.message == NOT_YOUR_TURN and refusal.field == "type"
    table.act(other, "turn.next", for_them=True)
