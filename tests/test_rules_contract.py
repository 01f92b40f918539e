"""The behaviour every game inherits from companion.rules."""

from __future__ import annotations

import copy

import pytest

from companion.rules import Action, ActionError, Role, Rules, Seat

ANN = Seat("s1", "Ann", "player")
BOB = Seat("s2", "Bob", "player")
SEATS = {ANN.id: ANN, BOB.id: BOB}


def bump(act) -> None:
    state = act.state
    state["count"] += 1
    state["log"].append(act.seat_id)
    state["secrets"].setdefault(act.seat_id, {})["seen"] = True


class Careless(Rules):
    """A game whose effect changes whatever state it is given, in place."""

    id = "careless"

    def actions(self):
        from companion.kit.fields import ActionSpec
        return [ActionSpec("bump", "Count one.", (), effect=bump)]


def a_state() -> dict:
    return {"count": 0, "log": [], "secrets": {"s1": {"card": "ace"}, "s2": {"card": "king"}}}


# -- act -----------------------------------------------------------------------

def test_act_returns_the_applied_state():
    assert Careless().act(a_state(), Action("bump", {}, "s1"), SEATS)["count"] == 1


def test_act_never_mutates_its_input_state_even_when_the_effect_changes_in_place():
    state = a_state()
    before = copy.deepcopy(state)
    Careless().act(state, Action("bump", {}, "s1"), SEATS)
    assert state == before


def test_act_result_shares_no_nested_objects_with_the_input():
    state = a_state()
    after = Careless().act(state, Action("bump", {}, "s1"), SEATS)
    after["secrets"]["s2"]["card"] = "joker"
    assert state["secrets"]["s2"]["card"] == "king"


def test_an_unknown_action_is_refused_and_changes_nothing():
    state = a_state()
    with pytest.raises(ActionError):
        Careless().act(state, Action("nonsense", {}, "s1"), SEATS)
    assert state == a_state()


def test_the_base_rules_refuse_every_action_as_unknown():
    with pytest.raises(ActionError) as error:
        Rules().act({}, Action("anything"), {})
    assert error.value.message == "Unknown action."


# -- view ----------------------------------------------------------------------

def test_view_for_a_seat_gives_its_own_secrets_as_mine():
    assert Rules().view(a_state(), ANN)["mine"] == {"card": "ace"}


def test_view_for_a_seat_hides_other_seats_secrets():
    shown = Rules().view(a_state(), ANN)
    assert "secrets" not in shown
    assert "king" not in repr(shown)


def test_view_for_the_table_display_has_no_secrets_and_no_mine():
    shown = Rules().view(a_state(), None)
    assert "secrets" not in shown and "mine" not in shown
    assert shown == {"count": 0, "log": []}


def test_view_for_a_seat_without_secrets_gives_an_empty_mine():
    shown = Rules().view(a_state(), Seat("s3", "Cy", "player"))
    assert shown["mine"] == {}


def test_view_of_a_state_without_secrets_key_works():
    assert Rules().view({"count": 2}, ANN) == {"count": 2, "mine": {}}


def test_view_keeps_the_shared_state():
    assert Rules().view(a_state(), BOB)["count"] == 0


# -- other defaults --------------------------------------------------------------

def test_default_roles_offer_one_player_role():
    assert Rules().roles() == [Role("player", "Player")]


def test_default_redact_shows_the_payload():
    assert Rules().redact(Action("x", {"a": 1}, "s1"), None) == {"a": 1}


def test_default_describe_names_the_action_type():
    assert Rules().describe(Action("roll", {}, "s1"), SEATS, {}) == ("%(type)s", {"type": "roll"})


def test_on_seat_joined_by_default_leaves_the_state_alone():
    assert Rules().on_seat_joined({"a": 1}, ANN) == {"a": 1}


def test_action_to_dict_round_trips():
    action = Action("track.adjust", {"delta": 1}, "s1")
    assert Action(**action.to_dict()) == action


# -- ActionError ------------------------------------------------------------------

def test_action_error_text_formats_its_params():
    error = ActionError("%(name)s can't go above %(max)d.", field="delta", name="Doom", max=30)
    assert error.text() == "Doom can't go above 30."


def test_action_error_keeps_field_and_message_apart_from_params():
    error = ActionError("%(name)s can't go above %(max)d.", field="delta", name="Doom", max=30)
    assert (error.message, error.field, error.params) == ("%(name)s can't go above %(max)d.", "delta",
                                                          {"name": "Doom", "max": 30})


def test_action_error_text_uses_the_translation():
    error = ActionError("%(name)s can't go above %(max)d.", name="Doom", max=30)
    german = {"%(name)s can't go above %(max)d.": "%(name)s darf nicht über %(max)d steigen."}
    assert error.text(german.get) == "Doom darf nicht über 30 steigen."


def test_action_error_text_without_params_leaves_percent_signs_alone():
    assert ActionError("100% sure.").text() == "100% sure."


@pytest.mark.parametrize("bad", [
    "%(nmae)s kann nicht über %(max)d.",  # misspelt name
    "%(name)d kann nicht über %(max)d.",  # wrong conversion
    "%(name)s kann nicht über %(max)",    # truncated
])
def test_action_error_text_survives_a_bad_translation(bad):
    error = ActionError("%(name)s can't go above %(max)d.", name="Doom", max=30)
    # Either the raw translation or the English message: never an exception.
    assert error.text(lambda s: bad) in (bad, "Doom can't go above 30.")


@pytest.mark.parametrize("bad", ["%(nmae)s kann nicht über %(max)d.", "%(name)d kann nicht über %(max)d."])
def test_action_error_text_falls_back_to_the_english_message_formatted(bad):
    # The raw translation would show its placeholders to the player.
    error = ActionError("%(name)s can't go above %(max)d.", name="Doom", max=30)
    assert error.text(lambda s: bad) == "Doom can't go above 30."


def test_action_error_text_never_shows_a_placeholder_for_a_value_of_the_wrong_kind():
    # A number expected, none given: the template fits neither way.
    assert ActionError("No token lies on slot %(slot)d.", slot=None).text() == "No token lies on slot ?."
    assert ActionError("Slot %(slot)d of %(max)+d.", slot="two", max=None).text() == "Slot two of ?."
    japanese = {"No token lies on slot %(slot)d.": "スロット %(slot)d にトークンはありません。"}
    error = ActionError("No token lies on slot %(slot)d.", slot=None)
    assert error.text(japanese.get) == "スロット ? にトークンはありません。"


def test_action_error_is_an_exception_carrying_its_message():
    error = ActionError("Nothing to undo.")
    assert isinstance(error, Exception) and str(error) == "Nothing to undo."


def test_an_action_is_carried_out_once_and_a_refusal_halfway_leaves_the_state_as_it_was():
    from companion.kit.fields import ActionSpec, Bool
    from companion.rules import Action, ActionError, Rules

    runs = []

    def count(act):
        runs.append(1)
        if act["bad"]:
            act.state["touched"] = True
            raise ActionError("No.")
        act.state["n"] += 1

    class Counting(Rules):
        def actions(self):
            return [ActionSpec("x", "Count one.", (Bool("bad", default=False),), effect=count)]

    rules, before = Counting(), {"n": 1}
    assert rules.act(before, Action("x", {}), {}) == {"n": 2} and len(runs) == 1
    with pytest.raises(ActionError):
        rules.act(before, Action("x", {"bad": True}), {})
    assert before == {"n": 1}


def test_an_action_without_a_declared_effect_is_refused_as_unknown():
    from companion.kit.fields import ActionSpec
    from companion.rules import Action, ActionError, Rules

    class Undeclared(Rules):
        def actions(self):
            return [ActionSpec("x", "Declared with no effect.", ())]

    for action in (Action("x", {}), Action("y", {})):
        with pytest.raises(ActionError) as refused:
            Undeclared().act({}, action, {})
        assert refused.value.field == "type"
