"""The board (seed, 第一章 A and 第四阶段): where every unit and gate is.

A table started with the board keeps, in state["board"]:

- "units": area -> faction -> unit id -> how many stand there;
- "gates": area -> the faction controlling its gate, or None (abandoned);
- "captives": captor faction -> victim faction -> cultists held;
- "submerged" (once Cthulhu has submerged): faction -> unit id -> count.

The counts power and doom read (cultists on the map, gates controlled,
captives, abandoned gates, Dark Young, Feast areas, enemy ocean gates) and
where each Great Old One is are derived from it after every action (`sync`),
never typed. A table from before the board keeps its counts by hand.
"""

from __future__ import annotations

from companion.games.cthulhu_wars import data
from companion.kit.actions import Act
from companion.rules import N_, ActionError

#: Great Old Ones not on the board keep the state they had ("pool", "submerged").
OFF_BOARD = ("pool", "submerged")


def has_board(state: dict) -> bool:
    return isinstance(state.get("board"), dict)


def new_board() -> dict:
    return {"units": {}, "gates": {}, "captives": {}}


def adjacency(state: dict) -> dict[str, list[str]]:
    """Each area's neighbours on this table's map, with the group's corrections
    (below): a border between two areas is a corrected area's word, the
    reference's between two uncorrected ones."""
    near = data.maps()[state["map"]]["adjacency"]
    corrected = corrected_neighbours(state)
    if not corrected:
        return near
    return {area: list(corrected[area]) if area in corrected else sorted(
        {n for n in neighbours if n not in corrected} | {a for a, theirs in corrected.items() if area in theirs})
        for area, neighbours in near.items()}


def areas(state: dict) -> dict[str, dict]:
    return data.areas(state["map"])


def units_in(state: dict, area: str, faction: str) -> dict[str, int]:
    """A faction's units in an area, {unit id: count} (a copy)."""
    return dict(state["board"]["units"].get(area, {}).get(faction, {}))


def factions_in(state: dict, area: str) -> list[str]:
    return [f for f, units in state["board"]["units"].get(area, {}).items() if any(units.values())]


def present(state: dict, area: str, faction: str) -> int:
    return sum(units_in(state, area, faction).values())


def on_map(state: dict, faction: str, unit: str | None = None) -> int:
    """How many of a faction's units (of one kind) stand on the map."""
    return sum(n for by_faction in state["board"]["units"].values()
               for u, n in by_faction.get(faction, {}).items() if unit is None or u == unit)


def areas_with(state: dict, faction: str) -> list[str]:
    return [a for a, by_faction in state["board"]["units"].items() if any(by_faction.get(faction, {}).values())]


def place(state: dict, area: str, faction: str, unit: str, n: int = 1) -> None:
    here = state["board"]["units"].setdefault(area, {}).setdefault(faction, {})
    here[unit] = here.get(unit, 0) + n


def remove(state: dict, area: str, faction: str, unit: str, n: int = 1) -> None:
    by_faction = state["board"]["units"].get(area, {})
    here = by_faction.get(faction, {})
    if here.get(unit, 0) < n:
        raise ActionError(N_("There aren't that many of those units there."), field="area")
    here[unit] -= n
    if not here[unit]:
        del here[unit]
    if not here:
        by_faction.pop(faction, None)
    if not by_faction:
        state["board"]["units"].pop(area, None)


def kind(faction: str, unit: str) -> str:
    return data.units(faction)[unit]["kind"]


def great_old_one_area(state: dict, faction: str, goo: str) -> str | None:
    return next((a for a, by in state["board"]["units"].items() if by.get(faction, {}).get(goo)), None)


def holds_gate(state: dict, area: str, faction: str) -> bool:
    """A faction keeps a gate while one of its cultists stands there (with
    The Red Sign, a Dark Young does as well)."""
    here = units_in(state, area, faction)
    if here.get("cultist"):
        return True
    books = state["factions"][faction]["spellbooks"]
    return faction == "black_goat" and "the_red_sign" in books and bool(here.get("dark_young"))


def controlled_gates(state: dict, faction: str) -> list[str]:
    return [a for a, owner in state["board"]["gates"].items() if owner == faction]


def within(state: dict, start: str, steps: int) -> set[str]:
    """Areas reachable from `start` in 1 to `steps` moves along borders."""
    near, seen, frontier = adjacency(state), {start}, {start}
    for _ in range(steps):
        frontier = {n for a in frontier for n in near.get(a, []) if n not in seen}
        seen |= frontier
    return seen - {start}


def move_reach(state: dict, faction: str) -> int:
    """Flight (Crawling Chaos' card): every unit moves up to 2 areas, over enemies."""
    return 2 if faction == "crawling_chaos" else 1


def captives_held(state: dict, faction: str) -> int:
    return sum(state["board"]["captives"].get(faction, {}).values())


def sync(state: dict) -> None:
    """After every action: gates whose controller has left are abandoned, and
    every count the app reads is derived from the board."""
    gates = state["board"]["gates"]
    for area, owner in list(gates.items()):
        if owner is not None and not holds_gate(state, area, owner):
            gates[area] = None
    desecrated = set(state.get("desecrated", []))
    board_areas = areas(state)
    for faction_id, faction in state["factions"].items():
        counts = faction["counts"]
        counts["cultists"] = on_map(state, faction_id, "cultist")
        counts["gates"] = len(controlled_gates(state, faction_id))
        counts["captives"] = captives_held(state, faction_id)
        counts["dark_young"] = on_map(state, faction_id, "dark_young") if faction_id == "black_goat" else 0
        counts["feast_areas"] = (sum(1 for a in desecrated if present(state, a, faction_id))
                                 if faction_id == "yellow_sign" else 0)
        counts["enemy_ocean_gates"] = (
            sum(1 for a, owner in gates.items() if owner not in (None, faction_id) and board_areas[a]["ocean"])
            if faction_id == "great_cthulhu" else 0)
        for goo, where in faction["great_old_ones"].items():
            if great_old_one_area(state, faction_id, goo):
                faction["great_old_ones"][goo] = "map"
            elif where == "map":
                faction["great_old_ones"][goo] = "pool"
    state["abandoned_gates"] = sum(1 for owner in gates.values() if owner is None)


def sacrifice_captives(state: dict) -> None:
    """Gather (seed, 献祭): captives are sacrificed and go back to their owners' pools."""
    state["board"]["captives"] = {}


# -- set-up ---------------------------------------------------------------------------
def start(state: dict, faction: str, area: str, gate: bool) -> None:
    """A faction's starting pieces: its 6 cultists in its start area, and the
    gate there under its control when there is one."""
    place(state, area, faction, "cultist", data.units(faction)["cultist"]["count"])
    if gate:
        state["board"]["gates"][area] = faction


def set_up(state: dict) -> None:
    """Three or more players: each faction starts in its start area with a gate (set-up 4, the factions' cards)."""
    starts = data.maps()[state["map"]]["start_areas"]
    for faction in state["seating"]:
        start(state, faction, starts[faction], gate=True)


# -- the map's borders, corrected by the group ------------------------------------------------------
# The borders come from a reference alone (no second source agrees yet), so a
# group may correct an area's neighbours from its printed map, like any
# unchecked fact; the table keeps the correction in state["corrections"]
# ("area:<area>:neighbours" -> the area's neighbours, sorted) and that area is
# checked from then on. Borders stay symmetric: correcting an area adds or
# takes away the border on the other side too, and two corrected areas always
# agree about the border between them. Moves, retreats and battles read
# `adjacency`, so they follow the corrected map.
def neighbours_key(area: str) -> str:
    return f"area:{area}:neighbours"


def corrected_neighbours(state: dict) -> dict[str, list[str]]:
    """The areas the group corrected, with their neighbours."""
    return {key.split(":")[1]: near for key, near in state.get("corrections", {}).items()
            if key.startswith("area:") and key.endswith(":neighbours")}


def correct_neighbours(act: Act) -> None:
    """An area's neighbours as the printed map shows them (every one of them)."""
    state, area = act.state, act["area"]
    known = areas(state)
    if area not in known:
        raise ActionError(N_("Choose an area of this table's map."), field="area")
    near = sorted(set(act["neighbours"] or []))
    if not near or area in near or not set(near) <= set(known):
        raise ActionError(N_("Tick every area that borders it on your printed map, and only those."),
                          field="neighbours")
    corrections = state.setdefault("corrections", {})
    for other, theirs in corrected_neighbours(state).items():
        if other != area and (other in near) != (area in theirs):
            corrections[neighbours_key(other)] = sorted(set(theirs) ^ {area})
    corrections[neighbours_key(area)] = near


def check_corrections(state: dict) -> None:
    """Corrected borders name areas of the table's map and agree between two corrected areas."""
    known = set(areas(state))
    corrected = corrected_neighbours(state)
    for area, near in corrected.items():
        if (area not in known or not isinstance(near, list) or not near or area in near
                or not all(isinstance(n, str) and n in known for n in near)):
            raise ValueError(f"corrected neighbours of {area!r}")
        for other in near:
            if other in corrected and area not in corrected[other]:
                raise ValueError(f"the border between {area!r} and {other!r}")


# -- checks ---------------------------------------------------------------------------------
def check_area(state: dict, area: str | None, field: str = "area") -> str:
    if area not in areas(state):
        raise ActionError(N_("Choose an area of the map."), field=field)
    return area


def check_state(state: dict) -> None:
    board = state["board"]
    if not {"units", "gates", "captives"} <= set(board) <= {"units", "gates", "captives", "submerged"}:
        raise ValueError("board")
    known = areas(state)
    for area, by_faction in board["units"].items():
        if area not in known:
            raise ValueError(f"unknown area {area!r}")
        for faction, units in by_faction.items():
            if faction not in state["factions"]:
                raise ValueError("board faction")
            for unit, n in units.items():
                if unit not in data.units(faction) or isinstance(n, bool) or not isinstance(n, int) or n < 1:
                    raise ValueError("board unit")
    for faction in state["factions"]:
        for unit in data.units(faction).values():
            if on_map(state, faction, unit["id"]) > unit["count"]:
                raise ValueError(f"more {unit['id']} on the map than the box holds")
    for area, owner in board["gates"].items():
        if area not in known or owner is not None and owner not in state["factions"]:
            raise ValueError("board gate")
    for captor, held in board["captives"].items():
        if captor not in state["factions"] or not set(held) <= set(state["factions"]):
            raise ValueError("captives")
