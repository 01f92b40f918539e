"""Gather Power (seed, 第一阶段): what each faction gathers, then the minimum-power rule.

Each faction keeps its counts up to date on its phone; power starts from 0
(the action phase ran everyone down to 0) and may pass the printed 20.
"""

from __future__ import annotations

from math import ceil

from companion.rules import N_

#: (count key, power per unit, the working's term for one and for several). The order is the seed's.
SOURCES = (
    ("cultists", 1, N_("%(n)d cultist"), N_("%(n)d cultists")),
    ("gates", 2, N_("%(n)d gate × 2"), N_("%(n)d gates × 2")),
    ("abandoned_gates", 1, N_("%(n)d abandoned"), N_("%(n)d abandoned")),
    ("captives", 1, N_("%(n)d captive"), N_("%(n)d captives")),
)

#: Faction extras: (faction, count key, what makes it count, msgid). Feast is Yellow
#: Sign's faction ability; The Red Sign gives +1 per Dark Young; Y'ha Nthlei +1 per
#: enemy-controlled ocean gate while Cthulhu is in play.
EXTRAS = (
    ("yellow_sign", "feast_areas", None, N_("%(n)d desecrated areas (Feast)")),
    ("black_goat", "dark_young", "the_red_sign", N_("%(n)d Dark Young (The Red Sign)")),
    ("great_cthulhu", "enemy_ocean_gates", "y_ha_nthlei", N_("%(n)d enemy ocean gates (Y'ha Nthlei)")),
)


def extras_for(faction_id: str) -> list[tuple[str, str | None, str]]:
    return [(key, book, label) for who, key, book, label in EXTRAS if who == faction_id]


def gathered(faction_id: str, counts: dict, abandoned_gates: int, spellbooks: list[str],
             great_old_ones_in_play: list[str]) -> tuple[int, list[dict]]:
    """The power a faction gathers and the working: terms of {msgid, n, value}."""
    values = {**counts, "abandoned_gates": abandoned_gates}
    terms = [{"label": one if values[key] == 1 else many, "n": values[key], "value": values[key] * each}
             for key, each, one, many in SOURCES if values.get(key, 0)]
    for key, book, label in extras_for(faction_id):
        if book is not None and book not in spellbooks:
            continue
        if key == "enemy_ocean_gates" and "cthulhu" not in great_old_ones_in_play:
            continue
        if counts.get(key, 0):
            terms.append({"label": label, "n": counts[key], "value": counts[key]})
    return sum(term["value"] for term in terms), terms


def minimum_power(totals: dict[str, int]) -> dict[str, int]:
    """Anyone below half the highest total (rounded up) is raised to that half."""
    if not totals:
        return {}
    floor = ceil(max(totals.values()) / 2)
    return {faction: max(power, floor) for faction, power in totals.items()}


def gather_all(factions: dict[str, dict], abandoned_gates: int) -> dict[str, dict]:
    """Every faction's new power with its working, the minimum rule applied.
    `factions`: faction id -> {"counts", "spellbooks", "great_old_ones"}."""
    worked = {}
    for faction_id, faction in factions.items():
        in_play = [goo for goo, where in faction.get("great_old_ones", {}).items() if where != "pool"]
        worked[faction_id] = gathered(faction_id, faction["counts"], abandoned_gates,
                                      faction.get("spellbooks", []), in_play)
    raised = minimum_power({faction_id: total for faction_id, (total, _) in worked.items()})
    result = {}
    highest = max((t for t, _ in worked.values()), default=None)
    for faction_id, (total, terms) in worked.items():
        result[faction_id] = {"power": raised[faction_id], "gathered": total, "terms": terms,
                              "raised_to_half_of": highest if raised[faction_id] > total else None}
    return result
