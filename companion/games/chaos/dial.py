"""Threat dials (rulebook, 结束阶段 ⑤ and 威胁轮盘).

In the end phase every god with at least one dial token turns its dial one
space; the single god with the most tokens turns one more; if two or more
tie for most, nobody gets the extra space. Each space reached gives its
reward; the last space is victory.
"""

from __future__ import annotations

from companion.games.chaos.names import GOD_NAMES
from companion.games.chaos.working import line
from companion.kit.tracks import move_by, new_track
from companion.rules import N_


def dial_steps(tokens: dict[str, int]) -> tuple[dict[str, int], list]:
    """Spaces each god's dial turns, with the working."""
    steps = {god: 1 if count > 0 else 0 for god, count in tokens.items()}
    working = [line(N_("%(god)s has %(count)d dial tokens: 1 space."), god=god, count=count)
               for god, count in tokens.items() if count > 0]
    most = max(tokens.values(), default=0)
    leaders = [god for god, count in tokens.items() if count == most]
    if most <= 0:
        working.append(line(N_("Nobody has a dial token: no dial turns.")))
    elif len(leaders) > 1:
        working.append(line(N_("%(count)d gods tie for most dial tokens: nobody gets the extra space."),
                            count=len(leaders)))
    else:
        steps[leaders[0]] += 1
        working.append(line(N_("%(god)s has the most dial tokens: 1 extra space."), god=leaders[0]))
    return steps, working


def dial_track(god: str, position: int, dial: dict) -> dict:
    """The dial as a kit track: spaces 0 to victory, each labelled with its
    threat number, its reward as the space's effect."""
    spaces = {number: {"label": str(space["threat"]), "effect": space["reward"]}
              for number, space in enumerate(dial["spaces"])}
    spaces[dial["victory_at"]] = {"label": N_("victory"), "effect": {"kind": "victory"}}
    return new_track(god, GOD_NAMES.get(god, god), 0, dial["victory_at"], start=position, spaces=spaces)


def advance(position: int, steps: int, dial: dict, god: str = "dial") -> tuple[int, list[dict]]:
    """The new position and the rewards of each space reached on the way
    (victory is the space after the last listed one; a dial never passes it)."""
    track = dial_track(god, position, dial)
    reached = move_by(track, steps, clamp=True)
    return track["value"], [{**space["effect"], "space": space["space"]} for space in reached if space["effect"]]


def threat(position: int, dial: dict) -> int:
    """The number in the dial's window; at victory, the last space's (the
    game is over by then, but pages still show a number)."""
    return dial["spaces"][min(position, len(dial["spaces"]) - 1)]["threat"]
