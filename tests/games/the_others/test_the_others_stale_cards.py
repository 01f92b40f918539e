"""What the phones show around a fight stays true (issue 22, item 4): a
planned fight disappears once it is fought or passed by, its refusals name
the real reason with the right hero's numbers, and the dice shown before a
fight are the dice the fight asks for."""

from __future__ import annotations

from companion.games.the_others.rules import RULES
from the_others_support import started


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
    assert view(table)["plan"]["without"]["sin_dice"]["value"] > 0
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


def board_with_monsters(table, hero="rocco", seat="cy"):
    table.act(None, "space.add", name="Church")
    table.act(None, "space.set", space="s1", what="monsters.abomination", value=2)
    table.act(None, "space.set", space="s1", what="printed.pentagram", value=1)
    table.act(seat, "hero.move", hero=hero, to="s1", teleport=True)


def rolled_dice(record: dict) -> int:
    return len(record["dice"])  # explosions hang below their die


def test_the_dice_shown_before_a_fight_are_the_dice_the_fight_rolls():
    for voluntary in (False, True):
        table = roccos_turn()
        board_with_monsters(table)
        shown = view(table, "cy")["working"]["fight"]
        assert shown["hero"] == "rocco"
        expected = shown["with" if voluntary else "without"]
        table.act("cy", "fight.start", monsters={"abomination": 2}, pentagrams=1, voluntary=voluntary)
        battle = table.state["fight"]
        assert rolled_dice(battle["hero_roll"]) == expected["hero_dice"]["value"]
        assert rolled_dice(battle["sin_roll"]) == expected["sin_dice"]["value"]
        assert expected["hero_dice"]["lines"][0] == ["Combat value of %(hero)s", {"hero": "Rocco", "amount": 2}]


def test_the_fight_dice_differ_from_the_cleanse_dice_and_each_carries_its_working():
    table = roccos_turn()
    board_with_monsters(table)
    working = view(table, "cy")["working"]
    assert working["cleanse"]["without"]["lines"][0][0] == "Skill value of %(hero)s"
    assert working["fight"]["without"]["sin_dice"]["value"] >= 2  # two abominations roll against Rocco


def test_no_fight_dice_are_shown_once_the_turns_action_is_taken():
    table = roccos_turn()
    board_with_monsters(table)
    table.act("cy", "fight.start", monsters={"abomination": 2}, pentagrams=1)
    assert view(table, "cy")["working"]["fight"] is None


def test_a_cleanses_token_removals_are_offered_in_its_turn_only():
    table = roccos_turn()
    table.act(None, "space.add", name="Church")
    table.act(None, "space.set", space="s1", what="tokens.fire", value=2)
    table.act("cy", "hero.move", hero="rocco", to="s1", teleport=True)
    table.act("cy", "cleanse.roll", entered={"hero": "skill skill"})
    assert table.harness.open_actions("cy")["cleanse.remove"] == [{"what": "fire"}]
    assert "cleanse.remove" not in table.harness.open_actions("ann")  # not Rose's player's
    table.act("cy", "cleanse.remove", what="fire")
    table.act("cy", "turn.end")
    assert table.state["roll"]["removed"] == 1  # a skill unused...
    assert "cleanse.remove" not in table.harness.open_actions("cy")  # ...but the turn is over: no card left


def test_a_prepared_fight_disappears_from_every_phone_when_rolled():
    table = roccos_turn()
    table.act("cy", "fight.prepare", monsters={"abomination": 1})
    assert all(view(table, seat)["preparing"]["hero"] == "rocco" for seat in ("sin", "ann", "cy"))
    table.act("sin", "fight.sin_ready")
    table.act("cy", "fight.roll")
    assert all(view(table, seat)["preparing"] is None for seat in ("sin", "ann", "cy"))
    assert all("fight.roll" not in table.harness.open_actions(seat) for seat in ("sin", "ann", "cy"))
