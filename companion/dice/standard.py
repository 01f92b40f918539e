"""Dice definitions the games share until each game keeps its own.

Sources: the seed rulebooks in shared/seeds (The Others 000/002) and
shared/ref/<game>/FACTS.md. Chaos in the Old World and Cthulhu Wars keep their
dice in their own packages.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from companion.dice.faces import Die, Face, numeric_die
from companion.rules import N_, ActionError

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


# The Others: 7 Sins. What each result does: shared/seeds/000_e31a26e8d323bdd4.txt
# (投掷骰子) and 002_a43fced49e56152a.txt (ダイスロール, p.33). Sin die: corruption =
# 1 corruption; hit = 1 wound; critical hit = counts as a hit and rolls one more
# die, repeating; blank = nothing. Hero die: hit; counter-corruption (cancels a
# Sin corruption); defense (cancels a Sin hit); skill (removes a token); faith =
# rolls one more die, repeating, and after the roll may be turned into any other
# result (the game applies that choice). The seeds name no blank hero result;
# data.json lists one as unconfirmed, so a group may give it 0 or more sides.
# How many sides carry each result is NOT known (FACTS.md §1: unconfirmed, read
# it off a physical die, 6 faces each), so these dice are built from the counts
# the group enters at set-up.
THE_OTHERS_SIDES = 6

THE_OTHERS_SIN_RESULTS: dict[str, dict[str, Any]] = {
    "corruption": {"label": "Corruption", "corruption": 1},
    "hit": {"label": "Hit", "hit": 1},
    "critical_hit": {"label": "Critical hit", "hit": 1, "explode": True},
    "blank": {"label": "Blank"},
}

THE_OTHERS_HERO_RESULTS: dict[str, dict[str, Any]] = {
    "hit": {"label": "Hit", "hit": 1},
    "counter_corruption": {"label": "Counter-corruption", "counter_corruption": 1},
    "defense": {"label": "Defense", "defense": 1},
    "skill": {"label": "Skill", "skill": 1},
    "faith": {"label": "Faith", "faith": 1, "explode": True},
    "blank": {"label": "Blank"},
}


def the_others_sin_die(sides_per_result: Mapping[str, Any], *, field: str = "sin_die") -> Die:
    """The Sin die from the number of sides showing each result, e.g.
    {"corruption": 1, "hit": 2, "critical_hit": 1, "blank": 2}."""
    return _die_from_counts("the_others_sin", "Sin die", THE_OTHERS_SIN_RESULTS, sides_per_result, field)


def the_others_hero_die(sides_per_result: Mapping[str, Any], *, field: str = "hero_die") -> Die:
    """The hero die from the number of sides showing each result."""
    return _die_from_counts("the_others_hero", "Hero die", THE_OTHERS_HERO_RESULTS, sides_per_result, field)


def _die_from_counts(kind: str, label: str, results: Mapping[str, Mapping], counts: Mapping[str, Any], field: str) -> Die:
    if not isinstance(counts, Mapping):
        raise ActionError(N_("%(die)s: enter how many sides show each result."), field=field, die=label)
    faces = []
    for result, count in counts.items():
        if result not in results:
            raise ActionError(
                N_("%(die)s has no “%(face)s” result; its results are %(faces)s."),
                field=field,
                die=label,
                face=str(result)[:40],
                faces=", ".join(results),
            )
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise ActionError(N_("%(die)s: the number of sides must be a whole number, 0 or more."), field=field, die=label)
        if count:
            faces.append(Face.from_spec(result, {**results[result], "sides": count}))
    if sum(face.sides for face in faces) != THE_OTHERS_SIDES:
        raise ActionError(
            N_("%(die)s: the sides of all results must add up to %(sides)d."),
            field=field,
            die=label,
            sides=THE_OTHERS_SIDES,
        )
    return Die(kind, faces, label=label)
