"""The tally table: named tracks and per-seat counters for any game.

A group playing a game this app does not know yet lists its tracks ("Doom
0..30") and the counters each player keeps ("VP 0..99"); everyone taps +/-.
Each seat may also keep a private note (a hidden objective, a secret score)
that only that seat sees.
"""

from __future__ import annotations

import copy
import re

from companion.kit import counters, tracks
from companion.kit.fields import ActionSpec, Int, SeatRef, Text
from companion.rules import N_, Action, ActionError, Role, Rules, Seat

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
            raise ActionError(N_("Line %(line)d: write a name and a range, like “Doom 0..30”."), field=what, line=number)
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


class TallyRules(Rules):
    id = "tally"
    title = N_("Tally")
    templates = "games/tally"

    def roles(self) -> list[Role]:
        return [Role("player", N_("Player")), Role("keeper", N_("Score keeper"))]

    def setup_fields(self) -> list[dict]:
        return [
            {"name": "tracks", "label": N_("Shared tracks, one per line"), "kind": "textarea",
             # Defaults are msgids too: a Chinese table starts with "末日 0..30".
             "default": N_("Doom 0..30"), "help": N_("Name, range, optional start and step: “Power 0..20 start 5 step 1”.")},
            {"name": "counters", "label": N_("Counters each player keeps, one per line"), "kind": "textarea",
             "default": N_("VP 0..99"), "help": N_("Same format; every seat gets its own.")},
        ]

    def initial_state(self, options: dict) -> dict:
        tracks = parse_specs(options.get("tracks", ""), "tracks")
        counters = parse_specs(options.get("counters", ""), "counters")
        return {
            "tracks": [{**t, "value": t["start"]} for t in tracks],
            "counters": counters,
            "values": {},  # seat id -> counter id -> value
            "secrets": {},
        }

    def actions(self) -> list[ActionSpec]:
        track, counter = Text("track", max_length=8), Text("counter", max_length=8)
        seat = SeatRef("seat", default=None, doc="default: your own seat")
        return [
            ActionSpec("track.adjust", "Add `delta` to shared track `track`.", (track, Int("delta"))),
            ActionSpec("track.set", "Set shared track `track` to `value`.", (track, Int("value"))),
            ActionSpec("track.add", "Add a shared track: `name`, `min`, `max`, optional `start` and `step`.",
                       (Text("name", max_length=40), Int("min"), Int("max"), Int("start", default=None),
                        Int("step", default=None, min=1))),
            ActionSpec("counter.adjust", "Add `delta` to counter `counter` of seat `seat` (default: your own seat).",
                       (counter, seat, Int("delta"))),
            ActionSpec("counter.set", "Set counter `counter` of seat `seat` (default: your own) to `value`.",
                       (counter, seat, Int("value"))),
            ActionSpec("reset", "Put every track and counter back to its start."),
            ActionSpec("note.set", "Set your seat's private note to `text` (only you see it).",
                       (Text("text", max_length=MAX_NOTE, multiline=True, allow_empty=True),)),
        ]

    # The shared tracks read no seat; the counters mark the reader's own.
    shared_regions = frozenset({"tracks"})

    def regions(self, seat: Seat | None) -> list[str]:
        return ["tracks", "counters"] + (["note"] if seat is not None else [])

    def check_state(self, state: dict) -> None:
        track_list, specs, values, secrets = state["tracks"], state["counters"], state["values"], state["secrets"]
        if not isinstance(track_list, list) or not all(isinstance(part, dict) for part in (values, secrets)):
            raise TypeError
        for track in track_list:
            tracks.check_track(track)
        counters.check_counters(specs, values)
        for secret in secrets.values():
            if not isinstance(secret, dict) or not isinstance(secret.get("note", ""), str):
                raise TypeError

    def on_seat_joined(self, state: dict, seat: Seat) -> dict:
        counters.add_seat(state["counters"], state["values"], seat.id)
        return state

    # -- validation and application ------------------------------------------------
    def _track(self, state: dict, payload: dict) -> dict:
        for track in state["tracks"]:
            if track["id"] == payload.get("track"):
                return track
        raise ActionError(N_("No such track."), field="track")

    def _seat_of(self, action: Action, seats: dict[str, Seat]) -> str:
        seat_id = action.payload.get("seat") or action.seat
        if seat_id not in seats:
            raise ActionError(N_("No such seat."), field="seat")
        return seat_id

    def _change(self, state: dict, action: Action, seats: dict[str, Seat]) -> None:
        """Carry out a track or counter change on `state`, or refuse it."""
        kind, payload = action.type, action.payload
        if kind == "track.adjust":
            tracks.move_by(self._track(state, payload), payload["delta"])
        elif kind == "track.set":
            tracks.move_to(self._track(state, payload), payload["value"])
        elif kind == "counter.adjust":
            counters.adjust(state["counters"], state["values"], self._seat_of(action, seats),
                            payload["counter"], payload["delta"])
        elif kind == "counter.set":
            counters.set_value(state["counters"], state["values"], self._seat_of(action, seats),
                               payload["counter"], payload["value"])

    @staticmethod
    def _new_track(state: dict, payload: dict) -> dict:
        ids = {t["id"] for t in state["tracks"]}
        number = len(state["tracks"]) + 1
        while f"t{number}" in ids:
            number += 1
        return tracks.new_track(f"t{number}", payload["name"], payload["min"], payload["max"],
                                payload.get("start"), payload.get("step"), field="name")

    def validate(self, state: dict, action: Action, seats: dict[str, Seat]) -> None:
        kind, payload = action.type, action.payload
        if kind in ("track.adjust", "track.set", "counter.adjust", "counter.set"):
            self._change(copy.deepcopy(state), action, seats)
        elif kind == "track.add":
            if len(state["tracks"]) >= MAX_TRACKS:
                raise ActionError(N_("At most %(max)d lines."), field="name", max=MAX_TRACKS)
            spec = self._new_track(state, payload)
            if any(t["name"].casefold() == spec["name"].casefold() for t in state["tracks"]):
                raise ActionError(N_("Two lines have the same name."), field="name")
        elif kind == "note.set":
            if action.seat not in seats:
                raise ActionError(N_("Only a seated player has a note."), field="text")
        elif kind != "reset":
            raise ActionError(N_("Unknown action."), field="type")

    def apply(self, state: dict, action: Action, seats: dict[str, Seat]) -> dict:
        kind, payload = action.type, action.payload
        if kind in ("track.adjust", "track.set", "counter.adjust", "counter.set"):
            self._change(state, action, seats)
        elif kind == "track.add":
            state["tracks"].append(self._new_track(state, payload))
        elif kind == "reset":
            for track in state["tracks"]:
                track["value"] = track["start"]
            counters.reset(state["counters"], state["values"])
        elif kind == "note.set":
            state["secrets"].setdefault(action.seat, {})["note"] = payload["text"]
        return state

    def redact(self, action: Action, viewer: Seat | None) -> dict:
        if action.type == "note.set" and (viewer is None or viewer.id != action.seat):
            return {}
        return action.payload

    def describe(self, action: Action, seats: dict[str, Seat], state: dict) -> tuple[str, dict]:
        payload = action.payload
        names = {t["id"]: t["name"] for t in state["tracks"]} | {c["id"]: c["name"] for c in state["counters"]}
        owner = seats.get(payload.get("seat") or action.seat)
        whose = owner.name if owner else "?"
        if action.type == "track.adjust":
            return N_("%(track)s %(delta)+d"), {"track": names.get(payload.get("track"), "?"), "delta": int(payload["delta"])}
        if action.type == "track.set":
            return N_("%(track)s set to %(value)d"), {"track": names.get(payload.get("track"), "?"), "value": int(payload["value"])}
        if action.type == "track.add":
            return N_("added track %(track)s"), {"track": payload.get("name", "?")}
        # A history line starts with who acted: "Ann VP +2", not "Ann Ann's VP +2".
        own = owner is not None and owner.id == action.seat
        if action.type == "counter.adjust":
            params = {"counter": names.get(payload.get("counter"), "?"), "delta": int(payload["delta"])}
            if own:
                return N_("%(counter)s %(delta)+d"), params
            return N_("%(seat)s's %(counter)s %(delta)+d"), {"seat": whose, **params}
        if action.type == "counter.set":
            params = {"counter": names.get(payload.get("counter"), "?"), "value": int(payload["value"])}
            if own:
                return N_("%(counter)s set to %(value)d"), params
            return N_("%(seat)s's %(counter)s set to %(value)d"), {"seat": whose, **params}
        if action.type == "reset":
            return N_("reset everything"), {}
        if action.type == "note.set":
            return N_("changed their private note"), {}
        return super().describe(action, seats, state)


RULES = TallyRules()
