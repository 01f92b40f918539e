"""A standee's turn worked out by the monster solver from the live map: its
focus, every option (path, destination, attacked figures, the area's hexes)
with the solver's reason, in the table's ids."""

from __future__ import annotations

from collections.abc import Callable

from companion.games.gloomhaven.map.solving import Built, build
from companion.games.gloomhaven.solver import ScenarioError, solve
from companion.games.gloomhaven.solver.attack import Attacks
from companion.games.gloomhaven.solver.board import Board
from companion.games.gloomhaven.solver.scenario import parse
from companion.rules import N_, ActionError


def _same(text: str) -> str:
    return text


def area_hexes(scenario: dict, destination: list, attacked: set[str]) -> list[list[int]]:
    """The hexes of one placement of the card's area, from `destination`,
    that hits the attacked figures (the solver answers with whom, not where)."""
    if not scenario["action"].get("attack", {}).get("aoe"):
        return []
    board = Board(parse(scenario))
    attacks = Attacks(board)
    spot = tuple(destination)
    # The solver's own placements (private to it, read here only to draw them).
    placements = attacks._ranged_placements(spot) if attacks.ranged else attacks._melee_placements(spot)
    best, best_hits = None, -1
    for cells in placements:
        hit = attacks._hit(spot, cells)
        if hit <= attacked and len(hit) > best_hits:
            best, best_hits = cells, len(hit)
    return sorted([list(c) for c in best]) if best else []


def work_out(state: dict, standee_id: str, translate: Callable[[str], str] = _same) -> dict:
    """{"standee", "focus": [ids], "options": [...], "notes", "card", "attack"};
    each option has "destination", "path", "attacks" (table ids), "area", "why"."""
    built: Built = build(state, standee_id)
    try:
        answer = solve(built.scenario, translate)
    except ScenarioError as error:
        raise ActionError(N_("The monster solver can't read this map: %(problem)s"), field="standee",
                          problem=error.message) from None
    names = built.names
    options = []
    for option in answer["options"]:
        attacked = set(option["attacks"])
        options.append({"destination": option["destination"], "path": option["path"],
                        "attacks": [names[i] for i in option["attacks"]],
                        "area": area_hexes(built.scenario, option["destination"], attacked) if attacked else [],
                        "why": option["why"]})
    return {"standee": standee_id, "focus": [names[i] for i in answer["focus"]], "options": options,
            "notes": built.notes, "card": built.card, "attack": built.attack}


def matching(worked: dict, destination: list, attacks: list) -> dict | None:
    """The option going to `destination` and attacking exactly `attacks`."""
    for option in worked["options"]:
        if option["destination"] == list(destination) and sorted(option["attacks"]) == sorted(attacks):
            return option
    return None
