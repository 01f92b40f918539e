"""Reading an action's payload: form strings and JSON values alike, each bad
value refused with an ActionError naming its field."""

from __future__ import annotations

import json

from companion.rules import N_, ActionError

MAX_TEXT = 80


def integer(payload: dict, name: str, low: int, high: int, default: int | None = None) -> int:
    value = payload.get(name, default)
    if value is None or value == "":
        if default is None:
            raise ActionError(N_("Enter a whole number."), field=name)
        return default
    if isinstance(value, bool):
        raise ActionError(N_("Enter a whole number."), field=name)
    try:
        number = int(str(value).strip())
    except ValueError:
        raise ActionError(N_("Enter a whole number."), field=name) from None
    if not low <= number <= high:
        raise ActionError(N_("Enter a number from %(low)d to %(high)d."), field=name, low=low, high=high)
    return number


def optional_integer(payload: dict, name: str, low: int, high: int) -> int | None:
    if payload.get(name) in (None, ""):
        return None
    return integer(payload, name, low, high)


def choice(payload: dict, name: str, choices, default: str | None = None) -> str:
    value = payload.get(name, default)
    if value in (None, "") and default is not None:
        value = default
    if not isinstance(value, str) or value not in choices:
        raise ActionError(N_("Pick one of the choices offered."), field=name)
    return value


def optional_choice(payload: dict, name: str, choices) -> str | None:
    if payload.get(name) in (None, ""):
        return None
    return choice(payload, name, choices)


def flag(payload: dict, name: str) -> bool:
    value = payload.get(name, False)
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("", "0", "false", "off", "no"):
        return False
    if isinstance(value, str) and value.strip().lower() in ("1", "true", "on", "yes"):
        return True
    raise ActionError(N_("Answer yes or no."), field=name)


def text(payload: dict, name: str, max_length: int = MAX_TEXT, required: bool = True) -> str:
    value = payload.get(name, "")
    if not isinstance(value, str):
        raise ActionError(N_("Write some text."), field=name)
    value = " ".join(value.split())
    if any(ord(ch) < 32 or 0xD800 <= ord(ch) <= 0xDFFF for ch in value):
        raise ActionError(N_("That text holds characters a name can't have."), field=name)
    if required and not value:
        raise ActionError(N_("Write some text."), field=name)
    if len(value) > max_length:
        raise ActionError(N_("At most %(max)d characters."), field=name, max=max_length)
    return value


def json_value(payload: dict, name: str):
    """A list or dict, given as JSON or (from a form) as JSON text."""
    value = payload.get(name)
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except ValueError:
            raise ActionError(N_("That is not valid JSON."), field=name) from None
    return value
