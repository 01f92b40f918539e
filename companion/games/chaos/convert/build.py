"""Convert a Chaos in the Old World reference folder into data/chaos/.

    python -m companion.games.chaos.convert --reference DIR [--out DIR] [--check]

The reference folder holds a `data.json` with the gods, regions, dials and
ruination cards (the format is described in docs/chaos-data.md). The output
is our own schema, four files, each value that the reference could not
confirm carrying `"certain": false` so the app shows it as an editable
default. Where the rulebook text settles a point the reference left open
(Nurgle's 2+ threshold, a tie for most dial tokens, the starting hand of 3,
Tzeentch's one discard), the rulebook's answer is written here; so are the
upgrade cards' effects that the reference notes give beside data.json.

Rerunnable: the same input always gives byte-identical files. Build-time
only: the server reads data/chaos/ (data.py) and never imports this.
"""

from __future__ import annotations

import json
from pathlib import Path

from companion.kit.convert import read_json, run

OUT_FILES = ("gods.json", "regions.json", "ruination.json", "table.json")

# Reward names in the reference -> ours.
REWARD_KINDS = {
    "vp": "vp",
    "upgrade_card": "upgrade",
    "draw_chaos_cards": "draw_cards",
    "remove_corruption": "remove_corruption",
    "place_warpstone": "place_warpstone",
    "place_nobles": "place_nobles",
    "remove_old_world_tokens": "remove_old_world_tokens",
}
UNIT_KINDS = {"cultist": "cultist", "warrior": "warrior", "greater_daemon": "greater_daemon"}

# The rulebook's own dial-token conditions (its "威胁轮盘" section); the
# reference is unsure of Nurgle's threshold, the rulebook says two or more.
DIAL_CONDITIONS = {
    "khorne": {"kind": "kills_in_battle", "per": "region"},
    "nurgle": {"kind": "corruption_in_populous", "at_least": 2},
    "tzeentch": {"kind": "corruption_with_magic", "at_least": 2, "magic_at_least": 2},
    "slaanesh": {"kind": "corruption_with_hero_or_noble", "at_least": 2},
}


# What each upgrade card does, where the reference notes give it (their
# upgrade and corroboration sections), in card order; None: not known, the
# group applies it by hand. Kinds: `power` (each round), `unit` (a printed
# stat changed), `magic` (each such figure adds magic symbols where it
# stands), `cost_where_absent` (summoning cost changed in a region holding
# none of the god's figures). Slaanesh's two power cards are +1 and +2, in
# that order.
UPGRADE_EFFECTS = {
    "khorne": [{"kind": "unit", "unit": "cultist", "field": "attack", "amount": 1}, None, None,
               {"kind": "power", "amount": 1}, None],
    "nurgle": [None, {"kind": "cost_where_absent", "unit": "cultist", "amount": -1}, None,
               {"kind": "power", "amount": 1}, None],
    "tzeentch": [None, None, {"kind": "magic", "unit": "greater_daemon", "amount": 2},
                 {"kind": "power", "amount": 1}, None],
    "slaanesh": [{"kind": "unit", "unit": "cultist", "field": "defense", "amount": 1}, None, None,
                 {"kind": "power", "amount": 1}, {"kind": "power", "amount": 2}],
}


def _reward(source: dict) -> dict | None:
    kind = source["type"]
    if kind == "start":
        return None
    if kind not in REWARD_KINDS:
        raise ValueError(f"unknown dial reward {kind!r}")
    reward = {"kind": REWARD_KINDS[kind]}
    if "amount" in source:
        reward["amount"] = source["amount"]
    return reward


def convert_dial(god: dict) -> dict:
    spaces = sorted(god["dial"]["spaces"], key=lambda space: space["space"])
    if [space["space"] for space in spaces] != list(range(len(spaces))):
        raise ValueError(f"{god['id']}: dial spaces are not numbered 0..n")
    if spaces[-1]["reward"]["type"] != "victory" or spaces[0]["reward"]["type"] != "start":
        raise ValueError(f"{god['id']}: a dial starts at 'start' and ends at 'victory'")
    status = god["dial"].get("status", "")
    return {
        "victory_at": len(spaces) - 1,
        "spaces": [{"threat": space["threat"], "reward": _reward(space["reward"])} for space in spaces[:-1]],
        # Threat numbers come from one board implementation; rewards are
        # certain only where two sources agree.
        "threat_certain": False,
        "rewards_certain": "two sources" in status,
    }


def convert_units(god: dict) -> list[dict]:
    return [
        {
            "id": unit["id"],
            "name": unit["name"],
            "kind": UNIT_KINDS[unit["type"]],
            "count": unit["count"],
            "cost": unit["cost"],
            "attack": unit["attack_dice"],
            "defense": unit["defense"],
        }
        for unit in god["units"]
    ]


def _upgrade_labels(upgrades: dict) -> list[str]:
    """The five upgrade cards by name where known, else by what they upgrade."""
    labels = upgrades["names"] if isinstance(upgrades.get("names"), list) else upgrades["kinds"]
    if len(labels) != upgrades["count"]:
        raise ValueError(f"{len(labels)} upgrade labels for {upgrades['count']} cards")
    return list(labels)


def convert_god(god: dict) -> dict:
    draw = god["chaos_card_draw"]
    if draw["rule"] == "draw_n":
        drawing = {"kind": "draw", "cards": draw["n"]}
    elif draw["rule"] == "draw_to_hand_size":
        # The rulebook lets Tzeentch discard one card first.
        drawing = {"kind": "draw_up_to", "cards": draw["n"], "may_discard": 1}
    else:
        raise ValueError(f"{god['id']}: unknown draw rule {draw['rule']!r}")
    return {
        "id": god["id"],
        "name": god["name"],
        "order": god["power_order"],
        "power": god["power_per_round"],
        "drawing": drawing,
        "dial_condition": DIAL_CONDITIONS[god["id"]],
        "dial": convert_dial(god),
        "units": convert_units(god),
        # Counts agree in two sources; cost, attack and defense come from one.
        "unit_stats_certain": False,
        "upgrades": _upgrade_labels(god["upgrade_cards"]),
        "upgrade_effects": UPGRADE_EFFECTS[god["id"]],
    }


def convert_region(region: dict) -> dict:
    return {
        "id": region["id"],
        "name": region["name"],
        "order": region["region_order"],
        # The map prints one number; the rulebook starts conquest equal to it.
        "resistance": region["resistance"],
        "conquest": region["resistance"],
        "populous": region["populous"],
        "adjacent": sorted(region["adjacent"]),
    }


def convert_ruination(source: dict) -> dict:
    cards = sorted(source["cards_in_stack_order"], key=lambda card: card["card"])
    return {
        "certain": "UNCONFIRMED" not in source.get("status", ""),
        "cards": [
            {
                "number": card["card"],
                "ruiners": card["ruiners_vp"],
                "first": dict(card["most_corruption_vp_by_region"]),
                "second": dict(card["second_most_corruption_vp_by_region"]),
            }
            for card in cards
        ],
    }


def convert_table(source: dict) -> dict:
    tokens = {kind: count for kind, count in source["old_world_tokens"].items() if kind != "total"}
    return {
        "god_order": list(source["power_order"]),
        "region_order": list(source["region_order"]),
        "vp_to_win": source["game_end"]["vp_to_win"],
        "ruin_at": source["corruption"]["ruin_at"],
        "corruption_tokens_per_god": source["corruption"]["tokens_per_power"],
        "ruined_regions_to_end": source["ruination"]["game_ends_when_ruined_regions"],
        "old_world_deck": {str(players): cards
                           for players, cards in source["game_end"]["old_world_deck_cards"].items()},
        "old_world_track_slots": 2,
        "chaos_card_slots": source["chaos_card_slots_per_region"],
        "dial_tokens": source["dial_phase"]["counters_available"],
        "starting_hand": 3,
        "starting_old_world_tokens": {"noble": 2, "warpstone": 3, "peasant": 4},
        "old_world_tokens": tokens,
        "peasant_defense": 1,
    }


def convert(source: dict) -> dict[str, dict]:
    """The four output files, as dicts, from the reference's data.json."""
    gods = sorted(source["gods"], key=lambda god: god["power_order"])
    regions = sorted(source["regions"], key=lambda region: region["region_order"])
    return {
        "gods.json": {"gods": [convert_god(god) for god in gods]},
        "regions.json": {"regions": [convert_region(region) for region in regions]},
        "ruination.json": convert_ruination(source["ruination"]),
        "table.json": convert_table(source),
    }


def dump(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def texts(reference: Path) -> dict[str, str]:
    """Each data file's text, from the reference folder's data.json."""
    return {name: dump(data) for name, data in convert(read_json(reference)).items()}


def main(argv: list[str] | None = None) -> int:
    return run("chaos", texts, argv, reference_help="folder holding the reference data.json",
               description="Convert a Chaos in the Old World reference folder (its data.json) "
                           "into the app's data files.")
