"""Dice and their faces.

A `Die` is a kind name plus its faces. Each `Face` has an id (what a player
types when entering a physical result), a label (what the page shows), the
symbols it shows with their counts ({"hit": 2}), how many sides of the die
carry it (a die with two identical "hit" sides has one face "hit" with
sides=2), and whether it explodes: showing it rolls one more die, of the same
kind or of a named kind.

All dice are fair: a face comes up with probability sides / total sides.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

#: Keys of a face spec that are not symbols.
SPEC_KEYS = ("explode", "label", "sides")


def _check_name(value: Any, what: str) -> str:
    if not isinstance(value, str) or not value.strip() or value != value.strip():
        raise ValueError(f"{what} must be a non-empty string without surrounding spaces, not {value!r}")
    return value


class Face:
    """One face of a die. Immutable and hashable."""

    __slots__ = ("id", "label", "sides", "explode", "_symbols")

    def __init__(
        self,
        id: str,
        symbols: Mapping[str, int] | None = None,
        *,
        explode: bool | str | None = None,
        label: str | None = None,
        sides: int = 1,
    ):
        _check_name(id, "A face id")
        counts: dict[str, int] = {}
        for symbol, count in (symbols or {}).items():
            _check_name(symbol, f"Face {id!r}: a symbol name")
            if symbol in SPEC_KEYS:
                raise ValueError(f"Face {id!r}: {symbol!r} is reserved and cannot be a symbol")
            if isinstance(count, bool) or not isinstance(count, int):
                raise ValueError(f"Face {id!r}: the count of {symbol!r} must be an int, not {count!r}")
            if count:  # a zero count is the same as not showing the symbol
                counts[symbol] = count
        if isinstance(sides, bool) or not isinstance(sides, int) or sides < 1:
            raise ValueError(f"Face {id!r}: sides must be a positive int, not {sides!r}")
        if explode is False or explode is None:
            explode = None
        elif explode is not True:
            _check_name(explode, f"Face {id!r}: the kind it explodes into")
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "label", _check_name(label, f"Face {id!r}: label") if label is not None else id)
        object.__setattr__(self, "sides", sides)
        # True means "one more die of the same kind"; Die replaces it by its kind.
        object.__setattr__(self, "explode", explode)
        object.__setattr__(self, "_symbols", tuple(sorted(counts.items())))

    def __setattr__(self, name, value):
        raise AttributeError("Face is immutable")

    @classmethod
    def from_spec(cls, id: str, spec: Mapping[str, Any]) -> Face:
        """A face from a plain dict: symbol counts plus the optional keys
        "explode" (True or a kind), "label" and "sides"."""
        if not isinstance(spec, Mapping):
            raise ValueError(f"Face {id!r}: the spec must be a dict, not {spec!r}")
        symbols = {k: v for k, v in spec.items() if k not in SPEC_KEYS}
        return cls(id, symbols, explode=spec.get("explode"), label=spec.get("label"), sides=spec.get("sides", 1))

    @property
    def symbols(self) -> dict[str, int]:
        return dict(self._symbols)

    def count(self, symbol: str) -> int:
        for name, value in self._symbols:
            if name == symbol:
                return value
        return 0

    def value(self, quantity: str | Mapping[str, int]) -> int:
        """The count of one symbol, or a weighted sum of symbols: {"hit": 1,
        "faith": 1} counts faith as a hit (a wild result the player turns into one)."""
        if isinstance(quantity, str):
            return self.count(quantity)
        if isinstance(quantity, Mapping) and quantity:
            total = 0
            for symbol, weight in quantity.items():
                if not isinstance(symbol, str) or isinstance(weight, bool) or not isinstance(weight, int):
                    raise ValueError(f"a weighted quantity maps symbol names to ints, not {quantity!r}")
                total += weight * self.count(symbol)
            return total
        raise ValueError(f"a quantity is a symbol name or a dict symbol -> weight, not {quantity!r}")

    def _exploding_into(self, kind: str) -> Face:
        return Face(self.id, dict(self._symbols), explode=kind, label=self.label, sides=self.sides)

    def to_json(self) -> dict:
        """Metadata for drawing the face and for docs; JSON-serialisable."""
        return {
            "id": self.id,
            "label": self.label,
            "sides": self.sides,
            "symbols": self.symbols,
            "explode": self.explode,
        }

    def _key(self):
        return (self.id, self.label, self.sides, self.explode, self._symbols)

    def __eq__(self, other):
        return isinstance(other, Face) and self._key() == other._key()

    def __hash__(self):
        return hash(self._key())

    def __repr__(self):
        extra = f", explode={self.explode!r}" if self.explode else ""
        sides = f", sides={self.sides}" if self.sides != 1 else ""
        return f"Face({self.id!r}, {self.symbols!r}{extra}{sides})"


class Die:
    """A kind of die: a kind name (unique within a pool), a label and faces.

    `faces` is either an iterable of `Face` or a dict face id -> spec, e.g.
    ``Die("sin", {"hit": {"hit": 1, "sides": 2}, "crit": {"hit": 1, "explode": True}, ...})``.
    """

    __slots__ = ("kind", "label", "faces", "sides", "_by_id")

    def __init__(self, kind: str, faces: Mapping[str, Mapping[str, Any]] | Iterable[Face], *, label: str | None = None):
        _check_name(kind, "A die kind")
        if isinstance(faces, Mapping):
            built = [Face.from_spec(face_id, spec) for face_id, spec in faces.items()]
        else:
            built = list(faces)
            for face in built:
                if not isinstance(face, Face):
                    raise ValueError(f"Die {kind!r}: faces must be Face objects or a dict of specs, not {face!r}")
        if not built:
            raise ValueError(f"Die {kind!r} needs at least one face")
        built = [face._exploding_into(kind) if face.explode is True else face for face in built]
        by_id: dict[str, Face] = {}
        for face in built:
            if face.id in by_id:
                raise ValueError(f"Die {kind!r}: two faces have the id {face.id!r}")
            by_id[face.id] = face
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "label", _check_name(label, f"Die {kind!r}: label") if label is not None else kind)
        object.__setattr__(self, "faces", tuple(built))
        object.__setattr__(self, "sides", sum(face.sides for face in built))
        object.__setattr__(self, "_by_id", by_id)

    def __setattr__(self, name, value):
        raise AttributeError("Die is immutable")

    def face(self, face_id: str) -> Face:
        """The face with this id; KeyError if there is none."""
        return self._by_id[face_id]

    def has_face(self, face_id: str) -> bool:
        return face_id in self._by_id

    def probability(self, face: Face | str) -> Fraction:
        """The chance that one roll of this die shows `face`."""
        face = self.face(face) if isinstance(face, str) else face
        if self._by_id.get(face.id) != face:
            raise KeyError(face.id)
        return Fraction(face.sides, self.sides)

    def symbols(self) -> list[str]:
        """Every symbol some face shows, sorted."""
        return sorted({symbol for face in self.faces for symbol in face.symbols})

    def explosion_kinds(self) -> set[str]:
        return {face.explode for face in self.faces if face.explode}

    def to_json(self) -> dict:
        """Metadata for the web layer to draw this die's faces."""
        return {"kind": self.kind, "label": self.label, "sides": self.sides, "faces": [f.to_json() for f in self.faces]}

    def _key(self):
        return (self.kind, self.label, self.faces)

    def __eq__(self, other):
        return isinstance(other, Die) and self._key() == other._key()

    def __hash__(self):
        return hash(self._key())

    def __repr__(self):
        return f"Die({self.kind!r}, {list(self.faces)!r})"


def numeric_die(
    kind: str,
    sides: int = 6,
    *,
    label: str | None = None,
    symbol: str = "pips",
    explode_on: Iterable[int] = (),
    extra: Mapping[int, Mapping[str, int]] | None = None,
) -> Die:
    """A die numbered 1..sides: face "n" shows {symbol: n} plus `extra[n]`;
    faces whose number is in `explode_on` roll one more die of this kind."""
    if isinstance(sides, bool) or not isinstance(sides, int) or sides < 1:
        raise ValueError(f"sides must be a positive int, not {sides!r}")
    explode_on = set(explode_on)
    if not explode_on <= set(range(1, sides + 1)):
        raise ValueError(f"explode_on must name faces 1..{sides}, not {sorted(explode_on)!r}")
    extra = extra or {}
    faces = []
    for number in range(1, sides + 1):
        symbols = {symbol: number, **extra.get(number, {})}
        faces.append(Face(str(number), symbols, explode=number in explode_on))
    return Die(kind, faces, label=label)
