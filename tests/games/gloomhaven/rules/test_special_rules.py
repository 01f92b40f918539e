"""When a scenario's special rule is due (round patterns, rooms open, once,
stopped rules, checked at round start, end or during the round) and which
rules the table applies itself."""

from companion.games.gloomhaven import catalog
from companion.games.gloomhaven.special_rules import Moment, automated, due, in_round


def moment(round_, rooms=(1,), characters=2, fired=(), ended=()):
    return Moment(round_, frozenset(rooms), characters, frozenset(fired), frozenset(ended))


def test_every_n_rounds_from_k_and_after_a_round_and_with_more_characters():
    every_other_from_1 = [{"every": 2, "remainder": 1}]
    assert [r for r in range(1, 8) if in_round(every_other_from_1, moment(r))] == [1, 3, 5, 7]
    assert [r for r in range(1, 10) if in_round([{"every": 4, "remainder": 0}], moment(r))] == [4, 8]
    assert [r for r in range(1, 9) if in_round([{"after_round": 6}], moment(r))] == [7, 8]
    assert [r for r in range(1, 6) if in_round([{"round": 3}, {"round": 9}], moment(r))] == [3]
    assert in_round([{"characters_over": 2}], moment(1, characters=3))
    assert not in_round([{"characters_over": 2}], moment(1, characters=2))


def test_a_rule_is_checked_at_its_moment_once_its_rooms_are_open():
    rule = {"when": {"rounds": [{"every": 1}], "after_rooms_open": [3], "checked": "round_end"}, "effects": []}
    assert not due(1, rule, "round_end", moment(2))
    assert due(1, rule, "round_end", moment(2, rooms=(1, 3)))
    assert not due(1, rule, "round_start", moment(2, rooms=(1, 3)))


def test_a_once_rule_fires_once_and_a_stopped_rule_never():
    rule = {"when": {"rounds": [{"every": 1}], "once": True, "checked": "round_end", "also_during_round": True},
            "effects": [{"kind": "spawn"}]}
    assert due(4, rule, "during", moment(1))
    assert not due(4, rule, "during", moment(1, fired=(4,)))
    assert not due(4, rule, "round_end", moment(1, ended=(4,)))


def test_during_the_round_only_once_rules_fire_so_nothing_repeats_after_every_action():
    every_round = {"when": {"rounds": [{"every": 1}], "checked": "round_end", "also_during_round": True},
                   "effects": [{"kind": "damage", "value": 2}]}
    assert not due(1, every_round, "during", moment(3))
    assert due(1, every_round, "round_end", moment(3))


def test_a_standing_rule_is_shown_not_fired():
    rule = catalog.scenario(36)["rules"][0]
    assert rule["when"].get("standing")
    assert not due(1, rule, "round_end", moment(1))


def rule(scenario, number):
    return catalog.scenario(scenario)["rules"][number - 1], catalog.scenario(scenario)


def test_which_rules_the_table_applies():
    # condition, elements, room, won, spawn, damage, who acts, curses into the players' decks (kept by the table)
    applied = [(5, 1), (31, 2), (53, 2), (27, 9), (3, 1), (51, 2), (61, 1), (2, 1)]
    assert all(automated(*rule(*r)) for r in applied)
    shown = [(42, 1), (54, 1), (55, 2)]  # a note, a changed stat, a random map
    assert not any(automated(*rule(*r)) for r in shown)
    assert not automated(*rule(26, 2))  # "spawn F Black Imp": the count is a formula the data doesn't give
    assert automated(*rule(57, 1))  # a boss one level up: the scenario's own level bonus for it
