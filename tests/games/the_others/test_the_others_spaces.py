"""Spaces: moving with the wound for leaving monsters and the fire and
corruption checks, each on its own; picking up tokens; exploring."""

from __future__ import annotations

from test_the_others_round import in_turns, refused


def board(table):
    for name in ("Start", "Raven Corp HQ", "Main Street"):
        table.act(None, "space.add", name=name)
    table.act(None, "space.set", space="s2", what="printed.corruption", value=1)
    table.act(None, "space.set", space="s2", what="tokens.corruption", value=1)
    table.act(None, "space.set", space="s2", what="tokens.fire", value=1)
    table.act("ann", "hero.move", hero="rose", to="s1", teleport=True)
    return table


def test_entering_a_space_rolls_a_fire_and_a_corruption_check_with_a_die_per_token():
    table = board(in_turns())
    table.act("ann", "turn.start", hero="rose")
    table.act("ann", "hero.move", hero="rose", to="s2")
    checks = table.state["last_checks"]
    assert [(c["moment"], c["kind"], c["dice"]) for c in checks] == [("enter", "fire", 1), ("enter", "corruption", 2)]
    assert table.state["heroes"]["rose"]["space"] == "s2"
    # leaving rolls again, for the space left
    table.act("ann", "hero.move", hero="rose", to="s3")
    assert [(c["moment"], c["dice"]) for c in table.state["last_checks"]] == [("leave", 1), ("leave", 2)]


def test_leaving_a_space_with_monsters_costs_a_wound():
    table = board(in_turns())
    table.act(None, "space.set", space="s1", what="monsters.acolyte", value=2)
    table.act("ann", "hero.move", hero="rose", to="s3")
    assert table.state["heroes"]["rose"]["pending_wounds"] == 1


def test_a_teleport_ignores_tokens_and_monsters():
    table = board(in_turns())
    table.act(None, "space.set", space="s1", what="monsters.acolyte", value=2)
    table.act("ann", "hero.move", hero="rose", to="s2", teleport=True)
    assert table.state["heroes"]["rose"]["pending_wounds"] == 0 and table.state["heroes"]["rose"]["corruption"] == 1


def test_without_the_dice_sides_the_checks_are_listed_to_roll_by_hand():
    table = board(in_turns())
    table.state["facts"]["dice"] = {"sin": None, "hero": None}
    table.act("ann", "hero.move", hero="rose", to="s2")
    assert [c["kind"] for c in table.state["checks_due"]] == ["fire", "corruption"]


def test_tokens_are_picked_up_for_free_and_face_down_tokens_flip_only_without_monsters():
    table = board(in_turns())
    table.act(None, "space.set", space="s1", what="extra_turns", value=1)
    table.act(None, "space.set", space="s1", what="face_down", value=2)
    table.act(None, "space.set", space="s1", what="monsters.abomination", value=1)
    table.act("ann", "hero.pick_up", hero="rose", what="extra_turns")
    assert table.state["heroes"]["rose"]["extra_turns"] == 1
    refused(table, "ann", "hero.pick_up", hero="rose", what="explore")
    table.act(None, "space.set", space="s1", what="monsters.abomination", value=0)
    table.act("ann", "hero.pick_up", hero="rose", what="explore")
    assert table.state["spaces"]["s1"]["face_down"] == 0


def test_a_bad_space_or_count_is_refused_by_field():
    table = board(in_turns())
    assert refused(table, None, "space.set", space="s9", what="tokens.fire", value=1).field == "space"
    assert refused(table, None, "space.set", space="s1", what="tokens.lava", value=1).field == "what"
    assert refused(table, None, "space.set", space="s1", what="tokens.fire", value=-1).field == "value"
    assert refused(table, None, "space.add", name="start").field == "name"


def test_a_fight_in_the_heroes_space_takes_its_dead_from_that_space():
    table = board(in_turns())
    table.act(None, "space.set", space="s1", what="monsters.abomination", value=2)
    table.act("ann", "turn.start", hero="rose")
    table.act("ann", "fight.start", monsters={"abomination": 2},
              entered={"hero": "hit hit", "sin": "blank blank blank blank blank blank"})
    table.act("ann", "fight.resolve", assigned=[0, 0], turned={})
    assert table.state["spaces"]["s1"]["monsters"]["abomination"] == 2
    table.state["heroes"]["rose"]["upgrades"] = ["brutality"]  # +1 hit
    table.act("ann", "turn.end")
    table.act("sin", "reaction.spend")
    table.act("sin", "fight.start", monsters={"abomination": 2},
              entered={"hero": "hit hit", "sin": "blank blank blank blank blank blank"})
    table.act("ann", "fight.resolve", assigned=[3, 0])
    assert table.state["spaces"]["s1"]["monsters"]["abomination"] == 1
    assert table.state["monsters"]["dead"]["abomination"] == 1


def test_a_dead_heroes_innocents_are_left_on_their_space():
    table = board(in_turns())
    table.act("ann", "hero.adjust", hero="rose", change="innocent")
    for _ in range(5):
        table.act("ann", "hero.adjust", hero="rose", change="wound")
    assert table.state["spaces"]["s1"]["innocents"] == 1


def test_each_skill_of_a_cleanse_removes_one_face_up_token_and_printed_ones_stay():
    table = board(in_turns())
    table.act("ann", "hero.move", hero="rose", to="s2", teleport=True)
    table.act("ann", "turn.start", hero="rose")
    table.act("ann", "cleanse.roll", entered={"hero": "skill faith skill"})  # faith explodes: 3 results
    assert table.state["roll"]["removed"] == 3
    table.act("ann", "cleanse.remove", what="corruption")
    assert table.state["spaces"]["s2"]["tokens"]["corruption"] == 0
    error = refused(table, "ann", "cleanse.remove", what="corruption")  # the printed one stays
    assert error.field == "what"
    table.act("ann", "cleanse.remove", what="fire")
    assert table.state["roll"]["removed"] == 1
