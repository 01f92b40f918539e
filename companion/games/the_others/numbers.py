"""The group's numbers: what a group reads off its printed components once
(dice sides, heroes' classes and numbers, monsters, mission targets), kept
by the server for every new table and handed from one group to another as a
small JSON file.

The file's shape, keyed so that one file serves every sin, acolyte and story:

    {"format": "the-others-numbers", "version": 1,
     "sin_die": {face: sides}, "hero_die": {face: sides},
     "heroes": {hero: {class, combat, skill, defense}},
     "monsters": {sin: {abomination|controller|avatar: {combat, defense}}},
     "acolytes": {acolyte: {combat, defense}}, "hell_club": {member: {combat, defense}},
     "targets": {story: {mission: n | "heroes"}}}

A table's own numbers stay in its state's "facts", entered by facts.enter
(`enter_facts`, here): `from_table` reads them out, `for_table` makes the facts.enter
payload a table of given options takes from a file.
"""

from __future__ import annotations

import copy
import json

from companion.games.the_others import data, dice
from companion.games.the_others.seats import given
from companion.games.the_others.state import CLASSES, STATS, mapping, new_state
from companion.games.the_others.state import story as story_of
from companion.kit.actions import Act
from companion.rules import N_, ActionError

FORMAT = "the-others-numbers"
VERSION = 1
SIN_MONSTERS = ("abomination", "controller", "avatar")
PARTS = ("sin_die", "hero_die", "heroes", "monsters", "acolytes", "hell_club", "targets")
#: How many levels of each part are merged key by key (a die is kept whole; a hero stat by stat;
#: a sin's monsters kind by kind and stat by stat; a story mission by mission).
DEPTH = {"sin_die": 0, "hero_die": 0, "heroes": 2, "monsters": 3, "acolytes": 2, "hell_club": 2, "targets": 2}


def empty() -> dict:
    return {"format": FORMAT, "version": VERSION}


def from_table(state: dict) -> dict:
    """What a table's group entered, in the file's shape (only what was entered)."""
    facts, options = state["facts"], state["options"]
    numbers = empty()
    for kind in ("sin", "hero"):
        if facts["dice"].get(kind):
            numbers[f"{kind}_die"] = dict(facts["dice"][kind])
    if facts["heroes"]:
        numbers["heroes"] = copy.deepcopy(facts["heroes"])
    for kind, stats in facts["monsters"].items():
        if kind in SIN_MONSTERS:
            numbers.setdefault("monsters", {}).setdefault(options["sin"], {})[kind] = dict(stats)
        elif kind == "acolyte":
            numbers.setdefault("acolytes", {})[options["acolyte"]] = dict(stats)
        else:
            numbers.setdefault("hell_club", {})[kind] = dict(stats)
    if facts["targets"]:
        numbers["targets"] = {options["story"]: dict(facts["targets"])}
    return numbers


def for_table(numbers: dict, options: dict) -> dict:
    """The facts.enter payload a table with `options` (sin, acolyte, story)
    takes from `numbers` (empty parts left out)."""
    payload = {"sin_die": numbers.get("sin_die"), "hero_die": numbers.get("hero_die"),
               "heroes": numbers.get("heroes")}
    monsters = dict((numbers.get("monsters") or {}).get(options["sin"], {}))
    if options["acolyte"] in (numbers.get("acolytes") or {}):
        monsters["acolyte"] = numbers["acolytes"][options["acolyte"]]
    monsters |= {member: stats for member, stats in (numbers.get("hell_club") or {}).items()
                 if member in data.hell_club()}
    payload["monsters"] = monsters
    known = {m["id"] for m in data.stories()[options["story"]]["missions"]}
    payload["targets"] = {m: n for m, n in (numbers.get("targets") or {}).get(options["story"], {}).items()
                          if m in known}
    return {key: value for key, value in payload.items() if value}


def merged(first: dict, then: dict) -> dict:
    """`first`, with what it lacks taken from `then` (number by number)."""
    out = copy.deepcopy(first)
    for part in PARTS:
        if part in then:
            out[part] = _fill(out.get(part), then[part], DEPTH[part])
    return out


def _fill(mine, theirs, depth: int):
    if mine is None:
        return copy.deepcopy(theirs)
    if depth == 0 or not isinstance(mine, dict) or not isinstance(theirs, dict):
        return mine
    out = dict(mine)
    for key, value in theirs.items():
        out[key] = _fill(out.get(key), value, depth - 1)
    return out


def counts(numbers: dict | None) -> dict:
    """How much of each part is known, for the page that shows them."""
    numbers = numbers or {}
    return {"dice": sum(1 for kind in ("sin_die", "hero_die") if numbers.get(kind)),
            "heroes": sum(1 for stats in (numbers.get("heroes") or {}).values()
                          if all(stats.get(k) is not None for k in ("class", "combat", "skill", "defense"))),
            "all_heroes": len(data.heroes()),
            "sins": sorted(numbers.get("monsters") or {}), "acolytes": sorted(numbers.get("acolytes") or {}),
            "stories": sorted(numbers.get("targets") or {})}


def read(text: str | bytes) -> dict:
    """A numbers file, checked: every number as facts.enter would take it.
    Raises ActionError (field "file") on anything else."""
    try:
        numbers = json.loads(text)
    # RecursionError: nested too deep to parse.
    except (ValueError, UnicodeDecodeError, RecursionError):
        numbers = None
    if not isinstance(numbers, dict) or numbers.get("format") != FORMAT:
        raise ActionError(N_("This is not a file of The Others' numbers."), field="file")
    if not isinstance(numbers.get("version"), int) or numbers["version"] > VERSION:
        raise ActionError(N_("This file is from a newer version of the app."), field="file")
    check(numbers)
    return {key: numbers[key] for key in ("format", "version", *PARTS) if key in numbers}


def check(numbers: dict) -> None:
    """Refuse (ActionError) numbers facts.enter would refuse at any table."""
    for part in PARTS:
        if part in numbers and not isinstance(numbers[part], dict):
            raise ActionError(N_("The action's details are malformed."), field=part)
    default = {"sin": "pride", "acolyte": next(iter(data.acolytes())), "story": next(iter(data.stories()))}
    tried = [default]
    for sin in numbers.get("monsters") or {}:
        if sin not in data.sins():
            raise ActionError(N_("Choose one of the listed options."), field="monsters")
        tried.append({**default, "sin": sin})
    for acolyte in numbers.get("acolytes") or {}:
        if acolyte not in data.acolytes():
            raise ActionError(N_("Choose one of the listed options."), field="acolytes")
        tried.append({**default, "acolyte": acolyte})
    for story in numbers.get("targets") or {}:
        if story not in data.stories():
            raise ActionError(N_("Choose one of the listed options."), field="targets")
        if not isinstance(numbers["targets"][story], dict) or not set(numbers["targets"][story]) <= {
                m["id"] for m in data.stories()[story]["missions"]}:
            raise ActionError(N_("Choose one of the listed options."), field="targets")
        tried.append({**default, "story": story})
    for member in numbers.get("hell_club") or {}:
        if member not in data.hell_club():
            raise ActionError(N_("Choose one of the listed options."), field="hell_club")
    for options in tried:
        put_facts(new_state(options), for_table(numbers, options))


def apply(state: dict, numbers: dict) -> dict:
    """A new table's state with the numbers it takes from `numbers` (what
    this server keeps); numbers it would refuse are left out, part by part."""
    payload = for_table(numbers, state["options"])
    for part, value in payload.items():
        trial = copy.deepcopy(state)
        try:
            put_facts(trial, {part: value})
        except ActionError:
            continue
        state = trial
    return state


# -- a table's numbers, entered (facts.enter) --------------------------------------------------
def _number(value, field: str, low: int = 0, high: int = 20) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ActionError(N_("Enter a whole number from %(low)d to %(high)d."), field=field, low=low, high=high)
    return value


def enter_facts(act: Act) -> None:
    """Numbers printed as icons that no page we have gives: entered once,
    corrected at any time."""
    state, payload = act.state, given(act)
    payload = {**_remembered(payload.get("remembered")), **{k: v for k, v in payload.items() if k != "remembered"}}
    put_facts(state, payload)


def put_facts(state: dict, payload: dict) -> None:
    """The numbers of a facts.enter payload into the table's facts; a
    refusal names the first wrong field (the state half changed: callers
    work on a copy, as actions do)."""
    facts = state["facts"]
    for kind, build in (("sin", dice.sin_die), ("hero", dice.hero_die)):
        counts = payload.get(f"{kind}_die")
        if counts is not None:
            build(counts, field=f"{kind}_die")
            facts["dice"][kind] = {face: n for face, n in counts.items() if n}
    for kind, numbers in mapping(payload.get("monsters"), "monsters").items():
        if kind not in ("abomination", "controller", "avatar", "acolyte") and kind not in data.hell_club():
            raise ActionError(N_("Choose one of the listed options."), field="monsters")
        numbers = mapping(numbers, f"monsters.{kind}")
        facts["monsters"][kind] = {stat: _number(numbers.get(stat), f"monsters.{kind}.{stat}", 0, 20)
                                   for stat in ("combat", "defense")}
    for hero_id, numbers in mapping(payload.get("heroes"), "heroes").items():
        if hero_id not in data.heroes():
            raise ActionError(N_("Choose one of the listed options."), field="heroes")
        numbers = mapping(numbers, f"heroes.{hero_id}")
        entry = facts["heroes"].setdefault(hero_id, {})
        for stat in STATS:
            if numbers.get(stat) is not None:
                entry[stat] = _number(numbers[stat], f"heroes.{hero_id}.{stat}", 0, 10)
        if numbers.get("class") not in (None, ""):  # "": the form's "—", no class chosen yet
            if numbers["class"] not in CLASSES:
                raise ActionError(N_("Choose one of the listed options."), field=f"heroes.{hero_id}.class")
            entry["class"] = numbers["class"]
    for mission_id, target in mapping(payload.get("targets"), "targets").items():
        known = {entry["id"] for entry in story_of(state)["missions"]}
        if mission_id not in known:
            raise ActionError(N_("Choose one of the listed options."), field="targets")
        facts["targets"][mission_id] = target if target == "heroes" else _number(target, f"targets.{mission_id}", 1, 30)


def _remembered(text) -> dict:
    """Numbers entered at an earlier table, sent back as one JSON field."""
    if text is None:
        return {}
    try:
        copied = json.loads(text) if isinstance(text, str) else text
    except (ValueError, RecursionError):
        copied = None
    if not isinstance(copied, dict):
        raise ActionError(N_("The action's details are malformed."), field="remembered")
    return copied
