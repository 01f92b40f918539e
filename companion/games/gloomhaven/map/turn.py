"""A monster's or a character summon's whole turn from the live map: the
solver works out every ability of its card in printed order
(docs/monster-solver.md, "The whole card"), in the table's ids, with the
choices the rules leave ("picks": a push's end hex, whom a heal picks, where a
summon goes) and a line per ability to show; `carry_out` then does the option
the table chose in one action (moves, one modifier draw per target through the
action's draws, conditions, damage waiting on each target's phone, heals,
pushes and pulls, summons placed).
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable
from itertools import product

from companion.games.gloomhaven import catalog, conditions, elements
from companion.games.gloomhaven.map import board as maps
from companion.games.gloomhaven.map.solving import Built, acting_figure, build_card, figure_label
from companion.games.gloomhaven.names import Named
from companion.games.gloomhaven.solver import ScenarioError, solve
from companion.rules import N_, ActionError, Msg

#: Worked turns kept (by the solver's input and the reader's language): a
#: page draws the same turn in its map and its "now" card.
KEPT = 16
#: At most this many buttons for the ways to choose inside one option.
MOST_WAYS = 12
_solved: OrderedDict = OrderedDict()
_lock = threading.Lock()
#: A msgid of the solver's sentences: its translation tells the languages apart in the cache.
_PROBE = "Focus %(focus)s: the only enemy it can attack."


def _same(text: str) -> str:
    return text


def _solve(scenario: dict, translate: Callable[[str], str]) -> dict:
    """The solver's answer, kept for the next reader of the same turn in the
    same language (the server answers from many threads)."""
    key = (json.dumps(scenario, sort_keys=True), translate(_PROBE))
    with _lock:
        if key in _solved:
            _solved.move_to_end(key)
            return _solved[key]
    answer = solve(scenario, translate)
    with _lock:
        _solved[key] = answer
        while len(_solved) > KEPT:
            _solved.popitem(last=False)
    return answer


def _hexes_of(values) -> list:
    return [list(v) for v in values or []]


# -- the worked turn ---------------------------------------------------------------------------
def work_card(state: dict, figure_id: str, translate: Callable[[str], str] = _same) -> dict:
    """{"figure", "kind" ("standee"/"summon"), "label", "focus", "options",
    "card" (a standee's resolved card)}; each option has "number",
    "destination", "path", "attacks", "why", "differs", "steps" (in table
    ids), "lines" (one [msgid, params] list per step) and "ways": every way
    to make the choices the rules leave inside it, each {"picks", "lines"}."""
    built: Built = build_card(state, figure_id)
    try:
        answer = _solve(built.scenario, translate)
    except ScenarioError as error:
        raise ActionError(N_("The monster solver can't read this map: %(problem)s"), field="standee",
                          problem=error.message) from None
    names = built.names
    kind, figure, seat = acting_figure(state, figure_id)
    options = []
    for number, option in enumerate(answer["options"], 1):
        steps = [_wild(state, figure_id, _table_step(step, names)) for step in option.get("steps", [])]
        options.append({
            "number": number, "focus": names.get(option.get("focus")), "destination": option["destination"],
            "path": option["path"], "attacks": [names[i] for i in option["attacks"]], "why": option["why"],
            "differs": _table_differs(option.get("differs") or {}, names), "steps": steps,
            "lines": [_lines(state, step) for step in steps], "ways": _ways(state, steps)})
    return {"figure": figure_id, "kind": kind, "seat": seat, "label": figure_label(kind, figure),
            "focus": [names[i] for i in answer["focus"]], "options": options, "card": built.card}


def _table_step(step: dict, names: dict) -> dict:
    """The solver's step with figures named by their table ids."""
    out = {k: v for k, v in step.items() if k != "source"}
    source = step.get("source") if isinstance(step.get("source"), dict) else {}
    if out.get("kind") == "move" and source.get("jump"):
        out["jump"] = True  # only the hex it lands on springs a trap
    if source.get("kind") == "consume" and source.get("element") not in elements.ELEMENTS:
        # "Consume any element: infuse X" (the seed's many-coloured circle): the players pick the element.
        out = {"index": step.get("index"), "kind": "consume", "wild": True,
               "infuses": [g["element"] for g in source.get("gives", [])
                           if g.get("kind") == "infuse" and g.get("element") in elements.ELEMENTS]}
    if source.get("kind") == "suffer_damage":
        # "It suffers n damage" (resolved for its one rank): carried out with the turn.
        amount = source.get("amount")
        value = next(iter(amount.values()), None) if isinstance(amount, dict) else source.get("value")
        if isinstance(value, int) and not isinstance(value, bool) and value > 0:
            out["suffer"] = value
    if "targets" in step:
        out["targets"] = [{**t, "id": names.get(t["id"], t["id"])} for t in step["targets"]]
    if step.get("target") is not None:
        out["target"] = names.get(step["target"], step["target"])
    if "choices" in step and step.get("kind") == "heal":
        out["choices"] = [names.get(c, c) for c in step["choices"]]
    return out


def _wild(state: dict, figure_id: str, step: dict) -> dict:
    """A wild consume for this standee: the element the players consumed
    by hand during its turn (`taken`), else the ones it could take now
    (`elements`); only the first of its type to act consumes (as for any
    element its card consumes), so for the others `elements` is empty."""
    if not step.get("wild"):
        return step
    consumed = state.get("consumed") or {}
    if consumed.get("standee") != figure_id:
        return {**step, "elements": []}
    taken = consumed.get("by_hand") or []
    if taken:
        return {**step, "taken": taken[0], "elements": [taken[0]]}
    board = state["elements"]
    return {**step, "elements": [e for e in elements.ELEMENTS if elements.can_consume(board, e)]}


def _table_differs(differs: dict, names: dict) -> dict:
    out = dict(differs)
    if out.get("focus") is not None:
        out["focus"] = names.get(out["focus"], out["focus"])
    if "targets" in out:
        out["targets"] = [[names.get(i, i) for i in ids] for ids in out["targets"]]
    if "attacks" in out:
        out["attacks"] = [names.get(i, i) for i in out["attacks"]]
    if "forced" in out:
        out["forced"] = [[names.get(f[0], f[0]), f[1]] for f in out["forced"]]
    return out


def _forced_of(target: dict) -> tuple[str, dict] | None:
    for way in ("push", "pull"):
        if isinstance(target.get(way), dict):
            return way, target[way]
    return None


def _choice_points(steps: list[dict]) -> list[tuple[str, list, str, dict]]:
    """Each choice left inside the steps: (key, the values to pick from, what, params)."""
    found = []
    for i, step in enumerate(steps):
        if step.get("skipped"):
            continue
        for t, target in enumerate(step.get("targets", [])):
            forced = _forced_of(target)
            if forced is None:
                continue
            ends = []
            for choice in forced[1].get("choices", []):
                if choice["destination"] not in ends:
                    ends.append(choice["destination"])
            if len(ends) > 1:
                found.append((f"{i}.{t}", ends, forced[0], {"id": target["id"]}))
        if step.get("kind") == "heal" and step.get("target") is None and len(step.get("choices") or []) > 1:
            found.append((str(i), list(step["choices"]), "heal", {}))
        if step.get("wild") and not step.get("taken") and len(step.get("elements") or []) > 1:
            found.append((str(i), list(step["elements"]), "element", {}))
        if step.get("kind") == "summon":
            for p, placement in enumerate(step.get("placements", [])):
                if placement.get("hex") is None and len(placement.get("choices") or []) > 1:
                    found.append((f"{i}.{p}", _hexes_of(placement["choices"]), "summon",
                                  {"monster": step.get("monster")}))
    return found


def _ways(state: dict, steps: list[dict]) -> list[dict]:
    """Every combination of the choices inside an option (one button each),
    at most MOST_WAYS; none when there is nothing to choose."""
    points = _choice_points(steps)
    if not points:
        return []
    ways = []
    for values in product(*(p[1] for p in points)):
        if len(ways) >= MOST_WAYS:
            break
        picks = {p[0]: v for p, v in zip(points, values)}
        ways.append({"picks": picks, "lines": [_pick_line(state, p, v) for p, v in zip(points, values)]})
    return ways


def _name(state: dict, figure_id: str) -> Named:
    try:
        kind, figure, _seat = acting_figure(state, figure_id)
        return Named(figure_label(kind, figure))
    except ActionError:
        who = state.get("characters", {}).get(figure_id)
        return Named(who["name"] if who else figure_id)


def _pick_line(state: dict, point: tuple, value) -> list:
    _key, _values, what, params = point
    if what in ("push", "pull"):
        line = N_("push %(name)s to [%(q)d, %(r)d]") if what == "push" else N_("pull %(name)s to [%(q)d, %(r)d]")
        return [line, {"name": _name(state, params["id"]), "q": value[0], "r": value[1]}]
    if what == "heal":
        return [N_("heal %(name)s"), {"name": _name(state, value)}]
    if what == "element":
        return [N_("consume %(element)s"), {"element": Msg(elements.LABELS[value])}]
    return [N_("summon on [%(q)d, %(r)d]"), {"q": value[0], "r": value[1]}]


SKIPPED = {"stun": N_("Not done: it is stunned."), "disarm": N_("Not done: it is disarmed.")}


def _lines(state: dict, step: dict) -> list:
    """What the step does, as [msgid, params] lines for the page."""
    kind = step["kind"]
    if step.get("skipped"):
        because = step.get("because")
        if because in SKIPPED:
            return [[SKIPPED[because], {}]]
        element = step.get("if_consumed") or because or ""
        return [[N_("Not done: %(element)s can't be consumed."),
                 {"element": Msg(elements.LABELS.get(element, element))}]]
    if kind == "move":
        if step["destination"] == step["path"][0] if step.get("path") else True:
            return [[N_("Does not move."), {}]]
        q, r = step["destination"]
        lines = [[N_("Moves %(points)d to [%(q)d, %(r)d]."), {"points": step.get("points", 0), "q": q, "r": r}]]
        if step.get("traps"):
            lines.append([N_("Traps and hazards it can't avoid on the way: %(count)d."), {"count": step["traps"]}])
        return lines
    if kind in ("attack", "condition") and "targets" in step:
        if not step["targets"]:
            return [[N_("Attack %(value)d: nobody in reach.") if kind == "attack" else N_("Nobody in reach."),
                     {"value": step.get("value", 0)}]]
        lines = []
        for target in step["targets"]:
            name = _name(state, target["id"])
            if kind == "attack":
                mode = ("advantage" if target.get("advantage") and not target.get("disadvantage") else
                        "disadvantage" if target.get("disadvantage") and not target.get("advantage") else "")
                lines.append([N_("Attack %(value)d on %(name)s (advantage).") if mode == "advantage" else
                              N_("Attack %(value)d on %(name)s (disadvantage).") if mode == "disadvantage" else
                              N_("Attack %(value)d on %(name)s."), {"value": step.get("value", 0), "name": name}])
            for condition in target.get("conditions", []):
                lines.append([N_("%(condition)s on %(name)s."),
                              {"condition": Msg(conditions.LABELS.get(condition, condition)), "name": name}])
            forced = _forced_of(target)
            if forced:
                line = N_("Push %(name)s %(amount)d.") if forced[0] == "push" else N_("Pull %(name)s %(amount)d.")
                lines.append([line, {"name": name, "amount": forced[1].get("amount", 0)}])
        return lines
    if kind == "condition":
        return [[N_("%(condition)s on %(name)s."), {"condition": Msg(conditions.LABELS.get(c, c)),
                                                    "name": _name(state, step["target"])}]
                for c in step.get("conditions", [])]
    if kind == "heal":
        if step.get("target") is None:
            return [[N_("Heal %(value)d: the table chooses whom."), {"value": step.get("value", 0)}]]
        return [[N_("Heals %(name)s %(value)d."),
                 {"name": _name(state, step["target"]), "value": step.get("value", 0)}]]
    if kind == "shield":
        return [[N_("Shield %(value)d until the end of the round."), {"value": step.get("value", 0)}]]
    if kind == "retaliate":
        return [[N_("Retaliate %(value)d (range %(range)d) until the end of the round."),
                 {"value": step.get("value", 0), "range": step.get("range", 1)}]]
    if kind == "summon":
        monster = Named(catalog.monster_name(step["monster"])) if step.get("monster") in catalog.monster_ids() \
            else Named(str(step.get("monster")))
        if not step.get("placements"):
            return [[N_("Summons %(monster)s: no room next to it."), {"monster": monster}]]
        return [[N_("Summons %(monster)s on [%(q)d, %(r)d].") if p.get("hex") is not None else
                 N_("Summons %(monster)s: the table chooses the hex."),
                 {"monster": monster, **({"q": p["hex"][0], "r": p["hex"][1]} if p.get("hex") is not None else {})}]
                for p in step["placements"]]
    if kind == "loot":
        return [[N_("Loot %(value)d: take the money tokens within range %(value)d."), {"value": step.get("value", 0)}]]
    if kind == "consume" and step.get("wild"):
        return _wild_lines(step)
    if kind == "infuse":
        return [[N_("Infuses %(element)s at the end of its turn."),
                 {"element": Msg(elements.LABELS.get(step.get("element"), step.get("element") or ""))}]]
    if "suffer" in step:
        return [[N_("It suffers %(value)d damage."), {"value": step["suffer"]}]]
    return [[N_("Special: %(text)s"), {"text": step.get("text", "")}]]


def _wild_lines(step: dict) -> list:
    """Every wild consume in the data gives one infusion ("consume any element: infuse earth")."""
    first = (step.get("infuses") or [""])[0]
    label = {"infuses": Msg(elements.LABELS[first]) if first in elements.LABELS else ""}
    choices = step.get("elements") or []
    if not choices:
        return [[N_("Not done: no element it can consume."), {}]]
    if len(choices) == 1:
        return [[N_("Consumes %(element)s, then infuses %(infuses)s at the end of its turn."),
                 {"element": Msg(elements.LABELS[choices[0]]), **label}]]
    return [[N_("Consumes an element of your choice, then infuses %(infuses)s at the end of its turn."), label]]


# -- carrying it out -----------------------------------------------------------------------------
def read_picks(raw, option: dict) -> dict:
    """The choices the payload makes inside the option: each one the rules
    leave must be made, and only with a value the option offers."""
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise ActionError(N_("The action's details are malformed."), field="choices")
    points = _choice_points(option["steps"])
    picks = {}
    for key, values, _what, _params in points:
        if key not in raw:
            raise ActionError(N_("Choose where the rules leave a choice first."), field="choices")
        value = raw[key]
        if value not in values:
            raise ActionError(N_("That is not one of the choices the rules leave."), field="choices")
        picks[key] = value
    return picks


def chosen_option(state: dict, figure_id: str, number: int) -> dict:
    worked = work_card(state, figure_id)
    if not 1 <= number <= len(worked["options"]):
        raise ActionError(N_("That is not one of this monster's options."), field="option")
    return {**worked["options"][number - 1], "worked": worked}


def forced_end(step_index: int, target_index: int, target: dict, picks: dict) -> list | None:
    forced = _forced_of(target)
    if forced is None:
        return None
    ends = []
    for choice in forced[1].get("choices", []):
        if choice["destination"] not in ends:
            ends.append(choice["destination"])
    if len(ends) == 1:
        return ends[0]
    return picks.get(f"{step_index}.{target_index}")


def move_on_map(state: dict, figure_id: str, hex_: list | None) -> None:
    if hex_ is None:
        return
    board = maps.map_of(state)
    if board["at"].get(figure_id) == maps.key(tuple(hex_)):
        return
    maps.place(board, figure_id, tuple(hex_))
