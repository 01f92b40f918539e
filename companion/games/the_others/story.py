"""The story's missions (rulebook "missions"): the progress track counts
towards the current mission only; reaching its target moves to the next,
where a branch makes the heroes choose (the SIN when they can't agree) and
an event may happen first; completing the last mission wins."""

from __future__ import annotations

from companion.games.the_others.state import mission, mission_target, story
from companion.games.the_others.turns import Actor
from companion.games.the_others import flow
from companion.rules import N_, ActionError


def steps(state: dict) -> list[list[str]]:
    """The missions in order, a branch's two options as one step."""
    out: list[list[str]] = []
    for entry in story(state)["missions"]:
        if entry.get("branch") and out and mission(state, out[-1][0]).get("branch") == entry["branch"]:
            out[-1].append(entry["id"])
        else:
            out.append([entry["id"]])
    return out


def following(state: dict, mission_id: str) -> list[str]:
    order = steps(state)
    for index, step in enumerate(order):
        if mission_id in step:
            return order[index + 1] if index + 1 < len(order) else []
    return []


def enter(state: dict, options: list[str]) -> None:
    progress = state["story"]
    progress["progress"] = 0
    if len(options) == 1:
        progress["mission"], progress["choose"] = options[0], []
    else:
        progress["mission"], progress["choose"] = None, options
    first = mission(state, options[0])
    progress["event"] = first.get("event_before")


def advance(state: dict, actor: Actor, payload: dict) -> None:
    """Move the progress marker; at the target the mission is complete."""
    progress = state["story"]
    current = progress["mission"]
    if current is None:
        raise ActionError(N_("Choose the next mission first."), field="delta")
    delta = payload.get("delta", 1)
    if delta not in (1, -1):
        raise ActionError(N_("Move the progress marker one step at a time."), field="delta")
    target = mission_target(state, current)
    progress["progress"] = max(0, progress["progress"] + delta)
    if target is not None and progress["progress"] >= target:
        complete(state, current)


def complete(state: dict, mission_id: str) -> None:
    progress = state["story"]
    progress["done"].append(mission_id)
    nxt = following(state, mission_id)
    if not nxt:
        progress["mission"], progress["progress"] = None, 0
        state["winner"] = "heroes"  # heroes also win a tie with the SIN
        flow.go_to(state, "over")
        return
    enter(state, nxt)


def choose(state: dict, actor: Actor, payload: dict) -> None:
    """The heroes pick a branch (the SIN if they can't agree); the other
    option leaves the game."""
    options = state["story"]["choose"]
    picked = payload.get("mission")
    if picked not in options:
        raise ActionError(N_("Choose one of the two missions offered."), field="mission")
    state["story"]["removed"] += [option for option in options if option != picked]
    state["story"]["mission"], state["story"]["choose"] = picked, []


def tie_pending(state: dict, action_type: str) -> bool:
    """The heroes win a tie: when the step that emptied the reserve also
    completed the last mission, the group records that mission right after."""
    return (action_type == "mission.progress" and state["winner"] == "sin"
            and state.get("sin_won_step") == state.get("step"))
