"""Exact probabilities, checked against values worked out by hand and against
brute-force enumeration of every outcome for tiny pools (no sampling)."""

import itertools
from collections import Counter
from fractions import Fraction as F

import pytest
from hypothesis import given, settings

from companion.dice import Die, Pool, probability, standard
from dice_strategies import KILL_PAIN, SYMBOLS, pools

# A die that hits on 4-6 and rolls one more on each 6 (a game's combat die,
# e.g. Chaos in the Old World's, which its package defines).
EXPLODING_D6 = standard.hits_on(4, kind="exploding_d6", label="Combat die", explode_on=(6,))
#: A die with a result that counts and rolls again, and two kinds of result.
CRIT_DIE = Die("crit", {"corruption": {"corruption": 1}, "hit": {"hit": 1, "sides": 2},
                        "critical_hit": {"hit": 1, "explode": True}, "blank": {"sides": 2}})


def test_at_least_one_six_in_3d6():
    pool = Pool({standard.D6: 3})
    assert probability.chance_at_least(probability.success_distribution(pool, 6), 1) == F(91, 216)
    assert probability.success_distribution(pool, 6) == {0: F(125, 216), 1: F(75, 216), 2: F(15, 216), 3: F(1, 216)}


def test_sum_of_2d6():
    dist = probability.distribution(Pool({standard.D6: 2}), "pips")
    assert dist == {total: F(6 - abs(total - 7), 36) for total in range(2, 13)}
    assert list(dist) == sorted(dist)


@pytest.mark.parametrize(
    "max_depth, expected",
    [
        # One CitOW combat die: 1-3 miss (1/2), 4-5 hit (1/3), 6 hits and rolls again (1/6).
        (0, {0: F(1, 2), 1: F(1, 2)}),
        # cap 1: the extra die hits on 4+ (1/2) and explodes no further.
        (1, {0: F(1, 2), 1: F(1, 3) + F(1, 6) * F(1, 2), 2: F(1, 6) * F(1, 2)}),
        # cap 2: P(2) = 1/6 * (1/3 + 1/6 * 1/2) = 5/72; P(3) = 1/6 * 1/6 * 1/2 = 1/72.
        (2, {0: F(1, 2), 1: F(5, 12), 2: F(5, 72), 3: F(1, 72)}),
    ],
)
def test_exploding_die_by_hand(max_depth, expected):
    pool = Pool({EXPLODING_D6: 1}, max_depth=max_depth)
    assert probability.distribution(pool, "hit") == expected
    assert probability.die_distribution(pool, "exploding_d6", "hit") == expected


def test_exploding_die_mean_follows_the_cap():
    # E(cap d) = 1/2 + 1/6 * E(cap d-1), E(cap 0) = 1/2; with no cap it would be 3/5.
    mean = F(1, 2)
    for depth in range(6):
        pool = Pool({EXPLODING_D6: 1}, max_depth=depth)
        assert probability.expected(pool, "hit") == mean
        assert probability.mean(probability.distribution(pool, "hit")) == mean
        mean = F(1, 2) + F(1, 6) * mean
    assert abs(probability.expected(Pool({EXPLODING_D6: 1}), "hit") - F(3, 5)) < F(1, 10**8)


def test_explosion_into_a_named_kind_by_hand():
    bonus = Die("bonus", {"p": {"a": 2}, "q": {}})
    main = Die("main", {"x": {"a": 1, "explode": "bonus"}, "y": {}})
    pool = Pool({main: 1}, extra_dice=[bonus])
    assert probability.distribution(pool, "a") == {0: F(1, 2), 1: F(1, 4), 3: F(1, 4)}


def test_cap_probability():
    one = Pool({EXPLODING_D6: 1}, max_depth=1)
    assert probability.cap_probability(one) == F(1, 36)  # a 6, then a 6 on the extra die
    two = Pool({EXPLODING_D6: 2}, max_depth=1)
    assert probability.cap_probability(two) == 1 - F(35, 36) ** 2
    assert probability.cap_probability(Pool({KILL_PAIN: 5})) == 0
    assert probability.cap_probability(Pool({EXPLODING_D6: 30})) < F(1, 10**7)


def test_weighted_quantity_counts_wild_results():
    hero = Die("wild", {"hit": {"hit": 1, "sides": 2}, "defense": {"defense": 1, "sides": 2},
                        "faith": {"faith": 1, "explode": True}, "skill": {"skill": 1}})
    pool = Pool({hero: 1}, max_depth=1)
    # hit 1/3; faith (1/6) counts 1 and rolls one more, which is a hit or faith 1/2.
    assert probability.distribution(pool, {"hit": 1, "faith": 1}) == {0: F(1, 2), 1: F(1, 3) + F(1, 12), 2: F(1, 12)}


def test_chance_at_least_and_mean_on_a_distribution():
    dist = {0: F(1, 4), 1: F(1, 2), 3: F(1, 4)}
    assert probability.chance_at_least(dist, 1) == F(3, 4)
    assert probability.chance_at_least(dist, 4) == 0
    assert probability.chance_at_least(dist, -5) == 1
    assert probability.mean(dist) == F(5, 4)


def test_an_empty_pool_is_certain_zero():
    assert probability.distribution(Pool({}), "hit") == {0: 1}
    assert probability.joint_distribution(Pool({}), ["a", "b"]) == {(0, 0): 1}


def test_bad_quantities_are_refused():
    pool = Pool({standard.D6: 1})
    with pytest.raises(TypeError):
        probability.joint_distribution(pool, "kill")
    with pytest.raises(ValueError):
        probability.joint_distribution(pool, [])
    with pytest.raises(ValueError):
        probability.distribution(pool, {"pips": 1.5})


@pytest.mark.parametrize(
    "pool, quantities",
    [
        (Pool({EXPLODING_D6: 30}), ["hit"]),
        (Pool({KILL_PAIN: 30}), ["kill", "pain"]),
        (Pool({CRIT_DIE: 30}), ["hit", "corruption"]),
    ],
)
def test_thirty_dice_distributions_sum_to_exactly_one(pool, quantities):
    joint = probability.joint_distribution(pool, quantities)
    assert sum(joint.values()) == 1
    for index, quantity in enumerate(quantities):
        assert probability.mean(probability.distribution(pool, quantity)) == probability.expected(pool, quantity)
        assert sum(key[index] * p for key, p in joint.items()) == probability.expected(pool, quantity)


def brute_force(pool: Pool) -> dict[tuple[int, ...], F]:
    """Every way the pool can come out, enumerated: product over dice of every
    face sequence down each explosion chain."""

    def chains(kind, depth):
        die = pool.dice[kind]
        for face in die.faces:
            p = F(face.sides, die.sides)
            if face.explode and depth < pool.max_depth:
                for q, rest in chains(face.explode, depth + 1):
                    yield p * q, [face, *rest]
            else:
                yield p, [face]

    per_die = [list(chains(kind, 0)) for kind, count in pool.counts.items() for _ in range(count)]
    result: Counter = Counter()
    for combination in itertools.product(*per_die):
        p = F(1)
        totals = [0] * len(SYMBOLS)
        for q, faces in combination:
            p *= q
            for face in faces:
                for i, symbol in enumerate(SYMBOLS):
                    totals[i] += face.count(symbol)
        result[tuple(totals)] += p
    return dict(result)


@settings(max_examples=60)
@given(pools(max_kinds=2, max_count=2, max_depth=2, max_dice=3))
def test_convolution_matches_enumeration_of_every_outcome(pool):
    assert probability.joint_distribution(pool, SYMBOLS) == brute_force(pool)


@given(pools())
def test_distribution_sums_to_one_and_its_mean_is_the_sum_of_die_means(pool):
    for quantity in [*SYMBOLS, {"a": 2, "b": -1}]:
        dist = probability.distribution(pool, quantity)
        assert sum(dist.values()) == 1
        per_die_means = sum(
            count * probability.mean(probability.die_distribution(pool, kind, quantity))
            for kind, count in pool.counts.items()
        )
        assert probability.mean(dist) == per_die_means == probability.expected(pool, quantity)


@given(pools())
def test_joint_marginals_are_the_single_distributions(pool):
    joint = probability.joint_distribution(pool, SYMBOLS)
    for index, symbol in enumerate(SYMBOLS):
        marginal: Counter = Counter()
        for key, p in joint.items():
            marginal[key[index]] += p
        assert dict(marginal) == probability.distribution(pool, symbol)


@given(pools())
def test_successes_are_a_distribution_over_dice_counts(pool):
    dist = probability.success_distribution(pool, 1, "a")
    assert sum(dist.values()) == 1
    assert min(dist) >= 0
