"""Exact chances of wounds and corruption, checked by hand on small pools and
against a simulation of many fights."""

from __future__ import annotations

import random
from fractions import Fraction

from companion.dice import Pool, roll_pool
from companion.games.the_others import dice, fight, odds

SIN = dice.sin_die({"corruption": 1, "hit": 2, "critical_hit": 1, "blank": 2})
HERO = dice.hero_die({"hit": 2, "defense": 1, "counter_corruption": 1, "skill": 1, "faith": 1})


def computed(hero_dice, sin_dice, defense=0, **extra):
    def part(total):
        return {"total": total, "lines": []}
    return {"hero_dice": part(hero_dice), "sin_dice": part(sin_dice), "hero_defense": part(defense),
            "hero_hits": part(0), "sin_hits": part(extra.get("sin_hits", 0)),
            "sin_corruption": part(extra.get("sin_corruption", 0)), "defense_cancelled": part(0),
            "free_results": extra.get("free", 0)}


def test_faith_goes_to_defense_first_then_counter_corruption():
    assert odds.taken(3, 2, 1, 0, 3) == (0, 1)
    assert odds.taken(3, 2, 1, 0, 4) == (0, 0)
    assert odds.taken(3, 2, 1, 0, 1) == (1, 2)
    assert odds.taken(0, 2, 0, 1, 2) == (0, 0)


def test_one_sin_die_against_no_hero_dice_by_hand():
    joint = odds.harm_distribution(HERO, SIN, computed(0, 1))
    marg = odds.marginals(joint)
    # blank 2/6, corruption 1/6, hit 2/6, critical 1/6 (a hit) then another die, up to the chart's depth.
    chains = range(odds.CHART_DEPTH + 1)
    assert marg["corruption"][1] == sum(Fraction(1, 6) ** (k + 1) for k in chains)
    assert sum(joint.values()) == 1
    assert joint[(0, 0)] == Fraction(2, 6)
    assert marg["wounds"][1] == Fraction(2, 6) + Fraction(1, 6) * (Fraction(3, 6))


def test_defense_cancels_hits_in_the_chances():
    joint = odds.harm_distribution(HERO, SIN, computed(0, 1, defense=10))
    assert all(wounds == 0 for wounds, _ in joint)


def simulate(setup, trials, seed=1):
    rng = random.Random(seed)
    hero_pool, sin_pool = Pool({HERO: setup["hero_dice"]["total"]}), Pool({SIN: setup["sin_dice"]["total"]})
    counts = {}
    for _ in range(trials):
        hero, sin = roll_pool(hero_pool, rng).totals(), roll_pool(sin_pool, rng).totals()
        wild = hero.get("faith", 0) + setup["free_results"]
        defense = setup["hero_defense"]["total"] + hero.get("defense", 0)
        key = odds.taken(sin.get("hit", 0) + setup["sin_hits"]["total"],
                         sin.get("corruption", 0) + setup["sin_corruption"]["total"],
                         defense, hero.get("counter_corruption", 0), wild)
        counts[key] = counts.get(key, 0) + 1
    return {key: n / trials for key, n in counts.items()}


def test_exact_chances_agree_with_a_simulation():
    setup = computed(5, 6, defense=3, sin_hits=1, sin_corruption=1)
    exact = odds.harm_distribution(HERO, SIN, setup)
    sampled = simulate(setup, 8000)
    for key in set(exact) | set(sampled):
        assert abs(float(exact.get(key, 0)) - sampled.get(key, 0.0)) < 0.02, key  # over 4 standard errors


def test_the_worked_fight_with_and_without_voluntary_corruption():
    base = {"hero_name": "Rose", "combat": 2, "defense": 1, "corruption": 2, "wounds": [], "upgrades": ["ice_blade"],
            "others_in_space": 1, "monsters": [{"kind": "abomination", "combat": 3, "defense": 3},
                                               {"kind": "acolyte", "combat": 2, "defense": 2}], "pentagrams": 1}
    without = odds.marginals(odds.harm_distribution(HERO, SIN, fight.pools({**base, "voluntary": False})))
    with_it = odds.marginals(odds.harm_distribution(HERO, SIN, fight.pools({**base, "voluntary": True})))

    def expected(dist):
        return sum(n * p for n, p in dist.items())

    assert expected(with_it["wounds"]) < expected(without["wounds"])
    assert sum(with_it["wounds"].values()) == 1


def test_the_chart_stops_once_nearly_all_the_chance_is_shown():
    from companion.games.the_others.view import chart_rows
    rows = chart_rows({0: Fraction(1, 2), 1: Fraction(99, 200), 2: Fraction(1, 400), 3: Fraction(1, 400)})
    assert [label for label, _, _ in rows] == ["0", "1", "2+"]
    assert rows[0][2] == 100 and rows[-1][1] == 0.5
