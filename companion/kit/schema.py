"""One way to carry a stored state to its game's current shape: a game whose
state carries a "schema" number writes its upgrade (in place, returned) as
ordered steps (`stepwise`) and reads tables and imports exports through
`current` and `upgrade_export`.

A state without "schema" is schema 1 (the shape before games numbered it)."""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence

Upgrade = Callable[[dict], dict]


def stepwise(steps: Sequence[Upgrade]) -> Upgrade:
    """One upgrade made of ordered steps: `steps[0]` carries a schema 1
    state to schema 2, `steps[1]` schema 2 to 3, and so on, so the current
    schema is `len(steps) + 1`. A step changes the state in place
    (returning None or the state) or returns a new one, and leaves the
    number alone: it is set after each step. A state already past a step is not given it again."""
    def upgrade(state: dict) -> dict:
        while (version := state.get("schema", 1)) <= len(steps):
            changed = steps[version - 1](state)
            state = state if changed is None else changed
            state["schema"] = version + 1
        return state
    return upgrade


def current(state: dict, schema: int, upgrade: Upgrade) -> dict:
    """`state` in the current shape (`schema`): a table stored before is
    upgraded on a copy, so reading a table never changes what is stored
    (the store keeps the state it was given until an action replaces it)."""
    if state.get("schema", 1) >= schema:
        return state
    return upgrade(copy.deepcopy(state))


def upgrade_export(export: dict, upgrade: Upgrade, marker: str,
                   kept: Callable[[dict], bool] | None = None) -> dict:
    """An export's "initial" and "state" carried to the current shape (the
    log's actions replay alike on either). Only a dict holding `marker`, a
    key every state of the game has at every schema, is taken for the game's
    state: anything else is left for the import's check to refuse as damaged
    rather than half-upgraded. A final state `kept` refuses (an older shape
    whose actions the current rules carry out further: its log replays to
    more than it holds) is dropped, the state then taken from the replay
    alone. Changes `export` in place; returns it."""
    stated = export.get("state")
    if kept is not None and isinstance(stated, dict) and marker in stated and not kept(stated):
        del export["state"]
    for key in ("initial", "state"):
        if isinstance(export.get(key), dict) and marker in export[key]:
            export[key] = upgrade(export[key])
    return export
