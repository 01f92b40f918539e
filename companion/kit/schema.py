"""One way to carry a stored state to its game's current shape: a game whose
state carries a "schema" number writes only its `upgrade(state)` (in place,
returned) and reads tables and imports exports through these two.

A state without "schema" is schema 1 (the shape before games numbered it)."""

from __future__ import annotations

import copy
from collections.abc import Callable

Upgrade = Callable[[dict], dict]


def current(state: dict, schema: int, upgrade: Upgrade) -> dict:
    """`state` in the current shape (`schema`): a table stored before is
    upgraded on a copy, so reading a table never changes what is stored
    (the store keeps the state it was given until an action replaces it)."""
    if state.get("schema", 1) >= schema:
        return state
    return upgrade(copy.deepcopy(state))


def upgrade_export(export: dict, upgrade: Upgrade, marker: str) -> dict:
    """An export's "initial" and "state" carried to the current shape (the
    log's actions replay alike on either). Only a dict holding `marker`, a
    key every state of the game has at every schema, is taken for the game's
    state: anything else is left for the import's check to refuse as damaged
    rather than half-upgraded. Changes `export` in place; returns it."""
    for key in ("initial", "state"):
        if isinstance(export.get(key), dict) and marker in export[key]:
            export[key] = upgrade(export[key])
    return export
