"""Bad input never breaks the table: any payload for any action, in any
phase, is either applied or refused with an ActionError, and a refusal
changes nothing."""

from __future__ import annotations

import copy
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.gloomhaven.rules import RULES
from companion.rules import Action, ActionError
from table_support import SEATS, Table, started

# Fields of every action, and the ones only the server's draws fill in (a
# client's are dropped by the declarations).
FIELDS = ["scenario", "difficulty", "solo", "class", "name", "level", "goal", "initiative", "second", "long_rest",
          "for_them", "room", "monster", "rank", "summoned", "standee", "delta", "condition", "field", "seat",
          "summon", "hp", "target", "base", "bonus", "mode", "shield", "pierce", "doubled", "cards", "card",
          "element", "outcome", "done", "monster_deck", "bless_limit", "count", "placed", "goals", "lost"]
VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-10**6, 10**6), st.text(max_size=12),
    st.sampled_from(["s1", "s2", "bandit-guard#1", "bandit-guard", "elite", "boss", "fire", "poison", "hp",
                     "success", "+1", "x2", "r+1", "curse", "summon1", "1", "2", "99", "-1", "[]"]),
    st.lists(st.integers(0, 9), max_size=3), st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


def fields_of(kind: str) -> list[str]:
    """The fields an action declares, and those its server draws fill in."""
    return sorted({f.name for f in RULES.action_spec(kind).fields} | {"cards", "placed", "goals", "lost"}) or FIELDS


@st.composite
def actions(draw):
    kind = draw(st.sampled_from(sorted(RULES.action_types())))
    names = fields_of(kind) if draw(st.booleans()) else FIELDS
    return kind, draw(st.dictionaries(st.sampled_from(names), VALUES, max_size=6))


def phases():
    """A table in set-up, choosing cards, playing (a summon and a wound about), and ended."""
    setup = Table()
    setup.act("s1", "character.set", **{"class": "brute", "level": 2})
    table = started()
    table.act("s1", "summon.add", name="Bear", hp=4)
    choosing = copy.deepcopy(table.state)
    table.act("s1", "initiative.choose", initiative=10, second=40)
    table.act("s2", "initiative.choose", initiative=60, second=20)
    playing = copy.deepcopy(table.state)
    table.act("s1", "scenario.end", outcome="success")
    return [setup.state, choosing, playing, table.state]


STATES = phases()


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(state_index=st.integers(0, 3), kind_and_payload=actions(),
       seat=st.sampled_from(["s1", "s2", None]), seed=st.integers(0, 1000))
def test_any_payload_is_applied_or_refused_with_an_action_error(state_index, kind_and_payload, seat, seed):
    kind, payload = kind_and_payload
    state = STATES[state_index]
    before = copy.deepcopy(state)
    try:
        RULES.perform(state, RULES.typed(Action(kind, payload, seat)), SEATS, random.Random(seed))
    except ActionError:
        pass
    assert state == before
