"""The 17 character classes: hit points by level, hand size, perks as
changes to the attack modifier deck, and summons."""

from __future__ import annotations

from .actions import affects

# The six classes a campaign starts with.
STARTING = ("brute", "cragheart", "mindthief", "scoundrel", "spellweaver", "tinkerer")
# The source names the eleven locked classes by spoiler-free icon ids and
# keeps their real names in label files it does not ship; these are the
# classes' published names.
LOCKED_NAMES = {
    "angry-face": "Doomstalker", "circles": "Summoner", "eclipse": "Nightshroud",
    "lightning": "Berserker", "music-note": "Soothsinger", "saw": "Sawbones",
    "squidface": "Plagueherald", "sun": "Sunkeeper", "three-spears": "Quartermaster",
    "triangles": "Elementalist", "two-mini": "Beast Tyrant",
}
# Hand sizes the source lacks for twelve classes: the printed class mats'
# figures as other public trackers also give them; shown as editable defaults.
HAND_SIZES = {
    "brute": 10, "cragheart": 11, "mindthief": 10, "scoundrel": 9, "spellweaver": 8,
    "tinkerer": 12, "angry-face": 12, "circles": 9, "eclipse": 9, "lightning": 10,
    "music-note": 9, "saw": 10, "squidface": 11, "sun": 11, "three-spears": 9,
    "triangles": 10, "two-mini": 10,
}
# A summon the source names after its (spoiler-hidden) class.
SUMMON_NAMES = {"two-mini": "Bear"}
MODIFIER_VALUES = {"plus0": 0, "plus1": 1, "plus2": 2, "plus3": 3, "plus4": 4,
                   "minus1": -1, "minus2": -2, "double": "x2", "null": "null"}


def convert_characters(source) -> dict:
    found = {raw["name"]: convert_character(source, raw) for raw in source.each("character")}
    return dict(sorted(found.items(), key=lambda item: (not item[1]["starting"], item[1]["name"])))


def convert_character(source, raw: dict) -> dict:
    class_id = raw["name"]
    starting = class_id in STARTING
    name = source.label("character", "gh", class_id) if starting else LOCKED_NAMES[class_id]
    hit_points = [row["health"] for row in sorted(raw["stats"], key=lambda r: r["level"])]
    if len(hit_points) != 9:
        raise ValueError(f"{class_id}: {len(hit_points)} hit point rows")
    character = {
        "name": name,
        "starting": starting,
        "spoiler": not starting,
        "race": raw.get("characterClass"),
        "hit_points": hit_points,
        "hand_size": raw.get("handSize", HAND_SIZES[class_id]),
        "hand_size_in_data": "handSize" in raw,
        # Four files are early versions without perks: the group enters them.
        "perks": [perk(source, p) for p in raw["perks"]] if "perks" in raw else None,
        "summons": [summon(source, s) for s in raw.get("availableSummons", [])],
    }
    if raw.get("unlockEvent") or raw.get("retireEvent"):
        character["events"] = {k: int(raw[s])
                               for k, s in (("on_unlock", "unlockEvent"), ("on_retire", "retireEvent"))
                               if raw.get(s)}
    return character


def perk(source, raw: dict) -> dict:
    """{"boxes": n, "remove": [cards], "add": [cards], "text"?}: a "replace"
    perk removes its first card entry and adds the rest."""
    cards = [modifier_card(c) for c in raw.get("cards", [])]
    kind = raw["type"]
    found = {"boxes": raw.get("count", 1), "remove": [], "add": []}
    if kind == "remove":
        found["remove"] = cards
    elif kind == "add":
        found["add"] = cards
    elif kind == "replace":
        found["remove"], found["add"] = cards[:1], cards[1:]
    if raw.get("custom"):
        found["text"] = source.text(raw["custom"])
    return found


def modifier_card(raw: dict) -> dict:
    card = raw["attackModifier"]
    found = {"count": raw.get("count", 1), "value": MODIFIER_VALUES[card["type"]]}
    if card.get("rolling"):
        found["rolling"] = True
    effects = [card_effect(e) for e in card.get("effects", []) + card.get("actions", [])]
    if effects:
        found["effects"] = effects
    return found


def card_effect(raw: dict) -> dict:
    kind = raw["type"]
    if kind == "condition":
        return {"kind": "condition", "condition": raw["value"]}
    if kind == "element":
        return {"kind": "infuse", "element": raw["value"]}
    if kind == "refreshItem":
        return {"kind": "refresh_item"}
    found = {"kind": {"target": "add_target"}.get(kind, kind), "value": raw.get("value")}
    if any(e.get("value") == "self" for e in raw.get("effects", [])):
        found["self"] = True
    return found


def summon(source, raw: dict) -> dict:
    name = SUMMON_NAMES.get(raw["name"]) or source.label("ability", raw["name"])
    found = {"name": name or raw["name"].replace("-", " ").title(),
             "card": int(raw["cardId"]) if raw.get("cardId") else None,
             "card_level": raw.get("level"), "hit_points": raw["health"]}
    for key, ours in (("movement", "move"), ("attack", "attack"), ("range", "range"), ("count", "count")):
        if key in raw:
            found[ours] = raw[key]
    extras = [a for a in (raw.get("action"), raw.get("additionalAction")) if a]
    if extras:
        found["abilities"] = [summon_ability(source, a) for a in extras]
    return found


def summon_ability(source, raw: dict) -> dict:
    if raw["type"] == "custom":
        return {"kind": "text", "text": source.text(raw["value"])}
    if raw["type"] == "specialTarget":
        return {"kind": "affects", "affects": affects(raw["value"])}
    found = {"kind": raw["type"]}
    if raw.get("value") not in ("", None):
        found["value"] = raw["value"]
    return found
