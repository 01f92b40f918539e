"""The tally table's rules: specs, every action, secrets and history lines."""

from __future__ import annotations

import copy

import pytest

from companion import games
from companion.games.tally.rules import RULES
from companion.games.tally.state import MAX_NOTE, MAX_TRACKS, parse_specs
from companion.kit.fields import LIMIT
from companion.rules import Action, ActionError, Seat

ANN = Seat("s1", "Ann", "player")
BOB = Seat("s2", "Bob", "keeper")
SEATS = {ANN.id: ANN, BOB.id: BOB}


@pytest.fixture
def state() -> dict:
    """Doom 0..30 (t1), Power 0..20 start 5 step 2 (t2); counters VP 0..99 (c1),
    Gold -5..5 start 1 (c2); Ann and Bob seated."""
    state = RULES.initial_state({"tracks": "Doom 0..30\nPower 0..20 start 5 step 2",
                                 "counters": "VP 0..99\nGold -5..5 start 1"})
    for seat in SEATS.values():
        state = RULES.on_seat_joined(state, seat)
    return state


def act(state, type, by="s1", **payload):
    """`by` is the acting seat (None: the host); `payload` may name another `seat`."""
    return RULES.act(state, RULES.typed(Action(type, payload, by)), SEATS)


def refused(state, type, by="s1", **payload) -> ActionError:
    before = copy.deepcopy(state)
    with pytest.raises(ActionError) as error:
        act(state, type, by, **payload)
    assert state == before
    return error.value


def track(state, track_id):
    return next(t for t in state["tracks"] if t["id"] == track_id)


# -- discovery -----------------------------------------------------------------

def test_tally_is_discovered_as_a_table_type():
    assert games.rules_for("tally") is RULES


def test_tally_offers_player_and_keeper_roles():
    assert [r.id for r in RULES.roles()] == ["player", "keeper"]


def test_every_action_type_has_a_description():
    assert set(RULES.action_types()) == {"track.adjust", "track.set", "track.add", "counter.adjust",
                                         "counter.set", "reset", "note.set"}
    assert all(RULES.action_types().values())


# -- parsing specs ---------------------------------------------------------------

def test_parse_simple_spec():
    assert parse_specs("Doom 0..30", "tracks") == [
        {"name": "Doom", "min": 0, "max": 30, "start": 0, "step": 1, "id": "t1"}]


def test_parse_spec_with_start_and_step():
    assert parse_specs("Power 0..20 start 5 step 2", "tracks") == [
        {"name": "Power", "min": 0, "max": 20, "start": 5, "step": 2, "id": "t1"}]


def test_parse_spec_accepts_equals_signs_spaces_and_capitals():
    [spec] = parse_specs("  Power  0 .. 20 START=5 Step=2  ", "tracks")
    assert (spec["name"], spec["min"], spec["max"], spec["start"], spec["step"]) == ("Power", 0, 20, 5, 2)


def test_parse_spec_with_negative_range():
    [spec] = parse_specs("Temperature -30..8 start -30", "tracks")
    assert (spec["min"], spec["max"], spec["start"]) == (-30, 8, -30)


def test_parse_spec_name_may_contain_digits_and_spaces():
    [spec] = parse_specs("Level 2 bosses 0..10", "tracks")
    assert spec["name"] == "Level 2 bosses"


def test_parse_specs_numbers_ids_by_kind_and_skips_blank_lines():
    specs = parse_specs("VP 0..99\n\n   \nGold 0..5", "counters")
    assert [(s["id"], s["name"]) for s in specs] == [("c1", "VP"), ("c2", "Gold")]


@pytest.mark.parametrize("empty", [None, "", "\n  \n"])
def test_parse_specs_of_nothing_is_empty(empty):
    assert parse_specs(empty, "tracks") == []


def test_parse_specs_refuses_text_that_is_not_a_string():
    error = pytest.raises(ActionError, parse_specs, ["Doom 0..30"], "tracks").value
    assert error.field == "tracks"


@pytest.mark.parametrize("text, line", [
    ("Doom", 1),
    ("Doom 0..30\nPower", 2),
    ("Doom 0..30\n\nPower 0-20", 3),  # blank lines still count
    ("0..30", 1),
    ("Doom 0..thirty", 1),
])
def test_parse_specs_bad_line_names_its_line_number(text, line):
    error = pytest.raises(ActionError, parse_specs, text, "tracks").value
    assert error.params["line"] == line
    assert error.text().startswith(f"Line {line}:")
    assert error.field == "tracks"


def test_parse_specs_refuses_duplicate_names_ignoring_case():
    error = pytest.raises(ActionError, parse_specs, "Doom 0..30\nDOOM 0..10", "tracks").value
    assert error.text() == "Two lines have the same name."


@pytest.mark.parametrize("line", ["Doom 0..30 start 31", "Doom 0..30 start -1", "Doom 5..10 start 4"])
def test_parse_specs_refuses_a_start_outside_the_range(line):
    error = pytest.raises(ActionError, parse_specs, line, "tracks").value
    assert error.text() == "Doom: the start must lie within the range."


@pytest.mark.parametrize("line", ["Doom 30..0", "Doom 5..5"])
def test_parse_specs_refuses_an_empty_or_reversed_range(line):
    error = pytest.raises(ActionError, parse_specs, line, "tracks").value
    assert error.text() == "Doom: the lowest value must be below the highest."


def test_parse_specs_refuses_numbers_beyond_the_limit():
    with pytest.raises(ActionError):
        parse_specs(f"Doom 0..{LIMIT + 1}", "tracks")


@pytest.mark.parametrize("line", ["Doom 0..30 step 0", "Doom 0..30 step 31"])
def test_parse_specs_refuses_a_step_outside_the_width(line):
    with pytest.raises(ActionError):
        parse_specs(line, "tracks")


def test_parse_specs_accepts_the_maximum_number_of_lines():
    text = "\n".join(f"T{i} 0..9" for i in range(MAX_TRACKS))
    assert len(parse_specs(text, "tracks")) == MAX_TRACKS


def test_parse_specs_refuses_too_many_lines():
    text = "\n".join(f"T{i} 0..9" for i in range(MAX_TRACKS + 1))
    error = pytest.raises(ActionError, parse_specs, text, "tracks").value
    assert error.text() == f"At most {MAX_TRACKS} lines."


def test_parse_specs_squeezes_spaces_and_shortens_long_names():
    [spec] = parse_specs("Big   Bad " + "x" * 60 + " 0..3", "tracks")
    assert spec["name"].startswith("Big Bad x") and len(spec["name"]) == 40


# -- initial state and seats ---------------------------------------------------------

def test_initial_state_puts_tracks_at_their_start(state):
    assert [(t["name"], t["value"]) for t in state["tracks"]] == [("Doom", 0), ("Power", 5)]


def test_initial_state_refuses_bad_counters_with_the_counters_field():
    error = pytest.raises(ActionError, RULES.initial_state, {"tracks": "Doom 0..30", "counters": "VP"}).value
    assert error.field == "counters"


def test_initial_state_without_options_has_no_tracks_or_counters():
    assert RULES.initial_state({}) == {"tracks": [], "counters": [], "values": {}, "secrets": {}}


def test_a_joining_seat_gets_every_counter_at_its_start(state):
    assert state["values"] == {"s1": {"c1": 0, "c2": 1}, "s2": {"c1": 0, "c2": 1}}


# -- track.adjust ------------------------------------------------------------------

def test_track_adjust_adds_the_delta(state):
    assert track(act(state, "track.adjust", track="t1", delta=3), "t1")["value"] == 3


def test_track_adjust_accepts_a_negative_delta_as_text(state):
    assert track(act(state, "track.adjust", track="t2", delta=" -2 "), "t2")["value"] == 3


def test_track_adjust_up_to_the_max_exactly(state):
    assert track(act(state, "track.adjust", track="t1", delta=30), "t1")["value"] == 30


def test_track_adjust_above_the_max_is_refused_with_the_max(state):
    error = refused(state, "track.adjust", track="t1", delta=31)
    assert error.text() == "Doom can't go above 30."


def test_track_adjust_below_the_min_is_refused_with_the_min(state):
    error = refused(state, "track.adjust", track="t1", delta=-1)
    assert error.text() == "Doom can't go below 0."


def test_track_adjust_of_an_unknown_track_is_refused(state):
    error = refused(state, "track.adjust", track="t9", delta=1)
    assert (error.text(), error.field) == ("No such track.", "track")


@pytest.mark.parametrize("delta", ["abc", "1.5", 1.5, "", None, [1], {"n": 1}, True, False])
def test_track_adjust_refuses_a_delta_that_is_not_a_whole_number(state, delta):
    error = refused(state, "track.adjust", track="t1", delta=delta)
    assert (error.text(), error.field) == ("Enter a whole number.", "delta")


@pytest.mark.parametrize("delta", [LIMIT + 1, -LIMIT - 1, 10**100, "9" * 5000])
def test_track_adjust_refuses_huge_numbers(state, delta):
    refused(state, "track.adjust", track="t1", delta=delta)


def test_track_adjust_without_delta_is_refused(state):
    assert refused(state, "track.adjust", track="t1").field == "delta"


def test_track_adjust_without_track_is_refused(state):
    assert refused(state, "track.adjust", delta=1).field == "track"


def test_the_host_may_adjust_a_track(state):
    assert track(act(state, "track.adjust", by=None, track="t1", delta=1), "t1")["value"] == 1


# -- track.set ---------------------------------------------------------------------

def test_track_set_sets_the_value(state):
    assert track(act(state, "track.set", track="t1", value="17"), "t1")["value"] == 17


@pytest.mark.parametrize("value", [0, 30])
def test_track_set_accepts_both_ends(state, value):
    assert track(act(state, "track.set", track="t1", value=value), "t1")["value"] == value


def test_track_set_above_the_max_is_refused(state):
    assert refused(state, "track.set", track="t1", value=31).text() == "Doom can't go above 30."


def test_track_set_below_the_min_is_refused(state):
    assert refused(state, "track.set", track="t2", value=-1).text() == "Power can't go below 0."


@pytest.mark.parametrize("value", ["abc", None, True, 2.5, LIMIT * 2])
def test_track_set_refuses_bad_values(state, value):
    refused(state, "track.set", track="t1", value=value)


def test_track_set_of_an_unknown_track_is_refused(state):
    assert refused(state, "track.set", track="nope", value=1).text() == "No such track."


# -- counter.adjust / counter.set ----------------------------------------------------

def test_counter_adjust_defaults_to_the_actors_own_seat(state):
    after = act(state, "counter.adjust", by="s2", counter="c1", delta=4)
    assert after["values"] == {"s1": {"c1": 0, "c2": 1}, "s2": {"c1": 4, "c2": 1}}


def test_counter_adjust_of_another_named_seat(state):
    after = act(state, "counter.adjust", by="s1", seat="s2", counter="c1", delta=4)
    assert after["values"]["s2"]["c1"] == 4 and after["values"]["s1"]["c1"] == 0


def test_the_host_adjusts_a_counter_by_naming_the_seat(state):
    after = act(state, "counter.adjust", by=None, seat="s1", counter="c2", delta=-6)
    assert after["values"]["s1"]["c2"] == -5


def test_the_host_without_a_seat_is_refused(state):
    error = refused(state, "counter.adjust", by=None, counter="c1", delta=1)
    assert (error.text(), error.field) == ("No such seat.", "seat")


def test_counter_adjust_above_the_max_is_refused(state):
    assert refused(state, "counter.adjust", counter="c2", delta=5).text() == "Gold can't go above 5."


def test_counter_adjust_below_the_min_is_refused(state):
    assert refused(state, "counter.adjust", counter="c2", delta=-7).text() == "Gold can't go below -5."


def test_counter_adjust_of_an_unknown_counter_is_refused(state):
    error = refused(state, "counter.adjust", counter="c9", delta=1)
    assert (error.text(), error.field) == ("No such counter.", "counter")


@pytest.mark.parametrize("seat", ["s9", 7, ["s1"], {"id": "s1"}])
def test_counter_adjust_of_an_unknown_seat_is_refused(state, seat):
    assert refused(state, "counter.adjust", seat=seat, counter="c1", delta=1).text() == "No such seat."


@pytest.mark.parametrize("delta", ["abc", True, None, 0.5, 10**9])
def test_counter_adjust_refuses_bad_deltas(state, delta):
    assert refused(state, "counter.adjust", counter="c1", delta=delta).field == "delta"


def test_counter_adjust_without_counter_is_refused(state):
    assert refused(state, "counter.adjust", delta=1).field == "counter"


def test_counter_set_sets_the_value(state):
    assert act(state, "counter.set", counter="c1", value=42)["values"]["s1"]["c1"] == 42


def test_counter_set_outside_the_range_is_refused(state):
    assert refused(state, "counter.set", counter="c1", value=100).text() == "VP can't go above 99."
    assert refused(state, "counter.set", counter="c1", value=-1).text() == "VP can't go below 0."


def test_counter_set_refuses_a_missing_value(state):
    assert refused(state, "counter.set", counter="c1").text() == "Enter a whole number."


# -- track.add ---------------------------------------------------------------------

def test_track_add_appends_a_track_at_its_start(state):
    after = act(state, "track.add", name="Threat", min=0, max=12, start=3)
    assert after["tracks"][-1] == {"name": "Threat", "min": 0, "max": 12, "start": 3, "step": 1,
                                   "id": "t3", "value": 3}


def test_track_add_accepts_numbers_as_text(state):
    after = act(state, "track.add", name="Threat", min="0", max="12", step="3")
    assert (after["tracks"][-1]["max"], after["tracks"][-1]["step"]) == (12, 3)


def test_added_track_can_be_adjusted(state):
    after = act(act(state, "track.add", name="Threat", min=0, max=12), "track.adjust", track="t3", delta=12)
    assert track(after, "t3")["value"] == 12


def test_track_add_refuses_a_duplicate_name_ignoring_case(state):
    assert refused(state, "track.add", name=" doom ", min=0, max=5).text() == "Two lines have the same name."


@pytest.mark.parametrize("payload, field", [
    ({"min": 0, "max": 5}, "name"),                           # no name
    ({"name": "   ", "min": 0, "max": 5}, "name"),             # blank name
    ({"name": "X"}, "min"),                                    # no range
    ({"name": "X", "min": 0}, "max"),                          # no max
    ({"name": "X", "min": "a", "max": 5}, "min"),              # not a number
    ({"name": "X", "min": 5, "max": 0}, "name"),               # reversed
    ({"name": "X", "min": 0, "max": 5, "start": 6}, "name"),
    ({"name": "X", "min": 0, "max": LIMIT + 1}, "max"),
    ({"name": "X", "min": 0, "max": 5, "step": 0}, "step"),
])
def test_track_add_refuses_a_bad_spec_naming_the_field_at_fault(state, payload, field):
    error = refused(state, "track.add", **payload)
    assert error.field == field


@pytest.mark.parametrize("payload", [
    {"name": "X", "min": False, "max": True},
    {"name": "X", "min": 0, "max": 5.7},
    {"name": None, "min": 0, "max": 5},
])
def test_track_add_refuses_values_of_the_wrong_type(state, payload):
    refused(state, "track.add", **payload)


def test_track_add_refuses_more_than_the_maximum_tracks(state):
    for i in range(MAX_TRACKS - len(state["tracks"])):
        state = act(state, "track.add", name=f"Extra {i}", min=0, max=3)
    assert len(state["tracks"]) == MAX_TRACKS
    assert refused(state, "track.add", name="One too many", min=0, max=3).text() == f"At most {MAX_TRACKS} lines."


# -- reset ---------------------------------------------------------------------------

def test_reset_puts_every_track_and_counter_back_to_its_start(state):
    fresh = copy.deepcopy(state)
    for type, payload in [("track.adjust", {"track": "t1", "delta": 9}), ("track.set", {"track": "t2", "value": 20}),
                          ("counter.adjust", {"counter": "c1", "delta": 7}),
                          ("counter.set", {"counter": "c2", "value": -5, "seat": "s2"})]:
        state = RULES.act(state, Action(type, payload, "s1"), SEATS)
    assert act(state, "reset") == fresh


def test_reset_keeps_added_tracks_but_resets_them_to_their_start(state):
    state = act(state, "track.add", name="Threat", min=0, max=9, start=2)
    state = act(state, "track.adjust", track="t3", delta=5)
    assert track(act(state, "reset"), "t3")["value"] == 2


def test_reset_keeps_private_notes(state):
    state = act(state, "note.set", text="hunt the dragon")
    assert act(state, "reset")["secrets"]["s1"] == {"note": "hunt the dragon"}


# -- note.set and secrets ---------------------------------------------------------

def test_note_set_stores_the_note_under_the_seats_secrets(state):
    assert act(state, "note.set", by="s2", text="I am the traitor")["secrets"] == {"s2": {"note": "I am the traitor"}}


def test_note_set_by_the_host_is_refused(state):
    error = refused(state, "note.set", by=None, text="hi")
    assert error.text() == "Only a seated player has a note."


def test_note_set_by_an_unknown_seat_is_refused(state):
    assert refused(state, "note.set", by="s9", text="hi").text() == "Only a seated player has a note."


@pytest.mark.parametrize("text", [None, 5, ["a"]])
def test_note_set_refuses_text_that_is_not_text(state, text):
    assert refused(state, "note.set", text=text).text() == "Write some text."


def test_note_set_refuses_missing_text(state):
    assert refused(state, "note.set").text() == "Write some text."


def test_note_set_accepts_the_longest_note_and_refuses_longer(state):
    assert act(state, "note.set", text="x" * MAX_NOTE)["secrets"]["s1"]["note"] == "x" * MAX_NOTE
    assert refused(state, "note.set", text="x" * (MAX_NOTE + 1)).text() == \
        f"That text is too long (at most {MAX_NOTE} characters)."


def test_note_set_may_clear_the_note(state):
    state = act(state, "note.set", text="secret")
    assert act(state, "note.set", text="")["secrets"]["s1"]["note"] == ""


def test_a_note_is_visible_to_its_own_seat_only(state):
    state = act(state, "note.set", by="s1", text="hunt the dragon")
    assert RULES.view(state, ANN)["mine"] == {"note": "hunt the dragon"}
    assert "hunt the dragon" not in repr(RULES.view(state, BOB))
    assert "hunt the dragon" not in repr(RULES.view(state, None))


def test_redact_shows_a_note_payload_only_to_its_author():
    action = Action("note.set", {"text": "hunt the dragon"}, "s1")
    assert RULES.redact(action, ANN) == {"text": "hunt the dragon"}
    assert RULES.redact(action, BOB) == {}
    assert RULES.redact(action, None) == {}


def test_redact_leaves_public_actions_alone():
    action = Action("track.adjust", {"track": "t1", "delta": 1}, "s1")
    assert RULES.redact(action, BOB) == {"track": "t1", "delta": 1}
    assert RULES.redact(action, None) == {"track": "t1", "delta": 1}


# -- unknown actions ---------------------------------------------------------------

@pytest.mark.parametrize("type", ["track.delete", "undo", "seat.join", ""])
def test_unknown_action_types_are_refused(state, type):
    assert refused(state, type).text() == "Unknown action."


def test_act_never_changes_the_state_it_was_given(state):
    before = copy.deepcopy(state)
    act(state, "track.adjust", track="t1", delta=1)
    act(state, "counter.adjust", counter="c1", delta=1)
    act(state, "note.set", text="x")
    act(state, "track.add", name="New", min=0, max=1)
    act(state, "reset")
    assert state == before


# -- describe ----------------------------------------------------------------------

def describe(state, type, by="s1", **payload) -> str:
    message, params = RULES.describe(Action(type, payload, by), SEATS, state)
    return message % params


@pytest.mark.parametrize("type, payload, by, line", [
    ("track.adjust", {"track": "t1", "delta": 3}, "s1", "Doom +3"),
    ("track.adjust", {"track": "t1", "delta": "-2"}, "s1", "Doom -2"),
    ("track.set", {"track": "t2", "value": 9}, "s1", "Power set to 9"),
    ("track.add", {"name": "Threat", "min": 0, "max": 9}, "s1", "added track Threat"),
    ("counter.adjust", {"counter": "c1", "delta": 2}, "s2", "VP +2"),  # Bob's own: the line starts "Bob"
    ("counter.adjust", {"counter": "c2", "delta": -1, "seat": "s1"}, None, "Ann's Gold -1"),
    ("counter.adjust", {"counter": "c2", "delta": -1, "seat": "s1"}, "s2", "Ann's Gold -1"),
    ("counter.set", {"counter": "c1", "value": 50}, "s1", "VP set to 50"),
    ("counter.set", {"counter": "c1", "value": 50, "seat": "s2"}, "s1", "Bob's VP set to 50"),
    ("reset", {}, "s1", "reset everything"),
    ("note.set", {"text": "hunt the dragon"}, "s1", "changed their private note"),
])
def test_describe_gives_a_history_line(state, type, payload, by, line):
    assert describe(state, type, by, **payload) == line


def test_describe_names_unknown_pieces_with_a_question_mark(state):
    assert describe(state, "track.adjust", track="gone", delta=1) == "? +1"


def test_describe_never_reveals_a_note(state):
    message, params = RULES.describe(Action("note.set", {"text": "hunt the dragon"}, "s1"), SEATS, state)
    assert "dragon" not in message and "dragon" not in repr(params)
