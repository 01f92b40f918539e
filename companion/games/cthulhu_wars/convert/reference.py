"""Builds data/cthulhu_wars/ from a folder of Cthulhu Wars reference facts.

    python -m companion.games.cthulhu_wars.convert --reference DIR [--out DIR] [--check]

The reference folder holds the reference's data.json. The rulebook (the Chinese seed)
is the authority where it speaks: the facts it gives are written here in
SEED and override or check the reference; every value only the reference
gives is listed in the output's "defaults" so a group corrects it from its
printed components. Rerunning gives the same files (docs/cthulhu_wars.md
describes them).
"""

from __future__ import annotations

import json
from pathlib import Path

from companion.kit.convert import ReferenceProblem, read_json, run
from companion.kit.convert import write as convert_write

#: The factions of the core box, in the order of their English initials (the
#: seed's tie-break for the first player when Great Cthulhu is absent).
FACTIONS = ("black_goat", "crawling_chaos", "great_cthulhu", "yellow_sign")

# What the seed itself says; each value names its section in a comment.
SEED = {
    # 组件: 36 elder signs, 18 of 1, 12 of 2, 6 of 3.
    "elder_sign_pool": {"1": 18, "2": 12, "3": 6},
    # 游戏结束/胜负判定 and 第八章 B: 30 doom, 20 with two players.
    "doom_to_end": {"default": 30, "two_players": 20},
    # 第八章 B: with two players, battle is unlimited above 6 doom.
    "two_player_unlimited_battle_above_doom": 6,
    # 第一阶段 note: the printed power track stops at 20, power does not.
    "power_track_printed_max": 20,
    # 第四阶段 and the player aid: what each action costs.
    "action_costs": {
        "recruit": 1, "build_gate": 3, "move_per_unit": 1, "battle": 1, "capture": 1, "control_gate": 0,
    },
    # The factions' cards and spellbooks: unique actions and their costs.
    "unique_actions": {
        "great_cthulhu": {"dreams": 3, "submerge": 1, "unsubmerge": 1},
        "crawling_chaos": {"the_thousand_forms": 0},
        "black_goat": {"avatar": 1, "ghroth": 2},
        "yellow_sign": {
            "desecrate": 2, "zingaya": 1, "shriek_of_the_byakhee": 1,
            "the_screaming_dead": 1, "he_who_is_not_to_be_named": 1,
        },
    },
    # 黄印 The Third Eye: with Hastur in play desecrating costs 1.
    "desecrate_cost_with_third_eye": 1,
    # Requirements met "as your action" (获得咒术书要求的行动): what they take.
    "requirement_actions": {
        "cc_pay4": {"power": 4}, "cc_pay6": {"power": 6},
        "bg_elim2": {"cultists": 2}, "ys_provide_doom": {"doom_to_another": 3},
    },
}

# Unit facts the seed's examples and component list give (the rest are the
# reference's): counts from the component list; combat from the battle
# examples (深潜者 1, 修格斯 2, 邪教徒 0, 克苏鲁 6, four Undead roll 3).
SEED_UNIT_FACTS = {
    "deep_one": {"count": 4, "combat": {"fixed": 1}},
    "shoggoth": {"count": 2, "combat": {"fixed": 2}},
    "starspawn": {"count": 2},
    "nightgaunt": {"count": 3},
    "flying_polyp": {"count": 3},
    "hunting_horror": {"count": 2},
    "ghoul": {"count": 2},
    "fungi": {"count": 4},
    "dark_young": {"count": 3},
    "undead": {"count": 6, "combat": {"per_unit_minus_one": True}},
    "byakhee": {"count": 4},
}

# Great Old Ones: costs and combat from the factions' cards in the seed.
SEED_GREAT_OLD_ONES = {
    "cthulhu": {"cost": 10, "cost_again": 4, "combat": {"fixed": 6}, "where": "start_area_gate"},
    "nyarlathotep": {"cost": 10, "combat": {"formula": "spellbooks_both_sides"}, "where": "own_gate"},
    # "你控制的传送门和2个你的邪教徒在同一地区"; the two cultists are removed.
    "shub_niggurath": {"cost": 8, "combat": {"formula": "cultists_plus_gates"}, "where": "own_gate",
                       "cultists_removed": 2},
    "king_in_yellow": {"cost": 4, "where": "area_without_gate"},
    "hastur": {"cost": 10, "combat": {"formula": "ritual_cost"}, "where": "own_gate_with_king"},
}

# The seed's spellbook requirements per faction, by the reference's ids; the
# value is how many elder signs meeting it gives (seed: only Great Cthulhu's
# five-books requirement and Yellow Sign's awaken-Hastur one give a sign;
# the reference's first-doom-phase sign is wrong against the seed).
SEED_REQUIREMENT_ELDER_SIGNS = {
    "gc_first_doom": 0, "gc_five_books": 1, "ys_awaken_hastur": 1,
}

# The seed names Yellow Sign's glyphs O, A and M; the reference names them by shape.
GLYPHS = {"circle": "O", "chevron": "A", "vertical_slashes": "M"}

#: Two players play on one map piece, its fewer-areas side (seed 第八章 A:
#: 9 or 10 areas). The reference's West piece has 9 areas on that side.
TWO_PLAYER_PIECE = "west_3p"


class ReferenceError_(ReferenceProblem):
    """The reference folder does not hold what the converter expects."""


def load_reference(folder: Path) -> dict:
    return read_json(folder)


# -- factions ---------------------------------------------------------------
def convert_unit(unit: dict) -> dict:
    kind = {"cultist": "cultist", "monster": "monster", "great_old_one": "great_old_one"}[unit["type"]]
    out = {"id": unit["id"], "name": unit["name"], "kind": kind, "count": unit["count"]}
    defaults = []
    if kind == "great_old_one":
        seed = SEED_GREAT_OLD_ONES[unit["id"]]
        out.update({key: value for key, value in seed.items()})
        if "combat" not in seed:  # the King in Yellow: the seed gives no strength
            out["combat"] = {"fixed": unit["combat"]["value"]}
            defaults.append("combat")
        return {**out, "defaults": defaults}
    if kind == "cultist":
        # Recruiting costs 1 (第四阶段); cultists fight with 0 (Frenzy raises it to 1).
        return {**out, "id": "cultist", "cost": 1, "combat": {"fixed": 0}, "defaults": []}
    seed = SEED_UNIT_FACTS.get(unit["id"], {})
    out["cost"] = unit["cost"]
    defaults.append("cost")
    combat = unit["combat"]
    if "combat" in seed:
        out["combat"] = seed["combat"]
    elif combat["kind"] == "fixed":
        out["combat"] = {"fixed": combat["value"]}
        defaults.append("combat")
    elif combat["expr"] == "byakhee_in_battle + 1":
        out["combat"] = {"per_unit_plus_one": True}
        defaults.append("combat")
    else:
        raise ReferenceError_(f"unit {unit['id']}: unknown combat rule {combat!r}")
    if "count" in seed and seed["count"] != unit["count"]:
        raise ReferenceError_(
            f"unit {unit['id']}: the reference's count {unit['count']} is not the seed's {seed['count']}")
    return {**out, "defaults": defaults}


def convert_requirement(requirement: dict) -> dict:
    out = {"id": requirement["id"]}
    signs = SEED_REQUIREMENT_ELDER_SIGNS.get(requirement["id"], 0)
    if signs != requirement.get("elder_sign_bonus", 0) and requirement["id"] not in SEED_REQUIREMENT_ELDER_SIGNS:
        raise ReferenceError_(f"requirement {requirement['id']}: elder signs differ from the seed")
    out["elder_signs"] = signs
    if "glyph" in requirement:
        out["glyph"] = GLYPHS[requirement["glyph"]]
    return out


def spellbook_id(name: str) -> str:
    return "".join(c if c.isalnum() else "_" for c in name.lower().replace("'", "")).strip("_").replace("__", "_")


def convert_faction(faction: dict) -> dict:
    units = [convert_unit(unit) for unit in faction["units"]]
    return {
        "id": faction["id"],
        "name": faction["name"],
        "short": faction["short"],
        "colour": faction["colour"],
        "units": units,
        "spellbooks": [{"id": spellbook_id(name), "name": name} for name in faction["spellbooks"]],
        "requirements": [convert_requirement(r) for r in faction["requirements"]],
    }


# -- maps ------------------------------------------------------------------
def convert_area(area: dict) -> dict:
    glyph = GLYPHS[area["glyph"]] if area.get("glyph") else None
    return {"id": area["id"], "name": area["name"], "ocean": area["kind"] == "ocean", "glyph": glyph}


def convert_map(map_id: str, source: dict) -> dict:
    return {
        "id": map_id,
        "pieces": [source["west_half"], source["east_half"]],
        "areas": [convert_area(area) for area in source["areas"]],
        "adjacency": {area: sorted(near) for area, near in sorted(source["adjacency"].items())},
        "start_areas": dict(sorted(source["start_areas"].items())),
    }


def two_player_map(reference: dict) -> dict:
    """One piece alone: its areas, and only the borders between them."""
    keep = set(reference["hemispheres"][TWO_PLAYER_PIECE])
    whole = next(m for m in reference["maps"].values() if TWO_PLAYER_PIECE in (m["west_half"], m["east_half"]))
    return {
        "id": "earth_2p",
        "pieces": [TWO_PLAYER_PIECE],
        "areas": [convert_area(a) for a in whole["areas"] if a["id"] in keep],
        "adjacency": {
            area: sorted(n for n in near if n in keep)
            for area, near in sorted(whole["adjacency"].items()) if area in keep
        },
        # 第八章 A: the second player picks both start areas.
        "start_areas": {},
    }


def convert_maps(reference: dict) -> dict:
    maps = {map_id: convert_map(map_id, source) for map_id, source in sorted(reference["maps"].items())}
    maps["earth_2p"] = two_player_map(reference)
    by_players = {count: list(ids) for count, ids in sorted(reference["map_for_player_count"].items())}
    by_players["2"] = ["earth_2p"]
    return {"maps": maps, "for_players": by_players, "defaults": ["areas", "adjacency", "start_areas", "glyphs"]}


# -- ritual tracks ------------------------------------------------------------
def convert_rituals(reference: dict) -> dict:
    source = reference["tracks"]["ritual_of_annihilation"]
    tracks = {}
    for count, track in sorted(source["by_player_count"].items()):
        if "spaces" in track:
            tracks[count] = {"spaces": [s if isinstance(s, int) else None for s in track["spaces"]]}
    for count, track in sorted(source["by_player_count"].items()):
        if "use_track_for" in track:
            # The seed gives two players no track of their own: the reference's choice, an editable default.
            tracks[count] = {"spaces": list(tracks[str(track["use_track_for"])]["spaces"]),
                             "same_as": str(track["use_track_for"])}
    cap = source["cost_cap"]
    if cap != 10:  # seed 执行湮灭仪式: "从5到10"
        raise ReferenceError_(f"ritual cost cap {cap} is not the seed's 10")
    # A None space is Instant Death; a ritual there costs the cap.
    return {"tracks": tracks, "instant_death_cost": cap, "defaults": ["spaces"]}


def convert_game(reference: dict) -> dict:
    pool = {str(k): v for k, v in reference["elder_signs"]["by_value"].items()}
    if pool != SEED["elder_sign_pool"]:
        raise ReferenceError_(f"elder-sign pool {pool} is not the seed's {SEED['elder_sign_pool']}")
    if reference["tracks"]["doom"]["game_end_at"] != SEED["doom_to_end"]["default"]:
        raise ReferenceError_("the doom to end the game is not the seed's 30")
    return {**SEED, "first_player_round_one": "great_cthulhu", "faction_order": list(FACTIONS)}


def convert(reference: dict) -> dict[str, dict]:
    """Every output file name with its content."""
    factions = {f["id"]: convert_faction(f) for f in reference["factions"]}
    if sorted(factions) != sorted(FACTIONS):
        raise ReferenceError_(f"expected the four core factions, got {sorted(factions)}")
    return {
        "factions.json": {"factions": [factions[f] for f in FACTIONS]},
        "maps.json": convert_maps(reference),
        "rituals.json": convert_rituals(reference),
        "game.json": convert_game(reference),
    }


def texts(folder: Path) -> dict[str, str]:
    """Each data file's text, from the reference folder's data.json."""
    try:
        files = convert(load_reference(folder))
    except (KeyError, TypeError) as error:
        raise ReferenceProblem(f"the reference's data.json has an unexpected shape: {error!r}") from None
    return {name: dump(content) for name, content in files.items()}


def dump(content: dict) -> str:
    return json.dumps(content, indent=1, ensure_ascii=False, sort_keys=False) + "\n"


def write(files: dict[str, dict], out: Path) -> None:
    convert_write({name: dump(content) for name, content in files.items()}, out)


def main(argv: list[str] | None = None) -> int:
    return run("cthulhu_wars", texts, argv, reference_help="folder holding the reference's data.json",
               description="Convert Cthulhu Wars reference facts (a folder holding data.json) "
                           "into the app's data files.")
