"""Generic dice any game may use. Each game keeps its own dice in its package
(companion/games/<id>/dice.py).
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.dice.faces import Die, numeric_die

#: A plain six-sided die: faces "1".."6", each showing {"pips": n}.
D6 = numeric_die("d6", 6, label="d6")


def hits_on(
    threshold: int,
    *,
    kind: str,
    label: str | None = None,
    sides: int = 6,
    explode_on: Iterable[int] = (),
    symbol: str = "hit",
) -> Die:
    """A numbered die whose faces `threshold`..`sides` also show one `symbol`
    (a "hits on 4+" die); faces in `explode_on` roll one more such die."""
    if isinstance(threshold, bool) or not isinstance(threshold, int) or not 1 <= threshold <= sides:
        raise ValueError(f"threshold must be an int from 1 to {sides}, not {threshold!r}")
    extra = {number: {symbol: 1} for number in range(threshold, sides + 1)}
    return numeric_die(kind, sides, label=label, explode_on=explode_on, extra=extra)


