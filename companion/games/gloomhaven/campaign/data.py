"""What the campaign reads of data/gloomhaven/ (classes, items, personal
quests, achievements, the scenario tree, facts): the game's own data files
through its one reader (`gloomhaven/data.py`, on the kit's `GameData`), so
the campaign and the scenario read the same copy."""

from __future__ import annotations

from companion.games.gloomhaven.data import (
    achievements,
    classes,
    conditions,
    fact,
    facts,
    item,
    items,
    personal_quests,
    scenario,
    scenarios,
)

__all__ = ["achievements", "classes", "conditions", "fact", "facts", "item", "items", "personal_quests", "scenario",
           "scenarios"]
