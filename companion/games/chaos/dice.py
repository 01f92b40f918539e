"""The combat die of Chaos in the Old World, and the chance of at least k hits.

Rulebook, battle phase (战斗阶段), the sentence on results 4, 5 and 6: each
deals one hit, and each 6 rolls one more combat die, again and again with no
limit. The shared engine caps a chain at a pool's max_depth;
`probability.cap_probability(pool)` says how rarely that cap matters.
"""

from __future__ import annotations

from fractions import Fraction

from companion.dice import Pool, probability
from companion.dice.standard import hits_on

COMBAT_DIE = hits_on(4, kind="chaos_combat", label="Combat die", explode_on=(6,))
#: A battle rarely rolls more; the form refuses bigger pools.
MAX_POOL = 40


def combat_pool(dice: int) -> Pool:
    return Pool({COMBAT_DIE: dice})


def chances_of_hits(dice: int) -> list[tuple[int, Fraction]]:
    """(k, P(at least k hits)) for k = 1, 2, ... while the chance is at least
    1 in 1000 (the chart before a battle); nothing for an empty pool."""
    if dice <= 0:
        return []
    distribution = probability.distribution(combat_pool(dice), "hit")
    chances = []
    at_least = Fraction(1)  # P(at least 0 hits)
    for hits in range(1, max(distribution) + 1):
        at_least -= distribution.get(hits - 1, Fraction(0))
        if at_least < Fraction(1, 1000):
            break
        chances.append((hits, at_least))
    return chances
