"""What the phones show around a fight stays true (issue 22, item 4): a
planned fight disappears once it is fought or passed by, and its refusals
name the real reason with the right hero's numbers."""

from __future__ import annotations

from the_others_support import started

from companion.games.the_others.rules import RULES


def view(table, seat="sin"):
    return RULES.view(table.state, table.seats[seat])


def roccos_turn():
    table = started()
    table.act("cy", "round.first_hero", hero="rocco")
    table.act("cy", "turn.start", hero="rocco")
    return table


def test_a_planned_fight_disappears_from_every_phone_once_it_is_fought():
    table = roccos_turn()
    table.act("cy", "fight.plan", hero="rocco", monsters={"abomination": 1})
    assert all(view(table, seat)["plan"]["hero"] == "rocco" for seat in ("sin", "ann", "cy"))
    table.act("cy", "fight.start", monsters={"abomination": 1})
    assert view(table)["plan"] is None  # the fight card shows the real pools now
    table.act("cy", "fight.resolve", assigned=[0])
    assert all(view(table, seat)["plan"] is None for seat in ("sin", "ann", "cy"))


def test_a_planned_fight_is_gone_through_the_next_heroes_turn_and_fight():
    table = roccos_turn()
    table.act("cy", "fight.plan", hero="rocco", monsters={"abomination": 1})
    table.act("cy", "turn.end")  # Rocco did not fight after all
    table.act("sin", "reaction.end")
    table.act("ann", "turn.start", hero="rose")
    assert view(table)["plan"] is None
    table.act("ann", "fight.start", monsters={"abomination": 1})
    assert view(table, "ann")["plan"] is None


def test_a_new_plan_replaces_the_old_one():
    table = roccos_turn()
    table.act("cy", "fight.plan", hero="rocco", monsters={"abomination": 1})
    table.act("cy", "fight.plan", hero="rocco", monsters={"abomination": 2})
    assert view(table)["plan"]["without"]["sin_dice"]["total"] > 0
    assert table.state["plan"]["monsters"] == {"abomination": 2}


def test_a_plan_without_voluntary_corruption_names_the_real_reason_not_maximum_corruption():
    table = roccos_turn()
    table.act("cy", "hero.adjust", hero="rocco", change="wound")  # a wound token waits to be placed
    table.act("cy", "fight.plan", hero="rocco", monsters={"abomination": 1})
    plan = view(table, "cy")["plan"]
    assert table.state["heroes"]["rocco"]["corruption"] < 7
    assert plan["with"] is None
    assert plan["with_refused"]["message"] == "Place the waiting wound tokens before taking voluntary corruption."
    assert plan["without"] is not None and plan["without_refused"] is None


def test_at_maximum_corruption_the_plan_says_so():
    table = roccos_turn()
    while table.state["heroes"]["rocco"]["corruption"] < 7:
        table.act("cy", "hero.adjust", hero="rocco", change="corruption")
    table.act("cy", "fight.plan", hero="rocco", monsters={"abomination": 1})
    assert view(table, "cy")["plan"]["with_refused"]["message"] == \
        "At maximum corruption a hero can't take voluntary corruption."
