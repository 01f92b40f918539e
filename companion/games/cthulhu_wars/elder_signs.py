"""The elder-sign pool (seed, 远古印记): 18 of value 1, 12 of 2, 6 of 3, drawn
unseen; an empty pool gives 1 doom instead of a sign. Revealed signs add
their value to doom and leave the game.
"""

from __future__ import annotations

import random

from companion.games.cthulhu_wars import data
from companion.rules import N_, ActionError

#: What a draw from the empty pool gives instead of a sign.
DOOM_INSTEAD = 0


def full_pool() -> dict[str, int]:
    """Value (as a string, a JSON key) -> how many signs of it are in the pool."""
    return dict(data.game()["elder_sign_pool"])


def pool_size(pool: dict[str, int]) -> int:
    return sum(pool.values())


def draw(pool: dict[str, int], how_many: int, rng: random.Random) -> list[int]:
    """Draw `how_many` signs at random (each token equally likely); a draw from
    the empty pool is DOOM_INSTEAD (0): it gives 1 doom. Does not change `pool`."""
    left = dict(pool)
    drawn = []
    for _ in range(how_many):
        size = pool_size(left)
        if not size:
            drawn.append(DOOM_INSTEAD)
            continue
        pick = rng.randrange(size)
        for value in sorted(left, key=int):
            if pick < left[value]:
                break
            pick -= left[value]
        left[value] -= 1
        drawn.append(int(value))
    return drawn


def take(pool: dict[str, int], drawn: list[int]) -> tuple[dict[str, int], list[int], int]:
    """Remove recorded draws from the pool: (new pool, signs gained, doom gained
    from draws made on an empty pool). Raises ValueError if a draw can't have come
    from this pool (a damaged log)."""
    left = dict(pool)
    signs, doom = [], 0
    for value in drawn:
        if value == DOOM_INSTEAD:
            if pool_size(left):
                raise ValueError("a draw gave doom while the pool still held signs")
            doom += 1
            continue
        if left.get(str(value), 0) <= 0:
            raise ValueError(f"no elder sign of value {value} left to draw")
        left[str(value)] -= 1
        signs.append(value)
    return left, signs, doom


def reveal(held: list[int], chosen: list[int]) -> tuple[list[int], int]:
    """Reveal the chosen signs (values, each one a sign held): (signs still
    held, doom they add). Refuses a value the faction does not hold."""
    rest = list(held)
    for value in chosen:
        if value not in rest:
            raise ActionError(N_("You hold no elder sign of value %(value)d."), field="values", value=value)
        rest.remove(value)
    return rest, sum(chosen)
