"""Numbers the pages used to print bare now tap open to their working
(issue 22): each of the last round end's apocalypse steps says why it
counted, and a hero card's combat, skill and defense say whether the group
entered them or the app read them off the printed card. Rendered from the
region templates as a phone sees them."""

from __future__ import annotations

import re

import pytest
from flask import current_app

from companion.games.the_others.rules import RULES
from companion.games.the_others.state import story
from companion.kit.working import is_worked
from companion.web import create_app
from the_others_support import (
    CLASSES,
    HERO_SIDES,
    SIN_SIDES,
    TEAM,
    Table,
    first_round_ended,
    round_where_thorley_dies,
    started,
)


@pytest.fixture
def app(tmp_path):
    return create_app({"DATABASE": str(tmp_path / "db.sqlite3"), "TESTING": True, "PUBLIC_URL": "http://127.0.0.1"})


def region(app, table, seat_id, name, lang="en") -> str:
    """A region of a phone's page, its tags dropped and its spaces squeezed."""
    seat = table.seats[seat_id]
    with app.test_request_context(headers={"Accept-Language": lang}):
        ctx = {"view": RULES.view(table.state, seat), "rules": RULES, "seat": seat, "seats": table.seats,
               "display": False, "act_url": "/act", "table": None}
        current_app.update_template_context(ctx)
        page = current_app.jinja_env.get_template(f"games/the_others/{name}.html").render(ctx)
    return page


def text(page: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))


def a_round_where_thorley_died():
    return round_where_thorley_dies(first_round_ended())


def test_each_round_end_step_carries_why_it_counted():
    table = a_round_where_thorley_died()
    shown = RULES.view(table.state, table.seats["ann"])["working"]["round_end"]
    assert [task for task, _ in shown] == ["apocalypse_1", "apocalypse_per_dead_hero"]
    assert all(is_worked(steps) for _, steps in shown)
    assert [steps["value"] for _, steps in shown] == [amount for _, amount in table.state["round_end_steps"]]
    assert shown[1][1]["lines"] == [["Heroes killed this round: %(count)d, 1 step each", {"count": 1, "amount": 1}]]


def test_the_last_round_ends_steps_tap_open_on_the_status_region(app):
    table = a_round_where_thorley_died()
    page = region(app, table, "ann", "status")
    assert page.count('<details class="working"><summary><span class="value">(+1)</span>') == 2
    said = text(page)
    assert "The story: 1 step every round end +1" in said
    assert "Heroes killed this round: 1, 1 step each +1" in said
    japanese = text(region(app, table, "ann", "status", "ja"))
    assert "Heroes killed this round" not in japanese and "(+1)" in japanese


def test_no_round_end_yet_shows_no_steps(app):
    table = started()
    assert RULES.view(table.state, table.seats["ann"])["working"]["round_end"] == []
    assert "(+" not in text(region(app, table, "ann", "status"))


def rocco_as_printed():
    """A table whose group entered every number but Rocco's combat and
    defense, which his hero card in the app's data gives."""
    table = Table()
    table.join("sin", "sin")
    for name in ("ann", "bob", "cy"):
        table.join(name, "hero")
    heroes = {hero: {"class": CLASSES[hero], "combat": 3, "skill": 2, "defense": 1} for hero in TEAM}
    heroes["rocco"] = {"class": "sniper", "skill": 1}
    monsters = {kind: {"combat": 3, "defense": 3} for kind in ("abomination", "controller", "avatar", "acolyte")}
    targets = {m["id"]: 3 for m in story(table.state)["missions"] if m["target"] is None}
    table.act(None, "facts.enter", sin_die=SIN_SIDES, hero_die=HERO_SIDES, heroes=heroes, monsters=monsters,
              targets=targets)
    table.act(None, "team.choose", heroes=TEAM)
    for seat, hero in (("ann", "rose"), ("bob", "thorley"), ("cy", "rocco")):
        table.act(seat, "heroes.pick", heroes=[hero])
    table.act(None, "game.start")
    return table


def test_a_hero_cards_numbers_say_whether_entered_or_printed():
    table = rocco_as_printed()
    cards = RULES.view(table.state, table.seats["ann"])["working"]["heroes"]
    assert set(cards) == {"rose", "thorley", "rocco"}
    assert cards["rocco"]["combat"] == {"value": 2, "lines": [["Printed on the hero card", {"amount": 2}]]}
    assert cards["rocco"]["skill"] == {"value": 1, "lines": [["Entered by the group", {"amount": 1}]]}
    assert cards["rose"]["combat"] == {"value": 3, "lines": [["Entered by the group", {"amount": 3}]]}


def test_the_hero_cards_numbers_tap_open_on_the_heroes_region(app):
    table = rocco_as_printed()
    page = region(app, table, "bob", "heroes")
    rocco = page[page.index('id="hero-rocco"'):]
    rocco = rocco[:rocco.index("</article>")]
    assert rocco.count('<details class="working">') == 3
    assert "Combat 2 show the working Printed on the hero card +2" in text(rocco)
    assert "Skill 1 show the working Entered by the group +1" in text(rocco)
    chinese = text(region(app, table, "bob", "heroes", "zh-CN"))
    assert "Printed on the hero card" not in chinese and "Entered by the group" not in chinese
