"""The map worked out for the SVG the pages draw: hex outlines, thin walls,
figures, the blank grid around the laid hexes (to lay more), the figures
still to put on the map, and a shown monster turn with its options."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from math import floor, sqrt

from companion.games.gloomhaven.map.board import TRAP_CONDITIONS, key, unkey
from companion.games.gloomhaven.map.plan import work_out
from companion.games.gloomhaven.map.turn import work_card
from companion.games.gloomhaven.play import bonuses, common
from companion.games.gloomhaven.play.placing import acting_standee, current_turn
from companion.kit import hexes
from companion.rules import ActionError

SIZE = 20  # a hex's radius in SVG units
ROOT3 = sqrt(3)
MARGIN = 2  # blank columns and rows around the laid hexes
BLANK = (8, 6)  # columns and rows of the grid before any hex is laid
MAX_BLANK = 900


def centre(q: int, r: int) -> tuple[float, float]:
    return 1.5 * SIZE * q, ROOT3 * SIZE * (r + q / 2)


def corners(q: int, r: int) -> list[tuple[float, float]]:
    x, y = centre(q, r)
    half = SIZE * ROOT3 / 2
    return [(x + SIZE, y), (x + SIZE / 2, y + half), (x - SIZE / 2, y + half),
            (x - SIZE, y), (x - SIZE / 2, y - half), (x + SIZE / 2, y - half)]


def points(q: int, r: int) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in corners(q, r))


def edge(a: tuple[int, int], b: tuple[int, int]) -> list[float]:
    """The two corners neighbours `a` and `b` share, as x1, y1, x2, y2."""
    mine = corners(*a)
    theirs = corners(*b)
    shared = [p for p in mine if any(abs(p[0] - o[0]) < 0.01 and abs(p[1] - o[1]) < 0.01 for o in theirs)]
    return [round(v, 1) for p in shared[:2] for v in p]


def _row(q: int, r: int) -> int:
    return r + floor(q / 2)


def blank_grid(laid: set[tuple[int, int]]) -> list[tuple[int, int]]:
    """Unlaid positions in the columns and rows around the laid hexes."""
    if laid:
        columns = [q for q, _ in laid]
        rows = [_row(q, r) for q, r in laid]
        q_range = range(min(columns) - MARGIN, max(columns) + MARGIN + 1)
        row_range = range(min(rows) - MARGIN, max(rows) + MARGIN + 1)
    else:
        q_range, row_range = range(BLANK[0]), range(BLANK[1])
    found = [(q, row - floor(q / 2)) for q in q_range for row in row_range]
    return [h for h in found if h not in laid][:MAX_BLANK]


def _short(label: str) -> str:
    """Two or three characters that fit in a hex: "BG3" for "Bandit Guard 3"."""
    words = label.split()
    if words and words[-1].isdigit():
        return "".join(w[0] for w in words[:-1])[:2].upper() + words[-1]
    return label[:3]


def figures(state: dict) -> tuple[list[dict], list[dict]]:
    """(figures on the map, figures still to put on it), each with its id, label and kind."""
    board = state.get("map") or {}
    at = board.get("at", {})
    everyone = []
    def health(who: dict) -> dict:
        # What the map's text alternative says of a figure besides its name and place.
        return {"hp": who.get("hp"), "max_hp": who.get("max_hp"), "conditions": sorted(who.get("conditions") or {})}

    for seat, who in state.get("characters", {}).items():
        if who.get("exhausted"):
            continue
        everyone.append({"id": seat, "label": who["name"], "kind": "character", **health(who)})
        everyone.extend({"id": s["id"], "label": s["name"], "kind": "summon", **health(s)}
                        for s in who.get("summons", []))
    everyone.extend({"id": s["id"], "label": common.standee_label(s), "kind": s["rank"], "standee": True, **health(s)}
                    for s in state.get("standees", []))
    placed, tray = [], []
    for figure in everyone:
        figure["short"] = _short(figure["label"])
        if figure["id"] in at:
            q, r = unkey(at[figure["id"]])
            x, y = centre(q, r)
            placed.append({**figure, "q": q, "r": r, "x": round(x, 1), "y": round(y, 1)})
        else:
            tray.append(figure)
    by_hex = {(f["q"], f["r"]): f["label"] for f in placed}
    for figure in placed:
        # The figures on the hexes around it, for the text alternative ("next to the Brute").
        figure["next_to"] = [by_hex[n] for n in hexes.neighbours((figure["q"], figure["r"])) if n in by_hex]
    return placed, tray


def short_label(label: str, others: tuple[str, ...] = ()) -> str:
    """What fits in a figure's disc, in the reader's language: "BG3" for
    "Bandit Guard 3"; a name without spaces between its words (Chinese,
    Japanese) gives the first character that tells it from the `others`
    names on the map (强盗弓箭手 and 强盗守卫: "弓3", "守1") and the number."""
    words = label.split()
    numbered = bool(words) and words[-1].isdigit()
    base = "".join(words[:-1]) if numbered else label
    if base.isascii():
        return _short(label)
    shared = max((_common_prefix(base, other) for other in others if other != base), default=0)
    start = min(shared, max(len(base) - 1, 0))
    return base[start:start + 1] + words[-1] if numbered else base[start:start + 2]


def _common_prefix(a: str, b: str) -> int:
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


def _polyline(path: list) -> str:
    return " ".join("{:.1f},{:.1f}".format(*centre(q, r)) for q, r in path)


def _plan(state: dict, translate: Callable[[str], str], where: dict) -> dict | None:
    plan = (state.get("map") or {}).get("plan")
    if not plan:
        return None
    if plan.get("chosen") is None:
        return _card_plan(state, plan, translate, where)
    try:  # a turn followed with the first move and attack only (tables from before the whole card)
        worked = work_out(state, plan["standee"], translate)
    except ActionError:
        return None
    standee = common.standee(state, plan["standee"])
    for number, option in enumerate(worked["options"], 1):
        option["number"] = number
        option["line"] = _polyline(option["path"])
        option["x"], option["y"] = (round(v, 1) for v in centre(*option["destination"]))
        option["area_points"] = [points(q, r) for q, r in option["area"]]
        option["targets"] = [where[i] for i in option["attacks"] if i in where]
    return {**worked, "label": common.standee_label(standee), "rank": standee["rank"],
            "chosen": plan["chosen"], "offers": _offers(state, standee, plan["chosen"], worked, where)}


def _card_plan(state: dict, plan: dict, translate: Callable[[str], str], where: dict) -> dict | None:
    """The whole card worked out (map/turn.py), drawn: each option's way,
    destination, areas and targets; `done` once the table did it."""
    rank = next((s["rank"] for s in state.get("standees", []) if s["id"] == plan["standee"]), None)
    shown = {"standee": plan["standee"], "rank": rank, "whole": True, "chosen": None, "done": plan.get("done"),
             "offers": [], "notes": []}
    if plan.get("done"):  # carried out: the map shows where everyone is now
        label = where[plan["standee"]]["label"] if plan["standee"] in where else plan["standee"]
        return {**shown, "label": label, "options": [], "focus": []}
    try:
        worked = work_card(state, plan["standee"], translate)
    except ActionError:
        return None
    for option in worked["options"]:
        option["attack_labels"] = [where[i]["label"] for i in option["attacks"] if i in where]
        option["line"] = _polyline(option["path"])
        option["x"], option["y"] = (round(v, 1) for v in centre(*option["destination"]))
        area = {tuple(h) for step in option["steps"] if step["kind"] == "attack" for h in step.get("area") or []}
        option["area_points"] = [points(q, r) for q, r in sorted(area)]
        option["targets"] = [where[i] for i in option["attacks"] if i in where]
    return {**worked, **shown}


def _offers(state: dict, standee: dict, chosen: dict | None, worked: dict, where: dict) -> list[dict]:
    """The attacks to draw for, once an option is chosen: target, attack value, pierce, draw."""
    attack = worked["attack"]
    if not chosen or not attack:
        return []
    rank = standee["rank"]
    base = (attack.get("amount") or {}).get(rank, 0)
    pierce = (attack.get("pierce") or {}).get(rank, 0) or 0
    muddled = "muddle" in standee.get("conditions", {})
    ranged = bool((attack.get("range") or {}).get(rank))
    here = tuple(chosen["destination"])
    offers = []
    for target in chosen["attacks"]:
        figure = where.get(target)
        if figure is None or figure["kind"] not in ("character", "summon"):
            continue
        near = max(abs(here[0] - figure["q"]), abs(here[1] - figure["r"]),
                   abs(here[0] + here[1] - figure["q"] - figure["r"])) == 1
        shield = bonuses.active(state, target)["shield"] if figure["kind"] == "character" else 0
        offers.append({"target": target, "label": figure["label"], "base": max(0, base), "pierce": pierce,
                       "shield": shield,
                       "mode": "disadvantage" if muddled or (ranged and near) else "normal"})
    return offers


def drawing(state: dict, translate: Callable[[str], str] = lambda s: s) -> dict:
    placed, tray = figures(state)
    where = {f["id"]: f for f in placed}
    acting = _acting_id(state)
    for figure in placed:
        figure["acting"] = figure["id"] == acting
    return {**layout(state.get("map") or {}), "figures": placed, "tray": tray, "acting": acting,
            "plan": _plan(state, translate, where), "trap_conditions": list(TRAP_CONDITIONS)}


def layout(board: dict) -> dict:
    """What the map draws from its layout alone (hexes, terrain, traps,
    walls): the hexes' outlines, the walls, the blank grid, the view boxes.
    Worked out once per layout: figures move and hit points change far
    more often than hexes are laid. Its "key" names the layout (equal keys,
    equal layouts), for a page to keep what it draws from it; it is shared
    between drawings, to read only."""
    traps = board.get("traps") or {}
    return _layout((tuple(board.get("hexes", {}).items()),
                    tuple((where, trap["damage"], tuple(trap["conditions"])) for where, trap in traps.items()),
                    tuple(tuple(w) for w in board.get("walls", []))))


@lru_cache(maxsize=64)
def _layout(shape: tuple) -> dict:
    laid_hexes, laid_traps, walls = shape
    laid = {unkey(h): t for h, t in laid_hexes}
    traps = {where: {"damage": damage, "conditions": list(conditions)} for where, damage, conditions in laid_traps}
    hexes = [{"q": q, "r": r, "points": points(q, r), "terrain": t,
              **({"trap": traps[key((q, r))]} if key((q, r)) in traps else {})} for (q, r), t in sorted(laid.items())]
    blank = [{"q": q, "r": r, "points": points(q, r)} for q, r in blank_grid(set(laid))]
    everything = [(h["q"], h["r"]) for h in hexes + blank]
    xs = [centre(q, r)[0] for q, r in everything]
    ys = [centre(q, r)[1] for q, r in everything]
    left, top = min(xs) - SIZE - 2, min(ys) - SIZE - 2
    width, height = max(xs) - min(xs) + 2 * SIZE + 4, max(ys) - min(ys) + 2 * SIZE + 4
    # The table display draws the laid hexes only, as large as they fit (no blank grid to lay more on).
    tight = view_box([(h["q"], h["r"]) for h in hexes]) if hexes else None
    return {
        "key": shape, "viewbox": f"{left:.1f} {top:.1f} {width:.1f} {height:.1f}", "width": round(width),
        "height": round(height), "laid_viewbox": tight, "hexes": hexes, "blank": blank,
        "walls": [edge(tuple(w[:2]), tuple(w[2:])) for w in walls],
        "terrain_names": sorted({t for t in laid.values() if t}),
    }


def view_box(cells: list[tuple[int, int]]) -> str:
    """The SVG view box around these hexes, with a hex's margin for the walls and rings."""
    xs = [centre(q, r)[0] for q, r in cells]
    ys = [centre(q, r)[1] for q, r in cells]
    left, top = min(xs) - SIZE - 4, min(ys) - SIZE - 4
    return f"{left:.1f} {top:.1f} {max(xs) - min(xs) + 2 * SIZE + 8:.1f} {max(ys) - min(ys) + 2 * SIZE + 8:.1f}"


def _acting_id(state: dict) -> str | None:
    """The standee or character summon whose turn it is."""
    try:
        turn = current_turn(state)
        if turn is not None and turn["kind"] == "summon":
            return turn["id"]
        found = acting_standee(state)
    except (KeyError, IndexError, TypeError):
        return None
    return found["id"] if found else None
