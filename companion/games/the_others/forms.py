"""Payloads from the page's forms, made the shape the JSON API sends.

A form sends flat fields: "monsters.abomination" = 2 becomes
{"monsters": {"abomination": 2}}; "slots" = "1 3" becomes [1, 3]; a ticked
box ("on") becomes True. A JSON payload passes through unchanged.
"""

from __future__ import annotations

import re

from companion.rules import N_, ActionError

FLAGS = ("use_extra", "voluntary", "ranged", "acolyte_ability", "teleport", "extra_move", "isolated")
NUMBER_LISTS = ("slots", "assigned")
WORD_LISTS = ("heroes", "actions", "upgrades")
NUMBERS = ("count", "steps", "tokens", "delta", "slot", "protector", "value", "pentagrams", "others_in_space",
           "extra_hero_dice", "extra_hero_defense", "extra_hero_hits", "extra_sin_dice", "extra_sin_hits",
           "extra_sin_corruption")
SEPARATORS = re.compile(r"[\s,;]+")
MAX_DEPTH = 3


def normalize(payload: dict) -> dict:
    out = _nest(payload)
    for name in WORD_LISTS:
        ticked = out.get(name)
        # Tick boxes "heroes.leah" = "on" become the list of ticked names.
        if isinstance(ticked, dict) and ticked and all(isinstance(v, (str, bool)) for v in ticked.values()):
            out[name] = [key for key, value in ticked.items() if value in (True, "on", "1", "true")]
    return out


def _nest(payload: dict) -> dict:
    out: dict = {}
    for key, value in payload.items():
        parts = key.split(".") if isinstance(key, str) else [key]
        if len(parts) > MAX_DEPTH:
            raise ActionError(N_("The action's details are malformed."), field=str(key)[:40])
        holder = out
        for part in parts[:-1]:
            holder = holder.setdefault(part, {})
            if not isinstance(holder, dict):
                raise ActionError(N_("The action's details are malformed."), field=str(key)[:40])
        holder[parts[-1]] = _value(parts[0], parts[-1], value)
    return out


def _value(top: str, name: str, value):
    if not isinstance(value, str):
        return value
    if name in FLAGS:
        return value.strip().casefold() in ("on", "1", "true", "yes")
    if name in NUMBER_LISTS:
        return [_int(item, name) for item in SEPARATORS.split(value) if item]
    if name in WORD_LISTS:
        return [item for item in SEPARATORS.split(value) if item]
    if (name in NUMBERS
            or top in ("monsters", "turned", "sin_die", "hero_die", "revealed")
            or (top in ("heroes", "targets") and value.strip().isdigit())):
        return _int(value, name) if value.strip() else None
    return value


def _int(text: str, field: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise ActionError(N_("Enter a whole number."), field=field) from None
