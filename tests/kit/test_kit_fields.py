"""Typed action fields: one declaration parses forms and JSON alike and refuses bad values naming the field."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.kit.fields import (
    LIMIT,
    ActionSpec,
    Bool,
    Choice,
    Int,
    IntList,
    Json,
    SeatRef,
    Text,
    clean_text,
    whole_number,
)
from companion.rules import ActionError


def refusal(field, raw) -> ActionError:
    with pytest.raises(ActionError) as error:
        field.parse(raw)
    return error.value


@pytest.mark.parametrize("raw, expected", [(5, 5), ("5", 5), (" -3 ", -3), ("+7", 7), (0, 0)])
def test_an_int_reads_json_numbers_and_form_digits_alike(raw, expected):
    assert Int("delta").parse(raw) == expected


@pytest.mark.parametrize("raw", ["²", "٣", "1.5", 1.5, "", "abc", True, False, [1], {"n": 1}, "1" * 5000, "--1"])
def test_an_int_refuses_what_is_not_a_whole_number_naming_the_field(raw):
    error = refusal(Int("delta"), raw)
    assert (error.message, error.field) == ("Enter a whole number.", "delta")


def test_an_int_refuses_values_outside_its_bounds():
    assert refusal(Int("value", min=0, max=30), 31).text() == "At most 30."
    assert refusal(Int("value", min=0, max=30), "-1").text() == "At least 0."
    assert refusal(Int("value"), LIMIT + 1).field == "value"


@pytest.mark.parametrize("text", ["X\udc00", "\ud800", "a\x00b", "bell\x07", "esc\x1b[2J", "tab\x0bv", "\x85next"])
def test_text_refuses_lone_surrogates_and_control_characters(text):
    error = refusal(Text("name"), text)
    assert error.field == "name"
    assert error.message in ("This text holds a character that can't be stored.",
                             "This text holds a control character.")


def test_single_line_text_refuses_line_separators_and_folds_spaces():
    assert refusal(Text("name"), "a\u2028b").field == "name"
    assert Text("name").parse("  Doom   track ") == "Doom track"


def test_multiline_text_keeps_its_lines_and_tabs_and_turns_cr_into_newlines():
    assert Text("note", multiline=True).parse("one\r\ntwo\tthree\rfour") == "one\ntwo\tthree\nfour"


def test_text_refuses_more_than_its_length():
    assert refusal(Text("note", max_length=3), "abcd").text() == "That text is too long (at most 3 characters)."


@given(st.text())
def test_any_text_that_passes_encodes_and_has_no_control_characters(text):
    try:
        cleaned = clean_text(text, "t", max_length=10**6, multiline=True)
    except ActionError:
        return
    cleaned.encode("utf-8")  # would raise on a lone surrogate
    assert all(c in "\n\t" or ord(c) >= 32 and not 0x7f <= ord(c) <= 0x9f for c in cleaned)


def test_choice_bool_seat_and_lists():
    assert Choice("side", choices=("cultist", "gate")).parse("gate") == "gate"
    assert refusal(Choice("side", choices=("cultist",)), "monster").field == "side"
    assert [Bool("ok").parse(v) for v in ("on", "false", True)] == [True, False, True]
    assert refusal(Bool("ok"), "maybe").field == "ok"
    assert SeatRef("seat").parse("s12") == "s12"
    assert refusal(SeatRef("seat"), "s1²").field == "seat"
    assert IntList("dice", min=1, max=6).parse("1, 6 3") == [1, 6, 3]
    assert refusal(IntList("dice", min=1, max=6), [1, 7]).field == "dice"


def test_json_checks_depth_size_and_strings():
    field = Json("map", max_depth=3)
    assert field.parse({"hexes": [[0, 1], [1, 1]]}) == {"hexes": [[0, 1], [1, 1]]}
    assert field.parse('{"a": [1]}') == {"a": [1]}
    deep = []
    for _ in range(10):
        deep = [deep]
    assert refusal(field, deep).field == "map"
    assert refusal(field, {"name": "X\udc00"}).field == "map"
    assert refusal(Json("map", max_items=5), list(range(10))).field == "map"
    assert refusal(field, "[" * 100000).field == "map"


def test_an_action_spec_reads_declared_fields_drops_the_rest_and_leaves_absent_optionals_out():
    spec = ActionSpec("counter.adjust", "doc", (Text("counter"), SeatRef("seat", default=None), Int("delta")))
    assert spec.parse({"counter": "c1", "delta": "2", "extra": "x"}) == {"counter": "c1", "delta": 2}
    with pytest.raises(ActionError) as error:
        spec.parse({"counter": "c1"})
    assert error.value.field == "delta"


def test_a_spec_describes_itself_for_the_docs_and_the_api():
    described = ActionSpec("x", "Do x.", (Int("n", min=0, max=3, default=1),), seat_may_undo=False).describe()
    assert described == {"type": "x", "doc": "Do x.", "seat_may_undo": False, "fields": [
        {"name": "n", "kind": "int", "required": False, "default": 1, "min": 0, "max": 3}]}


def test_whole_number_is_the_same_check_for_callers_outside_a_spec():
    assert whole_number("12", "seq", 1, 99) == 12
    with pytest.raises(ActionError):
        whole_number("²", "seq")


def test_a_form_map_reads_one_input_per_key_or_the_json_map():
    from companion.kit.fields import FormMap
    field = FormMap("shares")
    assert field.read({"shares.c1": "3", "shares.c2": "", "other": "x"}) == {"c1": "3", "c2": ""}
    assert FormMap("lines").read({"lines.c1.coins": "2", "lines.c1.xp": "5"}) == {"c1": {"coins": "2", "xp": "5"}}
    assert field.read({"shares": {"c1": 3}}) == {"c1": 3}
    assert field.read({"shares": '{"c1": 3}'}) == {"c1": 3}
    with pytest.raises(ActionError) as refused:
        field.read({"shares": ""})
    assert refused.value.field == "shares"
    with pytest.raises(ActionError):
        field.read({"shares.c1": "X\udc00"})


@pytest.mark.parametrize("sent", [3, [1, 2], "text", True])
def test_a_map_field_refuses_what_is_not_a_map_naming_the_field(sent):
    from companion.kit.fields import FormMap
    with pytest.raises(ActionError) as refused:
        FormMap("regions").read({"regions": sent})
    assert refused.value.field == "regions"
