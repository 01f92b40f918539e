"""Bounded tracks and dials: a value that moves between a lowest and a highest
space, in steps, where some spaces carry a label and an effect (a doom track's
"instant death", a threat dial's "upgrade").

A track is a plain dict, so it lives in a game's state as it is:
    {"id", "name", "min", "max", "start", "step", "value", "spaces": {"7": {"label", "effect"}}}
`name`, `label` and `effect` are English msgids (or a group's own words)."""

from __future__ import annotations

from companion.kit.fields import LIMIT
from companion.rules import N_, ActionError, Msg


def _whole(value: object) -> int:
    # int() would take True as 1 and truncate 5.7 to 5.
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise TypeError
    return int(value)


def new_track(track_id: str, name: str, low: object, high: object, start: object = None, step: object = None,
              spaces: dict | None = None, field: str = "name") -> dict:
    """A track at its start, or an ActionError (naming `field`) for an impossible one."""
    name = " ".join(name.split())[:40] if isinstance(name, str) else ""
    if not name:
        raise ActionError(N_("A track needs a name."), field=field)
    try:
        low, high = _whole(low), _whole(high)
        start = low if start in (None, "") else _whole(start)
        step = 1 if step in (None, "") else _whole(step)
    except (TypeError, ValueError):
        raise ActionError(N_("Range, start and step must be whole numbers."), field=field) from None
    if not (-LIMIT <= low < high <= LIMIT):
        raise ActionError(N_("%(name)s: the lowest value must be below the highest."), field=field, name=name)
    if not low <= start <= high:
        raise ActionError(N_("%(name)s: the start must lie within the range."), field=field, name=name)
    if not 1 <= step <= high - low:
        raise ActionError(N_("%(name)s: the step must be between 1 and the range's width."), field=field, name=name)
    track = {"id": track_id, "name": name, "min": low, "max": high, "start": start, "step": step, "value": start}
    if spaces:
        track["spaces"] = {str(space): dict(info) for space, info in spaces.items()}
    return track


def check_track(track: dict) -> None:
    """Raise (TypeError, ValueError, ActionError) unless `track` is one `new_track` could make, since moved."""
    if not isinstance(track, dict) or not isinstance(track.get("id"), str):
        raise TypeError
    again = new_track(track["id"], track["name"], track["min"], track["max"], track["start"], track["step"],
                      track.get("spaces"))
    if {k: again[k] for k in ("name", "min", "max", "start", "step")} != \
            {k: track[k] for k in ("name", "min", "max", "start", "step")}:
        raise ValueError
    value = track["value"]
    if isinstance(value, bool) or not isinstance(value, int) or not track["min"] <= value <= track["max"]:
        raise ValueError


def refusal(track: dict, wanted: int, field: str) -> ActionError | None:
    """Why `track` can't be at `wanted` (None: it can)."""
    name = Msg(track["name"])
    if wanted > track["max"]:
        return ActionError(N_("%(name)s can't go above %(max)d."), field=field, name=name, max=track["max"])
    if wanted < track["min"]:
        return ActionError(N_("%(name)s can't go below %(min)d."), field=field, name=name, min=track["min"])
    return None


def move_to(track: dict, wanted: int, field: str = "value") -> list[dict]:
    """Set the track to `wanted` (refused out of bounds); returns the labelled
    spaces it reached or passed on the way, in order (their effects happen)."""
    error = refusal(track, wanted, field)
    if error is not None:
        raise error
    old, track["value"] = track["value"], wanted
    return passed(track, old, wanted)


def move_by(track: dict, delta: int, field: str = "delta", clamp: bool = False) -> list[dict]:
    """Move the track by `delta`; with `clamp` it stops at its ends instead of refusing."""
    wanted = track["value"] + delta
    if clamp:
        wanted = max(track["min"], min(track["max"], wanted))
    return move_to(track, wanted, field)


def passed(track: dict, old: int, new: int) -> list[dict]:
    """The labelled spaces after `old` up to and including `new`, in the order moved through."""
    spaces = track.get("spaces", {})
    way = range(old + 1, new + 1) if new > old else range(old - 1, new - 1, -1)
    return [{"space": n, **spaces[str(n)]} for n in way if str(n) in spaces]


def space(track: dict) -> dict | None:
    """The label and effect of the space the track is on, if it has one."""
    info = track.get("spaces", {}).get(str(track["value"]))
    return {"space": track["value"], **info} if info else None


def effects_up_to(track: dict) -> list[dict]:
    """Every labelled space at or below the current value, lowest first: for
    tracks whose effects add up (an apocalypse track)."""
    spaces = track.get("spaces", {})
    return [{"space": int(n), **info} for n, info in sorted(spaces.items(), key=lambda kv: int(kv[0]))
            if int(n) <= track["value"]]
