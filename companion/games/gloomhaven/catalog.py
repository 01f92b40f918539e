"""What the table reads from the Gloomhaven data (data/gloomhaven/, loaded by
`companion.games.gloomhaven.data`), in the shapes the rules use. One place
that knows the data's schema, so the rules read like the rulebook."""

from __future__ import annotations

from functools import lru_cache

from companion.games.gloomhaven import data
from companion.rules import N_, ActionError

#: The monster modifier deck when the data has none (the standard twenty cards).
STANDARD_MONSTER_MIX = {"+0": 6, "+1": 5, "-1": 5, "+2": 1, "-2": 1, "x2": 1, "null": 1}


def scenario(number: object) -> dict:
    try:
        return data.scenario(int(number))
    except (KeyError, TypeError, ValueError):
        raise ActionError(N_("There is no scenario %(number)s."), field="scenario", number=str(number)[:10]) from None


@lru_cache(maxsize=None)
def scenario_choices() -> list[tuple[int, str]]:
    return [(s["number"], s["name"]) for s in data.scenarios()]


def monster(monster_id: str) -> dict:
    try:
        return data.monster(monster_id)
    except KeyError:
        raise ActionError(N_("There is no monster “%(monster)s”."), field="monster", monster=str(monster_id)[:40]) from None


def monster_name(monster_id: str) -> str:
    try:
        return data.monster(monster_id)["name"]
    except KeyError:
        return monster_id


def deck(deck_id: str) -> dict:
    return data.decks()[deck_id]


def deck_of(monster_id: str) -> str:
    return monster(monster_id)["deck"]


def character_classes() -> dict:
    """id -> {"name", "hit_points": [level 1, ..., level 9]}."""
    return data.character_classes()


def battle_goals() -> list[dict]:
    """[{"id", "name", "text", "checks"}]."""
    return data.battle_goals()


def monster_modifier_mix() -> dict:
    mix = getattr(data, "monster_modifier_deck", None)
    return dict(mix()) if mix else dict(STANDARD_MONSTER_MIX)
