"""A pool: how many dice of each kind are rolled together, and how deep an
explosion chain may go.

Depth: the dice of the pool are at depth 0; a die rolled because a face
exploded is one deeper than that face's die. A face that explodes at depth
`max_depth` rolls nothing more (it still counts its symbols). Real rules
usually say "no limit"; the cap keeps rolling and exact probabilities finite,
and `probability.cap_probability(pool)` says exactly how likely the cap is
to matter. A pool is what is rolled: `roll.roll_pool(pool, rng)` rolls it,
`companion.dice.probability` gives its exact odds (each its own module that
reads the pool; the pool knows neither).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from companion.dice.faces import Die

#: With a 1-in-6 exploding face, a die's chain reaches a cap of 10 and would go
#: on (eleven such faces in a row) about once in 3.6e8 dice.
DEFAULT_MAX_DEPTH = 10
#: The deepest cap a pool accepts (bounds recursion while rolling and checking).
MAX_DEPTH_LIMIT = 100


class Pool:
    """Dice to roll together: `Pool({die: count, ...})`.

    `extra_dice` are dice that only come in through explosions into a named
    kind. Immutable; equal pools roll and score the same way.
    """

    __slots__ = ("counts", "max_depth", "dice")

    def __init__(self, counts: Mapping[Die, int], *, max_depth: int = DEFAULT_MAX_DEPTH,
                 extra_dice: Iterable[Die] = ()):
        if not isinstance(counts, Mapping):
            raise ValueError(f"counts must be a dict die -> count, not {counts!r}")
        if isinstance(max_depth, bool) or not isinstance(max_depth, int) or not 0 <= max_depth <= MAX_DEPTH_LIMIT:
            raise ValueError(f"max_depth must be an int from 0 to {MAX_DEPTH_LIMIT}, not {max_depth!r}")
        known: dict[str, Die] = {}
        for die in [*counts, *extra_dice]:
            if not isinstance(die, Die):
                raise ValueError(f"a pool holds Die objects, not {die!r}")
            if known.setdefault(die.kind, die) != die:
                raise ValueError(f"two different dice share the kind {die.kind!r}")
        kept: dict[str, int] = {}
        for die, count in counts.items():
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                raise ValueError(f"the count of {die.kind!r} dice must be an int >= 0, not {count!r}")
            if count:
                kept[die.kind] = count
        # Keep the counted dice and every die an explosion can reach from them.
        reachable: dict[str, Die] = {}
        todo = [known[kind] for kind in kept] if max_depth else []
        for kind in kept:
            reachable[kind] = known[kind]
        while todo:
            die = todo.pop()
            for target in sorted(die.explosion_kinds()):
                if target not in known:
                    raise ValueError(f"die {die.kind!r} explodes into {target!r}, "
                                     "which is not in the pool or extra_dice")
                if target not in reachable:
                    reachable[target] = known[target]
                    todo.append(known[target])
        object.__setattr__(self, "counts", kept)
        object.__setattr__(self, "max_depth", max_depth)
        object.__setattr__(self, "dice", reachable)

    def __setattr__(self, name, value):
        raise AttributeError("Pool is immutable")

    # -- what it is -----------------------------------------------------------
    def die(self, kind: str) -> Die:
        return self.dice[kind]

    @property
    def size(self) -> int:
        """How many dice are rolled before any explosion."""
        return sum(self.counts.values())

    def __eq__(self, other):
        return (
            isinstance(other, Pool)
            and self.counts == other.counts
            and self.max_depth == other.max_depth
            and self.dice == other.dice
        )

    def __hash__(self):
        return hash((tuple(self.counts.items()), self.max_depth, tuple(sorted(self.dice))))

    def __repr__(self):
        return f"Pool({self.counts!r}, max_depth={self.max_depth})"

    def to_json(self) -> dict:
        """Counts and cap; the dice themselves are the game's definitions."""
        return {"counts": dict(self.counts), "max_depth": self.max_depth}

    @classmethod
    def from_json(cls, data: Mapping, dice: Mapping[str, Die] | Iterable[Die]) -> Pool:
        """Rebuild from `to_json()` with the game's dice (by kind)."""
        registry = registry_of(dice)
        if not isinstance(data, Mapping) or not isinstance(data.get("counts"), Mapping):
            raise ValueError(f"not a pool: {data!r}")
        unknown = [kind for kind in data["counts"] if kind not in registry]
        if unknown:
            raise ValueError(f"unknown dice kinds: {unknown!r}")
        counts = {registry[kind]: count for kind, count in data["counts"].items()}
        return cls(counts, max_depth=data.get("max_depth", DEFAULT_MAX_DEPTH), extra_dice=registry.values())


def registry_of(dice: Pool | Mapping[str, Die] | Iterable[Die]) -> dict[str, Die]:
    if isinstance(dice, Pool):
        return dict(dice.dice)
    if isinstance(dice, Mapping):
        dice = dice.values()
    registry: dict[str, Die] = {}
    for die in dice:
        if not isinstance(die, Die):
            raise ValueError(f"expected Die objects, not {die!r}")
        if registry.setdefault(die.kind, die) != die:
            raise ValueError(f"two different dice share the kind {die.kind!r}")
    return registry
