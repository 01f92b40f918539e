"""How long exact dice probabilities take for 30-dice pools.

Run: .venv/bin/python benchmarks/bench_dice.py
"""

import time

from companion.dice import Pool, probability, standard
from companion.games.chaos.dice import COMBAT_DIE
from companion.games.cthulhu_wars.combat import COMBAT_DIE as CTHULHU_WARS_COMBAT
from companion.games.the_others.dice import hero_die, sin_die

SIN = sin_die({"corruption": 1, "hit": 2, "critical_hit": 1, "blank": 2})
HERO = hero_die({"hit": 2, "counter_corruption": 1, "defense": 1, "skill": 1, "faith": 1})

CASES = [
    ("30 CitOW dice, hits (6s explode, cap 10)", Pool({COMBAT_DIE: 30}), ["hit"]),
    ("30 CitOW dice, hits (cap 20)", Pool({COMBAT_DIE: 30}, max_depth=20), ["hit"]),
    ("30 d6, sum of pips", Pool({standard.D6: 30}), ["pips"]),
    ("30 Cthulhu Wars dice, kills x pains", Pool({CTHULHU_WARS_COMBAT: 30}), ["kill", "pain"]),
    ("30 Sin dice, hits x corruption (cap 10)", Pool({SIN: 30}), ["hit", "corruption"]),
    ("30 hero dice, hits counting faith (cap 10)", Pool({HERO: 30}), [{"hit": 1, "faith": 1}]),
]


def main() -> None:
    for name, pool, quantities in CASES:
        start = time.perf_counter()
        outcomes = probability.joint_distribution(pool, quantities)
        elapsed = time.perf_counter() - start
        print(f"{name:48} {elapsed * 1000:8.1f} ms  {len(outcomes):6d} outcomes")


if __name__ == "__main__":
    main()
