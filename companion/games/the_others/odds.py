"""Exact chances of the wounds and corruption a hero would take in a fight,
before rolling (Fractions, from the shared engine's joint distributions).

The hero turns each faith (and each free result) into defense while SIN hits
are left uncancelled, then into counter-corruption: the choice a player makes
to stay alive. Hits the hero deals don't change what they take, so they are
left out.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from math import lcm

from companion.dice import Die, Pool, probability

#: Explosion depth for the chart: a chain this long has odds below 1e-4 with
#: one exploding side in six; `probability.cap_probability` gives the exact figure.
CHART_DEPTH = 6


def taken(sin_hits: int, sin_corruption: int, defense: int, counter: int, wild: int) -> tuple[int, int]:
    """(wounds, corruption) after the hero spends `wild` results as they must."""
    to_defense = min(wild, max(0, sin_hits - defense))
    to_counter = min(wild - to_defense, max(0, sin_corruption - counter))
    return max(0, sin_hits - defense - to_defense), max(0, sin_corruption - counter - to_counter)


def harm_distribution(hero_die: Die, sin_die: Die, computed: Mapping) -> dict[tuple[int, int], Fraction]:
    """P(wounds, corruption) for the pools and extras `fight.pools` computed."""
    hero = Pool({hero_die: computed["hero_dice"]["total"]}, max_depth=CHART_DEPTH)
    sin = Pool({sin_die: computed["sin_dice"]["total"]}, max_depth=CHART_DEPTH)
    hero_joint = probability.joint_distribution(hero, ["defense", "counter_corruption", "faith"])
    sin_joint = probability.joint_distribution(sin, ["hit", "corruption"])
    base_defense = computed["hero_defense"]["total"]
    cancelled = computed["defense_cancelled"]["total"]
    extra_hits, extra_corruption = computed["sin_hits"]["total"], computed["sin_corruption"]["total"]
    free = computed.get("free_results", 0)
    hero_scale, hero_weights = _integer_weights(hero_joint)
    sin_scale, sin_weights = _integer_weights(sin_joint)
    out: dict[tuple[int, int], int] = {}
    for (defense, counter, faith), w_hero in hero_weights:
        total_defense = max(0, base_defense + defense - cancelled)
        for (hits, corruption), w_sin in sin_weights:
            key = taken(hits + extra_hits, corruption + extra_corruption, total_defense, counter, faith + free)
            out[key] = out.get(key, 0) + w_hero * w_sin
    return {key: Fraction(weight, hero_scale * sin_scale) for key, weight in sorted(out.items())}


def _integer_weights(dist: Mapping[tuple, Fraction]) -> tuple[int, list[tuple[tuple, int]]]:
    """Fractions over a common denominator, so the product loop adds ints."""
    scale = lcm(*(p.denominator for p in dist.values()))
    return scale, [(key, p.numerator * (scale // p.denominator)) for key, p in dist.items()]


def marginals(joint: Mapping[tuple[int, int], Fraction]) -> dict[str, dict[int, Fraction]]:
    wounds: dict[int, Fraction] = {}
    corruption: dict[int, Fraction] = {}
    for (w, c), p in joint.items():
        wounds[w] = wounds.get(w, 0) + p
        corruption[c] = corruption.get(c, 0) + p
    return {"wounds": dict(sorted(wounds.items())), "corruption": dict(sorted(corruption.items()))}
