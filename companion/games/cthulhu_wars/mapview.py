"""The board drawn for a phone (issue 20): a schematic of the Earth map, each
area a disc at its rough place on the globe, borders as lines (a border across
the Pacific runs off one edge and in at the other), gates and each faction's
units on it. Presentation only: where areas are drawn is no rule."""

from __future__ import annotations

from companion.games.cthulhu_wars import board, data

WIDTH, HEIGHT = 360, 236
TOP = 8  # room above the top row's labels

#: Where each area of any map is drawn, on a WIDTH x HEIGHT view (west to east, north to south).
PLACES = {
    "arctic_ocean": (170, 14), "scandinavia": (205, 26), "europe": (196, 52), "north_asia": (282, 32),
    "asia": (272, 62), "south_asia": (290, 98), "arabia": (236, 88),
    "africa": (205, 118), "west_africa": (188, 108), "east_africa": (226, 128),
    "indian_ocean": (262, 150), "australia": (318, 160), "antarctica": (200, 214),
    "north_atlantic": (142, 76), "south_atlantic": (160, 162),
    "north_america": (84, 56), "north_america_west": (64, 52), "north_america_east": (104, 62),
    "central_america": (92, 100), "south_america": (112, 142),
    "south_america_west": (100, 148), "south_america_east": (128, 136),
    "north_pacific": (26, 86), "south_pacific": (40, 168), "new_zealand": (22, 204),
}


def edges(map_id: str) -> list[dict]:
    """Each border once, as one or two line pieces."""
    out, near = [], data.maps()[map_id]["adjacency"]
    for area, neighbours in near.items():
        for other in neighbours:
            if other <= area:
                continue
            (x1, y1), (x2, y2) = PLACES[area], PLACES[other]
            y1, y2 = y1 + TOP, y2 + TOP
            if abs(x1 - x2) <= WIDTH / 2:
                out.append({"x1": x1, "y1": y1, "x2": x2, "y2": y2})
                continue
            # Across the Pacific: out of one edge, in at the other.
            (lx, ly), (rx, ry) = ((x1, y1), (x2, y2)) if x1 < x2 else ((x2, y2), (x1, y1))
            span = lx + (WIDTH - rx)
            mid = ly + (ry - ly) * lx / span if span else ly
            out.append({"x1": lx, "y1": ly, "x2": 0, "y2": round(mid, 1)})
            out.append({"x1": rx, "y1": ry, "x2": WIDTH, "y2": round(mid, 1)})
    return out


def board_map(state: dict, colours: dict[str, str]) -> dict:
    """Areas with their place, gate and units, borders, and one line per area for a screen reader."""
    gates = state["board"]["gates"]
    areas = []
    for area in data.maps()[state["map"]]["areas"]:
        x, y = PLACES[area["id"]]
        y += TOP
        here = [{"faction": f, "units": board.units_in(state, area["id"], f),
                 "count": board.present(state, area["id"], f), "colour": colours[f]}
                for f in state["seating"] if board.present(state, area["id"], f)]
        for i, side in enumerate(here):
            side["x"], side["y"] = x - 9 * (len(here) - 1) + 18 * i, y + 14
        gate = {"owner": gates[area["id"]],
                "colour": colours.get(gates[area["id"]], "none")} if area["id"] in gates else None
        areas.append({"id": area["id"], "name": area["name"], "ocean": area["ocean"], "glyph": area["glyph"],
                      "x": x, "y": y, "gate": gate, "factions": here,
                      "desecrated": area["id"] in state.get("desecrated", [])})
    return {"width": WIDTH, "height": HEIGHT, "areas": areas, "edges": edges(state["map"])}
