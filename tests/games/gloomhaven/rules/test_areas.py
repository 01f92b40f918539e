"""An area of effect drawn as hexes."""

from companion.games.gloomhaven.areas import SIZE, drawing
from companion.games.gloomhaven.map import drawing as map_drawing


def test_a_melee_area_draws_its_hexes_and_the_attacker():
    shown = drawing({"melee": True, "hexes": [[1, 0], [0, 1], [1, -1]]})
    assert len(shown["hexes"]) == 4 and sum(h["attacker"] for h in shown["hexes"]) == 1
    assert all(len(h["points"].split()) == 6 for h in shown["hexes"])


def test_a_ranged_area_has_no_attacker_hex():
    assert not any(h["attacker"] for h in drawing({"melee": False, "hexes": [[0, 0], [1, 0]]})["hexes"])


def _centres(shown: dict) -> list[tuple[float, float]]:
    """Each drawn hex's centre: the mean of its six corners."""
    found = []
    for cell in shown["hexes"]:
        corners = [tuple(map(float, p.split(","))) for p in cell["points"].split()]
        found.append((sum(x for x, _ in corners) / 6, sum(y for _, y in corners) / 6))
    return found


def test_a_line_along_r_is_drawn_as_a_vertical_column_of_flat_top_hexes():
    shown = drawing({"melee": False, "hexes": [[0, 0], [0, 1], [0, 2]]})
    xs = {round(x, 1) for x, _ in _centres(shown)}
    assert xs == {0.0}
    corners = [tuple(map(float, p.split(","))) for p in shown["hexes"][0]["points"].split()]
    level = sorted(corners, key=lambda c: c[1])[:2]  # flat top: the two highest corners share a y
    assert level[0][1] == level[1][1]


def test_card_hex_centres_are_the_maps_centres_scaled_down():
    cells = [[1, 0], [0, 1], [1, -1], [-2, 1]]
    shown = drawing({"melee": False, "hexes": cells})
    scale = SIZE / map_drawing.SIZE
    for (x, y), (q, r) in zip(_centres(shown), cells):
        mx, my = map_drawing.centre(q, r)
        assert abs(x - mx * scale) < 0.1 and abs(y - my * scale) < 0.1
