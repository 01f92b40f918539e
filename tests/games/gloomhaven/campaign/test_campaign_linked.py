"""The campaign and its scenarios as linked tables, end to end in the store:
the campaign offers scenario 1, a scenario table is started from it with the
party's seats, finishes and reports; the players confirm; scenario 2 opens,
and after it scenario 3. The scenario table here is a stand-in that keeps the
offer's options and reports what its players entered (the real `gloomhaven`
table type reports the same shape)."""

import pytest

from companion.games.gloomhaven.campaign import tree

# The linked scenario tables are the stand-in (campaign_support.StandInScenario).
pytestmark = pytest.mark.usefixtures("stand_in_scenario")


def play(store, token, seat, number, lines, outcome="success"):
    rules = store.table(token).rules
    offer = next(o for o in rules.child_offers(store.state(token)[1], store.seats(token))
                 if o.options["scenario"] == number)
    child = store.create_child(token, offer.id, seat)
    assert child.game == "gloomhaven" and [s.name for s in store.seats(child.token).values()] == ["Ann", "Bo"]
    for child_seat, line in zip(store.seats(child.token), lines):
        store.act(child.token, child_seat, "line", dict(zip(("experience", "gold", "checkmarks"), line)))
    store.act(child.token, seat, "end", {"outcome": outcome})
    store.report(child.token, seat)
    return child


def test_two_scenarios_played_as_linked_tables_fill_the_sheets_and_open_the_next(party):
    store, token, ann, bo = party
    play(store, token, ann, 1, [(10, 6, 1), (8, 4, 0)])
    state = store.state(token)[1]
    assert state["completed"] == [1] and tree.status(2, state)[0] == "available"
    store.act(token, ann, "result.confirm", {})
    store.act(token, bo, "result.confirm", {})
    sheets = store.state(token)[1]["characters"]
    assert (sheets["c1"]["experience"], sheets["c1"]["gold"], sheets["c1"]["checkmarks"]) == (10, 36, 1)
    assert (sheets["c2"]["experience"], sheets["c2"]["gold"]) == (8, 34)
    play(store, token, bo, 2, [(12, 3, 0), (9, 0, 2)])
    state = store.state(token)[1]
    assert tree.status(3, state)[0] == "available" and state["prosperity"] == 1
    assert state["pending"]["c1"][0]["gold"] == 3 + 10  # scenario 2 gives 10 gold each


def test_a_failed_scenario_may_be_tried_again_as_a_new_table(party):
    store, token, ann, _bo = party
    first = play(store, token, ann, 1, [(4, 2, 0), (3, 0, 0)], outcome="failure")
    again = play(store, token, ann, 1, [(9, 2, 1), (5, 0, 0)])
    assert first.token != again.token and store.state(token)[1]["completed"] == [1]
