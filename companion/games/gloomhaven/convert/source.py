"""Read access to a reference folder: its JSON files, and its English labels
resolved into plain text."""

from __future__ import annotations

import json
import re
from functools import cached_property
from pathlib import Path

# The source writes UI phrases as %game.…% keys whose texts it does not ship;
# these are our own words for the ones its data uses.
GAME_PHRASES = {
    "custom.summon": "Summon",
    "custom.instead": "instead",
    "custom.ondeath": "On death",
    "custom.advantage": "Advantage",
    "custom.disadvantage": "Attackers gain Disadvantage",
    "checkmark": "checkmarks",
    "custom.perks.ignoreNegativeItem": "Ignore negative item effects",
    "custom.perks.ignoreNegativeScenario": "Ignore negative scenario effects",
    "custom.perks.ignoreScenario": "Ignore negative scenario effects",
}
OTHER_PHRASES = {
    "monster.normal": "normal",
    "monster.elite": "elite",
    "and": "and",
    "character.progress.gold": "Gold",
}
# Label keys some files still write under a figure's older name.
RENAMED_KEYS = {"data.custom.gh.captain.": "data.custom.gh.captain-of-the-guard."}
PLACEHOLDER = re.compile(r"%([A-Za-z0-9_.:\-' ]+?)%")


def words(token: str) -> str:
    """'enemiesAdjacent' -> 'enemies adjacent', 'wind-demon' -> 'wind demon'."""
    spaced = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", token)
    return spaced.replace("-", " ").replace("_", " ").lower()


class Source:
    """One reference folder (the one holding gloomhavensecretariat/)."""

    def __init__(self, folder: Path):
        self.folder = Path(folder)
        self.ghs = self.folder / "gloomhavensecretariat"
        if not self.ghs.is_dir():
            raise FileNotFoundError(f"{self.folder} has no gloomhavensecretariat/ folder")

    def json(self, relative: str):
        with open(self.ghs / relative, encoding="utf-8") as handle:
            return json.load(handle)

    def each(self, folder: str) -> list:
        """Every JSON file of a sub-folder, parsed, in file-name order."""
        return [self.json(f"{folder}/{p.name}") for p in sorted((self.ghs / folder).glob("*.json"))]

    @cached_property
    def labels(self) -> dict:
        return self.json("label/en.json")

    @cached_property
    def item_names(self) -> dict:
        return {item["id"]: item["name"] for item in self.json("items.json")}

    def label(self, *path: str):
        node = self.labels
        for key in path:
            if not isinstance(node, dict) or key not in node:
                return None
            node = node[key]
        if isinstance(node, dict):
            node = node.get("")
        return node

    def text(self, raw):
        """A source string with every %…% placeholder turned into words, or
        None when it names a label the source's label file lacks."""
        if not isinstance(raw, str):
            return raw
        bare = raw.strip()
        if bare.startswith("game.") and "%" not in bare:
            bare = "%" + bare + "%"
        try:
            return PLACEHOLDER.sub(lambda m: self._phrase(m.group(1)), bare).strip()
        except LookupError:
            return None

    def _phrase(self, key: str) -> str:
        for old, new in RENAMED_KEYS.items():
            key = key.replace(old, new)
        item = re.fullmatch(r"data\.items\.gh-(\d+)", key)
        if item:
            return self.item_names[int(item.group(1))]
        if key.startswith("data."):
            found = self.label(*key[5:].split("."))
            resolved = self.text(found) if isinstance(found, str) else None
            if resolved is None and key.startswith("data.monster."):
                return words(key[13:]).title()  # a figure without a label of its own
            if resolved is None:
                raise LookupError(key)
            return resolved
        if key in OTHER_PHRASES:
            return OTHER_PHRASES[key]
        if key.startswith("game."):
            return game_phrase(key[5:])
        return words(key.rsplit(".", 1)[-1])


def game_phrase(key: str) -> str:
    if key in GAME_PHRASES:
        return GAME_PHRASES[key]
    name, _, value = key.partition(":")
    last = words(name.rsplit(".", 1)[-1])
    if name == "damage":
        return f"{value} damage" if value else "damage"
    if name == "card.experience":
        return f"{value} XP"
    if name.startswith("mapMarker."):
        return f"marker {name.rsplit('.', 1)[-1]}"
    if name.startswith(("action.", "condition.", "element.", "items.slots.")):
        text = last.capitalize() if name.startswith(("action.", "condition.")) else last
        return f"{text} {value}".strip()
    return f"{last} {value}".strip()
