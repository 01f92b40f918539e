"""The scenario's phases and what may be done in each, declared once on the
kit's rounds (companion.kit.phases): set-up, then rounds of card selection
and turns, then the end. Any action outside its phase is refused naming the
phase. (Whose turn it is during the turns is kept by `flow`: the turns
belong to characters, summons and monster types, not to seats.)"""

from __future__ import annotations

from companion.kit.phases import Phase, Round
from companion.rules import N_

FIGURES = frozenset({"room.reveal", "standee.add", "standee.remove", "standee.adjust", "standee.condition",
                     "character.adjust", "character.condition", "character.exhaust", "summon.add",
                     "summon.adjust", "summon.remove", "objective.add", "objective.adjust", "objective.remove",
                     "damage.resolve", "modifier.add", "modifier.remove", "element.consume",
                     "battle_goal.keep", "scenario.end", "deck.perks", "deck.card"})

SCENARIO = Round((
    Phase("setup", N_("set-up"), frozenset({"scenario.set", "character.set", "scenario.start", "deck.perks",
                                                         "deck.card"})),
    Phase("choosing", N_("card selection"), FIGURES | {"initiative.choose", "rest.short", "rest.redraw"}),
    Phase("playing", N_("turns"),
          FIGURES | {"turn.next", "turn.swap", "monster.attack", "character.attack", "element.infuse"}),
    Phase("ended", N_("end of the scenario"), frozenset({"battle_goal.done", "summary.confirm"})),
))


def require(state: dict, action_type: str) -> None:
    """Refuse `action_type` outside the phases that allow it."""
    SCENARIO.require({"phase": state["phase"]}, action_type)
