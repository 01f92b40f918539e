"""An ability card's area of effect drawn as hexes: the offsets of the hit
hexes (axial [q, r], from the attacker when the attack is melee) become
polygon points for a small SVG, the attacker's own hex included in grey.
The hexes are flat-topped with the map's axial convention (map/drawing.py),
so a card's pattern looks the way the solver reads it on the map."""

from __future__ import annotations

from math import cos, pi, sin

from companion.games.gloomhaven.map import drawing as map_drawing

SIZE = 10  # hex radius in SVG units
_SCALE = SIZE / map_drawing.SIZE


def _centre(q: int, r: int) -> tuple[float, float]:
    """The map's flat-top axial centre, scaled down to the card's hex size."""
    x, y = map_drawing.centre(q, r)
    return x * _SCALE, y * _SCALE


def _corners(x: float, y: float) -> str:
    # flat-top: corners at 0°, 60°, ... so the top and bottom edges are level
    points = []
    for corner in range(6):
        angle = pi / 180 * 60 * corner
        points.append(f"{x + SIZE * cos(angle):.1f},{y + SIZE * sin(angle):.1f}")
    return " ".join(points)


def drawing(area: dict) -> dict:
    """{"viewbox": "x y w h", "hexes": [{"points", "attacker"}]} for an area."""
    cells = [(q, r, False) for q, r in area["hexes"]]
    if area.get("melee"):
        cells.append((0, 0, True))
    centres = [(_centre(q, r), attacker) for q, r, attacker in cells]
    xs = [x for (x, _), _ in centres]
    ys = [y for (_, y), _ in centres]
    left, top = min(xs) - SIZE - 1, min(ys) - SIZE - 1
    width, height = max(xs) - min(xs) + 2 * SIZE + 2, max(ys) - min(ys) + 2 * SIZE + 2
    return {"viewbox": f"{left:.1f} {top:.1f} {width:.1f} {height:.1f}",
            "hexes": [{"points": _corners(x, y), "attacker": attacker} for (x, y), attacker in centres]}
