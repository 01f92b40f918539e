"""What each action costs (seed, 第四阶段 and the factions' cards)."""

from __future__ import annotations

from companion.games.cthulhu_wars import data
from companion.games.cthulhu_wars.state import unit_facts

#: Actions that don't end the turn (无限制行动).
UNLIMITED = ("control_gate", "abandon_gate")


def normal_cost(action: str, units: int = 1) -> int:
    costs = data.game()["action_costs"]
    if action == "move":
        return costs["move_per_unit"] * units
    if action == "abandon_gate":
        return costs["control_gate"]
    return costs[action]


def unique_cost(faction_id: str, action: str, faction: dict) -> int:
    if (action == "desecrate" and "the_third_eye" in faction["spellbooks"]
            and faction["great_old_ones"].get("hastur") == "map"):
        return data.game()["desecrate_cost_with_third_eye"]
    return data.game()["unique_actions"][faction_id][action]


def unique_actions(faction_id: str) -> list[str]:
    return list(data.game()["unique_actions"].get(faction_id, {}))


def summon_cost(state: dict, faction_id: str, unit_id: str, faction: dict) -> int:
    """A monster's cost; with The Thousand Young and Shub-Niggurath in play,
    Black Goat's monsters cost 1 less."""
    cost = unit_facts(state, faction_id, unit_id)["cost"]
    if (faction_id == "black_goat" and "the_thousand_young" in faction["spellbooks"]
            and faction["great_old_ones"].get("shub_niggurath") == "map"):
        cost = max(0, cost - 1)
    return cost


def awaken_cost(state: dict, faction_id: str, goo_id: str, faction: dict) -> int:
    """Cthulhu costs 10 the first time, 4 after (Immortal)."""
    unit = unit_facts(state, faction_id, goo_id)
    if "cost_again" in unit and goo_id in faction["awakened"]:
        return unit["cost_again"]
    return unit["cost"]
