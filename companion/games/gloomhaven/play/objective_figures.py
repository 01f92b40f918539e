"""The scenario's objectives on the map, tracked like standees: placed with
their room (or by hand), hit points worked out from the book's formula at
this level and character count, damaged, healed (up to the maximum) and
destroyed at 0. An objective whose book value is 0 hit points is a marker,
not a figure: it is listed, not tracked."""

from __future__ import annotations

from companion.games.gloomhaven import catalog, conditions, objectives
from companion.games.gloomhaven.play import common
from companion.kit.actions import Act
from companion.rules import N_, ActionError


def on_map(state: dict) -> list[dict]:
    return state.setdefault("objectives", [])


def place(state: dict, indexes: list[int]) -> list[dict]:
    """Put the scenario's objectives number `indexes` (1-based) on the map."""
    listed = catalog.scenario(state["scenario"]).get("objectives", [])
    added = []
    for index in indexes:
        if not 1 <= index <= len(listed):
            raise ActionError(N_("The scenario has no objective %(index)d."), field="objective", index=index)
        objective = listed[index - 1]
        hit_points, working = objectives.hit_points(objective.get("hit_points", 0), common.character_count(state),
                                                    state["level"] or 0)
        if not hit_points:
            continue
        number = state.get("next_objective", 1)
        state["next_objective"] = number + 1
        same = 1 + sum(1 for o in on_map(state) if o["name"] == objective["name"])
        found = {"id": f"objective{number}", "index": index, "name": objective["name"], "number": same,
                 "marker": objective.get("marker", ""), "escort": bool(objective.get("escort")),
                 "hp": hit_points, "max_hp": hit_points, "working": working, "conditions": {}}
        on_map(state).append(found)
        added.append(found)
    return added


def label(found: dict) -> str:
    return f"{found['name']} {found['number']}"


def key(found: dict) -> str:
    """How the scenario's rules name it: "Door b", "Vocal Cord 1"."""
    return f"{found['name']} {found['marker']}".strip()


def find(state: dict, objective_id: object, field: str = "objective") -> dict:
    for found in on_map(state):
        if found["id"] == objective_id:
            return found
    raise ActionError(N_("That objective is not on the map."), field=field)


def add_by_hand(act: Act) -> None:
    state = act.state
    index = common.whole(act.payload, "objective", 1, common.MAX_NUMBER)
    added = place(state, [index])
    if not added:
        raise ActionError(N_("That objective has no hit points to track."), field="objective")
    common.news(state, [N_("%(name)s placed with %(hp)d hit points."), {"name": label(added[0]), "hp": added[0]["hp"]}])


def adjust(act: Act) -> None:
    """Damage (negative) or heal (positive) an objective; at 0 it is destroyed."""
    state = act.state
    found = find(state, act.payload.get("objective"))
    delta = common.whole(act.payload, "delta", -common.MAX_NUMBER, common.MAX_NUMBER)
    if delta > 0:
        common.news(state, *conditions.heal(found, delta, found["max_hp"]))
    else:
        damage(state, found, -delta)


def damage(state: dict, found: dict, amount: int) -> None:
    found["hp"] -= amount
    if found["hp"] <= 0:
        on_map(state).remove(found)
        state.setdefault("gone", []).append(key(found))
        line = N_("%(name)s is killed.") if found["escort"] else N_("%(name)s is destroyed.")
        common.news(state, [line, {"name": label(found)}])


def remove(act: Act) -> None:
    state = act.state
    on_map(state).remove(find(state, act.payload.get("objective")))
