"""Scenario level and the values it sets (rulebook, "Scenario level", p. 15).

The recommended level is the characters' average level halved, rounded up;
easy, hard and very hard move it by -1, +1 and +2. Playing solo (or with open
information) raises the monster level and the trap damage by one, but not the
gold per coin or the bonus experience. Everything is clamped to 0-7.
"""

from __future__ import annotations

from fractions import Fraction
from math import ceil

from companion.games.gloomhaven import catalog
from companion.rules import N_, ActionError

MIN_LEVEL, MAX_LEVEL = 0, 7

#: Difficulty names and how far each moves the recommended level.
DIFFICULTIES = {"easy": -1, "normal": 0, "hard": 1, "very_hard": 2}
DIFFICULTY_LABELS = {
    "easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard"), "very_hard": N_("Very hard"),
}
DIFFICULTY_LINES = {
    "easy": N_("easy: %(shift)+d"), "hard": N_("hard: %(shift)+d"), "very_hard": N_("very hard: %(shift)+d"),
}

def clamp_level(level: int) -> int:
    return max(MIN_LEVEL, min(MAX_LEVEL, level))


def recommended_level(character_levels: list[int]) -> tuple[int, list]:
    """The "normal" level with its working: average ÷ 2, rounded up."""
    if not character_levels:
        raise ActionError(N_("A scenario needs at least one character."), field="characters")
    average = Fraction(sum(character_levels), len(character_levels))
    level = ceil(average / 2)
    working = [[N_("average character level (%(levels)s) ÷ %(count)d = %(average)s"),
                {"levels": " + ".join(map(str, character_levels)), "count": len(character_levels),
                 "average": _decimal(average)}],
               [N_("%(average)s ÷ 2 = %(half)s, rounded up: %(level)d"),
                {"average": _decimal(average), "half": _decimal(average / 2), "level": level}]]
    return level, working


def _decimal(value: Fraction) -> str:
    return f"{float(value):.3f}".rstrip("0").rstrip(".")


def scenario_level(character_levels: list[int], difficulty: str = "normal") -> tuple[int, list]:
    """The scenario level the group plays at, with its working."""
    if difficulty not in DIFFICULTIES:
        raise ActionError(N_("Choose a difficulty from the list."), field="difficulty")
    level, working = recommended_level(character_levels)
    shift = DIFFICULTIES[difficulty]
    if shift:
        working.append([DIFFICULTY_LINES[difficulty], {"shift": shift}])
    if not MIN_LEVEL <= level + shift <= MAX_LEVEL:
        working.append([N_("kept within 0–7: %(level)d"), {"level": clamp_level(level + shift)}])
    return clamp_level(level + shift), working


def derived_values(level: int, solo: bool = False) -> dict:
    """What the scenario level makes everything else, each with its working.

    Returns name -> {"value": int, "working": [[msgid, params], ...]}.
    """
    if not MIN_LEVEL <= level <= MAX_LEVEL:
        raise ActionError(N_("The scenario level must be between 0 and 7."), field="level")
    bump = 1 if solo else 0
    row = catalog.level_table()[level]
    monster_level = clamp_level(row["monster_level"] + bump)
    trap = row["trap_damage"] + bump
    gold = row["gold_per_coin"]
    solo_note = [[N_("solo: +1"), {}]] if solo else []
    return {
        "monster_level": {"value": monster_level,
                          "working": [[N_("scenario level %(level)d"), {"level": level}], *solo_note]},
        "gold_per_coin": {"value": gold,
                          "working": [[N_("level %(level)d on the level table: %(gold)d"),
                                       {"level": level, "gold": gold}]]},
        "trap_damage": {"value": trap,
                        "working": [[N_("2 + level %(level)d"), {"level": level}], *solo_note]},
        "hazardous_damage": {"value": trap // 2,
                             "working": [[N_("half the trap damage %(trap)d, rounded down"), {"trap": trap}]]},
        "bonus_experience": {"value": row["bonus_experience"],
                             "working": [[N_("4 + 2 × level %(level)d"), {"level": level}]]},
    }
