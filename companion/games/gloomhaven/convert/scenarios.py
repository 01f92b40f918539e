"""Scenarios 1-95: monsters, rooms and their standees by character count,
special rules, and the campaign links (requirements, unlocks, rewards)."""

from __future__ import annotations

from .achievements import normalise
from .rules_text import convert_rule

CHARACTER_COUNTS = ("2", "3", "4")
RANKS = ("normal", "elite", "boss")


def convert_scenarios(source) -> list:
    found = [convert_scenario(source, raw) for raw in source.each("scenarios")]
    return sorted(found, key=lambda s: s["number"])


def convert_scenario(source, raw: dict) -> dict:
    monsters, bonus = monster_types(raw.get("monsters", []))
    scenario = {
        "number": int(raw["index"]),
        "name": raw["name"],
        "group": raw.get("flowChartGroup"),
        "map": (raw.get("coordinates") or {}).get("gridLocation") or raw.get("gridLocation"),
        "monsters": monsters,
    }
    if bonus:
        scenario["level_bonus"] = bonus
    if raw.get("allies") or raw.get("allied"):
        scenario["allies"] = sorted(set(raw.get("allies", []) + raw.get("allied", [])))
    if raw.get("eventType"):
        scenario["road_event"] = raw["eventType"] == "road"
    if raw.get("random"):
        scenario["random_card"] = True
    scenario["objectives"] = [objective(o) for o in raw.get("objectives", [])]
    scenario["rooms"] = [room(r) for r in raw.get("rooms", [])]
    # One scenario (55) builds its map from random cards: the data has no rooms.
    scenario["rooms_in_data"] = "rooms" in raw
    scenario["rules"] = [convert_rule(source, r) for r in raw.get("rules", [])]
    scenario.update(campaign(source, raw))
    return scenario


def monster_types(names: list) -> tuple:
    """'stone-golem:+1' is a type placed one level above the scenario's."""
    types, bonus = [], {}
    for name in names:
        base, _, plus = name.partition(":")
        types.append(base)
        if plus:
            bonus[base] = int(plus)
    return types, bonus


def objective(raw: dict) -> dict:
    found = {"name": raw["name"], "hit_points": raw.get("health", 0)}
    for key in ("marker", "count"):
        if key in raw:
            found[key] = raw[key]
    if raw.get("escort"):
        found["escort"] = True
    return found


def room(raw: dict) -> dict:
    found = {"number": raw["roomNumber"], "tile": raw.get("ref"), "start": bool(raw.get("initial")),
             "opens": raw.get("rooms", [])}
    for key, ours in (("marker", "marker"), ("treasures", "treasures"), ("objectives", "objectives")):
        if raw.get(key):
            found[ours] = raw[key]
    found["standees"] = standees(raw.get("monster", []))
    marked = [placement_with_marker(m) for m in raw.get("monster", []) if m.get("marker")]
    if marked:
        found["marked_standees"] = marked
    return found


def rank_by_count(entry: dict) -> dict:
    """Which rank the entry places for 2, 3 and 4 characters (absent: none)."""
    if "type" in entry:
        return {n: entry["type"] for n in CHARACTER_COUNTS}
    return {n: entry[f"player{n}"] for n in CHARACTER_COUNTS if f"player{n}" in entry}


def standees(entries: list) -> dict:
    """{"2": {"bandit-guard": {"normal": 2, "elite": 1}}, "3": ..., "4": ...}"""
    found = {n: {} for n in CHARACTER_COUNTS}
    for entry in entries:
        name = entry["name"].partition(":")[0]
        for count, rank in rank_by_count(entry).items():
            if rank not in RANKS:
                raise ValueError(f"unknown rank {rank!r} for {name}")
            ranks = found[count].setdefault(name, {})
            ranks[rank] = ranks.get(rank, 0) + 1
    return found


def placement_with_marker(entry: dict) -> dict:
    return {"monster": entry["name"].partition(":")[0], "marker": entry["marker"],
            "by_characters": rank_by_count(entry)}


def campaign(source, raw: dict) -> dict:
    found = {
        "requires_completed": [[int(n) for n in group] for group in raw.get("requires", [])],
        "requirements": [requirement(source, r) for r in raw.get("requirements", [])],
        "unlocks": [int(n) for n in raw.get("unlocks", [])],
        "blocks": [int(n) for n in raw.get("blocks", [])],
        "links": [int(n) for n in raw.get("links", [])],
        "rewards": rewards(source, raw.get("rewards") or {}),
        "rewards_in_data": "rewards" in raw,
    }
    if raw.get("initial"):
        found["first"] = True
    return found


def requirement(source, raw: dict) -> dict:
    """One way to meet the requirement: every listed achievement held (or,
    for the *_absent lists, not held), with min_count for repeatable ones."""
    found = {}
    for kind in ("global", "party"):
        for name in raw.get(kind, []):
            absent = name.startswith("!")
            bare, _, times = name.lstrip("!").partition(":")
            ident = normalise(source, bare, kind)
            found.setdefault(f"{kind}_absent" if absent else kind, []).append(ident)
            if times:
                found.setdefault("min_count", {})[ident] = int(times)
    return found


def rewards(source, raw: dict) -> dict:
    found = {}
    for key, ours in (("gold", "gold_each"), ("experience", "experience_each"),
                      ("collectiveGold", "collective_gold"), ("prosperity", "prosperity"),
                      ("reputation", "reputation"), ("battleGoals", "battle_goal_checkmarks"),
                      ("unlockCharacter", "unlock_class")):
        if key in raw:
            found[ours] = raw[key]
    for key, ours, kind in (("globalAchievements", "global_achievements", "global"),
                            ("partyAchievements", "party_achievements", "party"),
                            ("lostPartyAchievements", "party_achievements_lost", "party")):
        if raw.get(key):
            found[ours] = [normalise(source, name, kind) for name in raw[key]]
    if raw.get("items"):
        found["items"] = [item_reward(i) for i in raw["items"]]
    if raw.get("itemDesigns"):
        found["item_designs"] = [int(i) for i in raw["itemDesigns"]]
    if raw.get("events"):
        found["events"] = [{"deck": e.split(":")[0], "card": int(e.split(":")[1])} for e in raw["events"]]
    if raw.get("envelopes"):
        found["envelopes"] = raw["envelopes"]
    if raw.get("chooseLocation"):
        found["choose_one_unlock"] = [int(n) for n in raw["chooseLocation"]]
    notes = [source.text(raw["custom"])] if raw.get("custom") else []
    notes += [f"{key}: {source.text(v)}" for key, values in (raw.get("hints") or {}).items()
              for v in (values if isinstance(values, list) else [values])]
    if notes:
        found["notes"] = notes
    return found


def item_reward(raw: str) -> dict:
    number, _, copies = str(raw).partition(":")
    return {"item": int(number), "count": int(copies or 1)}
