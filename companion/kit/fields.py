"""Typed payload fields: an action declares each value once, and forms (text)
and JSON (typed values) both go through the same parse.

A field's `parse` takes what arrived (a form string or a JSON value) and
returns the typed value, or raises an ActionError naming the field. Text is
checked at the door: what can't be stored and shown (lone surrogates, control
characters) is refused here, for every game alike.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import Any

from companion.rules import N_, ActionError

LIMIT = 10**6  # keeps numbers to what a table needs
MAX_DIGITS = 12  # a longer number is refused before int() has to read it
MISSING = object()
# Control characters a multi-line text may hold; every other one is refused.
TEXT_CONTROLS = frozenset("\n\t")


def clean_text(value: object, field_name: str, *, max_length: int, multiline: bool = False) -> str:
    """`value` as text fit to store and show, or an ActionError naming the field."""
    if not isinstance(value, str):
        raise ActionError(N_("Write some text."), field=field_name)
    value = value.replace("\r\n", "\n").replace("\r", "\n")
    for char in value:
        category = unicodedata.category(char)
        if category == "Cs":  # a lone surrogate: not text, can't even be encoded
            raise ActionError(N_("This text holds a character that can't be stored."), field=field_name)
        if category == "Cc" and not (multiline and char in TEXT_CONTROLS):
            raise ActionError(N_("This text holds a control character."), field=field_name)
        if not multiline and char in "\u2028\u2029\x85":
            raise ActionError(N_("This text holds a control character."), field=field_name)
    if len(value) > max_length:
        raise ActionError(N_("That text is too long (at most %(max)d characters)."), field=field_name, max=max_length)
    return value


def whole_number(value: object, field_name: str, low: int = -LIMIT, high: int = LIMIT) -> int:
    """An int from JSON or the digits of a form field, within [low, high]."""
    if isinstance(value, bool):
        raise ActionError(N_("Enter a whole number."), field=field_name)
    if isinstance(value, str):
        text = value.strip()
        digits = text[1:] if text[:1] in "+-" else text
        # isdigit() also takes "²" and other digits int() refuses; only ASCII is meant.
        if not digits or len(digits) > MAX_DIGITS or not all("0" <= c <= "9" for c in digits):
            raise ActionError(N_("Enter a whole number."), field=field_name)
        value = int(text)
    if not isinstance(value, int):
        raise ActionError(N_("Enter a whole number."), field=field_name)
    if value < low:
        raise ActionError(N_("At least %(min)d."), field=field_name, min=low)
    if value > high:
        raise ActionError(N_("At most %(max)d."), field=field_name, max=high)
    return value


@dataclass(frozen=True)
class Field:
    """One named value of a payload. `default` MISSING: the value is required."""

    name: str
    default: Any = MISSING
    doc: str = ""  # English, for docs/api.md and GET /api/games
    kind = "any"
    missing = N_("This value is missing.")

    @property
    def required(self) -> bool:
        return self.default is MISSING

    def parse(self, raw: object) -> Any:
        raise NotImplementedError

    def read(self, payload: dict) -> Any:
        """The value in `payload` (its default when absent or an empty form field)."""
        raw = payload.get(self.name, MISSING)
        if raw is MISSING or raw is None or raw == "":
            if self.required:
                raise ActionError(self.missing, field=self.name)
            return self.default
        return self.parse(raw)

    def describe(self) -> dict:
        """The declaration as JSON, for tools and the docs."""
        shown = {"name": self.name, "kind": self.kind, "required": self.required}
        if not self.required:
            shown["default"] = self.default
        return shown | ({"doc": self.doc} if self.doc else {})


@dataclass(frozen=True)
class Int(Field):
    min: int = -LIMIT
    max: int = LIMIT
    kind = "int"
    missing = N_("Enter a whole number.")

    def parse(self, raw: object) -> int:
        return whole_number(raw, self.name, self.min, self.max)

    def describe(self) -> dict:
        return super().describe() | {"min": self.min, "max": self.max}


@dataclass(frozen=True)
class Text(Field):
    max_length: int = 200
    multiline: bool = False
    allow_empty: bool = False  # "" is a value (a cleared note), not a missing one
    kind = "text"
    missing = N_("Write some text.")

    def read(self, payload: dict) -> Any:
        if self.allow_empty and payload.get(self.name) == "":
            return ""
        return super().read(payload)

    def parse(self, raw: object) -> str:
        text = clean_text(raw, self.name, max_length=self.max_length, multiline=self.multiline)
        if not self.multiline:
            text = " ".join(text.split())
        if self.required and not text.strip():
            raise ActionError(self.missing, field=self.name)
        return text

    def describe(self) -> dict:
        return super().describe() | {"max_length": self.max_length, "multiline": self.multiline}


@dataclass(frozen=True)
class Choice(Field):
    choices: tuple[str, ...] = ()
    kind = "choice"

    def parse(self, raw: object) -> str:
        if not isinstance(raw, str) or raw not in self.choices:
            raise ActionError(N_("Pick one of the choices."), field=self.name)
        return raw

    def describe(self) -> dict:
        return super().describe() | {"choices": list(self.choices)}


@dataclass(frozen=True)
class Bool(Field):
    kind = "bool"
    TRUE = frozenset({"1", "true", "on", "yes"})
    FALSE = frozenset({"0", "false", "off", "no"})

    def parse(self, raw: object) -> bool:
        if isinstance(raw, bool):
            return raw
        if isinstance(raw, str) and raw.strip().lower() in self.TRUE | self.FALSE:
            return raw.strip().lower() in self.TRUE
        raise ActionError(N_("Answer yes or no."), field=self.name)


@dataclass(frozen=True)
class SeatRef(Field):
    """A seat's id ("s3"); whether that seat exists is the rules' question."""

    kind = "seat"

    def parse(self, raw: object) -> str:
        if not isinstance(raw, str) or not raw[:1] == "s" or not raw[1:].isascii() or not raw[1:].isdigit() \
                or len(raw) > 8:
            raise ActionError(N_("No such seat."), field=self.name)
        return raw


@dataclass(frozen=True)
class IntList(Field):
    """Whole numbers: a JSON list, or a form's "3, 5, 8"."""

    min: int = -LIMIT
    max: int = LIMIT
    max_items: int = 100
    kind = "int-list"

    def parse(self, raw: object) -> list[int]:
        if isinstance(raw, str):
            raw = [part for part in raw.replace(",", " ").split()]
        if not isinstance(raw, list):
            raise ActionError(N_("Enter whole numbers separated by commas."), field=self.name)
        if len(raw) > self.max_items:
            raise ActionError(N_("At most %(max)d values."), field=self.name, max=self.max_items)
        return [whole_number(item, self.name, self.min, self.max) for item in raw]

    def describe(self) -> dict:
        return super().describe() | {"min": self.min, "max": self.max, "max_items": self.max_items}


@dataclass(frozen=True)
class Json(Field):
    """A JSON value of a shape the rules check themselves (a map, a list of
    placements). Depth, size and every string are checked here; from a form
    the field holds the JSON text."""

    max_depth: int = 6
    max_items: int = 2000
    max_length: int = 200
    kind = "json"

    def parse(self, raw: object) -> Any:
        if isinstance(raw, str) and raw.strip()[:1] in ("[", "{"):
            import json

            try:
                raw = json.loads(raw)
            except (ValueError, RecursionError):
                raise ActionError(N_("The action's details are malformed."), field=self.name) from None
        budget = [self.max_items]
        self._check(raw, self.max_depth, budget)
        return raw

    def _check(self, value: object, depth: int, budget: list[int]) -> None:
        budget[0] -= 1
        if depth < 0 or budget[0] < 0:
            raise ActionError(N_("The action's details are malformed."), field=self.name)
        if isinstance(value, str):
            clean_text(value, self.name, max_length=self.max_length)
        elif isinstance(value, bool) or value is None:
            pass
        elif isinstance(value, int):
            whole_number(value, self.name)
        elif isinstance(value, float):
            raise ActionError(N_("Enter a whole number."), field=self.name)
        elif isinstance(value, list):
            for item in value:
                self._check(item, depth - 1, budget)
        elif isinstance(value, dict):
            for key, item in value.items():
                clean_text(key, self.name, max_length=self.max_length)
                self._check(item, depth - 1, budget)
        else:
            raise ActionError(N_("The action's details are malformed."), field=self.name)


@dataclass(frozen=True)
class FormMap(Json):
    """A map keyed by things the page lists (characters, seats), sent as JSON
    or, from a form, as fields "<name>.<key>" (or "<name>.<key>.<sub>" for a
    map of maps), one input per key. Required: an empty map is missing."""

    kind = "map"

    def read(self, payload: dict) -> Any:
        raw = payload.get(self.name, MISSING)
        if raw is MISSING or raw is None or raw == "":
            raw = form_map(payload, self.name)
        if not raw:
            raise ActionError(self.missing, field=self.name)
        parsed = self.parse(raw)
        if not isinstance(parsed, dict):  # a number or a list sent as JSON where a map belongs
            raise ActionError(N_("The action's details are malformed."), field=self.name)
        return parsed


def form_map(payload: dict, name: str) -> dict:
    """Form fields "<name>.<key>" (or "<name>.<key>.<sub>") gathered into a map."""
    prefix, found = name + ".", {}
    for key, value in payload.items():
        if isinstance(key, str) and key.startswith(prefix):
            first, dot, rest = key[len(prefix):].partition(".")
            if dot:
                found.setdefault(first, {})[rest] = value
            else:
                found[first] = value
    return found


@dataclass(frozen=True)
class ActionSpec:
    """An action a table accepts: its type, a one-line English description
    and its payload's fields. `seat_may_undo` False: only the host may undo
    it (a seat's Undo is refused, naming why). `secret_draws`: what it draws
    only its seat sees (a hand, a quest offer), so its random stream is the
    seat's own and undo can't show one seat what another will draw."""

    type: str
    doc: str
    fields: tuple[Field, ...] = field(default_factory=tuple)
    seat_may_undo: bool = True
    secret_draws: bool = False
    #: What the action does (companion.kit.actions): effect(act) changes
    #: act.state (or returns a new one) and draws through act.draws.
    effect: Any = field(default=None, compare=False, repr=False)
    #: Its history line: a constant English msgid, or history(action, seats,
    #: state) -> (msgid, params) for a line that names what, which and where.
    history: Any = field(default=None, compare=False, repr=False)
    #: What another seat may see of a logged payload: redact(action, viewer)
    #: -> payload (None: everyone sees all of it).
    redact: Any = field(default=None, compare=False, repr=False)
    #: The choices open to a seat now: open(state, seat, seats) -> a list of
    #: payloads it may send (empty: not open to it now). None: not declared.
    open: Any = field(default=None, compare=False, repr=False)

    def parse(self, payload: dict) -> dict:
        """The typed payload: every declared field read, anything else dropped."""
        parsed = {}
        for declared in self.fields:
            value = declared.read(payload)
            if value is not None:  # an optional value left out stays out of the log
                parsed[declared.name] = value
        return parsed

    def describe(self) -> dict:
        return {"type": self.type, "doc": self.doc, "fields": [f.describe() for f in self.fields],
                "seat_may_undo": self.seat_may_undo}
