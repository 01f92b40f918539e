"""The tally table's state: made from the creation form, a seat's counters
added when it joins, and checked.

Tracks and counters are written one per line ("Doom 0..30", "Power 0..20
start 5 step 1"); every seat gets its own value of each counter."""

from __future__ import annotations

import re

from companion.kit import counters, tracks
from companion.rules import N_, ActionError, Seat

MAX_TRACKS = 24
MAX_NOTE = 500
SPEC_LINE = re.compile(
    r"^(?P<name>.+?)\s+(?P<min>-?\d+)\s*\.\.\s*(?P<max>-?\d+)"
    r"(?:\s+start\s*=?\s*(?P<start>-?\d+))?(?:\s+step\s*=?\s*(?P<step>\d+))?\s*$",
    re.IGNORECASE,
)

# One sentence per field, so each translation names the thing in its own words.
ONE_PER_LINE = {
    "tracks": N_("Write one track per line, like “Doom 0..30”."),
    "counters": N_("Write one counter per line, like “VP 0..99”."),
}


def parse_specs(text: object, what: str) -> list[dict]:
    """Parse lines like "Doom 0..30", "Power 0..20 start 5 step 1"."""
    if text is None:
        return []
    if not isinstance(text, str):
        raise ActionError(ONE_PER_LINE[what], field=what)
    specs = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        match = SPEC_LINE.match(line.strip())
        if not match:
            raise ActionError(N_("Line %(line)d: write a name and a range, like “Doom 0..30”."),
                              field=what, line=number)
        spec = make_spec(match["name"], match["min"], match["max"], match["start"], match["step"], field=what)
        spec["id"] = f"{what[0]}{len(specs) + 1}"
        specs.append(spec)
    if len(specs) > MAX_TRACKS:
        raise ActionError(N_("At most %(max)d lines."), field=what, max=MAX_TRACKS)
    names = [s["name"].casefold() for s in specs]
    if len(set(names)) != len(names):
        raise ActionError(N_("Two lines have the same name."), field=what)
    return specs


def make_spec(name, low, high, start=None, step=None, field="tracks") -> dict:
    """A track or counter spec (no id, no value) from a line's or a form's parts."""
    track = tracks.new_track("", name, low, high, start, step, field=field)
    return {key: track[key] for key in ("name", "min", "max", "start", "step")}


def new_state(options: dict) -> dict:
    shared = parse_specs(options.get("tracks", ""), "tracks")
    per_seat = parse_specs(options.get("counters", ""), "counters")
    return {
        "tracks": [{**t, "value": t["start"]} for t in shared],
        "counters": per_seat,
        "values": {},  # seat id -> counter id -> value
        "secrets": {},
    }


def seat_joined(state: dict, seat: Seat) -> dict:
    """A new seat gets its own value of every counter, at its start."""
    counters.add_seat(state["counters"], state["values"], seat.id)
    return state


def check_state(state: dict) -> None:
    track_list, specs, values, secrets = state["tracks"], state["counters"], state["values"], state["secrets"]
    if not isinstance(track_list, list) or not all(isinstance(part, dict) for part in (values, secrets)):
        raise TypeError
    for track in track_list:
        tracks.check_track(track)
    counters.check_counters(specs, values)
    for secret in secrets.values():
        if not isinstance(secret, dict) or not isinstance(secret.get("note", ""), str):
            raise TypeError
