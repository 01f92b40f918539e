"""Write data/the_others/ from the rulebook facts and a reference folder.

    python -m companion.games.the_others.convert --reference DIR [--out DIR] [--check]

The reference folder holds data.json: findings about the game's printed numbers,
each with a status. Only "confirmed" numbers are used as values; weaker ones
become a hint the set-up form shows, and the group enters the number. The
rulebook facts come from seed_facts.py. Rerunning gives the same files.

Schema (all JSON, UTF-8, sorted keys): a number the group must enter is null,
and the record lists it in "enter"; "source" says where a value came from
("rulebook", "rulebook_example", "reference").
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from companion import data_path
from companion.games.the_others.convert import seed_facts as seed
from companion.kit.convert import read_json, run

DEFAULT_OUT = data_path("the_others")
HERO_STATS = ("combat", "skill", "defense")
CLASSES = {"leader": "leader", "fixer": "fixer", "bruiser": "bruiser", "sniper": "sniper", "shooter": "sniper"}


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.casefold()).strip("_")


def load_reference(folder: Path) -> dict:
    return read_json(folder)


def reference_heroes(reference: dict) -> dict[str, dict]:
    heroes = reference.get("heroes", {})
    listed = heroes.get("core_box", {}).get("list", []) + heroes.get("other", [])
    return {slug(hero["name"]): hero for hero in listed}


def hero_record(hero_id: str, name: str, seed_hero: dict, found: dict | None) -> dict:
    record: dict[str, Any] = {"id": hero_id, "name": name, "abilities": seed_hero.get("abilities", []),
                              "fight_effects": seed_hero.get("fight_effects", {}),
                              "turn_end": seed_hero.get("turn_end", {}), "hints": {}, "source": {}}
    found = found or {}
    if found.get("full_name"):
        record["full_name"] = found["full_name"]
    for stat in HERO_STATS:
        if seed_hero.get(stat) is not None:
            record[stat], record["source"][stat] = seed_hero[stat], "rulebook_example"
        elif found.get(stat) is not None and found.get("stats_status") == "confirmed":
            record[stat], record["source"][stat] = found[stat], "reference"
        else:
            record[stat] = None
            if found.get(stat) is not None:
                record["hints"][stat] = found[stat]
    hero_class = CLASSES.get(str(found.get("class") or "").casefold())
    if hero_class and found.get("class_status") == "confirmed":
        record["class"], record["source"]["class"] = hero_class, "reference"
    else:
        record["class"] = None
        if hero_class:
            record["hints"]["class"] = hero_class
    record["enter"] = [key for key in ("class", *HERO_STATS) if record[key] is None]
    return record


def heroes(reference: dict) -> list[dict]:
    found = reference_heroes(reference)
    by_id = {hero["id"]: hero for hero in seed.SEED_HEROES}
    ids = list(by_id) + [hero_id for hero_id in found if hero_id not in by_id]
    return [hero_record(hero_id, by_id.get(hero_id, {}).get("name") or found[hero_id]["name"],
                        by_id.get(hero_id, {}), found.get(hero_id)) for hero_id in ids]


def monster_stats(found: dict | None) -> dict:
    found = found or {}
    combat, defense = found.get("dice"), found.get("defense")
    record = {"combat": combat, "defense": defense}
    record["enter"] = [key for key in ("combat", "defense") if record[key] is None]
    return record


def sins(reference: dict) -> list[dict]:
    found = {slug(item["sin"]): item for item in reference.get("sins", {}).get("list", [])}
    common = [{"name": name, "timing": timing, "fight": fight} for name, timing, fight in seed.COMMON_SIN_CARDS]
    out = []
    for sin in seed.SINS:
        own = [{"name": name, "timing": timing, "fight": fight} for name, timing, fight in sin["cards"]]
        cards = sorted(common + own, key=lambda card: card["name"].casefold())
        for card in cards:
            card["id"] = slug(card["name"])
            card["played"] = seed.SIN_CARDS_PLAYED.get(card["id"], {})
        monsters = {kind: {**monster_stats(found.get(sin["id"], {}).get(kind)),
                           "figures": seed.SIN_MONSTER_COUNTS[kind]}
                    for kind in seed.SIN_MONSTERS}
        out.append({"id": sin["id"], "name": sin["name"], "power": sin["power"],
                    "power_effect": sin["power_effect"], "monsters": monsters, "cards": cards})
    return out


def acolytes(reference: dict) -> list[dict]:
    found = {slug(item["name"]): item for item in reference.get("acolytes", {}).get("list", [])}
    return [{**acolyte, **monster_stats(found.get(slug(acolyte["name"]))), "figures": seed.ACOLYTE_FIGURES}
            for acolyte in seed.ACOLYTES]


def apocalypse_cards() -> dict:
    cards = {}
    for story_type, listed in seed.APOCALYPSE_CARDS.items():
        cards[story_type] = [{"id": slug(name), "name": name, "hell_club": club, "fight": fight}
                             for name, club, fight in listed]
    club = {club_id: {"id": club_id, "name": name, "combat": None, "defense": None, "enter": ["combat", "defense"]}
            for club_id, name in seed.HELL_CLUB.items()}
    return {"decks": cards, "hell_club": club}


def dice(reference: dict) -> dict:
    found = reference.get("dice", {})
    out = {}
    for kind, faces in seed.DICE.items():
        counts = found.get(f"{kind}_die", {}).get("faces", {})
        confirmed = found.get(f"{kind}_die", {}).get("status") == "confirmed"
        sides = {face: (counts.get(face) if confirmed else None) for face in faces}
        out[kind] = {"faces": faces, "sides": sides, "total": seed.DIE_SIDES,
                     "enter": [face for face, count in sides.items() if count is None]}
    return out


def stories() -> list[dict]:
    out = []
    for story in seed.STORIES:
        missions = [{**mission, "enter": mission["target"] is None} for mission in story["missions"]]
        out.append({**story, "missions": missions})
    return out


def tables() -> dict:
    return {
        "corruption_levels": seed.CORRUPTION_LEVELS,
        "apocalypse_levels": seed.APOCALYPSE_LEVELS,
        "constants": seed.CONSTANTS,
        "city_actions": seed.CITY_ACTIONS,
        "npcs": seed.NPCS,
        "dark_pasts": seed.DARK_PASTS,
        "upgrades": [{"id": slug(name), "name": name, "effect": effect} for name, effect in seed.UPGRADES],
    }


def convert(reference: dict) -> dict[str, Any]:
    """File name -> content."""
    return {
        "rules.json": tables(),
        "dice.json": dice(reference),
        "heroes.json": heroes(reference),
        "sins.json": sins(reference),
        "acolytes.json": acolytes(reference),
        "apocalypse_cards.json": apocalypse_cards(),
        "stories.json": stories(),
    }


def dump(content: Any) -> str:
    return json.dumps(content, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def write(files: dict[str, Any], out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, content in files.items():
        path = out / name
        path.write_text(dump(content), encoding="utf-8")
        written.append(path)
    return written


def texts(reference: Path) -> dict[str, str]:
    """Each data file's text, from the reference folder's data.json and the rulebook facts."""
    return {name: dump(content) for name, content in convert(load_reference(reference)).items()}


def main(argv: list[str] | None = None) -> int:
    return run("the_others", texts, argv, reference_help="folder holding the reference data.json",
               description="Write The Others' data files from a reference folder.")
