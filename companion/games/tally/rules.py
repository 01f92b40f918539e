"""The tally table: named tracks and per-seat counters for any game.

A group playing a game this app does not know yet lists its tracks ("Doom
0..30") and the counters each player keeps ("VP 0..99"); everyone taps +/-.
Each seat may also keep a private note (a hidden objective, a secret score)
that only that seat sees.
"""

from __future__ import annotations

import re

from companion.rules import N_, Action, ActionError, Role, Rules, Seat

MAX_TRACKS = 24
MAX_NOTE = 500
LIMIT = 10**6  # keeps numbers to what a table needs
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


def _spec_number(value: object) -> int:
    # int() would take True as 1 and truncate 5.7 to 5; only whole numbers
    # (or their text, as forms and spec lines send them) are meant.
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise TypeError
    return int(value)


def make_spec(name, low, high, start=None, step=None, field="tracks") -> dict:
    name = " ".join(name.split())[:40] if isinstance(name, str) else ""
    if not name:
        raise ActionError(N_("A track needs a name."), field=field)
    try:
        low, high = _spec_number(low), _spec_number(high)
        start = low if start in (None, "") else _spec_number(start)
        step = 1 if step in (None, "") else _spec_number(step)
    except (TypeError, ValueError):
        raise ActionError(N_("Range, start and step must be whole numbers."), field=field) from None
    if not (-LIMIT <= low < high <= LIMIT):
        raise ActionError(N_("%(name)s: the lowest value must be below the highest."), field=field, name=name)
    if not low <= start <= high:
        raise ActionError(N_("%(name)s: the start must lie within the range."), field=field, name=name)
    if not 1 <= step <= high - low:
        raise ActionError(N_("%(name)s: the step must be between 1 and the range's width."), field=field, name=name)
    return {"name": name, "min": low, "max": high, "start": start, "step": step}


def whole_number(value: object, field: str) -> int:
    if isinstance(value, bool):
        raise ActionError(N_("Enter a whole number."), field=field)
    try:
        number = int(str(value).strip())
    except (TypeError, ValueError):
        raise ActionError(N_("Enter a whole number."), field=field) from None
    if abs(number) > LIMIT:
        raise ActionError(N_("That number is too large."), field=field)
    return number


def _check_value(spec: dict, value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not spec["min"] <= value <= spec["max"]:
        raise ValueError


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

    def action_types(self) -> dict[str, str]:
        return {
            "track.adjust": "Add `delta` (a whole number) to shared track `track`.",
            "track.set": "Set shared track `track` to `value`.",
            "track.add": "Add a shared track: `name`, `min`, `max`, optional `start` and `step`.",
            "counter.adjust": "Add `delta` to counter `counter` of seat `seat` (default: your own seat).",
            "counter.set": "Set counter `counter` of seat `seat` (default: your own) to `value`.",
            "reset": "Put every track and counter back to its start.",
            "note.set": "Set your seat's private note to `text` (only you see it).",
        }

    def regions(self, seat: Seat | None) -> list[str]:
        return ["tracks", "counters"] + (["note"] if seat is not None else [])

    def check_state(self, state: dict) -> None:
        tracks, counters, values, secrets = state["tracks"], state["counters"], state["values"], state["secrets"]
        if not all(isinstance(part, list) for part in (tracks, counters)) or \
                not all(isinstance(part, dict) for part in (values, secrets)):
            raise TypeError
        spec_keys = ("name", "min", "max", "start", "step")
        for spec in tracks + counters:
            if not isinstance(spec, dict) or not isinstance(spec.get("id"), str):
                raise TypeError
            # make_spec raises ActionError for what no spec line can say; an import counts that as damage.
            if make_spec(spec["name"], spec["min"], spec["max"], spec["start"], spec["step"]) != \
                    {key: spec[key] for key in spec_keys}:
                raise ValueError
        for track in tracks:
            _check_value(track, track["value"])
        for seat_values in values.values():
            if not isinstance(seat_values, dict) or set(seat_values) != {c["id"] for c in counters}:
                raise ValueError
            for counter in counters:
                _check_value(counter, seat_values[counter["id"]])
        for secret in secrets.values():
            if not isinstance(secret, dict) or not isinstance(secret.get("note", ""), str):
                raise TypeError

    def on_seat_joined(self, state: dict, seat: Seat) -> dict:
        state["values"][seat.id] = {c["id"]: c["start"] for c in state["counters"]}
        return state

    # -- validation ------------------------------------------------------------
    def _track(self, state: dict, payload: dict) -> dict:
        for track in state["tracks"]:
            if track["id"] == payload.get("track"):
                return track
        raise ActionError(N_("No such track."), field="track")

    def _counter(self, state: dict, action: Action, seats: dict[str, Seat]) -> tuple[str, dict]:
        seat_id = action.payload.get("seat") or action.seat
        # A list or dict from a JSON payload can't even be looked up in a dict.
        if not isinstance(seat_id, str) or seat_id not in seats or seat_id not in state["values"]:
            raise ActionError(N_("No such seat."), field="seat")
        for counter in state["counters"]:
            if counter["id"] == action.payload.get("counter"):
                return seat_id, counter
        raise ActionError(N_("No such counter."), field="counter")

    def _target(self, state: dict, action: Action, seats: dict[str, Seat]) -> tuple[dict, dict, str, int]:
        """The spec being changed, where its value is kept (`holder[key]`), and the value wanted."""
        payload = action.payload
        if action.type.startswith("track."):
            spec = holder = self._track(state, payload)
            key = "value"
        else:
            seat_id, spec = self._counter(state, action, seats)
            holder, key = state["values"][seat_id], spec["id"]
        if action.type.endswith(".adjust"):
            wanted = holder[key] + whole_number(payload.get("delta"), "delta")
        else:
            wanted = whole_number(payload.get("value"), "value")
        return spec, holder, key, wanted

    @staticmethod
    def _new_track(payload: dict) -> dict:
        return make_spec(payload.get("name", ""), payload.get("min"), payload.get("max"),
                         payload.get("start"), payload.get("step"), field="name")

    def validate(self, state: dict, action: Action, seats: dict[str, Seat]) -> None:
        kind, payload = action.type, action.payload
        if kind in ("track.adjust", "track.set", "counter.adjust", "counter.set"):
            spec, _, _, wanted = self._target(state, action, seats)
            control = "delta" if kind.endswith(".adjust") else "value"
            if wanted > spec["max"]:
                raise ActionError(N_("%(name)s can't go above %(max)d."), field=control, name=spec["name"], max=spec["max"])
            if wanted < spec["min"]:
                raise ActionError(N_("%(name)s can't go below %(min)d."), field=control, name=spec["name"], min=spec["min"])
        elif kind == "track.add":
            if len(state["tracks"]) >= MAX_TRACKS:
                raise ActionError(N_("At most %(max)d lines."), field="name", max=MAX_TRACKS)
            spec = self._new_track(payload)
            if any(t["name"].casefold() == spec["name"].casefold() for t in state["tracks"]):
                raise ActionError(N_("Two lines have the same name."), field="name")
        elif kind == "note.set":
            if action.seat not in seats:
                raise ActionError(N_("Only a seated player has a note."), field="text")
            text = payload.get("text")
            if not isinstance(text, str):
                raise ActionError(N_("Write some text."), field="text")
            if len(text) > MAX_NOTE:
                raise ActionError(N_("A note holds at most %(max)d characters."), field="text", max=MAX_NOTE)
        elif kind != "reset":
            raise ActionError(N_("Unknown action."), field="type")

    # -- application -------------------------------------------------------------
    def apply(self, state: dict, action: Action, seats: dict[str, Seat]) -> dict:
        kind, payload = action.type, action.payload
        if kind in ("track.adjust", "track.set", "counter.adjust", "counter.set"):
            _, holder, key, wanted = self._target(state, action, seats)
            holder[key] = wanted
        elif kind == "track.add":
            spec = self._new_track(payload)
            ids = {t["id"] for t in state["tracks"]}
            number = len(state["tracks"]) + 1
            while f"t{number}" in ids:
                number += 1
            state["tracks"].append({**spec, "id": f"t{number}", "value": spec["start"]})
        elif kind == "reset":
            for track in state["tracks"]:
                track["value"] = track["start"]
            for values in state["values"].values():
                for counter in state["counters"]:
                    values[counter["id"]] = counter["start"]
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
