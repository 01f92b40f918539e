"""Spaces of the city the group chooses to track (rulebook "movement",
"fire and corruption tokens", "tokens"): printed and physical tokens,
face-down exploration tokens, monsters, innocents, NPCs, extra turns, and
where each hero stands.

Moving a hero applies what the rules make automatic: a wound for leaving a
space with monsters (not with a Stealth Suit), and a fire and a corruption
check for the space left and the space entered, each on its own, with one
SIN die per token there (printed ones count); fire wounds ignore defense and
Proxy ignores one of each check's results; Hazmat Suit cancels one success.
"""

from __future__ import annotations

import random

from companion.games.the_others import dashboard, data, dice
from companion.games.the_others.turns import Actor, require_hero_player
from companion.rules import N_, ActionError

TOKENS = ("fire", "corruption", "pentagram", "nest", "altar")
COUNTS = ("face_down", "innocents", "extra_turns")
MONSTERS = ("abomination", "controller", "avatar", "acolyte")
CHECKS = ("fire", "corruption")
MAX_SPACES = 60


def new_space(name: str) -> dict:
    return {"name": name, "printed": {t: 0 for t in TOKENS}, "tokens": {t: 0 for t in TOKENS},
            "monsters": {m: 0 for m in MONSTERS}, **{c: 0 for c in COUNTS}}


def add(state: dict, actor: Actor, payload: dict) -> None:
    name = payload.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > 40:
        raise ActionError(N_("Name the space (up to 40 characters)."), field="name")
    spaces = state.setdefault("spaces", {})
    if len(spaces) >= MAX_SPACES:
        raise ActionError(N_("At most %(max)d spaces."), field="name", max=MAX_SPACES)
    name = " ".join(name.split())
    if any(space["name"].casefold() == name.casefold() for space in spaces.values()):
        raise ActionError(N_("Two spaces can't share a name."), field="name")
    spaces[f"s{len(spaces) + 1}"] = new_space(name)


def space(state: dict, space_id, field: str = "space") -> dict:
    found = state.get("spaces", {}).get(space_id) if isinstance(space_id, str) else None
    if found is None:
        raise ActionError(N_("Choose a space."), field=field)
    return found


def set_count(state: dict, actor: Actor, payload: dict) -> None:
    """Set one count of a space: "tokens.fire", "printed.nest", "monsters.acolyte", "innocents"..."""
    target = space(state, payload.get("space"))
    what, value = payload.get("what"), payload.get("value")
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 20:
        raise ActionError(N_("Enter a whole number from %(low)d to %(high)d."), field="value", low=0, high=20)
    group, _, key = what.partition(".") if isinstance(what, str) else ("", "", "")
    if group in ("tokens", "printed") and key in TOKENS or group == "monsters" and key in MONSTERS:
        target[group][key] = value
    elif what in COUNTS:
        target[what] = value
    else:
        raise ActionError(N_("Choose one of the listed options."), field="what")


def count(target: dict, token: str) -> int:
    return target["printed"][token] + target["tokens"][token]


def has_monsters(target: dict) -> bool:
    return any(target["monsters"].values())


def heroes_in(state: dict, space_id: str) -> list[str]:
    return [h for h in state["order"] if state["heroes"][h].get("space") == space_id and not state["heroes"][h]["dead"]]


# -- moving ----------------------------------------------------------------------------------------
def checks_for(state: dict, hero_id: str, to: str) -> list[dict]:
    """The fire and corruption checks a step from the hero's space to `to`
    makes: leaving first, then entering; fire before corruption."""
    out = []
    here = state["heroes"][hero_id].get("space")
    for moment, space_id in (("leave", here), ("enter", to)):
        if space_id is None:
            continue
        for kind in CHECKS:
            dice_count = count(state["spaces"][space_id], kind)
            if dice_count:
                out.append({"moment": moment, "space": space_id, "kind": kind, "dice": dice_count})
    return out


def prepare_move(state: dict, payload: dict, rng: random.Random) -> list[dict]:
    """Roll every check of the step (when the dice's sides are known)."""
    sin_die, _, known = dice.dice_for(state["facts"]["dice"])
    hero_id, to = payload.get("hero"), payload.get("to")
    if hero_id not in state["heroes"] or to not in state.get("spaces", {}) or not known:
        return []
    return [{**check, "roll": dice.pool(sin_die, check["dice"]).roll(rng).to_json()}
            for check in checks_for(state, hero_id, to)]


def move(state: dict, actor: Actor, payload: dict) -> None:
    """One step of a hero's move (or a teleport, which ignores tokens and monsters)."""
    hero_id = payload.get("hero")
    hero = dashboard.alive(state, hero_id)
    require_hero_player(state, actor, hero_id)
    to = payload.get("to")
    space(state, to, "to")
    here = hero.get("space")
    if not payload.get("teleport") and here is not None:
        if has_monsters(state["spaces"][here]) and "stealth_suit" not in hero["upgrades"]:
            dashboard.take_wounds(state, hero_id, data.constants()["leave_monster_space_wounds"])
        apply_checks(state, hero_id, to, payload.get("checks") or [])
    hero["space"] = to


def apply_checks(state: dict, hero_id: str, to: str, rolled: list) -> None:
    wanted = checks_for(state, hero_id, to)
    if not wanted:
        return
    if len(rolled) != len(wanted):
        # The sides aren't entered: the page asks for each check with check.roll.
        state["checks_due"] = [{**check, "hero": hero_id} for check in wanted]
        return
    sin_die, _, _ = dice.dice_for(state["facts"]["dice"])
    hero = state["heroes"][hero_id]
    for check, record in zip(wanted, rolled):
        results = dice.totals(dice.read_roll(record["roll"], sin_die))
        amount = results.get("hit" if check["kind"] == "fire" else "corruption", 0)
        amount -= ("proxy" in hero["npcs"]) + ("hazmat_suit" in hero["upgrades"])
        if check["kind"] == "fire":
            dashboard.take_wounds(state, hero_id, max(0, amount))
        else:
            dashboard.take_corruption(state, hero_id, max(0, amount))
    state["last_checks"] = [{**check, "roll": record["roll"], "hero": hero_id} for check, record in zip(wanted, rolled)]


def pick_up(state: dict, actor: Actor, payload: dict) -> None:
    """Free during the hero's turn: extra-turn tokens, innocents and NPCs of
    the space; face-down tokens flip when no monster is there."""
    hero_id = payload.get("hero")
    hero = dashboard.alive(state, hero_id)
    require_hero_player(state, actor, hero_id)
    here = space(state, hero.get("space"), "hero")
    what = payload.get("what")
    if what == "extra_turns" and here["extra_turns"]:
        here["extra_turns"] -= 1
        hero["extra_turns"] += 1
    elif what == "innocents" and here["innocents"]:
        here["innocents"] -= 1
        hero["innocents"] += 1
    elif what == "explore" and here["face_down"] and not has_monsters(here):
        here["face_down"] = 0  # their faces are set with space.set
    else:
        raise ActionError(N_("Nothing of that kind can be taken here now."), field="what")


def cleanse_remove(state: dict, actor: Actor, payload: dict) -> None:
    """After a cleanse roll: each skill (and faith) removes one face-up
    token of the hero's space; printed tokens stay."""
    roll = state.get("roll") or {}
    if roll.get("kind") != "cleanse" or roll.get("removed", 0) < 1:
        raise ActionError(N_("No cleanse roll has tokens left to remove."), field="what")
    hero_id = roll["hero"]
    require_hero_player(state, actor, hero_id)
    here = space(state, state["heroes"][hero_id].get("space"), "what")
    what = payload.get("what")
    if what not in TOKENS or here["tokens"][what] < 1:
        raise ActionError(N_("No such face-up token here (printed ones can't be removed)."), field="what")
    here["tokens"][what] -= 1
    roll["removed"] -= 1
