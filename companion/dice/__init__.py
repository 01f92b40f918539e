"""One pure dice engine for every game (no Flask, no SQLite).

- `Die` / `Face` (faces.py): named faces with symbol counts, sides, explosions.
- `Pool` (pool.py): dice counts per kind and the explosion depth cap.
- `Roll` (roll.py): every die rolled with its explosion chain; `roll_pool(pool,
  rng)` rolls a pool with the server's `random.Random`; JSON for the action
  log, rebuilt for replay, or built from physical results typed in.
- probability.py: exact distributions (Fraction) of symbol totals.
- standard.py: generic dice definitions (d6, hits-on-N+); each game keeps its
  own dice in its package (companion/games/<id>/dice.py).
"""

from companion.dice.faces import Die, Face, numeric_die
from companion.dice.pool import DEFAULT_MAX_DEPTH, MAX_DEPTH_LIMIT, Pool
from companion.dice.roll import Roll, RolledDie, roll_pool

__all__ = ["DEFAULT_MAX_DEPTH", "MAX_DEPTH_LIMIT", "Die", "Face", "Pool", "Roll", "RolledDie", "numeric_die",
           "roll_pool"]
