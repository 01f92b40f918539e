"""What the table reads from the Gloomhaven data (data/gloomhaven/, loaded by
`companion.games.gloomhaven.data`), in the shapes the rules use. One place
that knows the data's schema, so the rules read like the rulebook."""

from __future__ import annotations

from functools import cache

from companion.games.gloomhaven import data
from companion.rules import N_, ActionError


def scenario(number: object) -> dict:
    try:
        return data.scenario(int(number))
    except (KeyError, TypeError, ValueError):
        raise ActionError(N_("There is no scenario %(number)s."), field="scenario", number=str(number)[:10]) from None


@cache
def scenario_choices() -> list[tuple[int, str]]:
    return [(s["number"], s["name"]) for s in data.scenarios()]


def monster(monster_id: object) -> dict:
    try:
        if not isinstance(monster_id, str):
            raise KeyError(monster_id)
        return data.monster(monster_id)
    except KeyError:
        raise ActionError(N_("There is no monster “%(monster)s”."), field="monster",
                          monster=str(monster_id)[:40]) from None


def monster_ids() -> list[str]:
    return list(data.monsters())


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
    """id -> {"name", "hit_points": [level 1, ..., level 9], ...}."""
    return data.classes()


def battle_goals() -> list[dict]:
    """[{"id", "name", "text", "checkmarks"}]."""
    return data.battle_goals()


def card_code(value) -> str:
    """A modifier card of the data ({"value": 1}) as this app's code ("+1")."""
    return value if isinstance(value, str) else "%+d" % value


def monster_modifier_mix() -> dict:
    """The monster deck's twenty cards (a tracker's default, editable in play)."""
    return {card_code(card["value"]): card["count"] for card in data.fact("monster_modifier_deck")}


def level_table() -> list[dict]:
    """Per scenario level: monster level, gold per coin, trap damage, bonus experience."""
    return data.fact("scenario_level_table")


def bless_limit() -> int:
    return data.fact("bless_cards_max")


def curse_limit() -> int:
    return data.fact("curse_cards_max")
