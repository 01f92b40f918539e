"""Set-up: the numbers the group enters (dice sides, hero and monster
numbers, mission targets), the 7-hero team, the starting heroes, and the
start of the game (rulebook "game set-up")."""

from __future__ import annotations

import json
import random

from companion.games.the_others import cards, data, dice, flow
from companion.games.the_others.flow import given
from companion.games.the_others.heroes import new_hero
from companion.games.the_others.state import CLASSES, hero_fact, mapping, missing_monster_facts, mission_target, story
from companion.kit import deck as decks
from companion.kit.actions import Act
from companion.rules import N_, ActionError

STATS = ("combat", "skill", "defense")


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
        known = {entry["id"] for entry in story(state)["missions"]}
        if mission_id not in known:
            raise ActionError(N_("Choose one of the listed options."), field="targets")
        facts["targets"][mission_id] = target if target == "heroes" else _number(target, f"targets.{mission_id}", 1, 30)


def _remembered(text) -> dict:
    """Numbers entered at an earlier table, sent back as one JSON field."""
    if text is None:
        return {}
    try:
        copied = json.loads(text) if isinstance(text, str) else text
    except ValueError:
        copied = None
    if not isinstance(copied, dict):
        raise ActionError(N_("The action's details are malformed."), field="remembered")
    return copied


def choose_team(act: Act) -> None:
    """The 7 F.A.I.T.H. agents: 1 leader, 2 fixers, 2 snipers, 2 bruisers."""
    state, payload = act.state, given(act)
    team = payload.get("heroes")
    if not isinstance(team, list) or len(set(team)) != 7 or any(h not in data.heroes() for h in team):
        raise ActionError(N_("Choose 7 different heroes."), field="heroes")
    counts = {hero_class: 0 for hero_class in CLASSES}
    for hero_id in team:
        hero_class = hero_fact(state, hero_id, "class")
        if hero_class is None:
            raise ActionError(N_("Enter the class of %(hero)s first."), field="heroes",
                              hero=data.heroes()[hero_id]["name"])
        counts[hero_class] += 1
    if counts != data.constants()["team"]:
        raise ActionError(N_("A team is 1 leader, 2 fixers, 2 snipers and 2 bruisers."), field="heroes")
    state["team"] = list(team)
    state["order"], state["heroes"] = [], {}


def pick_heroes(act: Act) -> None:
    """A hero player takes their starting heroes from the team (3 for a
    lone player, 2 each for two, 1 each for three or four)."""
    state, payload = act.state, given(act)
    if act.role != "hero" and act.seat_id is not None:
        raise ActionError(N_("Only a hero player picks heroes."), field="heroes")
    picked = payload.get("heroes")
    share = state["options"]["hero_count"] // state["options"]["hero_players"]
    if not isinstance(picked, list) or len(set(picked)) != share:
        raise ActionError(N_("Pick %(count)d heroes."), field="heroes", count=share)
    for hero_id in picked:
        if hero_id not in state["team"]:
            raise ActionError(N_("Pick heroes from the team."), field="heroes")
        if hero_id in state["heroes"] and state["heroes"][hero_id]["player"] != act.seat_id:
            raise ActionError(N_("Another player has %(hero)s."), field="heroes", hero=data.heroes()[hero_id]["name"])
    for hero_id in [h for h in state["order"] if state["heroes"][h]["player"] == act.seat_id]:
        state["order"].remove(hero_id)
        del state["heroes"][hero_id]
    if len(state["order"]) + share > state["options"]["hero_count"]:
        raise ActionError(N_("All %(count)d heroes are taken."), field="heroes", count=state["options"]["hero_count"])
    for hero_id in picked:
        state["heroes"][hero_id] = new_hero(act.seat_id)
        state["order"].append(hero_id)


def missing_before_start(state: dict) -> list[str]:
    missing = []
    if len(state["order"]) != state["options"]["hero_count"]:
        missing.append("heroes")
    if state["sin"]["seat"] is None:
        missing.append("sin_seat")
    for hero_id in state["team"]:
        if any(hero_fact(state, hero_id, stat) is None for stat in STATS):
            missing.append(f"hero:{hero_id}")
    missing += [f"monster:{kind}" for kind in missing_monster_facts(state)]
    missing += [f"target:{m['id']}" for m in story(state)["missions"] if mission_target(state, m["id"]) is None]
    return missing


def suggested_team(state: dict) -> list[str]:
    """The first valid team of the heroes whose classes are known, in the
    data's order (the team form starts from it); [] if there is none."""
    wanted = dict(data.constants()["team"])
    team = []
    for hero_id in data.heroes():
        hero_class = hero_fact(state, hero_id, "class")
        if wanted.get(hero_class):
            wanted[hero_class] -= 1
            team.append(hero_id)
    return team if not any(wanted.values()) else []


def still_needed(state: dict) -> list[str]:
    """Everything the set-up still needs, in the order a group does it: the
    dice, the monsters, the mission targets, the heroes' classes and the
    team, the team's numbers, the SIN player, each hero player's heroes.
    ("dice:<sin|hero>", "monster:<kind>", "target:<mission>", "classes",
    "team", "hero:<hero>", "sin_seat", "heroes"). The dice are needed for
    the app to roll; the rest before the start."""
    if state["phase"] != "setup":
        return []
    needed = [f"dice:{kind}" for kind in ("sin", "hero") if not state["facts"]["dice"].get(kind)]
    needed += [f"monster:{kind}" for kind in missing_monster_facts(state)]
    needed += [f"target:{m['id']}" for m in story(state)["missions"] if mission_target(state, m["id"]) is None]
    if not state["team"]:
        needed += ["team"] if suggested_team(state) else ["classes", "team"]
    needed += [f"hero:{h}" for h in state["team"] if any(hero_fact(state, h, stat) is None for stat in STATS)]
    if state["sin"]["seat"] is None:
        needed.append("sin_seat")
    if len(state["order"]) != state["options"]["hero_count"]:
        needed.append("heroes")
    return needed


def starting_draws(state: dict, rng: random.Random) -> dict:
    """The SIN's starting hand, the inventory and (corruption stories) the
    dark pasts, recorded as "draws"."""
    starting = list(state["order"])
    reserve = [hero for hero in state["team"] if hero not in starting]
    fresh = {"secrets": {}, "options": state["options"], "sin": state["sin"]}
    cards.new_decks(fresh)
    draws = {"hand": decks.pick(cards.sin_deck(fresh), data.constants()["starting_sin_cards"], rng),
             "inventory": decks.pick(fresh["upgrades"], data.constants()["inventory_size"], rng)}
    if "dark_past" in story(state)["special"]:
        draws["dark_pasts"] = cards.deal_dark_pasts(state, rng, starting, reserve)
    return draws


def start_game(act: Act) -> None:
    state = act.state
    missing = missing_before_start(state)
    if missing:
        raise ActionError(N_("Not ready to start: %(count)d things are still needed (see the set-up list)."),
                          field="type", count=len(missing))
    draws = act.draws.take("draws", lambda rng: starting_draws(state, rng))
    state["reserve"] = [hero for hero in state["team"] if hero not in state["order"]]
    cards.new_decks(state)
    cards.add_to_hand(state, draws["hand"])
    state["inventory"] = decks.draw(state["upgrades"], list(draws["inventory"]))
    cards.seal_dark_pasts(state, draws.get("dark_pasts", {}))
    state["sin"]["reaction_tokens"] = state["options"]["hero_count"]
    state["story"]["mission"] = story(state)["missions"][0]["id"]
    state["round"] = 1
    flow.go_to(state, "round_start")
