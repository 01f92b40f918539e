"""The history says what happened: which monsters, where, how many, which
dice (and that typed dice were typed), never the player (the platform puts
who acted first) and never a secret (lines are built from what the reader
may see)."""

from __future__ import annotations

from companion.games.the_others.actions import Listed
from companion.rules import Plural
from test_the_others_missions import nests
from the_others_support import started


def lines(table, who=None):
    return table.harness.history(who)


def in_a_turn():
    table = started()
    table.act("ann", "round.first_hero", hero="rose")
    table.act("ann", "turn.start", hero="rose")
    return table


def test_a_fight_names_the_monsters_and_both_sides_dice():
    table = in_a_turn()
    table.act("ann", "fight.start", monsters={"abomination": 1, "acolyte": 2})
    message, params = lines(table)[-1]
    assert isinstance(message, Plural) and message.startswith("fought %(count)d monster (")
    assert "rolled" in message and params["count"] == 3
    assert params["monsters"] == "1 Abomination, 2 Acolyte"
    rolled = table.state["fight"]["hero_roll"]["dice"]
    assert params["hero"].split(" ")[0] in ("Hit", "Defense", "Counter-corruption", "Skill", "Faith", "Blank")
    assert len(params["hero"].parts) >= len(rolled)
    # Translated one name at a time when read.
    assert params["monsters"].translated(lambda msgid: {"Abomination": "异形"}.get(msgid, msgid)) == \
        "1 异形, 2 Acolyte"


def test_typed_dice_are_called_typed_with_the_faces_typed():
    table = in_a_turn()
    table.act("ann", "cleanse.roll", entered={"hero": "skill skill"})
    message, params = lines(table)[-1]
    assert message == "cleansed with typed dice: %(dice)s" and params["dice"] == "Skill Skill"
    table.act(None, "check.roll", kind="fire", hero="rose", tokens=1, entered={"sin": "hit"})
    message, params = lines(table)[-1]
    assert message == "fire check of %(hero)s against %(count)d token, typed dice: %(dice)s"
    assert message.plural.endswith("%(count)d tokens, typed dice: %(dice)s")
    assert params == {"hero": "Rose", "count": 1, "dice": "Hit"}


def test_a_summons_names_which_monsters_and_where():
    table = nests(started())
    table.act("sin", "monsters.summon", space="s1", monsters={"abomination": 1})
    assert lines(table)[-1] == ("summoned %(count)d monster (%(monsters)s) onto %(space)s",
                                {"count": 1, "monsters": "1 Abomination", "space": "Nest Street"})


def test_moves_and_draws_say_where_and_how_many_and_no_line_names_the_player():
    table = in_a_turn()
    table.act(None, "space.add", name="Plaza")
    table.act("ann", "hero.move", hero="rose", to="s1", teleport=True)
    table.act("sin", "sin.draw", count=2)
    table.act(None, "apocalypse.advance", steps=2)
    said = lines(table, "ann")[-4:]
    assert said[0] == ("added the space %(space)s", {"space": "Plaza"})
    assert said[1] == ("teleported %(hero)s to %(space)s", {"hero": "Rose", "space": "Plaza"})
    assert said[2] == ("drew %(count)d sin card", {"count": 2})  # how many, never which
    assert said[3] == ("advanced the apocalypse track %(count)d step", {"count": 2})
    drawn = table.log[-2].payload["drawn"]
    for message, params in lines(table, "ann"):
        text = message % {key: value for key, value in params.items()} if params else message
        assert "Ann" not in text and not any(card in text for card in drawn)


def test_a_list_with_nothing_in_it_reads_as_a_dash():
    assert Listed([]) == "—" and Listed([]).translated(str.upper) == "—"


def test_a_list_survives_a_copy_with_its_parts():
    import copy
    import pickle

    listed = Listed([(1, "Abomination"), (2, "Acolyte")])
    for copied in (copy.deepcopy(listed), pickle.loads(pickle.dumps(listed))):
        assert copied == "1 Abomination, 2 Acolyte"
        assert copied.translated(str.upper) == "1 ABOMINATION, 2 ACOLYTE"
