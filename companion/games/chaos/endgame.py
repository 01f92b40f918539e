"""The end checks of the end phase (rulebook, 结束阶段 ⑥), in its order; the
first that holds ends the game and the others are not looked at.

1. A dial at victory: the most VP among those gods wins; still tied, they
   share the win.
2. 50 VP or more (the rulebook says both "reaches 50" and "more than 50";
   we take 50 or more, and the page says so): the most VP among them, then
   the highest threat.
3. Five regions ruined: the most VP, then the highest threat.
4. The Old World deck is empty: every god loses.
"""

from __future__ import annotations

from companion.games.chaos.working import line
from companion.rules import N_


def _best(candidates: list[str], keys: dict[str, tuple]) -> list[str]:
    top = max(keys[god] for god in candidates)
    return [god for god in candidates if keys[god] == top]


def end_check(gods: dict[str, dict], ruined: int, old_world_left: int, *,
              vp_to_win: int, ruins_to_end: int) -> dict | None:
    """`gods`: god -> {"vp", "threat", "at_victory"}. None if the game goes on;
    else {"reason", "winners", "working"} (no winners: everyone lost)."""
    dialled = [god for god, g in gods.items() if g["at_victory"]]
    if dialled:
        winners = _best(dialled, {god: (gods[god]["vp"],) for god in dialled})
        working = [line(N_("%(god)s's dial reached victory (%(vp)d VP)."), god=god, vp=gods[god]["vp"])
                   for god in dialled]
        if len(winners) > 1:
            working.append(line(N_("Tied on VP: they share the win.")))
        return {"reason": "dial", "winners": winners, "working": working}
    rich = [god for god, g in gods.items() if g["vp"] >= vp_to_win]
    if rich:
        working = [line(N_("%(god)s has %(vp)d VP (%(target)d or more counts)."),
                        god=god, vp=gods[god]["vp"], target=vp_to_win)
                   for god in rich]
        return {"reason": "vp", "winners": _by_vp_then_threat(rich, gods, working), "working": working}
    if ruined >= ruins_to_end:
        working = [line(N_("%(count)d regions are ruined."), count=ruined)]
        return {"reason": "ruin", "winners": _by_vp_then_threat(list(gods), gods, working), "working": working}
    if old_world_left <= 0:
        return {"reason": "old_world", "winners": [],
                "working": [line(N_("The Old World deck is empty and nobody has won: every god loses."))]}
    return None


def _by_vp_then_threat(candidates: list[str], gods: dict[str, dict], working: list) -> list[str]:
    by_vp = _best(candidates, {god: (gods[god]["vp"],) for god in candidates})
    if len(by_vp) > 1:
        working.append(line(N_("Tied on VP: the highest threat wins.")))
    return _best(by_vp, {god: (gods[god]["threat"],) for god in by_vp})
