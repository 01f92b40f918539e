"""Benchmark: one tap on a monster standee to its turn drawn on the map.

    .venv/bin/python benchmarks/map_turn.py [--taps N] [--cpu]

A Gloomhaven table (scenario 1, two characters) with a 60-hex map (10
columns of 6, a thin wall, a trap, an obstacle) and 10 figures on it (the two
characters and eight standees). Each tap is the server's whole work for
`map.show`: the action validated, applied and stored (the solver runs once
to check the turn can be worked out), then the tapping phone's regions
rendered, the map's SVG with the solver's options and sentences among them,
as the answer to its post carries them; and the other phone's render, as its
event stream sends it. Between taps `map.hide` (not timed) clears the turn,
so every tap works it out afresh; every render is new (no cached one fits).
Then the two taps of a whole monster turn as the table plays it: "Show its
turn" (`map.show` stored and the tapping phone's regions rendered: the now
card and the map with the whole card worked out, every ability) and "Do it"
(`map.do` with the first option and its first way of making the choices the
rules leave: the standee moved, one modifier drawn per target, damage set
waiting, conditions, pushes, summons; stored and rendered); both are undone
between turns (not timed), so each turn starts from the same table.
A few warm-up taps first (templates compiled, data loaded). Prints the
median and the 95th percentile in milliseconds; --cpu measures this
process's CPU time instead of wall time, for a machine busy with other work.

The whole turn: after each tap the standee's whole drawn card (every
ability, not only its first move and attack) is worked out by the solver
from the live table (`map.solving.build`, the card through
`solver.card.from_resolved`, `solver.solve`), and "tap with the whole card"
adds that to the tap. Then every card of each standee's deck is worked out
from the same map, and every card of every monster deck in the catalog for
each standee, so cards with pushes, heals, elements and summons are
measured too.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# The repository, not this folder (its platform.py would hide the standard one).
sys.path[0] = str(ROOT)

from companion.games.gloomhaven import abilities, catalog  # noqa: E402
from companion.games.gloomhaven.map.solving import build  # noqa: E402
from companion.games.gloomhaven.map.turn import work_card  # noqa: E402
from companion.games.gloomhaven.play import common  # noqa: E402
from companion.games.gloomhaven.solver import solve  # noqa: E402
from companion.games.gloomhaven.solver.card import from_resolved  # noqa: E402
from companion.web import create_app, render  # noqa: E402

COLUMNS, ROWS = 10, 6
WARM_UP = 5


def set_up(store):
    table = store.create_table("gloomhaven", "Benchmark", {"scenario": 1})
    ann, _ = store.join(table.token, "Ann", "player")
    bo, _ = store.join(table.token, "Bo", "player")
    token = table.token
    store.act(token, ann.id, "character.set", {"class": "brute", "level": 1})
    store.act(token, bo.id, "character.set", {"class": "spellweaver", "level": 1})
    store.act(token, ann.id, "scenario.start", {})
    for monster, rank in [("bandit-guard", "elite"), ("bandit-guard", "normal"), ("bandit-archer", "normal"),
                          ("bandit-archer", "elite"), ("bandit-archer", "normal")]:
        store.act(token, ann.id, "standee.add", {"monster": monster, "rank": rank})
    store.act(token, ann.id, "initiative.choose", {"initiative": 10, "second": 40})
    store.act(token, bo.id, "initiative.choose", {"initiative": 60, "second": 20})
    hexes = [[q, row - q // 2] for q in range(COLUMNS) for row in range(ROWS)]
    store.act(token, ann.id, "map.hexes", {"hexes": hexes})
    store.act(token, ann.id, "map.wall", {"q": 4, "r": 0, "q2": 5, "r2": 0})
    store.act(token, ann.id, "map.terrain", {"q": 3, "r": 1, "terrain": "trap"})
    store.act(token, ann.id, "map.terrain", {"q": 6, "r": 0, "terrain": "obstacle"})
    state = store.state(token)[1]
    standees = [s["id"] for s in state["standees"]]
    spots = [[q, row - q // 2] for q in (8, 9) for row in range(ROWS)]
    store.act(token, ann.id, "map.place", {"figure": ann.id, "q": 0, "r": 0})
    store.act(token, ann.id, "map.place", {"figure": bo.id, "q": 1, "r": 2})
    for standee, (q, r) in zip(standees, spots):
        store.act(token, ann.id, "map.place", {"figure": standee, "q": q, "r": r})
    figures = len(store.state(token)[1]["map"]["at"])
    return store.table(token), ann, bo, standees, figures


ELEMENTS = ["fire", "ice", "air", "earth", "light", "dark"]


def whole_card(state: dict, standee_id: str, printed: dict | None = None) -> dict:
    """The solver's answer for the standee's whole card (the drawn one, or
    `printed`), from the live table, every element there to consume."""
    built = build(state, standee_id)
    standee = common.standee(state, standee_id)
    actions = built.card
    if printed is not None:
        by_rank = {standee["rank"]: common.stats(state, standee["monster"], standee["rank"])}
        actions = abilities.resolve_card(printed, by_rank)["actions"]
    scenario = dict(built.scenario)
    action = scenario.pop("action")
    scenario["action"] = {"movement": action["movement"], "muddled": action.get("muddled", False)}
    scenario["card"] = from_resolved(actions, standee["rank"])
    scenario["elements"] = ELEMENTS
    return solve(scenario)


def every_card(store, table, clock) -> tuple[list, list]:
    """Each standee with every card of its deck; then each standee with
    every card of every monster deck of the catalog (read with its own
    stats), so every kind of ability is timed on this map."""
    state = store.state(table.token)[1]
    own, catalogue = [], []
    decks = sorted({catalog.deck_of(m) for m in catalog.monster_ids()})
    for standee in state["standees"]:
        mine = catalog.monster(standee["monster"])["deck"]
        for deck_id in decks:
            for printed in catalog.deck(deck_id)["cards"]:
                start = clock()
                whole_card(state, standee["id"], printed)
                took = (clock() - start) * 1000
                catalogue.append(took)
                if deck_id == mine:
                    own.append(took)
    return own, catalogue


def whole_turns(store, table, ann, standees: list, taps: int, clock) -> tuple[list, list]:
    """The taps "Show its turn" and "Do it" of each standee in turn, each
    stored and answered with the tapping phone's regions; undone after."""
    show, do = [], []
    for i in range(WARM_UP + taps):
        standee = standees[i % len(standees)]
        start = clock()
        store.act(table.token, ann.id, "map.show", {"standee": standee})
        render.regions(table, ann, display=False)
        middle = clock()
        option = work_card(store.state(table.token)[1], standee)["options"][0]  # on the phone already
        payload = {"standee": standee, "option": 1}
        if option["ways"]:
            payload["choices"] = option["ways"][0]["picks"]
        before_do = clock()
        store.act(table.token, ann.id, "map.do", payload)
        render.regions(table, ann, display=False)
        end = clock()
        if i >= WARM_UP:
            show.append((middle - start) * 1000)
            do.append((end - before_do) * 1000)
        store.undo(table.token, ann.id)
        store.undo(table.token, ann.id)
    return show, do


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--taps", type=int, default=200)
    parser.add_argument("--cpu", action="store_true", help="CPU time instead of wall time")
    args = parser.parse_args()
    clock = time.process_time if args.cpu else time.perf_counter
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"DATABASE": str(Path(folder) / "bench.sqlite3"), "TESTING": True})
        store = app.extensions["companion.store"]
        table, ann, bo, standees, figures = set_up(store)
        tap, other, card, tap_card = [], [], [], []
        with app.test_request_context("/", headers={"Accept-Language": "en"}):
            for i in range(WARM_UP + args.taps):
                standee = standees[i % len(standees)]
                start = clock()
                store.act(table.token, ann.id, "map.show", {"standee": standee})
                render.regions(table, ann, display=False)
                middle = clock()
                render.regions(table, bo, display=False)
                end = clock()
                whole_card(store.state(table.token)[1], standee)
                done = clock()
                if i >= WARM_UP:
                    tap.append((middle - start) * 1000)
                    other.append((end - middle) * 1000)
                    card.append((done - end) * 1000)
                    tap_card.append((middle - start + done - end) * 1000)
                store.act(table.token, ann.id, "map.hide", {})
            show, do = whole_turns(store, table, ann, standees, args.taps, clock)
            every, catalogue = every_card(store, table, clock)
        store.close()
    hexes = COLUMNS * ROWS
    print("CPU time" if args.cpu else "wall time")
    for name, times in (("tap to the tapping phone's drawn answer", tap), ("the other phone's render", other),
                        ("the whole drawn card worked out", card), ("tap with the whole card", tap_card),
                        ("'Show its turn': the whole card worked out and drawn", show),
                        ("'Do it': the whole card carried out", do),
                        ("every card of the standees' decks, worked out", every),
                        ("every card of every monster deck, worked out", catalogue)):
        p95 = statistics.quantiles(times, n=20)[18]
        print(f"{name}: {hexes} hexes, {figures} figures, {len(times)} turns: "
              f"median {statistics.median(times):.1f} ms, p95 {p95:.1f} ms")


if __name__ == "__main__":
    main()
