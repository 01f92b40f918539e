"""Per-seat counters and tokens: every seat keeps its own value of each
declared counter (VP, power, wound tokens left).

A game keeps two things in its state: the counters' `specs` (track specs,
`companion.kit.tracks`, whose value lives per seat) and their `values`
(`{seat_id: {counter_id: value}}`); these functions take both."""

from __future__ import annotations

from companion.kit import tracks
from companion.rules import N_, ActionError


def add_seat(specs: list[dict], values: dict, seat_id: str) -> None:
    """Give a newly seated player their own counters, each at its start."""
    values.setdefault(seat_id, {spec["id"]: spec["start"] for spec in specs})


def spec(specs: list[dict], counter_id: object) -> dict:
    for candidate in specs:
        if candidate["id"] == counter_id:
            return candidate
    raise ActionError(N_("No such counter."), field="counter")


def holder(values: dict, seat_id: object) -> dict:
    """The values of `seat_id`'s counters."""
    if not isinstance(seat_id, str) or seat_id not in values:
        raise ActionError(N_("No such seat."), field="seat")
    return values[seat_id]


def set_value(specs: list[dict], values: dict, seat_id: object, counter_id: object, wanted: int,
              field: str = "value") -> None:
    """Set a seat's counter, refused (naming `field`) outside its bounds."""
    counter, held = spec(specs, counter_id), holder(values, seat_id)
    error = tracks.refusal(counter, wanted, field)
    if error is not None:
        raise error
    held[counter["id"]] = wanted


def adjust(specs: list[dict], values: dict, seat_id: object, counter_id: object, delta: int,
           field: str = "delta") -> None:
    counter = spec(specs, counter_id)
    set_value(specs, values, seat_id, counter_id, holder(values, seat_id)[counter["id"]] + delta, field)


def reset(specs: list[dict], values: dict) -> None:
    for held in values.values():
        for counter in specs:
            held[counter["id"]] = counter["start"]


def check_counters(specs: list[dict], values: dict) -> None:
    """Raise unless every seat holds every counter within its bounds."""
    if not isinstance(specs, list) or not isinstance(values, dict):
        raise TypeError
    for counter in specs:
        tracks.check_track({**counter, "value": counter.get("start")})
    ids = {c["id"] for c in specs}
    for held in values.values():
        if not isinstance(held, dict) or set(held) != ids:
            raise ValueError
        for counter in specs:
            tracks.check_track({**counter, "value": held[counter["id"]]})
