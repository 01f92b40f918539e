"""One way to show a number: a computed number carries the lines that explain
it ("Attack 4 = base 3 + card +1"), in one shape for every game, and one
macro (templates/kit/working.html) shows it as a number that taps open.

A worked number is a JSON-able dict, so it lives in the view (and in a state,
if a game keeps one): `{"value": 4, "lines": [[msgid, params], ...]}`. Each
line is an English msgid with its parameters, translated when shown; a line
that adds an amount carries it as the parameter "amount"."""

from __future__ import annotations

from typing import Any, Iterable


def line(message: str, **params: Any) -> list:
    """One line of a working: an English msgid and its parameters."""
    return [message, params]


def worked(value: Any, lines: Iterable[list] = ()) -> dict:
    """A number with the lines that explain it (none: a number read as it is)."""
    return {"value": value, "lines": [list(entry) for entry in lines]}


def summed(lines: Iterable[list]) -> dict:
    """A number that is the sum of its lines' amounts."""
    lines = [list(entry) for entry in lines]
    return worked(sum(entry[1].get("amount", 0) for entry in lines), lines)


def is_worked(value: object) -> bool:
    return (isinstance(value, dict) and set(value) == {"value", "lines"} and isinstance(value["lines"], list)
            and all(isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], str)
                    and isinstance(entry[1], dict) for entry in value["lines"]))
