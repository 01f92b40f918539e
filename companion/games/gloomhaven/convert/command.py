"""Convert the Gloomhaven reference data into data/gloomhaven/ (our schema,
described in docs/gloomhaven-data.md). Rerunnable: the same reference folder
always gives byte-identical files.

    python -m companion.games.gloomhaven.convert --reference DIR [--out DIR] [--check]
"""

from __future__ import annotations

import json
from pathlib import Path

from companion.kit.convert import run
from companion.kit.convert import write as convert_write

from .achievements import convert_achievements
from .characters import convert_characters
from .decks import convert_decks
from .facts import convert_campaign_facts, convert_conditions
from .goals import convert_battle_goals, convert_personal_quests
from .items import convert_items
from .monsters import convert_monsters
from .scenarios import convert_scenarios
from .source import Source

FORMAT = 1
ORIGIN = "Gloomhaven Secretariat's data files, converted"


def conversions() -> dict:
    """File name -> (key of its main collection, converter)."""
    return {
        "monsters.json": ("monsters", convert_monsters),
        "decks.json": ("decks", convert_decks),
        "scenarios.json": ("scenarios", convert_scenarios),
        "achievements.json": ("achievements", convert_achievements),
        "characters.json": ("classes", convert_characters),
        "items.json": ("items", convert_items),
        "battle_goals.json": ("battle_goals", convert_battle_goals),
        "personal_quests.json": ("personal_quests", convert_personal_quests),
        "conditions.json": ("conditions", convert_conditions),
        "facts.json": ("facts", convert_campaign_facts),
    }


def convert(reference: Path) -> dict:
    """Every output file's text, by file name."""
    source = Source(reference)
    return {
        name: render(key, converter(source)) for name, (key, converter) in conversions().items()
    }


def render(key: str, collection) -> str:
    """Compact JSON with one entry of the main collection per line, so a
    change to one monster or scenario is a one-line diff."""
    def dump(value) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))

    head = f'{{"format":{FORMAT},"origin":{dump(ORIGIN)},{dump(key)}:'
    if isinstance(collection, dict):
        lines = [f"{dump(k)}:{dump(v)}" for k, v in collection.items()]
        return head + "{\n" + ",\n".join(lines) + "\n}}\n"
    return head + "[\n" + ",\n".join(dump(v) for v in collection) + "\n]}\n"


def write(texts: dict, out: Path) -> None:
    convert_write(texts, out)


def main(argv=None) -> int:
    return run("gloomhaven", convert, argv, reference_help="the reference folder to read (it holds "
               "Gloomhaven Secretariat's data files in gloomhavensecretariat/)",
               description="Convert Gloomhaven reference data (a folder holding Gloomhaven "
               "Secretariat's data files) into this app's data files.")
