"""A hero's corruption track and wound tokens, as pure functions on a small dict.

A hero is ``{"corruption": 1..7, "wounds": [slot levels covered]}``. Each
wound token is placed by the player on a bonus slot (levels 1-7) of their
choice and stays there: it hides that level's bonus from voluntary corruption.
The fifth wound kills. Forced corruption moves the tentacle right and gives
nothing; at 7 it turns into wounds. Voluntary corruption (once, before a roll)
moves it one step and lends the roll every visible bonus up to the level
reached (rulebook: "voluntary corruption", "damage").
"""

from __future__ import annotations

from companion.games.the_others import data
from companion.rules import N_, ActionError

RESULT_CHOICES = ("hit", "skill", "defense", "counter_corruption")


def max_level() -> int:
    return data.constants()["corruption_max"]


def wound_limit() -> int:
    return data.constants()["wound_tokens"]


def new_hero_track() -> dict:
    return {"corruption": 1, "wounds": []}


def bonuses(levels_to: int, covered: list[int]) -> dict:
    """The visible bonuses of levels 1..`levels_to`: dice, defense, hit and
    how many free results of the player's choice (level 7)."""
    total = {"dice": 0, "defense": 0, "hit": 0, "choice": 0}
    for level in data.corruption_levels():
        if level["level"] > levels_to or level["level"] in covered:
            continue
        for key, value in level["bonus"].items():
            total[key] += 1 if key == "choice" else value
    return total


def bonus_lines(levels_to: int, covered: list[int]) -> list[dict]:
    """Each level's visible bonus, for "show the working"."""
    lines = []
    for level in data.corruption_levels():
        if level["level"] <= levels_to and level["bonus"]:
            lines.append({"level": level["level"], "bonus": level["bonus"], "covered": level["level"] in covered})
    return lines


def check_voluntary(track: dict) -> None:
    if track["corruption"] >= max_level():
        raise ActionError(N_("At maximum corruption a hero can't take voluntary corruption."), field="voluntary")


def voluntary(track: dict) -> tuple[dict, dict]:
    """Take one voluntary corruption: the new track and the roll's bonuses."""
    check_voluntary(track)
    level = track["corruption"] + 1
    return {**track, "corruption": level}, bonuses(level, track["wounds"])


def force(track: dict, amount: int) -> tuple[dict, int, bool]:
    """Forced corruption: the new track, how many of it became wounds (at
    maximum), and whether the hero reached maximum now (innocents held die)."""
    top = max_level()
    level = min(top, track["corruption"] + amount)
    overflow = amount - (level - track["corruption"])
    reached = level == top and track["corruption"] < top
    return {**track, "corruption": level}, overflow, reached


def repent(track: dict) -> dict:
    if track["corruption"] <= 1:
        raise ActionError(N_("This hero's corruption is already at its lowest."), field="hero")
    return {**track, "corruption": track["corruption"] - 1}


def free_slots(track: dict) -> list[int]:
    return [level for level in range(1, max_level() + 1) if level not in track["wounds"]]


def place_wounds(track: dict, slots: list[int]) -> tuple[dict, bool]:
    """Place one wound token per slot given; the new track and whether the
    hero died. Slots must be free and different; only as many tokens as the
    hero has left are placed (the fifth kills, the rest don't matter)."""
    room = wound_limit() - len(track["wounds"])
    placed = list(track["wounds"])
    for slot in slots[:room]:
        if isinstance(slot, bool) or not isinstance(slot, int) or not 1 <= slot <= max_level():
            raise ActionError(N_("Choose a bonus slot from 1 to %(max)d."), field="slots", max=max_level())
        if slot in placed:
            raise ActionError(N_("Slot %(slot)d already holds a wound token."), field="slots", slot=slot)
        placed.append(slot)
    return {**track, "wounds": placed}, len(placed) >= wound_limit()


def heal(track: dict, slot: int) -> dict:
    """Remove the wound token the player chooses."""
    if slot is None:
        raise ActionError(N_("Choose the slot of the wound token to remove."), field="slot")
    if slot not in track["wounds"]:
        raise ActionError(N_("No wound token lies on slot %(slot)d."), field="slot", slot=slot)
    return {**track, "wounds": [level for level in track["wounds"] if level != slot]}
