"""Exact outcome probabilities of a pool, as fractions.Fraction.

Each die's outcome (its face plus its whole explosion chain, up to the pool's
cap) gets an exact distribution by recursion over depth; the pool's
distribution is the convolution of its dice, one die at a time, over integer
weights with a common denominator. The work grows with the number of distinct
totals, never with the number of ways to roll them (benchmarks/bench_dice.py
times 30-dice pools).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from math import lcm

from companion.dice.faces import Face
from companion.dice.pool import Pool

#: Scores one face at a depth: a tuple of ints, one per quantity tracked.
Score = Callable[[Face, int], tuple[int, ...]]


def _add(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b))


def _die_outcomes(pool: Pool, kind: str, depth: int, score: Score, memo: dict) -> dict[tuple[int, ...], Fraction]:
    """The distribution of a die of `kind` rolled at `depth`, explosions included."""
    key = (kind, depth)
    if key in memo:
        return memo[key]
    die = pool.dice[kind]
    outcome: dict[tuple[int, ...], Fraction] = {}
    for face in die.faces:
        chance = Fraction(face.sides, die.sides)
        base = score(face, depth)
        if face.explode and depth < pool.max_depth:
            for rest, p in _die_outcomes(pool, face.explode, depth + 1, score, memo).items():
                total = _add(base, rest)
                outcome[total] = outcome.get(total, 0) + chance * p
        else:
            outcome[base] = outcome.get(base, 0) + chance
    memo[key] = outcome
    return outcome


def _pool_outcomes(pool: Pool, score: Score, width: int) -> dict[tuple[int, ...], Fraction]:
    memo: dict = {}
    singles = [(_die_outcomes(pool, kind, 0, score, memo), count) for kind, count in pool.counts.items()]
    # Pack each tuple of totals into one int (mixed radix, every quantity
    # shifted to start at 0) so adding outcomes is adding ints: no carry can
    # cross quantities because each one's range is known in advance.
    lows, spans = [0] * width, [1] * width
    for single, count in singles:
        for i in range(width):
            values = [key[i] for key in single]
            lows[i] += count * min(values)
            spans[i] += count * (max(values) - min(values))
    strides = [1] * width
    for i in range(1, width):
        strides[i] = strides[i - 1] * spans[i - 1]

    weights: dict[int, int] = {0: 1}
    denominator = 1
    for single, count in singles:
        die_lows = [min(key[i] for key in single) for i in range(width)]
        scale = lcm(*(p.denominator for p in single.values()))
        die_weights = [
            (sum((key[i] - die_lows[i]) * strides[i] for i in range(width)), int(p * scale))
            for key, p in single.items()
        ]
        for _ in range(count):
            combined: dict[int, int] = {}
            get = combined.get
            for code, weight in weights.items():
                for die_code, die_weight in die_weights:
                    total = code + die_code
                    combined[total] = get(total, 0) + weight * die_weight
            weights = combined
            denominator *= scale

    def unpack(code: int) -> tuple[int, ...]:
        return tuple((code // strides[i]) % spans[i] + lows[i] for i in range(width))

    return {key: Fraction(weight, denominator) for key, weight in sorted((unpack(c), w) for c, w in weights.items())}


#: A symbol name ("hit") or a weighted sum of symbols ({"hit": 1, "faith": 1}).
Quantity = str | Mapping[str, int]


def _quantities(quantities: Iterable[Quantity]) -> tuple[Quantity, ...]:
    if isinstance(quantities, (str, Mapping)):
        raise TypeError("give a list of quantities, e.g. ['kill', 'pain']")
    checked = tuple(quantities)
    if not checked:
        raise ValueError("give at least one quantity")
    probe = Face("probe")
    for quantity in checked:
        probe.value(quantity)  # raises ValueError on a malformed quantity
    return checked


def joint_distribution(pool: Pool, quantities: Iterable[Quantity]) -> dict[tuple[int, ...], Fraction]:
    """P(the totals of `quantities` are exactly this tuple), e.g. (kills, pains)."""
    checked = _quantities(quantities)
    return _pool_outcomes(pool, lambda face, depth: tuple(face.value(q) for q in checked), len(checked))


def distribution(pool: Pool, quantity: Quantity) -> dict[int, Fraction]:
    """P(total of `quantity` == n) for every possible n, in increasing n."""
    return {key[0]: p for key, p in joint_distribution(pool, [quantity]).items()}


def success_distribution(pool: Pool, at_least: int, quantity: Quantity = "pips") -> dict[int, Fraction]:
    """P(exactly n dice show `quantity` at `at_least` or more), explosion dice included."""
    _quantities([quantity])
    outcomes = _pool_outcomes(pool, lambda face, depth: (1 if face.value(quantity) >= at_least else 0,), 1)
    return {key[0]: p for key, p in outcomes.items()}


def die_distribution(pool: Pool, kind: str, quantity: Quantity) -> dict[int, Fraction]:
    """One die of `kind` from the pool, with its explosion chain."""
    _quantities([quantity])
    outcomes = _die_outcomes(pool, kind, 0, lambda face, depth: (face.value(quantity),), {})
    return {key[0]: outcomes[key] for key in sorted(outcomes)}


def chance_at_least(dist: Mapping[int, Fraction], k: int) -> Fraction:
    """P(total >= k) from a distribution."""
    return sum((p for n, p in dist.items() if n >= k), Fraction(0))


def mean(dist: Mapping[int, Fraction]) -> Fraction:
    return sum((n * p for n, p in dist.items()), Fraction(0))


def expected(pool: Pool, quantity: Quantity) -> Fraction:
    """The mean total of `quantity`, by linearity over dice (no convolution)."""
    _quantities([quantity])
    memo: dict[tuple[str, int], Fraction] = {}

    def die_mean(kind: str, depth: int) -> Fraction:
        if (kind, depth) not in memo:
            die = pool.dice[kind]
            value = Fraction(0)
            for face in die.faces:
                per_face = Fraction(face.value(quantity))
                if face.explode and depth < pool.max_depth:
                    per_face += die_mean(face.explode, depth + 1)
                value += Fraction(face.sides, die.sides) * per_face
            memo[(kind, depth)] = value
        return memo[(kind, depth)]

    return sum((count * die_mean(kind, 0) for kind, count in pool.counts.items()), Fraction(0))


def cap_probability(pool: Pool) -> Fraction:
    """The chance that some explosion chain reaches the cap with a face that
    would explode again: the only case where the capped roll differs from a
    roll with no limit."""
    def hits_cap(face, depth):
        return (1 if face.explode and depth == pool.max_depth else 0,)

    outcomes = _pool_outcomes(pool, hits_cap, 1)
    return 1 - outcomes.get((0,), Fraction(0))
