"""The tally table's action table: each action's fields, effect, history
line and secrecy, declared once (companion.kit.actions)."""

from __future__ import annotations

from companion.kit import counters, tracks
from companion.kit.actions import Act
from companion.kit.fields import ActionSpec, Int, SeatRef, Text
from companion.rules import N_, Action, ActionError, Seat
from companion.games.tally.state import MAX_NOTE, MAX_TRACKS


# -- effects ----------------------------------------------------------------------
def track_named(state: dict, track_id: str) -> dict:
    for track in state["tracks"]:
        if track["id"] == track_id:
            return track
    raise ActionError(N_("No such track."), field="track")


def counter_owner(act: Act) -> str:
    """The seat whose counter changes: the one named, else the actor's own."""
    seat_id = act["seat"] or act.seat_id
    if seat_id not in act.seats:
        raise ActionError(N_("No such seat."), field="seat")
    return seat_id


def adjust_track(act: Act) -> None:
    tracks.move_by(track_named(act.state, act["track"]), act["delta"])


def set_track(act: Act) -> None:
    tracks.move_to(track_named(act.state, act["track"]), act["value"])


def add_track(act: Act) -> None:
    state = act.state
    if len(state["tracks"]) >= MAX_TRACKS:
        raise ActionError(N_("At most %(max)d lines."), field="name", max=MAX_TRACKS)
    ids = {t["id"] for t in state["tracks"]}
    number = len(state["tracks"]) + 1
    while f"t{number}" in ids:
        number += 1
    track = tracks.new_track(f"t{number}", act["name"], act["min"], act["max"], act["start"], act["step"],
                             field="name")
    if any(t["name"].casefold() == track["name"].casefold() for t in state["tracks"]):
        raise ActionError(N_("Two lines have the same name."), field="name")
    state["tracks"].append(track)


def adjust_counter(act: Act) -> None:
    counters.adjust(act.state["counters"], act.state["values"], counter_owner(act), act["counter"], act["delta"])


def set_counter(act: Act) -> None:
    counters.set_value(act.state["counters"], act.state["values"], counter_owner(act), act["counter"], act["value"])


def reset(act: Act) -> None:
    for track in act.state["tracks"]:
        track["value"] = track["start"]
    counters.reset(act.state["counters"], act.state["values"])


def set_note(act: Act) -> None:
    if act.seat_id not in act.seats:
        raise ActionError(N_("Only a seated player has a note."), field="text")
    act.state["secrets"].setdefault(act.seat_id, {})["note"] = act["text"]


# -- history lines ------------------------------------------------------------------
def name_of(state: dict, part_id: object) -> str:
    names = {t["id"]: t["name"] for t in state["tracks"]} | {c["id"]: c["name"] for c in state["counters"]}
    return names.get(part_id, "?")


def track_history(action: Action, seats: dict[str, Seat], state: dict) -> tuple[str, dict]:
    track = name_of(state, action.payload.get("track"))
    if action.type == "track.adjust":
        return N_("%(track)s %(delta)+d"), {"track": track, "delta": int(action.payload["delta"])}
    return N_("%(track)s set to %(value)d"), {"track": track, "value": int(action.payload["value"])}


def counter_history(action: Action, seats: dict[str, Seat], state: dict) -> tuple[str, dict]:
    payload = action.payload
    owner = seats.get(payload.get("seat") or action.seat)
    counter = name_of(state, payload.get("counter"))
    # A history line starts with who acted: "Ann VP +2", not "Ann Ann's VP +2".
    own = owner is not None and owner.id == action.seat
    if action.type == "counter.adjust":
        params = {"counter": counter, "delta": int(payload["delta"])}
        if own:
            return N_("%(counter)s %(delta)+d"), params
        return N_("%(seat)s's %(counter)s %(delta)+d"), {"seat": owner.name if owner else "?", **params}
    params = {"counter": counter, "value": int(payload["value"])}
    if own:
        return N_("%(counter)s set to %(value)d"), params
    return N_("%(seat)s's %(counter)s set to %(value)d"), {"seat": owner.name if owner else "?", **params}


def note_hidden(action: Action, viewer: Seat | None) -> dict:
    """A note is read by its own seat alone."""
    return action.payload if viewer is not None and viewer.id == action.seat else {}


# -- what is open now -----------------------------------------------------------------
def track_steps(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    return [{"track": t["id"], "delta": delta} for t in state["tracks"] for delta in (-t["step"], t["step"])
            if t["min"] <= t["value"] + delta <= t["max"]]


def counter_steps(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    if seat is None or seat.id not in state["values"]:
        return []
    mine = state["values"][seat.id]
    return [{"counter": c["id"], "delta": delta} for c in state["counters"] for delta in (-c["step"], c["step"])
            if c["min"] <= mine[c["id"]] + delta <= c["max"]]


def note_choices(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    return [{"text": "Hidden objective: the north"}, {"text": ""}] if seat is not None else []


def always(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    return [{}]


TRACK, COUNTER = Text("track", max_length=8), Text("counter", max_length=8)
SEAT = SeatRef("seat", default=None, doc="default: your own seat")

ACTIONS = (
    ActionSpec("track.adjust", "Add `delta` to shared track `track`.", (TRACK, Int("delta")),
               effect=adjust_track, history=track_history, open=track_steps),
    ActionSpec("track.set", "Set shared track `track` to `value`.", (TRACK, Int("value")),
               effect=set_track, history=track_history),
    ActionSpec("track.add", "Add a shared track: `name`, `min`, `max`, optional `start` and `step`.",
               (Text("name", max_length=40), Int("min"), Int("max"), Int("start", default=None),
                Int("step", default=None, min=1)),
               effect=add_track, history=lambda action, seats, state: (
                   N_("added track %(track)s"), {"track": action.payload.get("name", "?")})),
    ActionSpec("counter.adjust", "Add `delta` to counter `counter` of seat `seat` (default: your own seat).",
               (COUNTER, SEAT, Int("delta")), effect=adjust_counter, history=counter_history, open=counter_steps),
    ActionSpec("counter.set", "Set counter `counter` of seat `seat` (default: your own) to `value`.",
               (COUNTER, SEAT, Int("value")), effect=set_counter, history=counter_history),
    ActionSpec("reset", "Put every track and counter back to its start.",
               effect=reset, history=N_("reset everything"), open=always),
    ActionSpec("note.set", "Set your seat's private note to `text` (only you see it).",
               (Text("text", max_length=MAX_NOTE, multiline=True, allow_empty=True),),
               effect=set_note, history=N_("changed their private note"), redact=note_hidden, open=note_choices),
)
