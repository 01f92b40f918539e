"""One pure dice engine for every game (no Flask, no SQLite).

- `Die` / `Face` (faces.py): named faces with symbol counts, sides, explosions.
- `Pool` (pool.py): dice counts per kind and the explosion depth cap; rolls
  with the server's `random.Random`.
- `Roll` (roll.py): every die rolled with its explosion chain; JSON for the
  action log, rebuilt for replay, or built from physical results typed in.
- probability.py: exact distributions (Fraction) of symbol totals.
- standard.py: shared dice definitions (d6, hits-on-N+, The Others from
  entered face counts). A game may keep its own dice in its package (Chaos
  in the Old World: companion/games/chaos/dice.py; Cthulhu Wars:
  companion/games/cthulhu_wars/dice.py).
"""

from companion.dice.faces import Die, Face, numeric_die
from companion.dice.pool import DEFAULT_MAX_DEPTH, MAX_DEPTH_LIMIT, Pool
from companion.dice.roll import Roll, RolledDie

__all__ = ["DEFAULT_MAX_DEPTH", "MAX_DEPTH_LIMIT", "Die", "Face", "Pool", "Roll", "RolledDie", "numeric_die"]
