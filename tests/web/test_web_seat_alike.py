"""Regions a game renders once per version for every seat (`Rules.shared_regions`
and `Rules.seat_alike_regions`) or again only when what they read of the view
changed (`Rules.view_regions`) are what each seat (and the display) would have
been shown had the region been rendered for it alone, afresh: checked for every table type
that declares any, at tables played into many states (set-up, rounds,
monster turns on the map, fights), for every seat. A seat-alike region is
rendered with a seat, so its controls are there, but without secrets."""

from __future__ import annotations

import random

import pytest
from flask import current_app

from companion.games import table_types
from companion.rules import ActionError
from companion.web import render
from tests.reliability.test_reliability_game_actions import OPTIONS, SETUP

STEPS = 40
MONSTER_TURN_EVERY = 5


def declared(rules) -> set[str]:
    return set(rules.shared_regions) | set(rules.seat_alike_regions) | set(rules.view_regions)


GAMES = sorted(game for game, rules in table_types().items() if declared(rules))


def seated(store, game: str):
    rules = table_types()[game]
    token = store.create_table(game, "Alike", OPTIONS.get(game, {})).token
    roles = [role.id for role in rules.roles() for _ in range(min(role.max_seats or 4, 4))]
    seats = []
    for number, role in enumerate(roles[:4]):
        try:
            seats.append(store.join(token, f"P{number}", role)[0])
        except ActionError:
            pass
    for number, type, payload in SETUP.get(game, []):
        store.act(token, None if number is None else seats[number % len(seats)].id, type, payload)
    return token, seats


def monster_turn(store, token: str, seats, step: int) -> bool:
    """At a Gloomhaven scenario: lay a small map, place figures, show and hide
    a monster's turn (the map region's richest state)."""
    state = store.state(token)[1]
    if "map" not in state or not state.get("standees"):
        return False
    if not state["map"].get("hexes"):
        store.act(token, seats[0].id, "map.hexes", {"hexes": [[q, r - q // 2] for q in range(6) for r in range(4)]})
        for number, seat in enumerate(seats):
            store.act(token, seats[0].id, "map.place", {"figure": seat.id, "q": 0, "r": number - 0})
        for number, standee in enumerate(state["standees"][:4]):
            store.act(token, seats[0].id, "map.place", {"figure": standee["id"], "q": 5, "r": number - 2})
    if step % (2 * MONSTER_TURN_EVERY) == 0:
        store.act(token, seats[0].id, "map.show", {"standee": state["standees"][0]["id"]})
    else:
        store.act(token, seats[0].id, "map.hide", {})
    return True


# What a table does where the rules declare no open actions (yet): a seat
# tries one of these (a refused one changes nothing).
PLAYED = {
    "gloomhaven": [("initiative.choose", {"initiative": 20, "second": 50}), ("element.infuse", {"element": "fire"}),
                   ("character.adjust", {"field": "hp", "delta": -1}), ("character.condition", {"condition": "poison"}),
                   ("turn.next", {}), ("monster.attack", {"standee": "?", "target": "?", "base": 2})],
    "the-others": [("hero.adjust", {"hero": "rose", "change": "wound"}), ("hero.adjust", {"hero": "thorley",
                   "change": "corruption"}), ("turn.start", {"hero": "rose"}), ("turn.end", {}),
                   ("apocalypse.advance", {}), ("mission.progress", {}), ("round.end", {})],
}


def next_step(store, rules, token: str, seats, rng: random.Random, game: str) -> None:
    """An action one of the seats may take now (the rules' open actions, or
    what a table plays where none are declared); refusals change nothing."""
    version, state = store.state(token)
    everyone = store.seats(token)
    offered = [(seat, kind, payload) for seat in seats
               for kind, payloads in rules.open_actions(state, seat, everyone).items() for payload in payloads]
    offered += [(seat, kind, dict(payload)) for seat in seats for kind, payload in PLAYED.get(game, [])]
    if not offered:
        return
    seat, kind, payload = rng.choice(offered)
    if payload.get("standee") == "?" and state.get("standees"):
        payload.update(standee=rng.choice(state["standees"])["id"], target=rng.choice(seats).id)
    try:
        store.act(token, seat.id, kind, payload)
    except ActionError:
        pass


def play_one_step(store, rules, token: str, seats, rng: random.Random, game: str, step: int,
                  monster_turn_every: int = MONSTER_TURN_EVERY) -> None:
    """The table's next step of play: every few steps a monster's turn on the
    map (where the table has one), else `next_step`."""
    if step % monster_turn_every == 0 and monster_turn(store, token, seats, step):
        return
    next_step(store, rules, token, seats, rng, game)


@pytest.mark.parametrize("game", GAMES)
def test_a_region_rendered_for_every_seat_is_what_each_seat_would_see(app, store, game):
    rules = table_types()[game]
    token, seats = seated(store, game)
    rng = random.Random(game)
    checked = 0
    for step in range(STEPS):
        version, state = store.state(token)
        table = store.table(token)
        with app.test_request_context(headers={"Accept-Language": rng.choice(["en", "zh-Hans", "ja"])}):
            given = [render.regions(table, seat, False, known_version=version)[1] for seat in seats]
            for seat, regions in zip(seats, given):
                own = render.context(table, seat, False, version, state)
                current_app.update_template_context(own)
                for name in declared(rules) & set(regions):
                    alone = render.render_region(f"{rules.templates}/{name}.html", own)
                    assert regions[name] == alone, (game, step, name, seat.role)
                    checked += 1
            shown = render.regions(table, None, True, known_version=version)[1]
            own = render.context(table, None, True, version, state)
            current_app.update_template_context(own)
            for name in set(rules.view_regions) & set(shown):
                assert shown[name] == render.render_region(f"{rules.templates}/{name}.html", own), (game, step, name)
        play_one_step(store, rules, token, seats, rng, game, step)
    assert checked


def test_a_seat_alike_region_has_the_seats_controls_and_none_on_the_display(app, store):
    token, seats = seated(store, "gloomhaven")
    version = store.state(token)[0]
    with app.test_request_context():
        first = render.regions(store.table(token), seats[0], False, known_version=version)[1]
        second = render.regions(store.table(token), seats[1], False, known_version=version)[1]
        display = render.regions(store.table(token), None, True, known_version=version)[1]
    assert first["monsters"] == second["monsters"]
    # The display has its own regions (the map and the board beside it), with no controls.
    assert "standee.adjust" in first["monsters"] and "standee.adjust" not in "".join(display.values())
    assert "gh-tools" in first["map"] and "gh-tools" not in display["map"]


def test_a_seat_alike_region_is_rendered_once_per_version(monkeypatch, app, store):
    token, seats = seated(store, "gloomhaven")
    rendered = []
    real = render.render_region
    monkeypatch.setattr(render, "render_region", lambda template, ctx: rendered.append(template) or real(template, ctx))
    version = store.state(token)[0]
    with app.test_request_context():
        for seat in seats:
            render.regions(store.table(token), seat, False, known_version=version)
    assert rendered.count("games/gloomhaven/monsters.html") == 1
    assert rendered.count("games/gloomhaven/me.html") == len(seats)
