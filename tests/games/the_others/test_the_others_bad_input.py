"""Bad input never breaks the table: every action, sent junk in any field,
is refused with an ActionError (a message, no 500) or accepted, and a
refusal changes nothing."""

from __future__ import annotations

import copy

import pytest

from companion.games.the_others.rules import RULES
from companion.rules import Action, ActionError
from the_others_support import in_turns

FIELDS = ("hero", "to", "space", "what", "value", "card", "count", "steps", "tokens", "kind", "delta", "slot",
          "slots", "assigned", "turned", "monsters", "heroes", "targets", "sin_die", "hero_die", "entered",
          "actions", "upgrade", "upgrades", "reserve", "mission", "change", "name", "remembered", "kill",
          "pentagrams", "others_in_space", "voluntary", "ranged", "acolyte_ability", "use_extra", "protector")
JUNK = [None, "x" * 50, -1, 2.5, True, [1, [2]], {"a": {"b": 1}}]


@pytest.fixture(scope="module")
def tables():
    table = in_turns()
    table.act("ann", "turn.start", hero="rose")
    table.act(None, "space.add", name="Start")
    return table


@pytest.mark.parametrize("action_type", sorted(spec.type for spec in RULES.actions()))
def test_junk_in_any_field_is_refused_cleanly(tables, action_type):
    for field in FIELDS:
        for junk in JUNK:
            for seat in (None,):  # the host passes every seat check, so the junk goes deepest
                state = copy.deepcopy(tables.state)
                before = copy.deepcopy(state)
                action = Action(action_type, {field: junk}, seat)
                try:
                    RULES.perform(state, action, tables.seats, tables.rng)
                except ActionError as error:
                    assert error.text()  # a message to show
                assert state == before  # act works on a copy either way


BASES = {
    "fight.start": {"monsters": {"abomination": 1}},
    "fight.plan": {"hero": "rose", "monsters": {"abomination": 1}},
    "city.action": {"actions": ["heal"]},
    "hero.move": {"hero": "rose", "to": "s1"},
    "space.set": {"space": "s1", "what": "tokens.fire", "value": 1},
    "hero.adjust": {"hero": "rose", "change": "heal"},
    "check.roll": {"kind": "fire", "hero": "rose", "tokens": 1},
    "cleanse.roll": {"others_in_space": 1},
}


@pytest.mark.parametrize("action_type", sorted(BASES))
def test_junk_beside_good_fields_is_refused_cleanly(tables, action_type):
    for field in FIELDS:
        for junk in JUNK:
            state = copy.deepcopy(tables.state)
            action = Action(action_type, {**BASES[action_type], field: junk}, "ann")
            try:
                RULES.perform(state, action, tables.seats, tables.rng)
            except ActionError as error:
                assert error.text()


def test_a_fight_can_be_resolved_after_junk_was_refused(tables):
    table = tables
    state = copy.deepcopy(table.state)
    state, _ = RULES.perform(state, Action("fight.start", {"monsters": {"abomination": 1},
                                                          "entered": {"hero": "hit hit", "sin": "hit blank blank"}},
                                           "ann"), table.seats, table.rng)
    for junk in JUNK:
        for field in ("turned", "assigned", "protector"):
            try:
                RULES.perform(state, Action("fight.resolve", {field: junk}, "ann"), table.seats, table.rng)
            except ActionError as error:
                assert error.text()
