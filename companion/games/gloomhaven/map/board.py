"""The map as plain JSON in the table state, and the pure changes to it.

`state["map"]` (absent until the first map action) is

    {"hexes": {"q,r": terrain}, "walls": [[q1, r1, q2, r2], ...],
     "at": {figure id: "q,r"}, "plan": None or {...},
     "traps": {"q,r": {"damage": bool, "conditions": [...]}}}

("traps" only while a trap has effects other than its plain damage: tables
from before keep their shape.)

Hexes are flat-top axial (docs/monster-solver.md). A terrain is "" (plain
floor) or one of TERRAINS; a door is a hex whose terrain is "closed-door" or
"open-door". Figure ids are the table's own: a character's seat id, a
summon's id ("summon2"), a standee's id ("bandit-guard#3").
"""

from __future__ import annotations

from companion.kit.hexes import adjacent
from companion.rules import N_, ActionError

TERRAINS = ("obstacle", "trap", "hazardous", "difficult", "closed-door", "open-door")
#: What a trap may do besides its damage (rulebook, "Traps": its effects are
#: printed in the scenario book, and their tokens put on the trap).
TRAP_CONDITIONS = ("poison", "wound", "immobilize", "disarm", "stun", "muddle")
PLAIN_TRAP = {"damage": True, "conditions": []}
MAX_HEXES = 600
MAX_COORDINATE = 60


def new_map() -> dict:
    return {"hexes": {}, "walls": [], "at": {}, "plan": None}


def map_of(state: dict) -> dict:
    """The table's map, made blank the first time it is changed."""
    if not isinstance(state.get("map"), dict):
        state["map"] = new_map()
    return state["map"]


def key(hex_: tuple[int, int]) -> str:
    return f"{hex_[0]},{hex_[1]}"


def unkey(text: str) -> tuple[int, int]:
    q, r = text.split(",")
    return int(q), int(r)


def read_hex(value: object, field: str) -> tuple[int, int]:
    """[q, r] from a payload, refused naming `field` unless two small whole numbers."""
    if (not isinstance(value, (list, tuple)) or len(value) != 2
            or not all(isinstance(n, int) and not isinstance(n, bool) for n in value)):
        raise ActionError(N_("A hex is two whole numbers [q, r]."), field=field)
    if not all(abs(n) <= MAX_COORDINATE for n in value):
        raise ActionError(N_("That hex is too far from the middle of the map."), field=field)
    return int(value[0]), int(value[1])


def floor(board: dict, hex_: tuple[int, int], field: str = "q") -> str:
    """The hex's terrain; refused when the hex is not on the map."""
    found = board["hexes"].get(key(hex_))
    if found is None:
        raise ActionError(N_("That hex is not on the map."), field=field)
    return found


def wall_key(a: tuple[int, int], b: tuple[int, int]) -> list[int]:
    low, high = sorted([a, b])
    return [low[0], low[1], high[0], high[1]]


# -- changes --------------------------------------------------------------------------
def paint(board: dict, hexes: list[tuple[int, int]], on: bool) -> None:
    """Lay hexes (plain floor; laid ones keep their terrain) or take them up
    (with their walls; figures on them go back to the tray)."""
    if on:
        for hex_ in hexes:
            board["hexes"].setdefault(key(hex_), "")
        if len(board["hexes"]) > MAX_HEXES:
            raise ActionError(N_("A map holds at most %(count)d hexes."), field="hexes", count=MAX_HEXES)
        return
    gone = {key(h) for h in hexes}
    for name in gone:
        board["hexes"].pop(name, None)
        forget_trap(board, name)
    board["walls"] = [w for w in board["walls"] if key(w[:2]) not in gone and key(w[2:]) not in gone]
    board["at"] = {fid: where for fid, where in board["at"].items() if where not in gone}


def toggle_wall(board: dict, a: tuple[int, int], b: tuple[int, int]) -> bool:
    """A thin wall along the edge two laid neighbours share: added, or taken
    away if there was one. True when it is there now."""
    floor(board, a, "q")
    floor(board, b, "q2")
    if not adjacent(a, b):
        raise ActionError(N_("A thin wall runs between two neighbouring hexes."), field="q2")
    wall = wall_key(a, b)
    if wall in board["walls"]:
        board["walls"].remove(wall)
        return False
    board["walls"].append(wall)
    board["walls"].sort()
    return True


def set_terrain(board: dict, hex_: tuple[int, int], terrain: str, trap: dict | None = None) -> None:
    """The hex's terrain; a trap with `trap`'s effects ({"damage": bool,
    "conditions": [...]}) when they are not the plain damage."""
    floor(board, hex_)
    if terrain == "closed-door" and key(hex_) in board["at"].values():
        raise ActionError(N_("A figure stands there: a door can't be closed on it."), field="terrain")
    board["hexes"][key(hex_)] = "" if terrain == "plain" else terrain
    forget_trap(board, key(hex_))
    if terrain == "trap" and trap is not None and trap != PLAIN_TRAP:
        board.setdefault("traps", {})[key(hex_)] = trap


def trap_effects(board: dict, where: str) -> dict:
    """What the trap on hex `where` ("q,r") does: its damage or not, and its conditions."""
    return (board.get("traps") or {}).get(where, PLAIN_TRAP)


def forget_trap(board: dict, where: str) -> None:
    """The trap's effects go with it (sprung, or the hex changed); a map with
    no trap of its own kind has no "traps" (as before traps had effects)."""
    traps = board.get("traps")
    if traps is not None:
        traps.pop(where, None)
        if not traps:
            del board["traps"]


def toggle_door(board: dict, hex_: tuple[int, int]) -> str:
    terrain = floor(board, hex_)
    if terrain not in ("closed-door", "open-door"):
        raise ActionError(N_("There is no door on that hex."), field="q")
    set_terrain(board, hex_, "open-door" if terrain == "closed-door" else "closed-door")
    return board["hexes"][key(hex_)]


def place(board: dict, figure_id: str, hex_: tuple[int, int] | None) -> None:
    """Put a figure on a hex (from the tray or from another hex), or back in
    the tray when `hex_` is None."""
    if hex_ is None:
        board["at"].pop(figure_id, None)
        return
    terrain = floor(board, hex_)
    if terrain == "closed-door":
        raise ActionError(N_("No figure can stand on a closed door."), field="q")
    here = key(hex_)
    for other, where in board["at"].items():
        if where == here and other != figure_id:
            raise ActionError(N_("Another figure stands on that hex."), field="q")
    board["at"][figure_id] = here


# -- the figures the table knows --------------------------------------------------------
def figure_ids(state: dict) -> list[str]:
    """Every figure that may stand on the map now: characters still in the
    scenario, their summons, the standees."""
    found = []
    for seat, who in state.get("characters", {}).items():
        if who.get("exhausted"):
            continue
        found.append(seat)
        found.extend(s["id"] for s in who.get("summons", []))
    found.extend(s["id"] for s in state.get("standees", []))
    return found


def tidy(state: dict) -> None:
    """After any action: figures that left the scenario (killed, removed,
    exhausted, dismissed) leave the map, and a monster's shown move ends with
    its turn or its standee."""
    board = state.get("map")
    if not isinstance(board, dict):
        return
    present = set(figure_ids(state))
    if any(fid not in present for fid in board["at"]):
        board["at"] = {fid: where for fid, where in board["at"].items() if fid in present}
    plan = board.get("plan")
    if plan and (plan["standee"] not in board["at"] or plan["moment"] != moment(state)):
        board["plan"] = None


def moment(state: dict) -> list:
    """Which turn it is: a shown move belongs to one."""
    return [state.get("round"), state.get("phase"), state.get("turn"), state.get("walk_at")]


# -- an imported state's map ------------------------------------------------------------
def check(state: dict) -> None:
    """Raise ValueError when an (imported) state's map is not of this shape."""
    board = state.get("map")
    if board is None:
        return
    if not isinstance(board, dict) or set(board) - {"traps"} != {"hexes", "walls", "at", "plan"}:
        raise ValueError("map")
    _check_traps(board)
    if not isinstance(board["hexes"], dict) or len(board["hexes"]) > MAX_HEXES:
        raise ValueError("map hexes")
    for name, terrain in board["hexes"].items():
        if any(abs(n) > MAX_COORDINATE for n in unkey(name)):
            raise ValueError("hex")
        if terrain != "" and terrain not in TERRAINS:
            raise ValueError("terrain")
    for wall in board["walls"]:
        if (not isinstance(wall, list) or len(wall) != 4 or key(wall[:2]) not in board["hexes"]
                or key(wall[2:]) not in board["hexes"] or not adjacent(tuple(wall[:2]), tuple(wall[2:]))):
            raise ValueError("wall")
    if not isinstance(board["at"], dict) or any(where not in board["hexes"] for where in board["at"].values()):
        raise ValueError("figure off the map")
    if len(set(board["at"].values())) != len(board["at"]):
        raise ValueError("two figures on one hex")
    if board["plan"] is not None and (not isinstance(board["plan"], dict)
                                      or board["plan"].get("standee") not in board["at"]):
        raise ValueError("plan")


def _check_traps(board: dict) -> None:
    """Each trap's own effects: on a trap hex, damage yes or no, known conditions."""
    traps = board.get("traps", {})
    if not isinstance(traps, dict):
        raise ValueError("traps")
    for where, trap in traps.items():
        if board["hexes"].get(where) != "trap" or not isinstance(trap, dict) or set(trap) != set(PLAIN_TRAP):
            raise ValueError("trap")
        if not isinstance(trap["damage"], bool) or not isinstance(trap["conditions"], list) \
                or not set(trap["conditions"]) <= set(TRAP_CONDITIONS):
            raise ValueError("trap effects")
