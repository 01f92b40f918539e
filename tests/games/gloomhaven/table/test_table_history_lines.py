"""History lines that say what, which, where and how many (never who acted:
the platform puts the player first), read through tests/harness.Table.history."""

from table_support import Table, started


def last_line(table, viewer="s2"):
    return table.history(viewer)[-1]


def test_set_up_lines_name_the_scenario_and_the_class_and_level():
    table = Table()
    table.act("s1", "scenario.set", scenario=2)
    assert last_line(table) == ("chose scenario %(number)d", {"number": 2})
    table.act("s1", "character.set", **{"class": "brute", "level": 2})
    assert last_line(table) == ("chose the %(class)s, level %(level)d", {"class": "Brute", "level": 2})


def test_a_short_rest_counts_its_cards_with_a_plural_form():
    table = started()
    message, params = (table.act("s1", "rest.short", count=5), last_line(table))[1]
    assert (str(message), message.plural) == ("took a short rest with %(count)d card in the discard pile",
                                                  "took a short rest with %(count)d cards in the discard pile")
    assert params == {"count": 5}


def test_conditions_elements_and_cards_are_named_with_their_figure():
    table = started()
    guard = table.state["standees"][0]["id"]
    table.act("s1", "standee.condition", standee=guard, condition="poison")
    message, params = last_line(table)
    assert message == "toggled %(condition)s on %(standee)s" and params["condition"] == "Poison"
    assert params["standee"] == f"Bandit Guard {guard.partition('#')[2]}"
    table.act("s1", "character.adjust", field="hp", delta=-2)
    assert last_line(table) == ("changed %(name)s’s %(field)s by %(delta)+d",
                                {"name": "Brute", "field": "hit points", "delta": -2})
    table.act("s1", "initiative.choose", initiative=1, second=40)
    table.act("s2", "initiative.choose", initiative=98, second=20)
    table.act("s1", "element.infuse", element="fire")
    assert last_line(table) == ("infused %(element)s", {"element": "Fire"})
    table.act("s1", "modifier.add", card="curse")
    assert last_line(table) == ("shuffled %(card)s into the monster modifier deck", {"card": "a curse card"})
    table.act("s2", "summon.add", name="Wolf", hp=4)
    assert last_line(table) == ("summoned %(summon)s with %(hp)d hit points", {"summon": "Wolf", "hp": 4})


def test_a_kept_battle_goal_stays_secret_in_the_line():
    table = started()
    goal = table.state["secrets"]["s1"]["battle_goals"]["dealt"][0]
    table.act("s1", "battle_goal.keep", goal=goal)
    message, params = last_line(table)
    assert message == "kept a battle goal" and params == {}


def test_ending_a_turn_names_whose_turn_it_was_not_only_who_tapped():
    table = started()
    table.act("s1", "initiative.choose", initiative=10, second=40)
    table.act("s2", "initiative.choose", initiative=98, second=20)
    # Bo taps End turn for Ann's Brute: the line names the Brute (the platform puts Bo first).
    table.act("s2", "turn.next", for_them=True)
    assert last_line(table) == ("ended the %(figure)s's turn", {"figure": "Brute"})
    # A monster's turn, one standee at a time: the standee is named.
    turn = table.state["order"][table.state["turn"]]
    assert turn["kind"] == "monster"
    table.act("s1", "turn.next")
    message, params = last_line(table)
    assert message == "ended the %(figure)s's turn" and str(params["figure"]).startswith("Bandit Guard ")
    # The line replays the same from the log.
    assert table.replayed() == table.state
