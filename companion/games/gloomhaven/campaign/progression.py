"""Character and city progression: levels from experience, perks, prosperity,
reputation's price change, starting gold, small-item slots, donations.

Every figure comes from data/gloomhaven/facts.json; those whose status is not
CONFIRMED are editable defaults (the campaign state may override them)."""

from __future__ import annotations

from companion.games.gloomhaven.campaign import data
from companion.rules import N_


def _by_level(table: dict) -> list[tuple[int, int]]:
    return sorted((int(level), int(need)) for level, need in table.items())


def level_for(experience: int) -> int:
    """The highest level whose experience threshold `experience` reaches."""
    return max(level for level, need in _by_level(data.fact("experience_thresholds")) if experience >= need)


def min_experience(level: int) -> int:
    return int(data.fact("experience_thresholds")[str(level)])


def next_threshold(level: int) -> int | None:
    """The experience the next level needs (None at the maximum level)."""
    if level >= data.fact("max_character_level"):
        return None
    return min_experience(level + 1)


def checkmark_perks(checkmarks: int) -> int:
    """Perks from battle-goal checkmarks: one per full set, capped."""
    return min(data.fact("checkmark_perks_max"), checkmarks // data.fact("checkmarks_per_perk"))


def perk_allowance(level: int, checkmarks: int, retirements: int) -> tuple[int, list]:
    """How many perks a character may have taken, and the working."""
    from_levels, from_checks = level - 1, checkmark_perks(checkmarks)
    from_retirements = retirements * data.fact("retirement_perk_bonus")
    total = from_levels + from_checks + from_retirements
    working = [[N_("%(n)d from levels above 1 (level %(level)d)"), {"n": from_levels, "level": level}],
               [N_("%(n)d from %(checks)d battle-goal checkmarks (one per %(per)d, at most %(max)d)"),
                {"n": from_checks, "checks": checkmarks, "per": data.fact("checkmarks_per_perk"),
                 "max": data.fact("checkmark_perks_max")}],
               [N_("%(n)d from this player's earlier retirements"), {"n": from_retirements}]]
    return total, working


PRINTINGS = ("second", "first")  # the second (and later) printing's track is the default


def prosperity_thresholds(printing: str = "second") -> dict:
    """Checkmarks each prosperity level needs on that printing's track (the
    first printing's is an UNCONFIRMED fact: an extra box, pre-marked)."""
    return data.fact("prosperity_thresholds_first_printing" if printing == "first" else "prosperity_thresholds")


def prosperity_level(checkmarks: int, printing: str = "second") -> int:
    table = _by_level(prosperity_thresholds(printing))
    return max(level for level, need in table if checkmarks >= need)


def price_change(reputation: int) -> int:
    """Gold added to (negative: taken off) each item bought at `reputation`."""
    for band in data.fact("reputation_price_bands"):
        if band["from"] <= reputation <= band["to"]:
            return band["price_change"]
    raise ValueError(reputation)


def starting_gold(level: int) -> int:
    return data.fact("starting_gold_per_level")["times_level_plus_one"] * (level + 1)


def small_item_limit(level: int) -> int:
    """Small items a character may equip: half the level, rounded up."""
    return -(-level // data.fact("small_items_per_level")["divide_level_by"])


def donation_prosperity(total_donated: int) -> int:
    """Prosperity checkmarks the sanctuary's donations have given in all:
    the 100-gold mark (a TRACKER fact) and each later milestone."""
    gained = data.fact("donation_prosperity_at_100") if total_donated >= data.fact("donation_envelope")["gold"] else 0
    return gained + sum(1 for mark in data.fact("donation_prosperity_milestones") if total_donated >= mark)


def fact_status(fact_id: str) -> str:
    return data.facts()[fact_id]["status"]
