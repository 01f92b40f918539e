"""A Cthulhu Wars table's state: a new one (seed, 第一章 A 设置: the map and
ritual track for the player count, every faction's power and doom at 0, the
full elder-sign pool, each faction's 6 cultists and a controlled gate in its
start area; with two players, set-up chapter 第八章 A instead), the facts it
plays with (the shipped data with the group's corrections), check_state (the
shape it must have: an imported export may be damaged or edited by hand) and
the upgrades of tables and exports from before the current shape."""

from __future__ import annotations

from companion.games.cthulhu_wars import board, data, elder_signs, flow
from companion.kit import schema
from companion.rules import N_, ActionError, Seat

#: The counts each faction keeps up to date on its phone.
COUNTS = ("cultists", "gates", "captives", "feast_areas", "dark_young", "enemy_ocean_gates")
MAX_COUNT = 99
PLAYERS = (2, 3, 4)  # five players need an expansion
#: The state's shape. 1 (no "schema"): round, phase, step, turn, order, first
#: player, candidates and direction at the top level, each faction's
#: "ritual_done" and "events_done"; 2: the kit's flow in state["flow"].
SCHEMA = 2


# -- a new game (第一章 A; two players 第八章 A) ----------------------------------------------
def new_faction(faction_id: str, gates: int) -> dict:
    return {
        "power": 0,
        "doom": 0,
        "doom_from": {"gates": 0, "rituals": 0, "elder_signs": 0, "other": 0},
        "spellbooks": [],
        "requirements_met": [],
        "counts": {"cultists": 6, "gates": gates, "captives": 0, "feast_areas": 0, "dark_young": 0,
                   "enemy_ocean_gates": 0},
        "great_old_ones": {goo["id"]: "pool" for goo in data.great_old_ones(faction_id)},
        "awakened": [],  # Great Old Ones awakened at least once (Cthulhu costs 4 after)
        "elder_signs": 0,  # how many it holds; their values are its seat's secret
        "acted": False,  # took its normal or unique action this turn
        "gathered": None,  # the last gather's working
    }


def initial_state(seating: list[str], map_id: str | None = None, ritual_needs_great_old_one: bool = False,
                  with_board: bool = False) -> dict:
    """`seating`: the factions round the table, clockwise; `with_board`: the
    app keeps every unit and gate on the map (board.py), else each faction
    keeps its counts by hand."""
    players = len(seating)
    if players not in PLAYERS:
        raise ActionError(N_("Cthulhu Wars needs 2 to 4 factions; the core box has four."), field="seat_1")
    if len(set(seating)) != players or not set(seating) <= set(data.factions()):
        raise ActionError(N_("Each faction may be chosen once."), field="seat_1")
    choices = data.map_choices(players)
    map_id = map_id if map_id in choices else choices[0]
    two = players == 2
    state = {
        "players": players,
        "map": map_id,
        "seating": list(seating),
        "settings": {"ritual_needs_great_old_one": bool(ritual_needs_great_old_one)},
        "corrections": {},
        "schema": SCHEMA,
        "flow": flow.new_flow(two),
        "ritual": {"track": data.ritual_track(players), "marker": 0},
        "abandoned_gates": 0,
        "elder_signs_left": elder_signs.pool_size(elder_signs.full_pool()),
        "factions": {f: new_faction(f, 0 if two else 1) for f in seating},
        "two_player": {"gates": [], "starts": {}} if two else None,
        "desecrated": [],
        "battle": None,
        "last_roll": None,  # the die of the last Desecrate, Ghroth or The Thousand Forms
        "result": None,
        "secrets": {"bag": elder_signs.full_pool()},
    }
    if with_board:
        state["board"] = board.new_board()
        if not two:
            board.set_up(state)
        board.sync(state)
    return state


def new_state(options: dict) -> dict:
    """Factions in seats 1 to 4, clockwise (an empty seat is skipped), the
    map for four players and the ritual setting; which seat plays which
    faction is filled in as seats join."""
    seating = [options.get(f"seat_{n}") for n in range(1, 5)]
    seating = [f for f in seating if f]
    if not all(isinstance(f, str) for f in seating):
        raise ActionError(N_("Each faction may be chosen once."), field="seat_1")
    state = initial_state(seating, options.get("map"), options.get("ritual_needs_great_old_one") == "yes",
                          with_board=options.get("board", "map") != "counts")
    state["seats"] = {}
    return state

def seat_joined(state: dict, seat: Seat) -> dict:
    """A seat joins as its faction: the faction's seat is recorded, and
    the secrets kept for the faction while nobody sat at it (its elder
    signs) become the seat's."""
    state.setdefault("seats", {})[seat.id] = seat.role
    waiting = state["secrets"].pop(f"faction:{seat.role}", None)
    if waiting is not None:
        state["secrets"][seat.id] = waiting
    return state


def place_gates(state: dict, areas: list[str]) -> None:
    """Two players: one of them places gates in two areas of their choice."""
    known = data.areas(state["map"])
    if len(areas) != 2 or len(set(areas)) != 2 or not set(areas) <= set(known):
        raise ActionError(N_("Choose two different areas of the map."), field="areas")
    state["two_player"]["gates"] = list(areas)
    if board.has_board(state):
        state["board"]["gates"] = {area: None for area in areas}
    state["flow"]["step"] = "pick_starts"


def pick_starts(state: dict, starts: dict[str, str]) -> None:
    """Two players: the other picks both start areas; each faction puts its 6
    cultists there and controls a gate standing there; any other gate is abandoned."""
    known = data.areas(state["map"])
    if (set(starts) != set(state["seating"]) or not set(starts.values()) <= set(known)
            or len(set(starts.values())) != len(starts)):
        raise ActionError(N_("Choose a different start area of the map for each faction."), field="starts")
    gates = state["two_player"]["gates"]
    if board.has_board(state):
        for faction_id, area in starts.items():
            board.start(state, faction_id, area, gate=area in gates)
    for faction_id, area in starts.items():
        state["factions"][faction_id]["counts"]["gates"] = 1 if area in gates else 0
    state["abandoned_gates"] = sum(1 for area in gates if area not in starts.values())
    state["two_player"]["starts"] = dict(starts)
    flow.set_up(state)


# -- the facts a table plays with ---------------------------------------------------------
# Values the rulebook doesn't give (monster costs and strengths, the ritual
# track's spaces) are editable defaults: a group corrects them from its
# printed components. Those a second source agrees on are "checked" and carry
# no mark; the rest stay marked until corrected. Either way a group may
# correct them, and the table keeps the correction in state["corrections"]
# ("unit:<faction>:<unit>:<field>" -> value; the map's borders: board.py).
def correction_key(faction_id: str, unit_id: str, field: str) -> str:
    return f"unit:{faction_id}:{unit_id}:{field}"


def unit_facts(state: dict, faction_id: str, unit_id: str) -> dict:
    """A unit's facts with this table's corrections, and which values are
    still unchecked defaults."""
    base = data.units(faction_id)[unit_id]
    corrections = state.get("corrections", {})
    out = dict(base)
    unchecked = []
    for field in base.get("defaults", []):
        key = correction_key(faction_id, unit_id, field)
        if key in corrections:
            out[field] = corrections[key] if field != "combat" else {"fixed": corrections[key]}
        elif field not in base.get("checked", []):  # a second source agrees: no longer marked
            unchecked.append(field)
    out["unchecked"] = unchecked
    return out


def editable_facts(faction_id: str) -> list[tuple[str, str]]:
    """(unit id, field) pairs a group may correct."""
    return [(u["id"], field) for u in data.faction(faction_id)["units"] for field in u.get("defaults", [])]


# -- the shape a state must have -------------------------------------------------------------
PHASES = ("setup", "gather", "first_player", "doom", "action", "end", "over")


def _int(value, low=0, high=10**6) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"not a whole number from {low} to {high}: {value!r}")


def check_faction(faction_id: str, faction: dict) -> None:
    if faction_id not in data.factions():
        raise ValueError(f"unknown faction {faction_id!r}")
    for key in ("power", "doom", "elder_signs"):
        _int(faction[key])
    for key in COUNTS:
        _int(faction["counts"][key])
    books = data.spellbook_ids(faction_id)
    if (not all(b in books for b in faction["spellbooks"])
            or len(set(faction["spellbooks"])) != len(faction["spellbooks"])):
        raise ValueError("bad spellbooks")
    if not all(r in data.requirements(faction_id) for r in faction["requirements_met"]):
        raise ValueError("bad requirements")
    goos = {g["id"] for g in data.great_old_ones(faction_id)}
    if (set(faction["great_old_ones"]) != goos
            or not all(w in ("pool", "map", "submerged") for w in faction["great_old_ones"].values())):
        raise ValueError("bad Great Old Ones")


def check_secrets(state: dict) -> None:
    secrets = state["secrets"]
    if not isinstance(secrets, dict) or not isinstance(secrets.get("bag"), dict):
        raise TypeError("secrets")
    for value, count in secrets["bag"].items():
        if value not in ("1", "2", "3"):
            raise ValueError("bad pool")
        _int(count, 0, 36)
    held = 0
    for key, secret in secrets.items():
        if key != "bag":
            signs = secret.get("elder_signs", [])
            if not isinstance(signs, list) or not all(v in (1, 2, 3) for v in signs):
                raise ValueError("bad elder signs")
            held += len(signs)
    if held != sum(f["elder_signs"] for f in state["factions"].values()):
        raise ValueError("the elder signs held don't match the counts shown")


#: The steps inside each phase that has them.
PHASE_STEPS = {"setup": ("place_gates", "pick_starts"), "first_player": ("choose_first", "choose_direction"),
               "doom": ("rituals", "events")}


def check_flow(state: dict) -> None:
    """The kit's flow with this game's step, first player, candidates and direction."""
    flow_ = state["flow"]
    if not isinstance(flow_, dict) or flow_["phase"] not in PHASES:
        raise ValueError("phase")
    _int(flow_["round"], 1)
    factions = set(state["factions"])
    for key in ("order", "passed", "candidates"):
        if not isinstance(flow_[key], list) or not set(flow_[key]) <= factions:
            raise ValueError(key)
    if flow_["order"] and sorted(flow_["order"]) != sorted(state["seating"]):
        raise ValueError("order")
    if flow_["turn"] is not None:
        _int(flow_["turn"], 0, len(flow_["order"]) - 1)
    if flow_["step"] not in PHASE_STEPS.get(flow_["phase"], (None,)):
        raise ValueError("step")
    if flow_["first_player"] is not None and flow_["first_player"] not in factions:
        raise ValueError("first player")
    if flow_["direction"] not in (None, *flow.DIRECTIONS):
        raise ValueError("direction")


def check_state(state: dict) -> None:
    _int(state["players"], 2, 4)
    if state["players"] not in PLAYERS or len(state["seating"]) != state["players"]:
        raise ValueError("players")
    if state["map"] not in data.maps() or state.get("schema") != SCHEMA:
        raise ValueError("map or schema")
    check_flow(state)
    if set(state["factions"]) != set(state["seating"]):
        raise ValueError("factions")
    for faction_id, faction in state["factions"].items():
        check_faction(faction_id, faction)
    track = state["ritual"]["track"]
    if not isinstance(track, list) or len(track) < 2 or track[-1] is not None:
        raise ValueError("the ritual track ends on Instant Death")
    for cost in track[:-1]:
        _int(cost, 1, 20)
    _int(state["ritual"]["marker"], 0, len(track) - 1)
    _int(state["abandoned_gates"])
    check_secrets(state)
    board.check_corrections(state)
    if "board" in state:
        board.check_state(state)
    if not isinstance(state.get("seats", {}), dict):
        raise TypeError("seats")


# -- tables and exports from before the current shape -------------------------------------
def _flow_from_schema_1(state: dict) -> None:
    """Schema 1 kept the round, phase, step, turn (a faction), order, first
    player, candidates and direction at the top level, and each faction's
    "ritual_done" and "events_done": they become the kit's flow, the factions
    that have decided at this step of the doom phase (or, in the action
    phase, those at 0 power) its "passed"."""
    phase, step, turn, order = state.pop("phase"), state.pop("step", None), state.pop("turn", None), \
        list(state.pop("order", []))
    factions = state["factions"]
    passed = []
    if phase == "doom":
        done = "ritual_done" if step == "rituals" else "events_done"
        passed = [f for f in order if factions[f].get(done)]
    elif phase == "action":
        passed = [f for f in order if factions[f]["power"] <= 0]
    state["flow"] = {"round": state.pop("round"), "phase": phase, "order": order,
                     "turn": order.index(turn) if phase in ("doom", "action") and turn in order else None,
                     "passed": passed, "step": step, "first_player": state.pop("first_player", None),
                     "candidates": list(state.pop("candidates", [])), "direction": state.pop("direction", None)}
    for faction in factions.values():
        faction.pop("ritual_done", None)
        faction.pop("events_done", None)


#: One step a schema (SCHEMA above names the shapes).
STEPS = (_flow_from_schema_1,)
upgrade = schema.stepwise(STEPS)
upgrade.__doc__ = """A state of an older shape carried to SCHEMA (in place; returned)."""


def current(state: dict) -> dict:
    """`state` in the current shape (the stored one is never changed by reading it)."""
    return schema.current(state, SCHEMA, upgrade)


def upgrade_export(export: dict) -> dict:
    """An export's initial and final states carried to SCHEMA."""
    return schema.upgrade_export(export, upgrade, "factions")
