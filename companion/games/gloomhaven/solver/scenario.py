"""Read a scenario dict (the contract's input), check it, and turn it into
immutable structures the solver works on.

Every problem raises `ScenarioError` with a one-line message that names the
figure, hex or field at fault.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from companion.kit.hexes import Hex, adjacent

SIDES = ("character", "summon", "monster")
TERRAIN_TYPES = ("obstacle", "trap", "hazardous", "difficult", "closed-door")
MOVEMENTS = ("normal", "jump", "fly")
#: What lies around the floor: "open" (the curated cases' board: the void
#: around the map's rectangle does not block sight) or "wall" (a real table).
OUTSIDES = ("open", "wall")
ALL_TARGETS = 10 ** 6  # "targets": "all"
CONDITIONS = ("poison", "wound", "immobilize", "disarm", "stun", "muddle", "curse",
              "invisible", "strengthen", "bless")


class ScenarioError(ValueError):
    """Malformed input. `str(error)` is a one-line message naming the problem."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class Figure:
    id: str
    side: str
    hex: Hex
    initiative: int | None = None
    summoner: str | None = None
    long_rest: bool = False
    invisible: bool = False
    damage: int | None = None  # hit points lost, when known (heals pick the most hurt)
    conditions: tuple = ()  # on the acting figure: stun, immobilize, disarm, muddle, strengthen count


@dataclass(frozen=True)
class Attack:
    range: int
    targets: int  # ALL_TARGETS for "all"
    aoe: tuple  # offsets, () when the attack has no area

    @property
    def ranged(self) -> bool:
        return self.range > 0


@dataclass(frozen=True)
class Action:
    move: int
    movement: str
    muddled: bool
    attack: Attack | None


@dataclass(frozen=True)
class Scenario:
    floor: frozenset
    walls: frozenset  # frozensets {a, b} of adjacent floor hexes
    terrain: Mapping  # hex -> type
    figures: tuple  # Figure, in input order
    active: Figure
    action: Action
    outside: str = "open"  # one of OUTSIDES
    card: tuple | None = None  # the whole ability card (card.Ability), when given (card.parse_scenario)
    elements: frozenset = frozenset()  # elements strong or waning as the turn starts
    consumed: frozenset = frozenset()  # elements its type already consumed this round
    coins: frozenset = frozenset()  # hexes holding money tokens (loot)


# -- parsing -----------------------------------------------------------------

def _hex(value: Any, what: str) -> Hex:
    if type(value) is list and len(value) == 2:
        q, r = value
        if type(q) is int and type(r) is int:
            return (q, r)
    if (
        isinstance(value, (list, tuple))
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        return (value[0], value[1])
    raise ScenarioError("%s must be a hex [q, r] of two integers, not %s" % (what, _show(value)))


def _show(value: Any) -> str:
    import json

    try:
        text = json.dumps(value)
    except (TypeError, ValueError, RecursionError):
        text = "a %s" % type(value).__name__
    return text if len(text) <= 60 else text[:57] + "..."


def _int(value: Any, what: str, low: int = 0, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ScenarioError("%s must be an integer, not %s" % (what, _show(value)))
    if value < low or (high is not None and value > high):
        bounds = "%d to %d" % (low, high) if high is not None else "at least %d" % low
        raise ScenarioError("%s must be %s, not %d" % (what, bounds, value))
    return value


def _bool(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise ScenarioError("%s must be true or false, not %s" % (what, _show(value)))
    return value


def _list(data: dict, key: str, required: bool = True) -> list:
    if key not in data:
        if required:
            raise ScenarioError('missing "%s"' % key)
        return []
    value = data[key]
    if not isinstance(value, list):
        raise ScenarioError('"%s" must be a list, not %s' % (key, _show(value)))
    return value


def parse(data: Any) -> Scenario:
    if not isinstance(data, dict):
        raise ScenarioError("a scenario must be a JSON object, not %s" % _show(data))
    rules = data.get("rules", "gloomhaven")
    if rules != "gloomhaven":
        raise ScenarioError('unsupported rules %s: only "gloomhaven" is known' % _show(rules))
    outside = data.get("outside", "open")
    if outside not in OUTSIDES:
        raise ScenarioError('"outside" must be "open" or "wall", not %s' % _show(outside))
    floor = _floor(data)
    walls = _walls(data, floor)
    terrain = _terrain(data, floor)
    figures = _figures(data, floor, terrain)
    action = _action(data.get("action"))
    return Scenario(
        floor=floor,
        walls=walls,
        terrain=MappingProxyType(terrain),
        figures=figures,
        active=_active(data, figures),
        action=action,
        outside=outside,
    )


def _on_map(h: Hex, floor: frozenset, what: str) -> Hex:
    if h not in floor:
        raise ScenarioError("%s: hex [%d, %d] is not on the map" % (what, h[0], h[1]))
    return h


def _floor(data: dict) -> frozenset:
    floor = set()
    for i, item in enumerate(_list(data, "hexes")):
        if type(item) is list and len(item) == 2 and type(item[0]) is int and type(item[1]) is int:
            floor.add((item[0], item[1]))  # the common case, checked fast
        else:
            floor.add(_hex(item, "hexes[%d]" % i))
    if not floor:
        raise ScenarioError('"hexes" is empty: the map has no floor')
    return frozenset(floor)


def _walls(data: dict, floor: frozenset) -> frozenset:
    walls = set()
    for i, item in enumerate(_list(data, "walls", required=False)):
        what = "walls[%d]" % i
        if not isinstance(item, (list, tuple)) or len(item) != 2:
            raise ScenarioError("%s must be a pair of hexes, not %s" % (what, _show(item)))
        a = _on_map(_hex(item[0], what), floor, what)
        b = _on_map(_hex(item[1], what), floor, what)
        if not adjacent(a, b):
            raise ScenarioError(
                "%s: hexes [%d, %d] and [%d, %d] are not adjacent" % (what, a[0], a[1], b[0], b[1])
            )
        walls.add(frozenset((a, b)))
    return frozenset(walls)


def _terrain(data: dict, floor: frozenset) -> dict:
    terrain = {}
    for i, item in enumerate(_list(data, "terrain", required=False)):
        what = "terrain[%d]" % i
        if not isinstance(item, dict):
            raise ScenarioError("%s must be an object with hex and type, not %s" % (what, _show(item)))
        h = _on_map(_hex(item.get("hex"), what + ".hex"), floor, what)
        kind = item.get("type")
        if kind not in TERRAIN_TYPES:
            raise ScenarioError(
                "%s: unknown terrain type %s (one of %s)" % (what, _show(kind), ", ".join(TERRAIN_TYPES))
            )
        if h in terrain and terrain[h] != kind:
            raise ScenarioError(
                "%s: hex [%d, %d] is both %s and %s" % (what, h[0], h[1], terrain[h], kind)
            )
        terrain[h] = kind
    return terrain


def _figures(data: dict, floor: frozenset, terrain: dict) -> tuple:
    figures = []
    by_id = {}
    by_hex = {}
    for i, item in enumerate(_list(data, "figures")):
        figure = _figure(item, "figures[%d]" % i, floor)
        if figure.id in by_id:
            raise ScenarioError("two figures have the id %s" % _show(figure.id))
        h = figure.hex
        if h in by_hex:
            raise ScenarioError(
                "figures %s and %s are both on hex [%d, %d]" % (by_hex[h].id, figure.id, h[0], h[1])
            )
        if terrain.get(h) == "closed-door":
            raise ScenarioError("figure %s stands on a closed door at [%d, %d]" % (figure.id, h[0], h[1]))
        figures.append(figure)
        by_id[figure.id] = figure
        by_hex[h] = figure
    _check_summoners(figures, by_id)
    return tuple(figures)


def _figure(item: Any, what: str, floor: frozenset) -> Figure:
    """One figure, checked on its own (`what` names it until its id is known)."""
    if not isinstance(item, dict):
        raise ScenarioError("%s must be an object, not %s" % (what, _show(item)))
    fid = item.get("id")
    if not isinstance(fid, str) or not fid:
        raise ScenarioError("%s has no id (a non-empty string)" % what)
    what = "figure %s" % fid
    side = item.get("side")
    if side not in SIDES:
        raise ScenarioError("%s: side must be one of %s, not %s" % (what, ", ".join(SIDES), _show(side)))
    h = _on_map(_hex(item.get("hex"), what + " hex"), floor, what)
    if side in ("character", "summon") and "initiative" not in item:
        raise ScenarioError("%s has no initiative (a %s needs one)" % (what, side))
    initiative = item.get("initiative")
    if initiative is not None or side != "monster":  # a character's or summon's may not be null
        initiative = _int(initiative, what + " initiative", 0, 99)
    summoner = item.get("summoner")
    if summoner is not None and (side != "summon" or not isinstance(summoner, str)):
        raise ScenarioError("%s: only a summon names a summoner (an id)" % what)
    return Figure(
        id=fid,
        side=side,
        hex=h,
        initiative=initiative,
        summoner=summoner,
        long_rest=_bool(item.get("long_rest", False), what + " long_rest"),
        invisible=_bool(item.get("invisible", False), what + " invisible"),
        damage=None if item.get("damage") is None else _int(item["damage"], what + " damage", 0, 999),
        conditions=_figure_conditions(item.get("conditions", []), what),
    )


def _figure_conditions(raw: Any, what: str) -> tuple:
    if not isinstance(raw, list) or any(c not in CONDITIONS for c in raw):
        raise ScenarioError("%s conditions must be a list of %s, not %s" % (what, ", ".join(CONDITIONS), _show(raw)))
    return tuple(raw)


def _check_summoners(figures: list, by_id: dict) -> None:
    for figure in figures:
        if figure.summoner is None:
            continue
        if figure.summoner not in by_id:
            raise ScenarioError("figure %s: unknown summoner %s" % (figure.id, _show(figure.summoner)))
        if by_id[figure.summoner].side != "character":
            raise ScenarioError("figure %s: summoner %s is not a character" % (figure.id, figure.summoner))


def _active(data: dict, figures: tuple) -> Figure:
    if "active" not in data:
        raise ScenarioError('missing "active" (the id of the monster that acts)')
    active_id = data["active"]
    by_id = {f.id: f for f in figures}
    if not isinstance(active_id, str) or active_id not in by_id:
        raise ScenarioError("active: unknown figure %s" % _show(active_id))
    active = by_id[active_id]
    if active.side == "character":
        raise ScenarioError("active figure %s is a character, not a monster or a summon" % active_id)
    return active


def _action(data: Any) -> Action:
    if not isinstance(data, dict):
        raise ScenarioError('"action" must be an object, not %s' % _show(data))
    move = _int(data.get("move", 0), "action.move", 0, 99)
    movement = data.get("movement", "normal")
    if movement not in MOVEMENTS:
        raise ScenarioError(
            "action.movement must be one of %s, not %s" % (", ".join(MOVEMENTS), _show(movement))
        )
    muddled = _bool(data.get("muddled", False), "action.muddled")
    raw = data.get("attack")
    attack = None if raw is None else _attack(raw)
    return Action(move=move, movement=movement, muddled=muddled, attack=attack)


def _attack(raw: Any) -> Attack:
    if not isinstance(raw, dict):
        raise ScenarioError("action.attack must be an object, not %s" % _show(raw))
    reach = _int(raw.get("range", 0), "action.attack.range", 0, 99)
    targets = raw.get("targets", 1)
    if targets == "all":
        targets = ALL_TARGETS
    else:
        targets = _int(targets, 'action.attack.targets (a number or "all")', 1, 99)
    aoe = () if raw.get("aoe") is None else _area(raw["aoe"], reach)
    return Attack(range=reach, targets=targets, aoe=aoe)


def _area(raw: Any, reach: int, what: str = "action.attack.aoe") -> tuple:
    if not isinstance(raw, list):
        raise ScenarioError("%s must be a list of offsets" % what)
    cells = []
    for i, item in enumerate(raw):
        cell = _hex(item, "%s[%d]" % (what, i))
        if reach == 0 and cell == (0, 0):
            raise ScenarioError(
                "%s[%d]: a melee area is relative to the attacker, "
                "whose own hex [0, 0] is not part of it" % (what, i)
            )
        if cell not in cells:
            cells.append(cell)
    return tuple(cells)
