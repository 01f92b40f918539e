"""The story's missions (rulebook "missions"): the progress track counts
towards the current mission only; reaching its target moves to the next,
where a branch makes the heroes choose (the SIN when they can't agree) and
an event may happen first; completing the last mission wins."""

from __future__ import annotations

from companion.games.the_others.seats import given
from companion.games.the_others.state import mission, mission_target, phase_of, story
from companion.kit.actions import Act
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
    progress["progress"], progress["kinds_killed"] = 0, []
    if len(options) == 1:
        progress["mission"], progress["choose"] = options[0], []
    else:
        progress["mission"], progress["choose"] = None, options
    first = mission(state, options[0])
    progress["event"] = first.get("event_before")


def advance(act: Act) -> None:
    """Move the progress marker; at the target the mission is complete."""
    state, payload = act.state, given(act)
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
        state["winner"] = "heroes"  # heroes also win a tie with the SIN; the game is over (flow.py)
        return
    enter(state, nxt)


def choose(act: Act) -> None:
    """The heroes pick a branch (the SIN if they can't agree); the other
    option leaves the game."""
    state, payload = act.state, given(act)
    options = state["story"]["choose"]
    picked = payload.get("mission")
    if picked not in options:
        raise ActionError(N_("Choose one of the two missions offered."), field="mission")
    state["story"]["removed"] += [option for option in options if option != picked]
    state["story"]["mission"], state["story"]["choose"] = picked, []


# -- what the app counts by itself ------------------------------------------------------------
#: Goals that must be reached within one round: their progress starts again at each round's end.
IN_ONE_ROUND = ("monsters_killed_in_round", "abominations_killed_in_round")
#: The monster kills each goal counts (a fight's or the satellite cannon's).
KILLS = {"controller_killed": ("controller",), "controller_and_avatar_killed": ("controller", "avatar"),
         "monsters_killed_in_round": None, "abominations_killed_in_round": ("abomination",)}
#: The face-up tokens each goal counts when a cleanse removes them; True: only from a space with no monster.
REMOVALS = {"pentagrams_removed": (("pentagram",), True), "fire_removed": (("fire",), False),
            "corruption_removed": (("corruption",), True),
            "fire_or_corruption_removed": (("fire", "corruption"), True), "altar_destroyed": (("altar",), False)}
#: Goals where each kind counts once (Destroy the Avatar: the controller and the avatar, both).
EACH_KIND_ONCE = ("controller_and_avatar_killed",)


def settled(state: dict) -> bool:
    """The game is won for good; the SIN's win from this very action still
    gives way to the heroes' (they win a tie)."""
    return state["winner"] is not None and not (state["winner"] == "sin"
                                                and state.get("sin_won_step") == state.get("step"))


def current_goal(state: dict) -> str | None:
    current = state["story"]["mission"]
    return mission(state, current)["goal"] if current else None


def special(state: dict) -> list[str]:
    return story(state).get("special", [])


def count(state: dict, goal: str, amount: int = 1) -> None:
    """One event the current mission counts: the marker moves on by itself.
    A goal whose target is a yes/no (Rescue the Chief!) is reached at once."""
    progress = state["story"]
    current = progress["mission"]
    if amount <= 0 or current is None or settled(state) or mission(state, current)["goal"] != goal:
        return
    target = mission_target(state, current)
    progress["progress"] += amount
    if target is not None and progress["progress"] >= target:
        complete(state, current)


def rescued(state: dict, amount: int) -> None:
    state["story"]["innocents_rescued"] = state["story"].get("innocents_rescued", 0) + amount
    count(state, "innocents_rescued", amount)


def monster_killed(state: dict, kind: str, in_fight: bool) -> None:
    goal = current_goal(state)
    if goal not in KILLS or goal == "abominations_killed_in_round" and not in_fight:  # "killed in fights"
        return
    if KILLS[goal] is not None and kind not in KILLS[goal]:
        return
    if goal in EACH_KIND_ONCE:
        seen = state["story"].setdefault("kinds_killed", [])
        if kind in seen:
            return
        seen.append(kind)
    count(state, goal)


def token_removed(state: dict, token: str, monsters_there: bool) -> None:
    for goal, (tokens, needs_empty) in REMOVALS.items():
        if token in tokens and not (needs_empty and monsters_there):
            count(state, goal)


# Goals read off the heroes' dashboards: how many there are now (the marker never moves back by itself).
def _upgrades_held(state: dict) -> int:
    return sum(len(state["heroes"][h]["upgrades"]) for h in state["order"] if not state["heroes"][h]["dead"])


def _at_corruption_3(state: dict) -> int:
    return sum(1 for h in state["order"] if not state["heroes"][h]["dead"] and state["heroes"][h]["corruption"] >= 3)


HELD = {"upgrades_held": _upgrades_held, "heroes_at_corruption_3": _at_corruption_3}

#: Goals the app counts from what it sees (kills, cleanses, flips, rescues, a dark past turned up, the
#: dashboards); the progress buttons correct it. The others are moved by hand.
COUNTED = frozenset({"innocents_revealed", "innocents_rescued", "commissioner_to_start", "hero_dark_past_revealed",
                     *KILLS, *REMOVALS, *HELD})


def read_dashboards(state: dict) -> None:
    """Gear Up! (upgrades the heroes hold) and Tempting Fate (heroes at
    corruption 3 or more): the marker follows the dashboards upwards."""
    current = state["story"]["mission"]
    if current is None or phase_of(state) == "setup":
        return
    reading = HELD.get(mission(state, current)["goal"])
    if reading is not None:
        count(state, mission(state, current)["goal"], reading(state) - state["story"]["progress"])


def round_ended(state: dict) -> None:
    """A goal for one round not reached this round starts again at 0."""
    current = state["story"]["mission"]
    if current is not None and mission(state, current)["goal"] in IN_ONE_ROUND:
        state["story"]["progress"] = 0


def tie_pending(state: dict, action_type: str) -> bool:
    """The heroes win a tie: when the step that emptied the reserve also
    completed the last mission, the group records that mission right after."""
    return (action_type == "mission.progress" and state["winner"] == "sin"
            and state.get("sin_won_step") == state.get("step"))
