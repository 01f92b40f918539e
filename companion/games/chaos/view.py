"""What the pages and the API show beside the state: numbers derived from it
(effective resistance and conquest, tokens toward ruin, threats, the battle
in progress with its dice and chances), all JSON-able."""

from __future__ import annotations

from companion.games.chaos import data, upgrades
from companion.games.chaos.battle_phase import dice_for, targets_now
from companion.games.chaos.board import (
    effective_conquest,
    effective_resistance,
    magic_symbols,
    region_view,
    total_tokens,
)
from companion.games.chaos.dial import dial_track
from companion.games.chaos.dice import chances_of_hits
from companion.games.chaos.old_world import active_events
from companion.games.chaos.state import highest_threat, lowest_threat, threat
from companion.games.chaos.summoning import may_place
from companion.games.chaos.upgrades import unit_stats


def derived(state: dict) -> dict:
    regions = data.regions()
    live_events = active_events(state["regions"], state["old_world"]["track"])
    shown = {
        "threat": {god: threat(state, god) for god in state["gods_in_play"]},
        "lowest": lowest_threat(state),
        "highest": highest_threat(state),
        "ruin_at": data.table()["ruin_at"],
        "regions": {
            rid: {"resistance": effective_resistance(region), "conquest": effective_conquest(region),
                  "tokens": total_tokens(region), "magic": magic_symbols(region_view(state, rid)), "populous": regions[rid]["populous"],
                  "adjacent": regions[rid]["adjacent"], "active_events": live_events[rid],
                  "may_summon": [god for god in state["gods_in_play"] if may_place(state, god, rid)]}
            for rid, region in state["regions"].items()
        },
        "battle": battle_view(state),
        "dials": {god: dial_track(god, state["gods"][god]["dial"], state["components"]["dials"][god])
                  for god in state["gods_in_play"]},
        # Power each draw phase gives, unit stats as they count now, the upgrade cards.
        "power": {god: power_view(state, god) for god in state["gods_in_play"]},
        "units": unit_stats(state),
        "upgrades": {god: upgrades.cards(state, god) for god in state["gods_in_play"]},
    }
    return shown


def power_view(state: dict, god: str) -> dict:
    value, working = upgrades.power_per_round(state, god)
    return {"per_round": value, "bonus": value - data.gods()[god]["power"], "working": working}


def battle_view(state: dict) -> dict | None:
    battle = state.get("battle")
    if state["phase"] != "battle" or not battle or not battle["queue"]:
        return None
    # Whose hits are to be assigned, else whose turn it is to roll.
    god = battle["roll"]["god"] if battle["roll"] else battle["queue"][0]
    dice = dice_for(state, god, False, 0) if god == battle["queue"][0] else 0
    targets = targets_now(state, god)
    wounds = battle["wounds"].get(god, {})
    return {
        "god": god,
        "dice": dice,
        # P(at least k hits), exact, shown as a percentage and as the fraction.
        "chances": [[k, round(float(p) * 100, 1), f"{p.numerator}/{p.denominator}"] for k, p in chances_of_hits(dice)],
        "targets": [{"owner": owner, "unit": unit, "count": t["count"], "defense": t["defense"],
                     "needed": max(1, t["defense"] - wounds.get(f"{owner}|{unit}", 0))}
                    for (owner, unit), t in targets.items()],
    }
