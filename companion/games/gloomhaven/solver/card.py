"""The whole monster ability card in the solver's input (`"card"`): each
ability in printed order, its numbers already worked out for the acting
figure's rank, checked and turned into immutable `Ability` records.

Format: docs/monster-solver.md, "The whole card". Every problem raises
`ScenarioError` naming the ability (`card[2].range ...`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from .scenario import (
    ALL_TARGETS,
    CONDITIONS,
    Scenario,
    ScenarioError,
    _area,
    _bool,
    _hex,
    _int,
    _list,
    _on_map,
    _show,
    parse,
)

KINDS = ("move", "attack", "heal", "shield", "retaliate", "summon", "loot", "infuse", "condition", "text")
ELEMENTS = ("fire", "ice", "air", "earth", "light", "dark")
#: What a consumed element may add to its ability.
BONUS_NUMBERS = ("value", "range", "pierce", "push", "pull")


@dataclass(frozen=True)
class Bonus:
    """What consuming `element` adds to the ability it is printed on."""

    element: str
    value: int = 0  # added to the ability's number (move points, attack, heal, shield, ...)
    range: int = 0  # added to its range
    pierce: int = 0
    push: int = 0
    pull: int = 0
    targets: int | None = None  # the number of targets becomes this (ALL_TARGETS: all)
    aoe: tuple | None = None  # the area becomes this
    melee_area: bool = False  # the new area is a melee one (range 0)
    all_within: int | None = None  # "all enemies within range n"
    conditions: tuple = ()


@dataclass(frozen=True)
class Ability:
    kind: str
    value: int = 0
    jump: bool = False  # a move printed with jump
    range: int = 0  # attack and heal range (0: melee / self); "within" of a condition
    targets: int = 1
    aoe: tuple = ()
    pierce: int = 0
    push: int = 0
    pull: int = 0
    conditions: tuple = ()
    self_only: bool = False  # heal self, a condition on itself
    monster: str = ""  # summon: which monster
    count: int = 1  # summon: how many
    element: str = ""  # infuse
    text: str = ""  # text: the special ability, passed through
    consume: tuple = ()  # Bonus
    notes: tuple = field(default=())  # free text printed with it, passed through
    only_if: str = ""  # "if_consumed": done only when this element can be consumed
    source: Any = None  # passed back untouched in its step (the table's own record)


def parse_scenario(data: Any) -> Scenario:
    """A scenario with or without a `card`: without one, exactly `parse`;
    with one, `action` only says how the figure moves and whether it is
    muddled, and the card, elements and coins are read too."""
    if not isinstance(data, dict) or "card" not in data:
        return parse(data)
    raw_action = data.get("action") or {}
    if not isinstance(raw_action, dict):
        raise ScenarioError('"action" must be an object, not %s' % _show(raw_action))
    if "move" in raw_action or raw_action.get("attack") is not None:
        raise ScenarioError('with "card", moves and attacks are the card\'s: "action" takes only movement and muddled')
    base = parse({**data, "action": raw_action})
    coins = frozenset(_on_map(_hex(c, "coins[%d]" % i), base.floor, "coins[%d]" % i)
                      for i, c in enumerate(_list(data, "coins", required=False)))
    return replace(
        base,
        card=parse_card(data["card"]),
        elements=parse_elements(data.get("elements", []), "elements"),
        consumed=parse_elements(data.get("consumed", []), "consumed"),
        coins=coins,
    )


def parse_elements(raw: Any, what: str) -> frozenset:
    if not isinstance(raw, list):
        raise ScenarioError('"%s" must be a list of elements, not %s' % (what, _show(raw)))
    for item in raw:
        if item not in ELEMENTS:
            raise ScenarioError('%s: unknown element %s (one of %s)' % (what, _show(item), ", ".join(ELEMENTS)))
    return frozenset(raw)


def parse_card(raw: Any) -> tuple:
    if not isinstance(raw, list):
        raise ScenarioError('"card" must be a list of abilities, not %s' % _show(raw))
    return tuple(_ability(item, "card[%d]" % i) for i, item in enumerate(raw))


def _conditions(raw: Any, what: str) -> tuple:
    if raw is None:
        return ()
    if not isinstance(raw, list) or any(c not in CONDITIONS for c in raw):
        raise ScenarioError("%s must be a list of conditions (%s), not %s" % (what, ", ".join(CONDITIONS), _show(raw)))
    return tuple(raw)


def _targets(raw: Any, what: str) -> int:
    if raw == "all":
        return ALL_TARGETS
    return _int(raw, what + ' (a number or "all")', 1, 99)


def _texts(raw: Any, what: str) -> tuple:
    if raw is None:
        return ()
    if not isinstance(raw, list) or not all(isinstance(t, str) for t in raw):
        raise ScenarioError("%s must be a list of strings, not %s" % (what, _show(raw)))
    return tuple(raw)


def _ability(item: Any, what: str) -> Ability:
    if not isinstance(item, dict):
        raise ScenarioError("%s must be an object, not %s" % (what, _show(item)))
    kind = item.get("kind")
    if kind not in KINDS:
        raise ScenarioError("%s: unknown kind %s (one of %s)" % (what, _show(kind), ", ".join(KINDS)))
    fields = {"kind": kind, "notes": _texts(item.get("notes"), what + ".notes")}
    if kind in ("move", "attack", "heal", "shield", "retaliate", "loot"):
        fields["value"] = _int(item.get("value", 0), what + ".value", 0, 99)
    if kind == "move":
        fields["jump"] = _bool(item.get("jump", False), what + ".jump")
    if kind in ("attack", "heal", "retaliate"):
        fields["range"] = _int(item.get("range", 0), what + ".range", 0, 99)
    if kind == "condition":
        fields["range"] = _int(item.get("within", 1), what + ".within", 1, 99)
    if kind in ("heal", "condition"):
        fields["self_only"] = _bool(item.get("self", False), what + ".self")
    if kind == "heal" and fields["range"] == 0:
        fields["self_only"] = True
    if kind == "attack":
        fields["targets"] = _targets(item.get("targets", 1), what + ".targets")
        if item.get("aoe") is not None:
            fields["aoe"] = _area(item["aoe"], fields["range"], what + ".aoe")
    if kind in ("attack", "condition"):
        for extra in ("pierce", "push", "pull"):
            fields[extra] = _int(item.get(extra, 0), "%s.%s" % (what, extra), 0, 99)
        if fields["push"] and fields["pull"]:
            raise ScenarioError("%s: push and pull on one ability" % what)
    if kind in ("attack", "condition", "heal"):
        fields["conditions"] = _conditions(item.get("conditions"), what + ".conditions")
    if kind == "summon":
        monster = item.get("monster")
        if not isinstance(monster, str) or not monster:
            raise ScenarioError("%s: a summon names its monster (a string)" % what)
        fields["monster"] = monster
        fields["count"] = _int(item.get("count", 1), what + ".count", 1, 9)
    if kind == "infuse":
        element = item.get("element")
        if element not in ELEMENTS:
            raise ScenarioError("%s: unknown element %s (one of %s)" % (what, _show(element), ", ".join(ELEMENTS)))
        fields["element"] = element
    if kind == "text":
        text = item.get("text")
        if not isinstance(text, str):
            raise ScenarioError("%s: a text ability carries its text (a string)" % what)
        fields["text"] = text
    if item.get("if_consumed") is not None:
        if item["if_consumed"] not in ELEMENTS:
            raise ScenarioError("%s.if_consumed: unknown element %s" % (what, _show(item["if_consumed"])))
        fields["only_if"] = item["if_consumed"]
    if "source" in item:
        fields["source"] = item["source"]
    raw = item.get("consume", [])
    if not isinstance(raw, list):
        raise ScenarioError("%s.consume must be a list, not %s" % (what, _show(raw)))
    fields["consume"] = tuple(_bonus(b, "%s.consume[%d]" % (what, i), fields.get("range", 0))
                              for i, b in enumerate(raw))
    return Ability(**fields)


def _bonus(raw: Any, what: str, reach: int) -> Bonus:
    if not isinstance(raw, dict):
        raise ScenarioError("%s must be an object, not %s" % (what, _show(raw)))
    element = raw.get("element")
    if element not in ELEMENTS:
        raise ScenarioError("%s: unknown element %s (one of %s)" % (what, _show(element), ", ".join(ELEMENTS)))
    fields = {"element": element}
    for name in BONUS_NUMBERS:
        if name in raw:
            fields[name] = _int(raw[name], "%s.%s" % (what, name), -99, 99)
    if raw.get("targets") is not None:
        fields["targets"] = _targets(raw["targets"], what + ".targets")
    if raw.get("aoe") is not None:
        melee = _bool(raw.get("melee_area", False), what + ".melee_area")
        fields["melee_area"] = melee
        fields["aoe"] = _area(raw["aoe"], 0 if melee else max(reach, 1), what + ".aoe")
    if raw.get("all_within") is not None:
        fields["all_within"] = _int(raw["all_within"], what + ".all_within", 1, 99)
    fields["conditions"] = _conditions(raw.get("conditions"), what + ".conditions")
    return Bonus(**fields)


def with_bonuses(ability: Ability, available: set) -> tuple:
    """The ability as performed: every bonus whose element is in `available`
    added (each element taken from `available` as it is consumed), and the
    elements consumed."""
    taken = []
    changes = {}
    for bonus in ability.consume:
        if bonus.element not in available:
            continue
        available.discard(bonus.element)
        taken.append(bonus.element)
        for name in BONUS_NUMBERS:
            delta = getattr(bonus, name)
            if delta:
                base = changes.get(name, getattr(ability, name))
                changes[name] = max(0, min(base + delta, 99))
        if bonus.targets is not None:
            changes["targets"] = max(changes.get("targets", ability.targets), bonus.targets)
        if bonus.aoe is not None:
            changes["aoe"] = bonus.aoe
            if bonus.melee_area:
                changes["range"] = 0
        if bonus.all_within is not None:
            changes["range"] = bonus.all_within
            changes["targets"] = ALL_TARGETS
            changes["aoe"] = ()
        if bonus.conditions:
            changes["conditions"] = tuple(dict.fromkeys(changes.get("conditions", ability.conditions)
                                                        + bonus.conditions))
    if not changes:
        return ability, tuple(taken)
    return replace(ability, **changes), tuple(taken)




def summon_card(move: int, attack: int, reach: int = 0, **extras) -> list:
    """The card a character's summon always plays, "Move +0, Attack +0", with
    its own stats: the `card` to send with the summon as the acting figure.
    `extras` (targets, pierce, push, pull, conditions, aoe) go on the attack."""
    return [{"kind": "move", "value": move}, {"kind": "attack", "value": attack, "range": reach, **extras}]


def _at(value, rank, default=0):
    """A resolved number: per rank ({"normal": 2, "elite": 3}) or plain."""
    if isinstance(value, dict):
        value = value.get(rank)
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _clamp(n: int, low: int = 0, high: int = 99) -> int:
    return max(low, min(n, high))


def from_resolved(actions: list, rank: str) -> list:
    """The solver's `card` from a monster ability card's actions as the
    Gloomhaven catalog resolves them (`abilities.resolve_card(...)["actions"]`)
    for the acting standee's `rank`. What the solver cannot work out goes in
    as a text step; every ability carries its resolved action back as `source`."""
    card = []
    for action in actions:
        card.extend(_convert(action, rank))
    return card


def _convert(action: dict, rank: str) -> list:
    kind = action.get("kind")
    out = {"source": action}
    affects = action.get("affects") or {}
    who, within = affects.get("who"), affects.get("within")
    if kind == "move":
        out.update(kind="move", value=_clamp(_at(action.get("amount"), rank)), jump=bool(action.get("jump")))
    elif kind == "attack":
        out.update(kind="attack", value=_clamp(_at(action.get("amount"), rank)),
                   range=_clamp(_at(action.get("range"), rank)),
                   targets=_clamp(_at(action.get("targets"), rank, 1), 1))
        area = action.get("area")
        if isinstance(area, dict) and area.get("hexes"):
            out["aoe"] = [list(h) for h in area["hexes"]]
            # A melee area is drawn around the attacker; any other is aimed.
            out["range"] = 0 if area.get("melee") else max(out["range"], 1)
        if who == "enemies":
            out["targets"] = "all"
            if isinstance(within, int):
                out["range"] = _clamp(within)
            out.pop("aoe", None)
        _extras(action, rank, out)
        out["consume"] = _bonuses(action, rank)
    elif kind in ("condition", "push") and who in ("enemies", "enemy"):
        out.update(kind="condition", within=_clamp(within if isinstance(within, int) else
                                                   (_at(action.get("range"), rank) or 99), 1))
        if kind == "push":
            out["push"] = _clamp(_at(action.get("amount"), rank))
        _extras(action, rank, out)
        out["consume"] = _bonuses(action, rank)
    elif kind == "condition" and who == "self":
        out.update(kind="condition", self=True, conditions=list(action.get("conditions") or []))
    elif kind == "heal" and who in ("self", None):
        out.update(kind="heal", value=_clamp(_at(action.get("amount"), rank)),
                   range=0 if who == "self" else _clamp(_at(action.get("range"), rank)))
        out["consume"] = _bonuses(action, rank)
    elif kind in ("shield", "retaliate", "loot") and who in ("self", None):
        out.update(kind=kind, value=_clamp(_at(action.get("amount"), rank)))
        if kind == "retaliate":
            out["range"] = _clamp(_at(action.get("range"), rank, 1))
        out["consume"] = _bonuses(action, rank)
    elif kind == "infuse" and action.get("element") in ELEMENTS:
        out.update(kind="infuse", element=action["element"])
    elif kind == "summon" and action.get("monsters"):
        found = []
        for entry in action["monsters"]:
            found.append({"kind": "summon", "monster": str(entry.get("monster", "?")),
                          "count": _clamp(entry["count"] if isinstance(entry.get("count"), int) else 1, 1, 9),
                          "source": action, "notes": [n for n in action.get("notes", []) if isinstance(n, str)]})
        return found
    elif kind == "consume" and action.get("element") in ELEMENTS:
        found = []
        for gain in action.get("gives", []):
            for converted in _convert(gain, rank):
                converted["if_consumed"] = action["element"]
                found.append(converted)
        return found
    else:
        out.update(kind="text", text=str(action.get("text") or kind))
    if out.get("consume") == []:
        del out["consume"]
    then = [c for t in action.get("then", []) for c in _convert(t, rank)]
    return [out] + then


def _extras(action: dict, rank: str, out: dict) -> None:
    for extra in ("pierce", "push", "pull"):
        value = _at(action.get(extra), rank)
        if value and extra not in out:
            out[extra] = _clamp(value)
    if out.get("push") and out.get("pull"):
        del out["pull"]
    conditions = [c for c in action.get("conditions") or [] if c in CONDITIONS]
    if conditions:
        out["conditions"] = conditions


def _bonuses(action: dict, rank: str) -> list:
    """A resolved action's own "Consume X: ..." as the solver's bonuses."""
    found = []
    for consume in action.get("consume", []):
        element = consume.get("element")
        if element not in ELEMENTS:
            continue
        bonus = {"element": element}
        for gain in consume.get("gives", []):
            kind = gain.get("kind")
            delta = gain.get("bonus", gain.get("delta"))
            if kind == action.get("kind") and isinstance(delta, int):
                bonus["value"] = bonus.get("value", 0) + delta
                bonus["conditions"] = list(gain.get("conditions") or []) or bonus.get("conditions", [])
            elif kind in ("range", "pierce", "push", "pull"):
                number = delta if kind == "range" else _at(gain.get("amount"), rank, _at(gain.get("value"), rank))
                if isinstance(number, int):
                    bonus[kind] = bonus.get(kind, 0) + number
            elif kind == "targets":
                bonus["targets"] = _clamp(_at(gain.get("amount"), rank, _at(gain.get("value"), rank, 1)), 1)
            elif kind == "condition":
                bonus["conditions"] = bonus.get("conditions", []) + [
                    c for c in gain.get("conditions") or [] if c in CONDITIONS]
            elif kind == "affects" and (gain.get("affects") or {}).get("who") == "enemies":
                reach = (gain["affects"] or {}).get("within")
                bonus["all_within"] = _clamp(reach if isinstance(reach, int) else
                                             _at(action.get("range"), rank, 1), 1)
            elif kind == "area" and isinstance(gain.get("area"), dict) and gain["area"].get("hexes"):
                bonus["aoe"] = [list(h) for h in gain["area"]["hexes"]]
                bonus["melee_area"] = bool(gain["area"].get("melee"))
        if not bonus.get("conditions"):
            bonus.pop("conditions", None)
        found.append(bonus)
    return found


__all__ = ["Ability", "Bonus", "parse_card", "parse_elements", "parse_scenario", "from_resolved", "summon_card",
           "with_bonuses", "ELEMENTS", "KINDS"]
