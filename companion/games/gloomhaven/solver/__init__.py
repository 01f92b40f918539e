"""Gloomhaven monster automation: where a monster goes and whom it attacks.

`solve(scenario)` takes one scenario dict (format: ``docs/monster-solver.md``)
and returns ``{"focus": [...], "options": [...]}``: every focus the rules
allow and every distinct outcome, each with a short sentence saying why.
`solve_many(list)` does a list. Pure Python: no web, no database.

With a `"card"` in the scenario (the whole ability card in printed order),
every ability is worked out and each option carries its `steps`; the acting
figure may then also be a character's summon.
"""

from __future__ import annotations

from collections.abc import Callable

from .card import parse_scenario
from .explain import N_
from .scenario import ScenarioError

__all__ = ["ScenarioError", "solve", "solve_many", "N_"]


def _identity(message: str) -> str:
    return message


def solve(scenario: dict, translate: Callable[[str], str] = _identity) -> dict:
    """A scenario with a `card` gets the whole card worked out (each option
    then has its `steps`); one with only an `action` gets its move and attack."""
    parsed = parse_scenario(scenario)
    if parsed.card is not None:
        from .turn import run_card

        return run_card(parsed, translate)
    from .engine import run

    return run(parsed, translate)


def solve_many(scenarios: list, translate: Callable[[str], str] = _identity) -> list:
    """Solve each scenario of a list. A malformed one raises `ScenarioError`
    whose message starts with its index."""
    results = []
    for i, scenario in enumerate(scenarios):
        try:
            results.append(solve(scenario, translate))
        except ScenarioError as error:
            raise ScenarioError("scenario %d: %s" % (i, error.message)) from None
    return results
