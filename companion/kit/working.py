"""One way to show a number: a computed number carries the lines that explain
it ("Attack 4 = base 3 + card +1"), in one shape for every game, and one
macro (templates/kit/working.html) shows it as a number that taps open.

A worked number is a JSON-able dict, so it lives in the view (and in a state,
if a game keeps one): `{"value": 4, "lines": [[msgid, params], ...]}`. Each
line is an English msgid with its parameters, translated when shown; a line
that adds an amount carries it as the parameter "amount"."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from companion.rules import Msg, translated_params


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


class Sentences(Msg):
    """Working lines ([msgid, params] each) as one parameter of another
    message (a history line that says what a card did), each translated in
    the reader's language and joined by "; "."""

    def __new__(cls, lines: list) -> Sentences:
        lines = [(message, params) for message, params in lines]
        made = super().__new__(cls, cls.said(lines, str, None))  # in English, as the msgids read
        made.lines = lines
        return made

    def __getnewargs__(self):
        return (self.lines,)

    def translated(self, translate: Callable[[str], str], language: str | None = None) -> str:
        return self.said(self.lines, translate, language)

    @staticmethod
    def said(lines: list, translate: Callable[[str], str], language: str | None) -> str:
        said = []
        for message, params in lines:
            values = translated_params(params, translate, language)
            for template in (translate(message), message):
                try:
                    said.append(template % values)
                    break
                except (KeyError, TypeError, ValueError):
                    continue
            else:
                said.append(message)
        return "; ".join(said)
