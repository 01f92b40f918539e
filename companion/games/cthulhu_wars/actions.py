"""The action table: each action declared once on the kit's typed fields
(companion/kit/fields.py), with its one-line doc (docs/api.md), its effect
(effects.py, battles.py), its history line and what it hides from other
seats. Fields are parsed alike from form strings and JSON values; a bad value
is an ActionError naming the field.

A form can't send a JSON object, so a map (units by kind, start areas) or a
list (elder-sign values, two areas) may also come as one form field per key,
named "field.key": `Collected` reads both.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.games.cthulhu_wars import (
    battle_books,
    battles,
    board,
    combat,
    costs,
    data,
    doom,
    effects,
    flow,
    spellbooks,
)
from companion.games.cthulhu_wars.names import UNIQUE_ACTIONS
from companion.games.cthulhu_wars.requirements import met as requirements_met
from companion.games.cthulhu_wars.state import COUNTS, MAX_COUNT
from companion.kit.fields import MISSING, ActionSpec, Choice, Field, Int, Json, Text, clean_text, whole_number
from companion.kit.working import Sentences
from companion.rules import N_, NP_, Action, ActionError, Msg, Seat

FACTIONS = tuple(data.factions())
WHERE = ("pool", "map", "submerged")
UNIQUE = tuple(sorted({name for actions in data.game()["unique_actions"].values() for name in actions}))
GREAT_OLD_ONES = tuple(u["id"] for f in FACTIONS for u in data.great_old_ones(f))
REQUIREMENTS = tuple(r["id"] for f in FACTIONS for r in data.faction(f)["requirements"])
SPELLBOOKS = tuple(b for f in FACTIONS for b in data.spellbook_ids(f))
AREAS = tuple(sorted({a["id"] for board in data.maps().values() for a in board["areas"]}))
UNITS = tuple(sorted({u["id"] for f in FACTIONS for u in data.faction(f)["units"]}))
MONSTERS = tuple(sorted({u["id"] for f in FACTIONS for u in data.faction(f)["units"] if u["kind"] == "monster"}))


@dataclass(frozen=True)
class Collected(Field):
    """A map of names to whole numbers or names, or a list of them: JSON, or
    form fields "name.key" (a list takes their values in the keys' order)."""

    shape: str = "counts"  # counts: {name: int}; names: {name: name}; ints: [int]; list: [name]
    low: int = 0
    high: int = 99
    max_items: int = 40
    key_length: int = 40
    kind = "map"
    missing = N_("This value is missing.")

    def read(self, payload: dict) -> Any:
        raw = payload.get(self.name, MISSING)
        if raw is MISSING or raw is None or raw == "":
            prefix = self.name + "."
            parts = {k[len(prefix):]: v for k, v in payload.items()
                     if isinstance(k, str) and k.startswith(prefix) and v not in ("", None)}
            if parts:
                raw = [parts[key] for key in sorted(parts)] if self.shape in ("ints", "list") else parts
        if raw is MISSING or raw is None or raw == "" or raw == {}:
            if self.required:
                raise ActionError(self.missing, field=self.name)
            return self.default
        return self.parse(raw)

    def parse(self, raw: object) -> Any:
        if isinstance(raw, str):
            raw = Json(self.name).parse(raw) if raw.strip()[:1] in "[{" else raw.replace(",", " ").split()
        as_list = self.shape in ("ints", "list")
        if not isinstance(raw, list if as_list else dict) or len(raw) > self.max_items:
            raise ActionError(N_("The action's details are malformed."), field=self.name)
        if as_list:
            return [self.value(item) for item in raw]
        return {clean_text(key, self.name, max_length=self.key_length): self.value(item) for key, item in raw.items()}

    def value(self, item: object) -> Any:
        if self.shape in ("counts", "ints"):
            return whole_number(item, self.name, self.low, self.high)
        return clean_text(item, self.name, max_length=40)

    def describe(self) -> dict:
        return super().describe() | {"shape": self.shape}


def optional_int(name, low=0, high=MAX_COUNT):
    return Int(name, default=None, min=low, max=high)


def area_field(name="area"):
    """An area of the map: needed on a table that keeps the board, ignored on one that counts by hand."""
    return Choice(name, default=None, choices=AREAS)


# -- secrecy ------------------------------------------------------------------------------
def draw_hidden(action: Action, viewer: Seat | None) -> dict:
    """Elder signs drawn: their values only for the seat that drew them; others see how many."""
    if "drawn" not in action.payload or viewer is not None and action.seat == viewer.id:
        return action.payload
    return {**{k: v for k, v in action.payload.items() if k != "drawn"}, "drawn_count": len(action.payload["drawn"])}


# -- what is open now --------------------------------------------------------------------
def opener(phase: str, step: str | None = None, *, on_turn: bool = True, choices=None):
    """open(state, seat, seats): for a seat playing a faction, in `phase` (at
    `step`), on its turn unless not `on_turn`: the payloads `choices(state,
    faction)` lists (by default the one empty payload)."""
    def open_(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
        faction = effects.faction_of(state, seat.id) if seat is not None else None
        if faction not in state["factions"] or flow.phase_of(state) != phase or step and flow.step_of(state) != step:
            return []
        if on_turn and flow.turn_of(state) != faction:
            return []
        if phase == ACTION_PHASE and effects.battle_unfinished(state):
            return []  # the battle's results come first
        return list(choices(state, faction)) if choices else [{}]
    return open_


def can_act(state: dict, faction: str, cost: int = 0, *, unlimited: bool = False) -> bool:
    """On its action-phase turn a faction with power may pay `cost`; its one
    normal or unique action not yet taken, unless `unlimited`."""
    mine = state["factions"][faction]
    return 0 < mine["power"] and cost <= mine["power"] and (unlimited or not mine["acted"]
                                                            or bool(mine.get("second_action")))


def if_(condition):
    """Choices: the empty payload when `condition(state, faction)` holds."""
    return lambda state, faction: [{}] if condition(state, faction) else []


def gate_pairs(state: dict, faction: str) -> list[dict]:
    areas = [a["id"] for a in data.maps()[state["map"]]["areas"]]
    return [{"areas": [areas[0], areas[-1]]}, {"areas": areas[1:3]}]


def start_areas(state: dict, faction: str) -> list[dict]:
    if faction == state["two_player"].get("gates_by"):
        return []
    gates, areas = state["two_player"]["gates"], [a["id"] for a in data.maps()[state["map"]]["areas"]]
    return [{"starts": dict(zip(state["seating"], gates))},
            {"starts": dict(zip(state["seating"], [gates[0], next(a for a in areas if a not in gates)]))}]


def tied_factions(state: dict, faction: str) -> list[dict]:
    return [{"faction": candidate} for candidate in state["flow"]["candidates"]]


def directions(state: dict, faction: str) -> list[dict]:
    return [{"direction": "clockwise"}, {"direction": "counterclockwise"}]


def recruit_open(state: dict, faction: str) -> bool:
    return state["factions"][faction]["counts"]["cultists"] < 6 and can_act(state, faction, 1)


# -- choices on a table that keeps the board ---------------------------------------------
def map_areas(state: dict) -> list[str]:
    return [a["id"] for a in data.maps()[state["map"]]["areas"]]


def recruits(state: dict, faction: str) -> list[dict]:
    if not board.has_board(state):
        return [{}] if recruit_open(state, faction) else []
    if not can_act(state, faction, 1) or \
            board.on_map(state, faction, "cultist") + effects.captured_from(state, faction) >= 6:
        return []
    mine = board.areas_with(state, faction) or map_areas(state)
    return [{"area": a} for a in map_areas(state) if a in mine]


def gate_builds(state: dict, faction: str) -> list[dict]:
    if not can_act(state, faction, 3):
        return []
    if not board.has_board(state):
        return [{}]
    return [{"area": a} for a in map_areas(state)
            if a not in state["board"]["gates"] and board.units_in(state, a, faction).get("cultist")]


def board_moves(state: dict, faction: str) -> list[dict]:
    """One unit to each area in reach (the form moves several at once)."""
    reach = board.move_reach(state, faction)
    return [{"moves": {f"{unit}:{area}:{to}": 1}}
            for area in board.areas_with(state, faction)
            for unit in sorted(board.units_in(state, area, faction))
            for to in sorted(board.within(state, area, reach))]


def board_captures(state: dict, faction: str) -> list[dict]:
    out = []
    for area in board.areas_with(state, faction):
        for victim in board.factions_in(state, area):
            if victim != faction:
                try:
                    effects.capture_check(state, faction, victim, area)
                except ActionError:
                    continue
                out.append({"victim": victim, "area": area})
    return out


def board_summons(state: dict, faction: str) -> list[dict]:
    mine = state["factions"][faction]
    return [{"monster": u["id"], "area": area} for area in board.controlled_gates(state, faction)
            for u in data.faction(faction)["units"] if u["kind"] == "monster"
            and board.on_map(state, faction, u["id"]) < u["count"]
            and can_act(state, faction, costs.summon_cost(state, faction, u["id"], mine))]


def board_awakenings(state: dict, faction: str) -> list[dict]:
    mine, out = state["factions"][faction], []
    for goo, where in mine["great_old_ones"].items():
        if where != "pool" or not can_act(state, faction, costs.awaken_cost(state, faction, goo, mine)):
            continue
        if goo == "hastur" and mine["great_old_ones"].get("king_in_yellow") != "map":
            continue
        for area in map_areas(state):
            try:
                effects.awaken_check(state, faction, goo, data.units(faction)[goo], area)
            except ActionError:
                continue
            out.append({"great_old_one": goo, "area": area})
    return out


def ritual_open(state: dict, faction: str) -> bool:
    mine, track, marker = state["factions"][faction], state["ritual"]["track"], state["ritual"]["marker"]
    try:
        doom.check_ritual(mine, doom.ritual_cost(track, marker), state["settings"]["ritual_needs_great_old_one"],
                          flow.decided(state, faction))
    except ActionError:
        return False
    return True


def sacrifice_open(state: dict, faction: str) -> bool:
    mine = state["factions"][faction]
    return "blood_sacrifice" in mine["spellbooks"] and mine["great_old_ones"].get("shub_niggurath") == "map" \
        and not mine.get("sacrificed") and mine["counts"]["cultists"] > 0


def moves(state: dict, faction: str) -> list[dict]:
    if board.has_board(state):
        return board_moves(state, faction) if can_act(state, faction, 1) else []
    power = state["factions"][faction]["power"]
    return [{"units": n} for n in range(1, min(power, 3) + 1)] if can_act(state, faction, 1) else []


def captures(state: dict, faction: str) -> list[dict]:
    if board.has_board(state):
        return board_captures(state, faction) if can_act(state, faction, 1) else []
    return [{"victim": f} for f in state["factions"] if f != faction
            and state["factions"][f]["counts"]["cultists"] > 0] if can_act(state, faction, 1) else []


def summons(state: dict, faction: str) -> list[dict]:
    if board.has_board(state):
        return board_summons(state, faction)
    mine = state["factions"][faction]
    return [{"monster": u["id"]} for u in data.faction(faction)["units"] if u["kind"] == "monster"
            and can_act(state, faction, costs.summon_cost(state, faction, u["id"], mine))]


def awakenings(state: dict, faction: str) -> list[dict]:
    if board.has_board(state):
        return board_awakenings(state, faction)
    mine = state["factions"][faction]
    return [{"great_old_one": goo} for goo, where in mine["great_old_ones"].items()
            if where == "pool" and can_act(state, faction, costs.awaken_cost(state, faction, goo, mine))]


def unique_actions(state: dict, faction: str) -> list[dict]:
    mine, king = state["factions"][faction], [a["id"] for a in data.maps()[state["map"]]["areas"]]
    if board.has_board(state):
        king_area = board.great_old_one_area(state, faction, "king_in_yellow")
        extra = {"unsubmerge": {"area": king[0]}}
        allowed = [name for name in costs.unique_actions(faction)
                   if effects.unique_allowed(mine, name) and (name != "avatar" or not state.get("avatar"))
                   and can_act(state, faction, costs.unique_cost(faction, name, mine))
                   and (name != "desecrate" or king_area not in state["desecrated"])
                   and (name != "submerge" or board_submerge_open(state, faction))
                   and not (mine["acted"] and mine.get("second_action") == name)]
        return [choice for name in allowed
                for choice in (map_unique_choices(state, faction, name) if name in effects.MAP_UNIQUE
                               else desecrations(state, faction, king_area) if name == "desecrate"
                               else [{"name": name, **extra.get(name, {})}])]
    return [{"name": name, **({"units_there": 2, "area": king[0]} if name == "desecrate" else {})}
            for name in costs.unique_actions(faction)
            if effects.unique_allowed(mine, name) and can_act(state, faction, costs.unique_cost(faction, name, mine))]


def desecrations(state: dict, faction: str, area: str) -> list[dict]:
    """Desecrate in the King in Yellow's area, with each unit it may place there (none left: none)."""
    units = effects.desecration_units(state, faction)
    return [{"name": "desecrate", "area": area, **({"unit": unit} if unit else {})} for unit in units or [None]]


class Probe(dict):
    """An action's payload as an effect's check reads it (`act["field"]`)."""

    def __getitem__(self, key):
        return self.get(key)


def map_unique_choices(state: dict, faction: str, name: str) -> list[dict]:
    """Dreams and Zingaya: each area and enemy the board allows; Shriek of the
    Byakhee: every area, with all the Byakhee standing elsewhere."""
    check = effects.MAP_UNIQUE[name][0]
    if name == "avatar":
        candidates = [{"name": name, "area": area, "victim": victim, **({"unit": unit} if victim == faction else {})}
                      for area in map_areas(state) for victim in board.factions_in(state, area)
                      for unit in (effects.swappable(state, area, victim) if victim == faction else [None])]
    elif name == "the_screaming_dead":
        start = board.great_old_one_area(state, faction, "king_in_yellow")
        undead = board.units_in(state, start, faction).get("undead", 0) if start else 0
        candidates = [{"name": name, "area": area, "followers": undead}
                      for area in sorted(board.within(state, start, 1))] if start else []
    elif name == "he_who_is_not_to_be_named":
        candidates = [{"name": name, "area": area} for area in map_areas(state)]
    elif name == "shriek_of_the_byakhee":
        flocks = {a: board.units_in(state, a, faction).get("byakhee", 0) for a in board.areas_with(state, faction)}
        candidates = [{"name": name, "area": area, "from_areas": {a: n for a, n in flocks.items() if n and a != area}}
                      for area in map_areas(state)]
    else:
        candidates = [{"name": name, "area": area, "victim": victim} for area in map_areas(state)
                      for victim in board.factions_in(state, area) if victim != faction]
    out = []
    for payload in candidates:
        try:
            check(Probe(payload), state, faction)
        except ActionError:
            continue
        out.append(payload)
    return out


def avatar_choices(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    faction = effects.faction_of(state, seat.id) if seat is not None else None
    pending = state.get("avatar")
    if not pending or faction != pending["victim"]:
        return []
    return [{"unit": unit} for unit in effects.swappable(state, pending["area"], faction)]


def board_submerge_open(state: dict, faction: str) -> bool:
    area = board.great_old_one_area(state, faction, "cthulhu")
    return bool(area) and board.areas(state)[area]["ocean"]


def battles_to_declare(state: dict, faction: str) -> list[dict]:
    mine = state["factions"][faction]
    if not can_act(state, faction, 1, unlimited=spellbooks.battle_is_unlimited(mine, state["players"])):
        return []
    if board.has_board(state):
        return [{"defender": enemy, "area": area} for area in board.areas_with(state, faction)
                for enemy in board.factions_in(state, area) if enemy != faction]
    attackers = {"cultist": mine["counts"]["cultists"]} if mine["counts"]["cultists"] else {}
    attackers.update({goo: 1 for goo, where in mine["great_old_ones"].items() if where == "map"})
    return [{"defender": enemy, "attacker_units": attackers,
             "defender_units": {"cultist": theirs["counts"]["cultists"]}}
            for enemy, theirs in state["factions"].items()
            if enemy != faction and attackers and theirs["counts"]["cultists"]]


def battle_rolls(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    battle, faction = state.get("battle"), effects.faction_of(state, seat.id) if seat is not None else None
    if flow.phase_of(state) != "action" or not battle or battle["outcome"] is not None or battle.get("removal"):
        return []
    return [{}] if faction in (battle["attacker"], battle["defender"]) else []


def books_earned(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    """On the board: each requirement the map shows met, with each book left (others are ticked by hand)."""
    faction = effects.faction_of(state, seat.id) if seat is not None else None
    if faction not in state["factions"] or not board.has_board(state) or flow.phase_of(state) in ("end", "over"):
        return []
    mine = state["factions"][faction]
    left = [b for b in data.spellbook_ids(faction) if b not in mine["spellbooks"]]
    return [{"requirement": r, "spellbook": b} for r in sorted(requirements_met(state, faction)) for b in left]


def loss_choices(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    faction = effects.faction_of(state, seat.id) if seat is not None else None
    if flow.phase_of(state) != "action":
        return []
    return battles.loss_choices(state, faction)


def retreat_choices(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    faction = effects.faction_of(state, seat.id) if seat is not None else None
    if flow.phase_of(state) != "action":
        return []
    return battles.retreat_choices(state, faction)


def necrophagy_choices(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    faction = effects.faction_of(state, seat.id) if seat is not None else None
    if flow.phase_of(state) != "action":
        return []
    return battle_books.necrophagy_choices(state, faction)


def harbinger_choices(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    faction = effects.faction_of(state, seat.id) if seat is not None else None
    if flow.phase_of(state) != "action":
        return []
    return [{"great_old_one": goo, "take": take} for goo in battles.harbinger_targets(state, faction)
            for take in ("power", "elder_signs")]


def pre_battle_choices(name: str):
    """open(): the ready-made payloads of a pre-battle spellbook for a faction in the battle."""
    def open_(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
        faction = effects.faction_of(state, seat.id) if seat is not None else None
        if flow.phase_of(state) != "action":
            return []
        return battle_books.offered(state, faction, name)
    return open_


def removal_choices(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    faction = effects.faction_of(state, seat.id) if seat is not None else None
    if flow.phase_of(state) != "action":
        return []
    return battle_books.removal_choices(state, faction)


def reveals(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    """A seat's own signs (its own secret): one value at a time."""
    faction = effects.faction_of(state, seat.id) if seat is not None else None
    if faction not in state["factions"] or flow.phase_of(state) == "over":
        return []
    return [{"values": [value]} for value in sorted(set(state["secrets"].get(seat.id, {}).get("elder_signs", [])))]


def gate_to_control(state: dict, faction: str) -> list[dict]:
    if not (state["abandoned_gates"] > 0 and can_act(state, faction, unlimited=True)):
        return []
    if not board.has_board(state):
        return [{}]
    return [{"area": a} for a, owner in state["board"]["gates"].items()
            if owner is None and board.holds_gate(state, a, faction)]


def gate_to_abandon(state: dict, faction: str) -> list[dict]:
    if not (state["factions"][faction]["counts"]["gates"] > 0 and can_act(state, faction, unlimited=True)):
        return []
    if not board.has_board(state):
        return [{}]
    return [{"area": a} for a in board.controlled_gates(state, faction)]


def sacrifices(state: dict, faction: str) -> list[dict]:
    if not sacrifice_open(state, faction):
        return []
    if not board.has_board(state):
        return [{}]
    return [{"area": a} for a in board.areas_with(state, faction) if board.units_in(state, a, faction).get("cultist")]


# -- history lines ----------------------------------------------------------------------
# What each action did, which, where, how many and to
# whom, built from the payload as the reader may see it (a drawn elder sign's
# value never: only how many were drawn). The platform puts who acted first,
# so no line names the player.
History = Callable[[Action, dict, dict], tuple]


def name(text: str) -> Msg:
    """A name from the data (faction, unit, area, spellbook): an English msgid."""
    return Msg(text)


def area_name(state: dict, area: str | None) -> Msg | None:
    for map_ in data.maps().values():
        for known in map_["areas"]:
            if known["id"] == area:
                return name(known["name"])
    return None


def unit_name(faction: str | None, unit: str) -> Msg:
    for faction_id in ([faction] if faction in data.factions() else []) + list(data.factions()):
        units = data.units(faction_id)
        if unit in units:
            return name(units[unit]["name"])
    return name(unit)


def faction_name(faction: str) -> Msg:
    return name(data.faction(faction)["name"])


def role(action: Action, seats: dict) -> str | None:
    seat = seats.get(action.seat) if action.seat else None
    return seat.role if isinstance(seat, Seat) else None


def said(msgid: str) -> History:
    return lambda action, seats, state: (msgid, {})


def signs_drawn(payload: dict) -> int:
    drawn = payload.get("drawn")
    return len(drawn) if isinstance(drawn, list) else int(payload.get("drawn_count") or 0)


WITH_SIGNS = NP_("%(line)s and drew %(count)d elder sign", "%(line)s and drew %(count)d elder signs")


def and_signs(history: History) -> History:
    """The line, and how many elder signs the action drew (when it drew any)."""
    def line(action: Action, seats: dict, state: dict) -> tuple:
        msgid, params = history(action, seats, state)
        count = signs_drawn(action.payload)
        return (WITH_SIGNS, {"line": Sentences([(msgid, params)]), "count": count}) if count else (msgid, params)
    return line


# -- one function per action that names more than its type ------------------------------
def gates_placed(action, seats, state):
    first, second = action.payload["areas"]
    return N_("placed the two gates in %(first)s and %(second)s"), {
        "first": area_name(state, first), "second": area_name(state, second)}


def starts_picked(action, seats, state):
    (one, one_area), (other, other_area) = sorted(action.payload["starts"].items())
    return N_("picked the start areas: %(one)s in %(one_area)s, %(other)s in %(other_area)s"), {
        "one": faction_name(one), "one_area": area_name(state, one_area),
        "other": faction_name(other), "other_area": area_name(state, other_area)}


def first_chosen(action, seats, state):
    return N_("chose %(faction)s to go first"), {"faction": faction_name(action.payload["faction"])}


def direction_chosen(action, seats, state):
    if action.payload["direction"] == "clockwise":
        return N_("chose to play clockwise"), {}
    return N_("chose to play counter-clockwise"), {}


def moved(action, seats, state):
    payload = action.payload
    count = payload.get("units") or sum((payload.get("moves") or {}).values())
    return NP_("moved %(count)d unit", "moved %(count)d units"), {"count": count}


def in_area(state, payload: dict, plain: str, there: str) -> tuple:
    """`there` naming the payload's area when it has one, else `plain`."""
    area = area_name(state, payload.get("area"))
    return (there, {"area": area}) if area else (plain, {})


def recruited(action, seats, state):
    return in_area(state, action.payload, N_("recruited a cultist"), N_("recruited a cultist in %(area)s"))


def gate_built(action, seats, state):
    return in_area(state, action.payload, N_("built a gate"), N_("built a gate in %(area)s"))


def gate_controlled(action, seats, state):
    return in_area(state, action.payload, N_("took control of an abandoned gate"),
                   N_("took control of the abandoned gate in %(area)s"))


def gate_abandoned(action, seats, state):
    return in_area(state, action.payload, N_("abandoned a gate"), N_("abandoned the gate in %(area)s"))


def captured(action, seats, state):
    return N_("captured a cultist of %(victim)s"), {"victim": faction_name(action.payload["victim"])}


class UnitList(Msg):
    """Units and how many of each ("Dark Young × 2, Ghoul"), each name translated."""

    def __new__(cls, units: list[tuple[Msg, int]]) -> UnitList:
        made = super().__new__(cls, ", ".join(f"{n} × {count}" if count > 1 else n for n, count in units))
        made.units = units
        return made

    def __getnewargs__(self):
        return (self.units,)

    def translated(self, translate: Callable[[str], str], language: str | None = None) -> str:
        return ", ".join(f"{translate(n)} × {count}" if count > 1 else translate(n) for n, count in self.units)


def summoned(action, seats, state):
    payload, faction = action.payload, role(action, seats)
    wanted = payload.get("units") or {payload["monster"]: payload.get("count") or 1}
    units = [(unit_name(faction, unit), n) for unit, n in wanted.items() if n]
    return NP_("summoned %(count)d monster: %(monsters)s", "summoned %(count)d monsters: %(monsters)s"), {
        "count": sum(n for _, n in units), "monsters": UnitList(units)}


def awakened(action, seats, state):
    return N_("awakened %(great_old_one)s"), {
        "great_old_one": unit_name(role(action, seats), action.payload["great_old_one"])}


def unique_taken(action, seats, state):
    payload = action.payload
    if payload.get("name") in MAP_LINES and payload.get("area"):
        return MAP_LINES[payload["name"]](payload, role(action, seats), state)
    params = {"action": name(UNIQUE_ACTIONS[payload["name"]]), "die": payload.get("die")}
    area = area_name(state, payload.get("area"))
    if payload["name"] == "desecrate" and area and "desecrated" in payload:
        return desecrated(payload, role(action, seats), params | {"area": area})
    if area and isinstance(params["die"], int):
        return N_("took the unique action %(action)s in %(area)s and rolled %(die)d"), params | {"area": area}
    if isinstance(params["die"], int):
        return N_("took the unique action %(action)s and rolled %(die)d"), params
    return N_("took the unique action %(action)s"), {"action": params["action"]}


def desecrated(payload: dict, faction: str | None, params: dict) -> tuple:
    """Desecrate: the roll, whether the token went down, and the unit placed."""
    if payload["desecrated"]:
        line = N_("took the unique action %(action)s in %(area)s and rolled %(die)d: the area is desecrated")
    else:
        line = N_("took the unique action %(action)s in %(area)s and rolled %(die)d: no desecration")
    if payload.get("unit"):
        return N_("%(line)s; placed %(unit)s there"), {
            "line": Sentences([(line, params)]), "unit": unit_name(faction, payload["unit"])}
    return line, params


def shriek_line(payload: dict, faction: str | None, state: dict) -> tuple:
    flocks = [(area_name(state, a) or name(a), n) for a, n in (payload.get("from_areas") or {}).items() if n]
    return NP_("used %(action)s: %(count)d Byakhee flew to %(area)s from %(from)s",
               "used %(action)s: %(count)d Byakhee flew to %(area)s from %(from)s"), {
        "action": name(UNIQUE_ACTIONS["shriek_of_the_byakhee"]), "count": sum(n for _, n in flocks),
        "area": area_name(state, payload["area"]), "from": UnitList(flocks)}


def zingaya_line(payload: dict, faction: str | None, state: dict) -> tuple:
    return N_("used %(action)s in %(area)s: a cultist of %(victim)s became %(unit)s"), {
        "action": name(UNIQUE_ACTIONS["zingaya"]), "area": area_name(state, payload["area"]),
        "victim": faction_name(payload["victim"]), "unit": unit_name("yellow_sign", "undead")}


def dreams_line(payload: dict, faction: str | None, state: dict) -> tuple:
    params = {"action": name(UNIQUE_ACTIONS["dreams"]), "area": area_name(state, payload["area"]),
              "victim": faction_name(payload["victim"])}
    if payload.get("gate_taken"):
        return N_("used %(action)s in %(area)s: replaced a cultist of %(victim)s with their own, "
                  "and took its gate"), params
    return N_("used %(action)s in %(area)s: replaced a cultist of %(victim)s with their own"), params


def great_old_one_moved(goo: str):
    def line(payload: dict, faction: str | None, state: dict) -> tuple:
        params = {"action": name(UNIQUE_ACTIONS[payload["name"]]), "unit": unit_name("yellow_sign", goo),
                  "area": area_name(state, payload["area"])}
        if payload.get("followers"):
            return NP_("used %(action)s: %(unit)s moved to %(area)s with %(count)d Undead",
                       "used %(action)s: %(unit)s moved to %(area)s with %(count)d Undead"), params | {
                "count": payload["followers"]}
        return N_("used %(action)s: %(unit)s moved to %(area)s"), params
    return line


def avatar_line(payload: dict, faction: str | None, state: dict) -> tuple:
    params = {"action": name(UNIQUE_ACTIONS["avatar"]), "area": area_name(state, payload["area"]),
              "victim": faction_name(payload["victim"])}
    if payload.get("swapped"):
        return N_("used %(action)s: Shub-Niggurath swapped places with %(unit)s of %(victim)s in %(area)s"), params | {
            "unit": unit_name(payload["victim"], payload["swapped"])}
    return N_("used %(action)s on %(victim)s in %(area)s: they choose the unit that swaps with Shub-Niggurath"), params


def avatar_chosen(action, seats, state):
    return N_("chose %(unit)s to swap places with Shub-Niggurath"), {
        "unit": unit_name(role(action, seats), action.payload["unit"])}


#: History lines of the unique actions carried out on the board.
MAP_LINES = {"avatar": avatar_line, "shriek_of_the_byakhee": shriek_line, "zingaya": zingaya_line,
             "dreams": dreams_line,
             "the_screaming_dead": great_old_one_moved("king_in_yellow"),
             "he_who_is_not_to_be_named": great_old_one_moved("hastur")}


def battle_declared(action, seats, state):
    payload = action.payload
    params = {"defender": faction_name(payload["defender"])}
    area = area_name(state, payload.get("area"))
    if area:
        return N_("declared a battle against %(defender)s in %(area)s"), params | {"area": area}
    return N_("declared a battle against %(defender)s"), params


def battle_side(payload: dict, side: str) -> Sentences:
    record = combat.results(payload[f"{side}_roll"])
    faces = " ".join(str(face) for face in record["faces"]) or "—"
    typed = bool(payload.get(f"{side}_faces"))
    message = N_("typed %(faces)s (kills %(kills)d, pains %(pains)d)") if typed \
        else N_("rolled %(faces)s (kills %(kills)d, pains %(pains)d)")
    return Sentences([(message, {"faces": faces, "kills": record["kills"], "pains": record["pains"]})])


def battle_rolled(action, seats, state):
    return N_("resolved the battle: the attacker %(attacker)s; the defender %(defender)s"), {
        side: battle_side(action.payload, side) for side in ("attacker", "defender")}


def harbinger_used(action, seats, state):
    payload = action.payload
    params = {"great_old_one": unit_name(None, payload["great_old_one"])}
    if payload["take"] == "power":
        return N_("used The Harbinger on %(great_old_one)s for power"), params
    return N_("used The Harbinger on %(great_old_one)s"), params


def units_of(faction: str | None, units: dict) -> UnitList:
    return UnitList([(unit_name(faction, u), n) for u, n in units.items() if n])


def pre_battle_line(action, seats, state):
    """What a pre-battle spellbook did: which units, whose, where they came from."""
    payload, faction = action.payload, role(action, seats)
    kind = action.type.removeprefix("battle.")
    params = {"action": name(battle_books.spellbook_name(kind))}
    enemy = payload.get("enemy")
    if kind in ("devour", "abduct"):
        removed = payload.get("removed")
        params |= {"victim": faction_name(enemy) if enemy else "—"}
        if kind == "abduct":
            params["count"] = payload.get("count") or 1
        if removed is not None:
            params["units"] = units_of(enemy, removed)
            if kind == "devour":
                return N_("used %(action)s: %(victim)s lost %(units)s"), params
            return NP_("used %(action)s: %(count)d Nightgaunt left the battle and %(victim)s lost %(units)s",
                       "used %(action)s: %(count)d Nightgaunts left the battle and %(victim)s lost %(units)s"), params
        if kind == "devour":
            return N_("used %(action)s: %(victim)s chooses a unit to lose"), params
        return NP_("used %(action)s: %(count)d Nightgaunt left the battle; "
                   "%(victim)s chooses as many units to lose",
                   "used %(action)s: %(count)d Nightgaunts left the battle; "
                   "%(victim)s chooses as many units to lose"), params
    if kind == "invisibility":
        own, theirs = payload.get("units") or {}, payload.get("enemy_units") or {}
        units = UnitList([(unit_name(faction, u), n) for u, n in own.items() if n]
                         + [(unit_name(enemy, u), n) for u, n in theirs.items() if n])
        return N_("used %(action)s: %(units)s sit out the battle"), params | {"units": units}
    if kind == "seek_and_destroy":
        flocks = [(area_name(state, a) or name(a), n) for a, n in (payload.get("from_areas") or {}).items() if n]
        return NP_("used %(action)s: %(count)d Hunting Horror joined the battle from %(from)s",
                   "used %(action)s: %(count)d Hunting Horrors joined the battle from %(from)s"), params | {
            "count": sum(n for _, n in flocks), "from": UnitList(flocks)}
    units = payload.get("units") or {}
    return NP_("used %(action)s: the Shoggoth absorbed %(units)s for %(dice)d more dice",
               "used %(action)s: the Shoggoth absorbed %(units)s for %(dice)d more dice"), params | {
        "units": units_of(faction, units), "dice": battles.ABSORB_DICE * sum(units.values()),
        "count": battles.ABSORB_DICE * sum(units.values())}


def called_off(history: History) -> History:
    """The line, and that the battle was called off when a side was left with no unit."""
    def line(action: Action, seats: dict, state: dict) -> tuple:
        msgid, params = history(action, seats, state)
        if action.payload.get("called_off"):
            called_off = N_("%(line)s; a side has no unit left: the battle is called off")
            return called_off, {"line": Sentences([(msgid, params)])}
        return msgid, params
    return line


def units_removed(action, seats, state):
    return N_("removed %(units)s from the battle"), {
        "units": units_of(role(action, seats), action.payload.get("units") or {})}


def book_taken(action, seats, state):
    payload = action.payload
    books = {b["id"]: b["name"] for f in data.factions() for b in data.faction(f)["spellbooks"]}
    params = {"spellbook": name(books[payload["spellbook"]])}
    if payload.get("target"):
        return N_("took the spellbook %(spellbook)s, giving %(target)s doom"), params | {
            "target": faction_name(payload["target"])}
    return N_("took the spellbook %(spellbook)s"), params


def revealed(action, seats, state):
    values = [v for v in action.payload["values"] if isinstance(v, int)]
    return NP_("revealed %(count)d elder sign for %(doom)d doom", "revealed %(count)d elder signs for %(doom)d doom"), {
        "count": len(values), "doom": sum(values)}


COUNT_NAMES = {
    "cultists": N_("cultists on the map"), "gates": N_("gates controlled"), "captives": N_("captives"),
    "feast_areas": N_("Feast areas"), "dark_young": N_("Dark Young on the map"),
    "enemy_ocean_gates": N_("enemy ocean gates"),
}


def count_set(action, seats, state):
    return N_("set their %(what)s to %(value)d"), {
        "what": Msg(COUNT_NAMES[action.payload["count"]]), "value": action.payload["value"]}


def count_adjusted(action, seats, state):
    return N_("changed their %(what)s by %(delta)+d"), {
        "what": Msg(COUNT_NAMES[action.payload["count"]]), "delta": action.payload["delta"]}


def abandoned_set(action, seats, state):
    return N_("set the abandoned gates to %(value)d"), {"value": action.payload["value"]}


def great_old_one_placed(action, seats, state):
    where = {"pool": N_("put %(great_old_one)s back in the pool"), "map": N_("put %(great_old_one)s on the map"),
             "submerged": N_("submerged %(great_old_one)s")}[action.payload["where"]]
    return where, {"great_old_one": unit_name(role(action, seats), action.payload["great_old_one"])}


def default_corrected(action, seats, state):
    payload = action.payload
    message = N_("corrected the cost of %(unit)s to %(value)d") if payload["field"] == "cost" \
        else N_("corrected the combat of %(unit)s to %(value)d")
    return message, {"unit": unit_name(payload["faction"], payload["unit"]), "value": payload["value"]}


def neighbours_corrected(action, seats, state):
    payload = action.payload
    near = [(area_name(state, a) or name(a), 1) for a in sorted(set(payload.get("neighbours") or []))]
    return N_("corrected the neighbours of %(area)s to %(neighbours)s"), {
        "area": area_name(state, payload["area"]) or name(payload["area"]), "neighbours": UnitList(near)}


def ritual_track_corrected(action, seats, state):
    return N_("corrected the ritual track to %(spaces)s"), {"spaces": action.payload["spaces"]}


class Retreats(Msg):
    """Units and where they retreated ("Shoggoth → Europe, Cultist × 2 → Africa"), names translated."""

    def __new__(cls, moves: list[tuple[Msg, int, Msg]]) -> Retreats:
        made = super().__new__(cls, ", ".join(f"{u} × {n} → {a}" if n > 1 else f"{u} → {a}" for u, n, a in moves))
        made.moves = moves
        return made

    def __getnewargs__(self):
        return (self.moves,)

    def translated(self, translate: Callable[[str], str], language: str | None = None) -> str:
        return ", ".join(f"{translate(u)} × {n} → {translate(a)}" if n > 1 else f"{translate(u)} → {translate(a)}"
                         for u, n, a in self.moves)


def retreats_chosen(action, seats, state):
    """Madness: where Crawling Chaos sent the enemy's pained units."""
    payload = action.payload
    victim = payload.get("victim")
    if payload.get("eliminated"):
        return N_("used Madness: %(victim)s had nowhere left to retreat and lost %(unit)s"), {
            "victim": faction_name(victim) if victim else "—", "unit": unit_name(victim, payload["eliminated"])}
    moves = [(unit_name(victim, unit), n, area_name(state, area) or name(area))
             for key, n in (payload.get("retreats") or {}).items() if n for unit, _, area in [key.partition(":")]]
    return N_("used Madness: the pained units of %(victim)s retreated: %(retreated)s"), {
        "victim": faction_name(victim) if victim else "—", "retreated": Retreats(moves)}


def necrophagy_used(action, seats, state):
    """Necrophagy: how many Ghouls came, from where, and the pains they add."""
    payload = action.payload
    flocks = [(area_name(state, a) or name(a), n) for a, n in (payload.get("from_areas") or {}).items() if n]
    count = sum(n for _, n in flocks)
    if not count:
        return N_("declined Necrophagy"), {}
    return NP_("used Necrophagy: %(count)d Ghoul came to %(area)s from %(from)s; both sides suffer %(count)d "
               "pain more",
               "used Necrophagy: %(count)d Ghouls came to %(area)s from %(from)s; both sides suffer %(count)d "
               "pains more"), {"count": count, "area": area_name(state, payload.get("area")) or "—",
                               "from": UnitList(flocks)}


def losses_taken(action, seats, state):
    """"killed: Cultist × 2; retreated: Shoggoth to Europe" for one side of a battle."""
    payload = action.payload
    killed = dict(payload.get("killed") or {})
    if payload.get("emissary"):  # Emissary of the Outer Gods: Nyarlathotep was pained, not killed
        killed.pop("nyarlathotep", None)
    if payload.get("eliminated"):
        killed[payload["eliminated"]] = killed.get(payload["eliminated"], 0) + 1
    regenerated = [r for r in payload.get("starspawn") or [] if r == "kill-kill"]
    if regenerated:  # Regenerate: a Starspawn dies of two kills
        killed["starspawn"] = killed.get("starspawn", 0) + len(regenerated)
    battle = state.get("battle") or {}
    owner = None
    for side in ("attacker", "defender"):
        if (battle.get("losses") or {}).get(side) and battle["losses"][side].get("killed") == {
                u: n for u, n in (payload.get("killed") or {}).items() if n}:
            owner = battle[side]
    retreated = [(unit_name(owner, unit), n, area_name(state, area) or name(area))
                 for unit, _, area in (key.partition(":") for key in (payload.get("retreats") or {}))
                 for n in [payload["retreats"][f"{unit}:{area}"]] if n]
    params = {"killed": UnitList([(unit_name(owner, u), n) for u, n in killed.items() if n]) if killed else "—",
              "retreated": Retreats(retreated) if retreated else "—"}
    return N_("carried out the battle's results: killed %(killed)s; retreated %(retreated)s"), params


ACTION_PHASE = "action"


# Actions that may draw elder signs, whose values only the drawing faction sees.
ELDER_SIGN_DRAWS = frozenset({"ritual.perform", "awaken", "events.blood_sacrifice", "harbinger",
                              "spellbook.earn", "unique"})


def spec(type_, doc, *fields, effect, line, seat_may_undo=True, open=None):
    """`line`: the history line, a msgid or a function of (action, seats, state)
    (above); an action that draws elder signs also says how many."""
    secret = type_ in ELDER_SIGN_DRAWS
    history = said(line) if isinstance(line, str) else line
    return ActionSpec(type_, doc, tuple(fields), seat_may_undo=seat_may_undo, secret_draws=secret,
                      effect=effect, history=and_signs(history) if secret else history,
                      redact=draw_hidden if secret else None, open=open)


ACTIONS = (
    spec("setup.gates", "Two players: place the two gates, `areas` (two area ids).",
         Collected("areas", shape="list", max_items=2),
         effect=effects.place_gates, line=gates_placed,
         open=opener("setup", "place_gates", on_turn=False, choices=gate_pairs)),
    spec("setup.starts", "Two players: the start area of each faction, `starts` ({faction: area}).",
         Collected("starts", shape="names", max_items=4),
         effect=effects.pick_starts, line=starts_picked,
         open=opener("setup", "pick_starts", on_turn=False, choices=start_areas)),
    spec("power.gather", "Gather power for every faction from its counts (then the minimum rule).",
         effect=effects.gather, line=N_("gathered power for everyone"),
         open=opener("gather", on_turn=False)),
    spec("first_player.choose", "The previous first player picks the first player among those tied, `faction`.",
         Choice("faction", choices=FACTIONS),
         effect=effects.choose_first, line=first_chosen,
         open=opener("first_player", "choose_first", choices=tied_factions)),
    spec("direction.choose", "The first player picks the `direction` of play for the round.",
         Choice("direction", choices=("clockwise", "counterclockwise")),
         effect=effects.choose_direction, line=direction_chosen,
         open=opener("first_player", "choose_direction", choices=directions)),
    spec("ritual.perform", "Perform the Ritual of Annihilation on your doom-phase turn (elder signs drawn secretly).",
         effect=effects.ritual, line=N_("performed the Ritual of Annihilation"),
         open=opener("doom", "rituals", choices=if_(ritual_open))),
    spec("ritual.skip", "Decline the ritual this doom phase.",
         effect=effects.skip_ritual, line=N_("declined the ritual"),
         open=opener("doom", "rituals")),
    spec("events.blood_sacrifice",
         "Black Goat: remove a cultist for an elder sign (doom phase, Shub-Niggurath in play).",
         area_field(),
         effect=effects.blood_sacrifice, line=N_("made a Blood Sacrifice"),
         open=opener("doom", "events", choices=sacrifices)),
    spec("events.done", "Finish your special events of the doom phase.",
         effect=effects.events_done, line=N_("finished their special events"),
         open=opener("doom", "events")),
    spec("recruit", "Recruit a cultist (1 power); on a board table in `area`, where you have a unit.",
         area_field(),
         effect=effects.recruit, line=recruited,
         open=opener(ACTION_PHASE, choices=recruits)),
    spec("gate.build", "Build a gate (3 power); on a board table in `area`, where your cultist is and no gate.",
         area_field(),
         effect=effects.build_gate, line=gate_built,
         open=opener(ACTION_PHASE, choices=gate_builds)),
    spec("move", "Move `units` units (1 power each); on a board table `moves` instead: "
         "{\"unit:from_area:to_area\": count} (or {\"unit:from_area\": count} with `to` {\"unit:from_area\": area}), "
         "each unit once, to a neighbouring area (Flight: 2 away).",
         Int("units", default=None, min=1, max=60), Collected("moves", default=None, key_length=80),
         Collected("to", shape="names", default=None, key_length=80),
         effect=effects.move, line=moved,
         open=opener(ACTION_PHASE, choices=moves)),
    spec("capture", "Capture a cultist of faction `victim` (1 power); on a board table in `area`.",
         Choice("victim", choices=FACTIONS), area_field(),
         effect=effects.capture, line=captured,
         open=opener(ACTION_PHASE, choices=captures)),
    spec("summon",
         "Summon monsters: `units` ({unit id: count}) or `monster` and `count`; one monster except Black Goat.",
         Collected("units", default=None), Choice("monster", default=None, choices=MONSTERS),
         optional_int("count", 1, 9), area_field(),
         effect=effects.summon, line=summoned,
         open=opener(ACTION_PHASE, choices=summons)),
    spec("awaken", "Awaken `great_old_one` at its cost; on a board table in `area`, its card's requirements checked.",
         Choice("great_old_one", choices=GREAT_OLD_ONES), area_field(),
         effect=effects.awaken, line=awakened,
         open=opener(ACTION_PHASE, choices=awakenings)),
    spec("unique", "A faction's unique action `name` at its cost; Desecrate takes `units_there` and `area` "
         "(on a board table: the King in Yellow's area and his units there, and `unit`, the monster or cultist "
         "of cost 2 or less from the pool it places there either way). "
         "On a board table: Dreams and Zingaya take `area` and the enemy `victim` whose cultist is replaced; "
         "Shriek of the Byakhee takes `area` (where they fly) and `from_areas` ({area: Byakhee}); "
         "The Screaming Dead takes `area` (a neighbour of the King in Yellow's) and `followers` (his Undead "
         "that go with him); He Who is Not to be Named takes `area` (one with a cultist). Both of those "
         "give a second, other action. Avatar takes `area` and `victim` (any faction, yours too) and, for "
         "your own units, `unit`; an enemy with a choice to make then picks it (`avatar.choose`).",
         Choice("name", choices=UNIQUE), optional_int("units_there", 0, 99),
         Choice("area", default=None, choices=AREAS), Choice("victim", default=None, choices=FACTIONS),
         Collected("from_areas", default=None, high=6), optional_int("followers", 0, 6),
         Choice("unit", default=None, choices=UNITS),
         effect=effects.unique, line=unique_taken,
         open=opener(ACTION_PHASE, choices=unique_actions)),
    spec("avatar.choose",
         "The faction Avatar chose: which of its `unit`s in the area swaps places with Shub-Niggurath.",
         Choice("unit", choices=UNITS),
         effect=effects.avatar_choose, line=avatar_chosen, open=avatar_choices),
    spec("gate.control", "Free: one of your cultists takes an abandoned gate (on a board table, in `area`).",
         area_field(),
         effect=effects.control_gate, line=gate_controlled,
         open=opener(ACTION_PHASE, choices=gate_to_control)),
    spec("gate.abandon", "Free: leave one of your gates (it becomes abandoned; on a board table, in `area`).",
         area_field(),
         effect=effects.abandon_gate, line=gate_abandoned,
         open=opener(ACTION_PHASE, choices=gate_to_abandon)),
    spec("pass", "Can't or won't act: your power drops to 0.",
         effect=effects.pass_turn, line=N_("passed (power to 0)"),
         open=opener(ACTION_PHASE)),
    spec("turn.end", "End your turn after your action.",
         effect=effects.end_turn, line=N_("ended their turn"),
         open=opener(ACTION_PHASE, choices=if_(lambda state, f: state["factions"][f]["acted"]))),
    spec("battle.declare",
         "Battle `defender` in `area`: `attacker_units` and `defender_units` ({unit: count}; on a board table "
         "they come from the map), optional `attacker_extra`/`defender_extra` dice.",
         Choice("defender", choices=FACTIONS), Collected("attacker_units", default=None),
         Collected("defender_units", default=None),
         Choice("area", default=None, choices=AREAS),
         optional_int("attacker_extra", 0, 60), optional_int("defender_extra", 0, 60),
         effect=battles.declare, line=battle_declared,
         open=opener(ACTION_PHASE, choices=battles_to_declare)),
    spec("battle.adjust",
         "Before the dice: your side's `units` ({unit: count}) and `extra` dice after pre-battle effects.",
         Collected("units"), optional_int("extra", 0, 60),
         effect=battles.adjust, line=N_("adjusted their side of the battle")),
    spec("battle.roll",
         "Roll the battle's dice, or give physical results `attacker_faces` / `defender_faces` (like \"6 4 1\").",
         Text("attacker_faces", default=None, max_length=200), Text("defender_faces", default=None, max_length=200),
         effect=battles.roll, line=battle_rolled,
         open=battle_rolls),
    spec("battle.losses",
         "On a board table, after the dice: one side's results, `killed` and `pained` ({unit: count}), "
         "`retreats` ({\"unit:area\": count}) for the pained, or `eliminated` (a pained unit) when none can "
         "retreat (with Crawling Chaos' Madness, it picks the areas next: `battle.retreats`). The attacker's side "
         "first; its owner chooses (Yellow Sign with Hastur in the battle). "
         "Great Cthulhu with Regenerate: `starspawn`, a list with each Starspawn's results (\"kill-kill\" kills "
         "it; \"kill-pain\", \"pain-pain\", \"kill\" or \"pain\" make it retreat), the rest in `killed` and "
         "`pained`.",
         Collected("killed", default=None), Collected("pained", default=None),
         Collected("retreats", default=None, key_length=80), Text("eliminated", default=None, max_length=40),
         Collected("starspawn", shape="list", default=None, max_items=2),
         effect=battles.losses, line=losses_taken,
         open=loss_choices),
    spec("battle.devour",
         "Great Cthulhu, before the dice, Cthulhu in the battle: the enemy removes one of its monsters or "
         "cultists there (it chooses with `battle.remove` when it has a choice).",
         effect=battle_books.devour, line=called_off(pre_battle_line), open=pre_battle_choices("devour")),
    spec("battle.abduct",
         "Crawling Chaos with Abduct, before the dice: `count` of its Nightgaunts in the battle are eliminated; "
         "the enemy removes as many of its monsters or cultists there (`battle.remove` when it has a choice).",
         optional_int("count", 1, 3),
         effect=battle_books.abduct, line=called_off(pre_battle_line), open=pre_battle_choices("abduct")),
    spec("battle.remove",
         "After Devour or Abduct, the enemy: which of its `units` ({unit: count}), monsters or cultists in the "
         "battle, are removed.",
         Collected("units"),
         effect=battle_books.remove, line=called_off(units_removed), open=removal_choices),
    spec("battle.invisibility",
         "Crawling Chaos with Invisibility, before the dice: one monster or cultist per Flying Polyp in the "
         "battle, `units` of its own and `enemy_units` ({unit: count}), sits out the battle.",
         Collected("units", default=None), Collected("enemy_units", default=None),
         effect=battle_books.invisibility, line=called_off(pre_battle_line),
         open=pre_battle_choices("invisibility")),
    spec("battle.seek_and_destroy",
         "Crawling Chaos with Seek and Destroy, before the dice: Hunting Horrors from other areas, "
         "`from_areas` ({area: count}), move into the battle.",
         Collected("from_areas", high=2),
         effect=battle_books.seek_and_destroy, line=called_off(pre_battle_line),
         open=pre_battle_choices("seek_and_destroy")),
    spec("battle.absorb",
         "Great Cthulhu with Absorb, before the dice, a Shoggoth in the battle: its own `units` there "
         "({\"cultist\"|\"deep_one\": count}) are eliminated, 3 more dice each.",
         Collected("units"),
         effect=battle_books.absorb, line=called_off(pre_battle_line), open=pre_battle_choices("absorb")),
    spec("battle.retreats",
         "Crawling Chaos with Madness, after an enemy side has assigned its results: where its pained units "
         "retreat, `retreats` ({\"unit:area\": count}), even from a battle Crawling Chaos is not in. With both "
         "sides waiting, Crawling Chaos orders the retreats: `side` (\"attacker\" or \"defender\"; without it, "
         "the attacker's first). A side the other's retreat left with no legal area loses one pained unit, "
         "`eliminated`, instead.",
         Collected("retreats", default=None, key_length=80), Choice("side", default=None, choices=battles.SIDES),
         Text("eliminated", default=None, max_length=40),
         effect=battles.retreat, line=retreats_chosen, open=retreat_choices),
    spec("battle.necrophagy",
         "Black Goat with Necrophagy, after a battle's results (any battle): Ghouls not in it, `from_areas` "
         "({area: count}), move to its area; each makes both sides suffer a pain more, carried out with "
         "`battle.losses`. No `from_areas`: declined.",
         Collected("from_areas", default=None, high=2),
         effect=battle_books.necrophagy, line=necrophagy_used, open=necrophagy_choices),
    spec("harbinger",
         "Crawling Chaos after Nyarlathotep's battle: for enemy `great_old_one`, `take` power or elder_signs.",
         Choice("great_old_one", choices=GREAT_OLD_ONES), Choice("take", choices=("power", "elder_signs")),
         effect=battles.harbinger, line=harbinger_used,
         open=harbinger_choices),
    spec("spellbook.earn",
         "Take `spellbook` for meeting `requirement` (optional `target` faction for Yellow Sign's doom gift).",
         Choice("requirement", choices=REQUIREMENTS), Choice("spellbook", choices=SPELLBOOKS),
         Choice("target", default=None, choices=FACTIONS), Collected("cultists_from", default=None),
         effect=effects.earn_spellbook, line=book_taken, open=books_earned),
    spec("elder_signs.reveal", "Reveal elder signs of the given `values` (a list) for doom.",
         Collected("values", shape="ints", low=1, high=3, max_items=36),
         effect=effects.reveal, line=revealed,
         open=reveals),
    spec("counts.set", "Set your count `count` (" + ", ".join(COUNTS) + ") to `value`.",
         Choice("count", choices=COUNTS), Int("value", min=0, max=MAX_COUNT),
         effect=effects.set_counts, line=count_set),
    spec("counts.adjust", "Add `delta` to your count `count` (" + ", ".join(COUNTS) + ").",
         Choice("count", choices=COUNTS), Int("delta", min=-MAX_COUNT, max=MAX_COUNT),
         effect=effects.adjust_count, line=count_adjusted),
    spec("abandoned.set", "Set the number of abandoned gates on the map, `value`.", Int("value", min=0, max=MAX_COUNT),
         effect=effects.set_abandoned, line=abandoned_set),
    spec("great_old_one.set", "Say where your `great_old_one` is: `where` = pool, map or submerged.",
         Choice("great_old_one", choices=GREAT_OLD_ONES), Choice("where", choices=WHERE),
         effect=effects.set_great_old_one, line=great_old_one_placed),
    spec("default.correct",
         "Correct a default from the printed components: `faction`, `unit`, `field` (cost or combat), `value`.",
         Choice("faction", choices=FACTIONS), Text("unit", max_length=40), Choice("field", choices=("cost", "combat")),
         Int("value", min=0, max=20),
         effect=effects.correct_default, line=default_corrected),
    spec("ritual_track.correct",
         "Correct the ritual track from the printed one: `spaces`, "
         "the costs before Instant Death (like \"5 6 7 8 9 10\").",
         Text("spaces", max_length=80),
         effect=effects.correct_ritual_track, line=ritual_track_corrected),
    spec("neighbours.correct",
         "Correct the map from the printed one: `area` and every one of its `neighbours` (a list of areas); "
         "the border changes on the other side too.",
         Choice("area", choices=AREAS), Collected("neighbours", shape="list", max_items=len(AREAS)),
         effect=board.correct_neighbours, line=neighbours_corrected),
    # Ending the game reveals every hidden sign: only the host may take it back.
    spec("game.settle", "At the end: reveal every hidden elder sign and name the winner.", seat_may_undo=False,
         effect=effects.settle, line=N_("revealed every elder sign and settled the game"),
         open=opener("end", on_turn=False)),
)
