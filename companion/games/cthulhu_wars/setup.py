"""A new game (seed, 第一章 A 设置): the map and ritual track for the player
count, every faction's power and doom at 0, the full elder-sign pool, and
each faction's starting pieces (6 cultists and a controlled gate in its start
area; with two players, set-up chapter 第八章 A instead)."""

from __future__ import annotations

from companion.games.cthulhu_wars import board, data, elder_signs, flow
from companion.rules import N_, ActionError

#: The counts each faction keeps up to date on its phone.
COUNTS = ("cultists", "gates", "captives", "feast_areas", "dark_young", "enemy_ocean_gates")
MAX_COUNT = 99
PLAYERS = (2, 3, 4)  # five players need an expansion
#: The state's shape. 1 (no "schema"): round, phase, step, turn, order, first
#: player, candidates and direction at the top level, each faction's
#: "ritual_done" and "events_done"; 2: the kit's flow in state["flow"].
SCHEMA = 2


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
