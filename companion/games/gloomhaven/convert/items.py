"""Items 1-151: cost, copies, slot, prosperity, uses, -1 cards, summons."""

from __future__ import annotations

SLOTS = {"head": "head", "body": "body", "legs": "legs", "onehand": "one_hand",
         "twohand": "two_hands", "small": "small"}


def convert_items(source) -> list:
    return [convert_item(raw) for raw in sorted(source.json("items.json"), key=lambda i: i["id"])]


def convert_item(raw: dict) -> dict:
    item = {
        "id": raw["id"],
        "name": raw["name"],
        "cost": raw["cost"],
        "copies": raw["count"],
        "slot": SLOTS[raw["slot"]],
        # None: not sold by prosperity (scenario, event or solo rewards).
        "prosperity": raw.get("unlockProsperity"),
        # The source marks spent items only; lost and persistent ones alike
        # carry no flag, so "spent": false does not say which.
        "spent": bool(raw.get("spent")),
        "minus_one_cards": raw.get("minusOne", 0),
    }
    if raw.get("slots"):
        item["uses"] = raw["slots"]
    if raw.get("edition") == "solo":
        item["solo_reward"] = True
    if raw.get("summon"):
        summon = raw["summon"]
        item["summon"] = {"name": summon["name"], "hit_points": summon["health"],
                          "move": summon.get("movement"), "attack": summon.get("attack"),
                          "range": summon.get("range", 0), "flying": bool(summon.get("flying"))}
    return item
