"""The working lines the rules keep in the state (the round's report): an
English msgid with its parameters, as tables have always stored them. The
pages show them through the kit's one shape (view.py turns each into a
kit/working.py line, ids named) and macro (templates/kit/working.html)."""

from __future__ import annotations


def line(message: str, **params) -> dict:
    return {"msg": message, "params": params}
