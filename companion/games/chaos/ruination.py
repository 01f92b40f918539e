"""Ruination scoring in the end phase (rulebook, 结束阶段 ④).

For each region ruined this round, the gods with the most and second-most
corruption there score the card's first and second places (warpstone does
not count here). A lone god gets no second place. A tie for most splits
first + second among the tied, rounded down, and nobody else scores. A tie
for second splits second, rounded down.
"""

from __future__ import annotations

from companion.games.chaos.working import line
from companion.rules import N_


def score_ruination(corruption: dict[str, int], first: int, second: int) -> dict:
    """VP per god from the region's corruption counts, with the working."""
    present = {god: count for god, count in corruption.items() if count > 0}
    vp: dict[str, int] = {}
    working = [line(N_("%(god)s has %(count)d corruption here."), god=god, count=count)
               for god, count in present.items()]
    if not present:
        working.append(line(N_("Nobody has corruption here: nobody scores.")))
        return {"vp": vp, "working": working}
    most = max(present.values())
    leaders = [god for god, count in present.items() if count == most]
    if len(leaders) > 1:
        share = (first + second) // len(leaders)
        for god in leaders:
            vp[god] = share
        working.append(line(N_("%(count)d gods tie for most: (%(first)d + %(second)d) ÷ %(count)d = %(share)d VP each, rounded down; nobody else scores."),  # noqa: E501 (one msgid)
                            count=len(leaders), first=first, second=second, share=share))
        return {"vp": vp, "working": working}
    vp[leaders[0]] = first
    working.append(line(N_("%(god)s has the most: %(vp)d VP."), god=leaders[0], vp=first))
    rest = {god: count for god, count in present.items() if god != leaders[0]}
    if not rest:
        working.append(line(N_("No other god has corruption here: nobody scores second place.")))
        return {"vp": vp, "working": working}
    runner_up = max(rest.values())
    seconds = [god for god, count in rest.items() if count == runner_up]
    share = second // len(seconds)
    for god in seconds:
        vp[god] = share
    if len(seconds) > 1:
        working.append(line(
            N_("%(count)d gods tie for second: %(second)d ÷ %(count)d = %(share)d VP each, rounded down."),
            count=len(seconds), second=second, share=share))
    else:
        working.append(line(N_("%(god)s is second: %(vp)d VP."), god=seconds[0], vp=share))
    return {"vp": vp, "working": working}
