"""Event-stream framing: SSE ends a line only at CR, LF or CRLF, so every other
character a browser would not split on (vertical tab, form feed, the Unicode
line and paragraph separators, NEL...) must travel inside a data line, not
become a line break of the message."""

from __future__ import annotations

import re

from companion.web.events import sse_event
from web_support import has_version, open_stream

# Characters str.splitlines() breaks on but an EventSource does not.
NOT_LINE_ENDS = "\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
SSE_LINE_END = re.compile(r"\r\n|\r|\n")


def browser_events(text: str) -> list[tuple[str, str]]:
    """(event name, data) as an EventSource dispatches them (the WHATWG
    event-stream parsing: lines end at CRLF, CR or LF; data lines join with LF)."""
    events, name, data = [], "", []
    for line in SSE_LINE_END.split(text):
        if line == "":
            if data:
                events.append((name or "message", "\n".join(data)))
            name, data = "", []
            continue
        field, _, value = line.partition(":")
        value = value[1:] if value.startswith(" ") else value
        if field == "event":
            name = value
        elif field == "data":
            data.append(value)
    return events


def test_sse_event_keeps_characters_that_are_no_line_end_for_a_browser():
    data = f"a{NOT_LINE_ENDS}b"
    assert browser_events(sse_event("region-note", data, 7)) == [("region-note", data)]


def test_sse_event_splits_at_every_line_end_sse_knows():
    assert browser_events(sse_event("x", "one\ntwo\r\nthree\rfour")) == [("x", "one\ntwo\nthree\nfour")]


def test_sse_event_can_send_empty_data_and_a_trailing_line_break():
    assert browser_events(sse_event("x", "")) == [("x", "")]
    assert browser_events(sse_event("x", "end\n")) == [("x", "end\n")]


# Of those, a note may hold the line and paragraph separators (the others
# are control characters, refused at the door by the note's text field).
IN_A_NOTE = "\u2028\u2029"


def test_a_note_with_separator_characters_arrives_byte_identical_through_the_stream(table, alice):
    note = f"plan{IN_A_NOTE}next{IN_A_NOTE}"
    with open_stream(alice, f"/t/{table}/events") as stream:
        stream.read(until=has_version)
        alice.act("note.set", text=note)
        text = stream.read(until=lambda t: t.count("event: version") >= 1 and "region-note" in t)
    notes = [data for name, data in browser_events(text) if name == "region-note"]
    assert notes and f'<p class="note">{note}</p>' in notes[-1]
