"""Spellbooks (seed, 咒术书): six per faction, each requirement a checkbox;
meeting one lets the faction take any of its remaining books, for good."""

from __future__ import annotations

from companion.games.cthulhu_wars import data
from companion.rules import N_, ActionError

ALL_BOOKS = 6


def check_earn(faction_id: str, faction: dict, requirement: str, book: str) -> None:
    requirements = data.requirements(faction_id)
    if requirement not in requirements:
        raise ActionError(N_("That is not one of your spellbook requirements."), field="requirement")
    if requirement in faction["requirements_met"]:
        raise ActionError(N_("That requirement has already given you a spellbook."), field="requirement")
    if book not in data.spellbook_ids(faction_id):
        raise ActionError(N_("That is not one of your spellbooks."), field="spellbook")
    if book in faction["spellbooks"]:
        raise ActionError(N_("You already have that spellbook."), field="spellbook")


def elder_signs_for(faction_id: str, requirement: str) -> int:
    return data.requirements(faction_id)[requirement]["elder_signs"]


def has_all(faction: dict) -> bool:
    return len(faction["spellbooks"]) >= ALL_BOOKS


def battle_is_unlimited(faction: dict, players: int) -> bool:
    """Six books make battle an unlimited action (still 1 power, one area per
    battle); with two players, so does more than 6 doom (第八章 B)."""
    above = data.game()["two_player_unlimited_battle_above_doom"]
    return has_all(faction) or (players == 2 and faction["doom"] > above)
