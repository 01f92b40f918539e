"""A Cthulhu Wars table's state: a new one from the creation form (the
rulebook's set-up is setup.py), and check_state, the shape it must have (an
imported export may be damaged or edited by hand)."""

from __future__ import annotations

import copy

from companion.games.cthulhu_wars import board, data, flow, setup
from companion.games.cthulhu_wars.setup import COUNTS, PLAYERS, SCHEMA
from companion.rules import N_, ActionError, Seat


def new_state(options: dict) -> dict:
    """Factions in seats 1 to 4, clockwise (an empty seat is skipped), the
    map for four players and the ritual setting; which seat plays which
    faction is filled in as seats join."""
    seating = [options.get(f"seat_{n}") for n in range(1, 5)]
    seating = [f for f in seating if f]
    if not all(isinstance(f, str) for f in seating):
        raise ActionError(N_("Each faction may be chosen once."), field="seat_1")
    state = setup.initial_state(seating, options.get("map"), options.get("ritual_needs_great_old_one") == "yes",
                                with_board=options.get("board", "map") != "counts")
    state["seats"] = {}
    return state

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


STEPS = {"setup": ("place_gates", "pick_starts"), "first_player": ("choose_first", "choose_direction"),
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
    if flow_["step"] not in STEPS.get(flow_["phase"], (None,)):
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
    if "board" in state:
        board.check_state(state)
    if not isinstance(state.get("seats", {}), dict):
        raise TypeError("seats")


def seat_joined(state: dict, seat: Seat) -> dict:
    """A seat joins as its faction: the faction's seat is recorded, and
    the secrets kept for the faction while nobody sat at it (its elder
    signs) become the seat's."""
    state.setdefault("seats", {})[seat.id] = seat.role
    waiting = state["secrets"].pop(f"faction:{seat.role}", None)
    if waiting is not None:
        state["secrets"][seat.id] = waiting
    return state


# -- tables and exports from before the current shape -------------------------------------
def upgrade(state: dict) -> dict:
    """A state of an older shape carried to SCHEMA (in place; returned).
    Schema 1 kept the round, phase, step, turn (a faction), order, first
    player, candidates and direction at the top level, and each faction's
    "ritual_done" and "events_done": they become the kit's flow, the factions
    that have decided at this step of the doom phase (or, in the action
    phase, those at 0 power) its "passed"."""
    if state.get("schema", 1) >= SCHEMA:
        return state
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
    state["schema"] = SCHEMA
    return state


def current(state: dict) -> dict:
    """`state` in the current shape: a table stored before it is upgraded on
    a copy (the stored state is never changed by reading it)."""
    return state if state.get("schema", 1) >= SCHEMA else upgrade(copy.deepcopy(state))


def upgrade_export(export: dict) -> dict:
    """An export's initial and final states carried to SCHEMA (the log's
    actions replay alike on either)."""
    for key in ("initial", "state"):
        if isinstance(export.get(key), dict) and "factions" in export[key]:
            export[key] = upgrade(export[key])
    return export
