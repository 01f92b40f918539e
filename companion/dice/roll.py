"""A roll: every die rolled, the face it showed and the dice its explosion
rolled. Made by the server (`roll_pool(pool, rng)`), from a recorded payload
(`Roll.from_json`) or from results typed in by a group rolling real dice
(`Roll.from_entered`).

JSON shape (what an action payload records)::

    {"max_depth": 20,
     "dice": [{"kind": "citow_combat", "face": "6",
               "children": [{"kind": "citow_combat", "face": "4"}]},
              {"kind": "citow_combat", "face": "2"}]}

"children" is left out when empty. The dice definitions are not stored: a
replay re-totals the roll with the game's dice.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from companion.dice.faces import Die, Face
from companion.dice.pool import MAX_DEPTH_LIMIT, Pool, registry_of
from companion.rules import N_, ActionError


@dataclass(frozen=True)
class RolledDie:
    die: Die
    face: Face
    depth: int  # 0 for a die of the pool, n for the n-th explosion in a chain
    children: tuple[RolledDie, ...] = ()  # the die rolled because this face exploded

    @property
    def kind(self) -> str:
        return self.die.kind

    def walk(self) -> Iterator[RolledDie]:
        """This die, then its explosion chain."""
        yield self
        for child in self.children:
            yield from child.walk()

    def to_json(self) -> dict:
        data: dict[str, Any] = {"kind": self.die.kind, "face": self.face.id}
        if self.children:
            data["children"] = [child.to_json() for child in self.children]
        return data


@dataclass(frozen=True)
class Roll:
    pool: Pool
    dice: tuple[RolledDie, ...]  # the pool's dice, in pool order; explosions hang below

    # -- reading it --------------------------------------------------------
    def __iter__(self) -> Iterator[RolledDie]:
        """Every die rolled, explosions included (each right after its parent)."""
        for rolled in self.dice:
            yield from rolled.walk()

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def total(self, quantity: str | Mapping[str, int]) -> int:
        """A symbol's count (or a weighted sum of symbols, see Face.value)
        summed over every die rolled."""
        return sum(rolled.face.value(quantity) for rolled in self)

    def totals(self) -> dict[str, int]:
        """Every symbol that shows, with its total (zero totals left out)."""
        sums: Counter[str] = Counter()
        for rolled in self:
            sums.update(rolled.face.symbols)
        return {symbol: count for symbol, count in sorted(sums.items()) if count}

    def successes(self, at_least: int, quantity: str | Mapping[str, int] = "pips") -> int:
        """How many dice show `quantity` at `at_least` or more (e.g. 5+ on d6s)."""
        return sum(1 for rolled in self if rolled.face.value(quantity) >= at_least)

    def faces_by_kind(self) -> dict[str, list[str]]:
        """The face ids per kind in the order `from_entered` reads them:
        the pool's dice first, then each round of explosion dice."""
        entered: dict[str, list[str]] = {kind: [] for kind in self.pool.dice}
        generation = list(self.dice)
        while generation:
            for rolled in generation:
                entered[rolled.kind].append(rolled.face.id)
            generation = [child for rolled in generation for child in rolled.children]
        return {kind: faces for kind, faces in entered.items() if faces or kind in self.pool.counts}

    # -- recording and replaying -------------------------------------------------
    def to_json(self) -> dict:
        return {"max_depth": self.pool.max_depth, "dice": [rolled.to_json() for rolled in self.dice]}

    @classmethod
    def from_json(cls, data: Mapping, dice: Pool | Mapping[str, Die] | Iterable[Die]) -> Roll:
        """Rebuild a recorded roll. `dice` is the pool it was rolled from (then
        the roll must match it) or the game's dice (the pool is rebuilt from
        the roll). Raises ValueError when the record does not fit the dice."""
        registry = registry_of(dice)
        if not isinstance(data, Mapping) or not isinstance(data.get("dice"), list):
            raise ValueError(f"not a roll record: {data!r}")
        max_depth = data.get("max_depth")
        if isinstance(max_depth, bool) or not isinstance(max_depth, int) or not 0 <= max_depth <= MAX_DEPTH_LIMIT:
            raise ValueError(f"bad max_depth in roll record: {max_depth!r}")

        def build(node: Any, depth: int) -> RolledDie:
            if not isinstance(node, Mapping) or set(node) - {"kind", "face", "children"}:
                raise ValueError(f"not a rolled die: {node!r}")
            kind, face_id = node.get("kind"), node.get("face")
            if kind not in registry:
                raise ValueError(f"unknown die kind {kind!r}")
            die = registry[kind]
            if not isinstance(face_id, str) or not die.has_face(face_id):
                raise ValueError(f"die {kind!r} has no face {face_id!r}")
            face = die.face(face_id)
            children = node.get("children", [])
            if not isinstance(children, list):
                raise ValueError(f"children must be a list: {node!r}")
            expected = face.explode if face.explode and depth < max_depth else None
            if len(children) != (1 if expected else 0):
                raise ValueError(
                    f"face {face_id!r} of {kind!r} at depth {depth} must have "
                    f"{'one explosion die' if expected else 'no explosion dice'}"
                )
            built = tuple(build(child, depth + 1) for child in children)
            if built and built[0].kind != expected:
                raise ValueError(f"face {face_id!r} of {kind!r} explodes into {expected!r}, not {built[0].kind!r}")
            return RolledDie(die, face, depth, built)

        rolled = tuple(build(node, 0) for node in data["dice"])
        counts: dict[Die, int] = {}
        for top in rolled:
            counts[top.die] = counts.get(top.die, 0) + 1
        pool = Pool(counts, max_depth=max_depth, extra_dice=registry.values())
        if isinstance(dice, Pool):
            if pool != dice:
                raise ValueError(f"the roll record does not match the pool: {pool!r} vs {dice!r}")
            pool = dice
        # Pool order groups dice by kind; a record in another order is not ours.
        if [top.kind for top in rolled] != [kind for kind, n in pool.counts.items() for _ in range(n)]:
            raise ValueError("the roll record lists its dice out of pool order")
        return cls(pool, rolled)

    # -- results typed in by a group rolling real dice -----------------------------
    @classmethod
    def from_entered(cls, pool: Pool, faces: Mapping[str, Any], *, field_prefix: str = "") -> Roll:
        """Build a roll from physical results, given per kind as a list of face
        ids (or one string like "6 3 4"): first one result per die of the
        pool, then one per exploding face, round after round (the way dice
        are rerolled at the table). Raises ActionError (field = field_prefix +
        kind) when a kind is unknown, a face does not exist, or the number of
        results does not fit the dice rolled and their explosions."""
        if not isinstance(faces, Mapping):
            raise ActionError(N_("Enter the result of every die."), field=field_prefix or None)
        entered: dict[str, list[Face]] = {}
        for kind, value in faces.items():
            field = f"{field_prefix}{kind}"
            if kind not in pool.dice:
                raise ActionError(N_("No “%(kind)s” dice are rolled here."), field=field, kind=str(kind))
            entered[kind] = _parse_faces(pool.dice[kind], value, field)

        for kind, count in pool.counts.items():
            got = len(entered.get(kind, []))
            if got < count:
                raise ActionError(
                    N_("Enter %(count)d %(die)s results, one per die rolled; %(got)d entered."),
                    field=f"{field_prefix}{kind}",
                    count=count,
                    die=pool.dice[kind].label,
                    got=got,
                )

        # Read the results round by round: the pool's dice, then one die per
        # face that exploded in the previous round.
        used = {kind: 0 for kind in entered}

        def take(kind: str, depth: int) -> list:
            face = entered[kind][used[kind]]
            used[kind] += 1
            return [pool.dice[kind], face, depth, []]

        tops = [take(kind, 0) for kind, count in pool.counts.items() for _ in range(count)]
        generation = tops
        while generation:
            missing: Counter[str] = Counter()
            following = []
            for node in generation:
                die, face, depth, children = node
                if face.explode and depth < pool.max_depth:
                    if used.get(face.explode, 0) < len(entered.get(face.explode, [])):
                        child = take(face.explode, depth + 1)
                        children.append(child)
                        following.append(child)
                    else:
                        missing[face.explode] += 1
            if missing:
                kind, count = next(iter(missing.items()))
                raise ActionError(
                    N_("%(die)s: each exploding face rolls one more die; enter the results of %(count)d more."),
                    field=f"{field_prefix}{kind}",
                    die=pool.dice[kind].label,
                    count=count,
                )
            generation = following

        for kind, faces_of_kind in entered.items():
            if used[kind] < len(faces_of_kind):
                rolled = pool.counts.get(kind, 0)
                raise ActionError(
                    N_("Too many %(die)s results: %(got)d entered, but %(rolled)d dice and their explosions make %(expected)d."),  # noqa: E501 (one msgid)
                    field=f"{field_prefix}{kind}",
                    die=pool.dice[kind].label,
                    expected=used[kind],
                    rolled=rolled,
                    got=len(faces_of_kind),
                )

        def freeze(node: list) -> RolledDie:
            die, face, depth, children = node
            return RolledDie(die, face, depth, tuple(freeze(child) for child in children))

        return cls(pool, tuple(freeze(node) for node in tops))


_SEPARATORS = re.compile(r"[\s,;]+")


def _parse_faces(die: Die, value: Any, field: str) -> list[Face]:
    if isinstance(value, str):
        items: list[Any] = [item for item in _SEPARATORS.split(value) if item]
    elif isinstance(value, (list, tuple)):
        items = list(value)
    else:
        raise ActionError(N_("Enter the %(die)s results as a list of faces."), field=field, die=die.label)
    faces = []
    for item in items:
        if isinstance(item, bool) or not isinstance(item, (str, int)):
            raise ActionError(N_("Enter the %(die)s results as a list of faces."), field=field, die=die.label)
        face = _find_face(die, str(item).strip())
        if face is None:
            raise ActionError(
                N_("%(die)s has no face “%(face)s”; its faces are %(faces)s."),
                field=field,
                die=die.label,
                face=str(item)[:40],
                faces=", ".join(face.id for face in die.faces),
            )
        faces.append(face)
    return faces


def _find_face(die: Die, text: str) -> Face | None:
    """The face a player meant: its id, or else its id or label in any case."""
    if die.has_face(text):
        return die.face(text)
    folded = text.casefold()
    matches = {face for face in die.faces if folded in (face.id.casefold(), face.label.casefold())}
    return matches.pop() if len(matches) == 1 else None


def roll_pool(pool: Pool, rng: random.Random) -> Roll:
    """Roll every die of `pool` (and every explosion) with the server's `rng`."""
    if not isinstance(rng, random.Random):
        raise TypeError("roll_pool() needs a random.Random instance (the server's, so the draw can be recorded)")

    def roll_one(die: Die, depth: int) -> RolledDie:
        pick = rng.randrange(die.sides)
        for face in die.faces:
            if pick < face.sides:
                break
            pick -= face.sides
        children = ()
        if face.explode and depth < pool.max_depth:
            children = (roll_one(pool.dice[face.explode], depth + 1),)
        return RolledDie(die, face, depth, children)

    return Roll(pool, tuple(roll_one(pool.dice[kind], 0) for kind, count in pool.counts.items() for _ in range(count)))
