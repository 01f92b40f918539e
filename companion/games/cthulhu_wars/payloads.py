"""Every action's payload, declared once: its one-line doc (docs/api.md) and
its fields, parsed alike from form strings and JSON values; a bad value is
an ActionError naming the field."""

from __future__ import annotations

import json

from companion.games.cthulhu_wars import data
from companion.games.cthulhu_wars.setup import COUNTS, MAX_COUNT
from companion.rules import N_, ActionError

FACTIONS = tuple(data.factions())
WHERE = ("pool", "map", "submerged")
UNIQUE = tuple(sorted({name for actions in data.game()["unique_actions"].values() for name in actions}))
GREAT_OLD_ONES = tuple(u["id"] for f in FACTIONS for u in data.great_old_ones(f))


def integer(name, low=0, high=MAX_COUNT, required=True):
    return {"name": name, "kind": "int", "min": low, "max": high, "required": required}


def choice(name, choices, required=True):
    return {"name": name, "kind": "choice", "choices": tuple(choices), "required": required}


def mapping(name, required=True):
    return {"name": name, "kind": "counts", "required": required}


def int_list(name):
    return {"name": name, "kind": "ints", "required": True}


def text(name, required=False, max_length=200):
    return {"name": name, "kind": "text", "required": required, "max": max_length}


def spec(doc, *fields):
    return {"doc": doc, "fields": fields}


SPECS = {
    "setup.gates": spec("Two players: place the two gates, `areas` (two area ids).", {"name": "areas", "kind": "areas", "required": True}),
    "setup.starts": spec("Two players: the start area of each faction, `starts` ({faction: area}).", {"name": "starts", "kind": "starts", "required": True}),
    "power.gather": spec("Gather power for every faction from its counts (then the minimum rule)."),
    "first_player.choose": spec("The previous first player picks the first player among those tied, `faction`.", choice("faction", FACTIONS)),
    "direction.choose": spec("The first player picks the `direction` of play for the round.", choice("direction", ("clockwise", "counterclockwise"))),
    "ritual.perform": spec("Perform the Ritual of Annihilation on your doom-phase turn (elder signs drawn secretly)."),
    "ritual.skip": spec("Decline the ritual this doom phase."),
    "events.blood_sacrifice": spec("Black Goat: remove a cultist for an elder sign (doom phase, Shub-Niggurath in play)."),
    "events.done": spec("Finish your special events of the doom phase."),
    "recruit": spec("Recruit a cultist (1 power)."),
    "gate.build": spec("Build a gate (3 power)."),
    "move": spec("Move `units` units (1 power each).", integer("units", 1, 60)),
    "capture": spec("Capture a cultist of faction `victim` (1 power).", choice("victim", FACTIONS)),
    "summon": spec("Summon monsters: `units` ({unit id: count}) or `monster` and `count`; one monster except Black Goat.",
                   mapping("units", required=False), text("monster"), integer("count", 1, 9, required=False)),
    "awaken": spec("Awaken `great_old_one` at its cost.", choice("great_old_one", GREAT_OLD_ONES)),
    "unique": spec("A faction's unique action `name` at its cost; Desecrate takes `units_there` and `area`.",
                   choice("name", UNIQUE), integer("units_there", 0, 99, required=False), text("area")),
    "gate.control": spec("Free: one of your cultists takes an abandoned gate."),
    "gate.abandon": spec("Free: leave one of your gates (it becomes abandoned)."),
    "pass": spec("Can't or won't act: your power drops to 0."),
    "turn.end": spec("End your turn after your action."),
    "battle.declare": spec("Battle `defender` in `area`: `attacker_units` and `defender_units` ({unit: count}), optional `attacker_extra`/`defender_extra` dice.",
                           choice("defender", FACTIONS), mapping("attacker_units"), mapping("defender_units"), text("area"),
                           integer("attacker_extra", 0, 60, required=False), integer("defender_extra", 0, 60, required=False)),
    "battle.adjust": spec("Before the dice: your side's `units` ({unit: count}) and `extra` dice after pre-battle effects.",
                          mapping("units"), integer("extra", 0, 60, required=False)),
    "battle.roll": spec("Roll the battle's dice, or give physical results `attacker_faces` / `defender_faces` (like \"6 4 1\").",
                        text("attacker_faces"), text("defender_faces")),
    "harbinger": spec("Crawling Chaos after Nyarlathotep's battle: for enemy `great_old_one`, `take` power or elder_signs.",
                      choice("great_old_one", GREAT_OLD_ONES), choice("take", ("power", "elder_signs"))),
    "spellbook.earn": spec("Take `spellbook` for meeting `requirement` (optional `target` faction for Yellow Sign's doom gift).",
                           text("requirement", required=True), text("spellbook", required=True), choice("target", FACTIONS, required=False)),
    "elder_signs.reveal": spec("Reveal elder signs of the given `values` (a list) for doom.", int_list("values")),
    "counts.set": spec("Set your counts: " + ", ".join(f"`{c}`" for c in COUNTS) + " (any of them).",
                       *(integer(c, required=False) for c in COUNTS)),
    "counts.adjust": spec("Add `delta` to your count `count` (" + ", ".join(COUNTS) + ").",
                          choice("count", COUNTS), integer("delta", -MAX_COUNT, MAX_COUNT)),
    "abandoned.set": spec("Set the number of abandoned gates on the map, `value`.", integer("value")),
    "great_old_one.set": spec("Say where your `great_old_one` is: `where` = pool, map or submerged.",
                              choice("great_old_one", GREAT_OLD_ONES), choice("where", WHERE)),
    "default.correct": spec("Correct a default from the printed components: `faction`, `unit`, `field` (cost or combat), `value`.",
                            choice("faction", FACTIONS), text("unit", required=True), choice("field", ("cost", "combat")), integer("value", 0, 20)),
    "ritual_track.correct": spec("Correct the ritual track from the printed one: `spaces`, the costs before Instant Death (like \"5 6 7 8 9 10\").",
                                 text("spaces", required=True)),
    "game.settle": spec("At the end: reveal every hidden elder sign and name the winner."),
}


def parse(kind: str, payload: dict) -> dict:
    """The typed values of a payload; ActionError naming the first bad field."""
    if kind not in SPECS:
        raise ActionError(N_("Unknown action."), field="type")
    out = {}
    for field in SPECS[kind]["fields"]:
        raw = payload.get(field["name"])
        if raw is None and field["kind"] in DOTTED:
            raw = dotted(payload, field["name"], field["kind"])
        if raw is None or raw == "":
            if field["required"]:
                raise ActionError(N_("This is needed."), field=field["name"])
            out[field["name"]] = None
            continue
        out[field["name"]] = PARSERS[field["kind"]](field, raw)
    return out


#: Kinds a form may send as one field per key, "name.key" (a form can't send JSON).
DOTTED = ("counts", "areas", "starts", "ints")


def dotted(payload: dict, name: str, kind: str):
    parts = {key.split(".", 1)[1]: value for key, value in payload.items()
             if isinstance(key, str) and key.startswith(name + ".") and value not in ("", None)}
    if not parts:
        return None
    if kind in ("areas", "ints"):
        return [parts[key] for key in sorted(parts)]
    return parts


def _int(field, raw):
    if isinstance(raw, bool):
        raise ActionError(N_("Enter a whole number."), field=field["name"])
    try:
        value = int(str(raw).strip())
    except ValueError:
        raise ActionError(N_("Enter a whole number."), field=field["name"]) from None
    if not field["min"] <= value <= field["max"]:
        raise ActionError(N_("Enter a number from %(min)d to %(max)d."), field=field["name"], min=field["min"], max=field["max"])
    return value


def _choice(field, raw):
    if raw not in field["choices"]:
        raise ActionError(N_("Choose one of the options."), field=field["name"])
    return raw


def _text(field, raw):
    if not isinstance(raw, str) or len(raw) > field["max"] or any(ord(c) < 32 or 0xD800 <= ord(c) <= 0xDFFF for c in raw):
        raise ActionError(N_("That text can't be used."), field=field["name"])
    return raw.strip()


def _json(field, raw):
    if isinstance(raw, str):
        try:
            return json.loads(raw)
        except ValueError:
            raise ActionError(N_("That text can't be used."), field=field["name"]) from None
    return raw


def _counts(field, raw):
    value = _json(field, raw)
    if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
        raise ActionError(N_("Give a count for each unit."), field=field["name"])
    return {k: _int({**field, "min": 0, "max": 99}, v) for k, v in value.items()}


def _ints(field, raw):
    value = _json(field, raw) if isinstance(raw, str) and raw.strip().startswith("[") else raw
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    if not isinstance(value, list) or not value:
        raise ActionError(N_("Choose at least one."), field=field["name"])
    return [_int({**field, "min": 1, "max": 3}, v) for v in value]


def _areas(field, raw):
    value = _json(field, raw) if isinstance(raw, str) and raw.strip().startswith("[") else raw
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ActionError(N_("Choose two different areas of the map."), field=field["name"])
    return value


def _starts(field, raw):
    value = _json(field, raw)
    if not isinstance(value, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
        raise ActionError(N_("Choose a different start area of the map for each faction."), field=field["name"])
    return value


PARSERS = {"int": _int, "choice": _choice, "text": _text, "counts": _counts, "ints": _ints, "areas": _areas, "starts": _starts}
