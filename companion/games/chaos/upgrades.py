"""Upgrade cards (rulebook, 威胁轮盘: a dial space's reward): what a taken card
changes, wherever the numbers are computed.

Each god has five cards; data/chaos/gods.json gives each card's effect where
the reference does (`upgrade_effects`, null where unknown). Once taken, a
card with a known effect changes power each round, unit stats (in battle and
summoning), magic symbols or summoning costs, and says so in the working;
one whose effect is unknown is marked "apply by hand" where it is taken.

A card taken before the app applied upgrades (its log entry has no
`applied`) stays as it was then, marked only: replaying an old table gives
the same numbers it gave, and the page marks such a card "apply by hand".
Those tables kept the power upgrades in
"power_bonus", set by hand (the corrections call it "Power from upgrades").
That number is the group's count of the same upgrades, so it never adds to
the app's count: the power each round is the printed power plus the larger
of the two (a group that set 1 after taking "+1 power" still gets 8, not 9).
"""

from __future__ import annotations

import copy

from companion.games.chaos import data
from companion.games.chaos.working import line
from companion.kit.board import count
from companion.rules import N_

#: What each kind of known effect does, as one line of the working.
EFFECT_LINES = {
    "power": N_("+%(amount)d power each round"),
    "attack": N_("%(unit)s: %(amount)+d attack dice"),
    "defense": N_("%(unit)s: %(amount)+d defense"),
    "cost": N_("%(unit)s: cost %(amount)+d"),
    "magic": N_("%(unit)s: %(amount)d magic symbols in its region"),
    "cost_where_absent": N_("%(unit)s: cost %(amount)+d in a region holding none of your figures"),
}
BY_HAND = N_("effect not known to the app: apply it by hand")


def effects(god_id: str) -> list[dict | None]:
    return data.gods()[god_id]["upgrade_effects"]


def applied(god: dict) -> list[bool]:
    """Which cards the app applies: taken since it applies them."""
    return god.get("applied", [False] * len(god["upgrades"]))


def in_effect(state: dict, god_id: str) -> list[dict | None]:
    """Each card's effect as the app applies it now: None for a card not
    taken, of unknown effect, or taken before the app applied upgrades."""
    god = state["gods"][god_id]
    return [effect if took and applies else None
            for effect, took, applies in zip(effects(god_id), god["upgrades"], applied(god))]


def taken(state: dict, god_id: str) -> list[tuple[str, dict | None]]:
    """(label, effect the app applies or None) of each upgrade card `god_id` has taken."""
    labels = data.gods()[god_id]["upgrades"]
    return [(labels[index], effect) for index, effect in enumerate(in_effect(state, god_id))
            if state["gods"][god_id]["upgrades"][index]]


def describe(effect: dict | None) -> dict:
    """One working line saying what an upgrade card does (or that it is applied by hand)."""
    if effect is None:
        return line(BY_HAND)
    kind = effect["field"] if effect["kind"] == "unit" else effect["kind"]
    return line(EFFECT_LINES[kind], **{key: value for key, value in effect.items() if key in ("unit", "amount")})


def cards(state: dict, god_id: str) -> list[dict]:
    """The god's five cards for the page: label, taken, known (the app applies
    it once taken), what it does (for a card taken: as the app applies it)."""
    took, now = state["gods"][god_id]["upgrades"], in_effect(state, god_id)
    return [{"index": index, "label": label, "taken": took[index], "known": effect is not None,
             "effect": describe(now[index] if took[index] else effect)}
            for index, (label, effect) in enumerate(zip(data.gods()[god_id]["upgrades"], effects(god_id)))]


# -- power ---------------------------------------------------------------------------
def power_per_round(state: dict, god_id: str) -> tuple[int, list[dict]]:
    """The power `god_id` starts each draw phase with, and why."""
    printed = data.gods()[god_id]["power"]
    power_cards = [(label, effect) for label, effect in taken(state, god_id) if effect and effect["kind"] == "power"]
    counted = sum(effect["amount"] for _, effect in power_cards)
    by_hand = state["gods"][god_id]["power_bonus"]
    bonus = max(counted, by_hand)
    working = [line(N_("%(god)s: %(printed)d printed + %(bonus)d from upgrades = %(total)d power"),
                    god=god_id, printed=printed, bonus=bonus, total=printed + bonus)]
    working += [line(N_("Upgrade %(upgrade)s: %(amount)+d power"), upgrade=label, amount=effect["amount"])
                for label, effect in power_cards]
    if by_hand > counted:
        working.append(line(N_("Power from upgrades set by hand: %(bonus)d (counted instead of the upgrades "
                               "taken, never on top of them)"), bonus=by_hand))
    return printed + bonus, working


# -- units -----------------------------------------------------------------------------
def unit_stats(state: dict) -> dict:
    """Every god's unit stats as they count now: the printed (or corrected)
    components with each taken upgrade's stat change added."""
    units = copy.deepcopy(state["components"]["units"])
    for god_id in state["gods_in_play"]:
        for _, effect in taken(state, god_id):
            if effect and effect["kind"] == "unit":
                stats = units[god_id][effect["unit"]]
                stats[effect["field"]] = max(0, stats[effect["field"]] + effect["amount"])
    return units


def summon_cost(state: dict, god_id: str, unit: str, region_id: str) -> int:
    """What summoning `unit` into `region_id` costs `god_id` now."""
    cost = unit_stats(state)[god_id][unit]["cost"]
    if count(state["board"], region_id, god_id) == 0:
        cost += sum(effect["amount"] for _, effect in taken(state, god_id)
                    if effect and effect["kind"] == "cost_where_absent" and effect["unit"] == unit)
    return max(0, cost)


# -- magic ------------------------------------------------------------------------------
def figure_magic(state: dict, region_id: str) -> int:
    """Magic symbols the figures in a region carry from upgrades taken."""
    return sum(effect["amount"] * count(state["board"], region_id, god_id, effect["unit"])
               for god_id in state["gods_in_play"] for _, effect in taken(state, god_id)
               if effect and effect["kind"] == "magic")
