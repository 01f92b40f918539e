"""History lines for the log: who did what, never a secret."""

from __future__ import annotations

from companion.games.chaos import data, upgrades
from companion.games.chaos.names import name_of
from companion.rules import N_, Action, Msg, Seat

LINES = {
    "setup.sit_out": N_("drew who sits out"),
    "setup.tokens": N_("placed the starting Old World tokens"),
    "setup.start": N_("started round 1"),
    "phase.next": N_("ended the phase"),
    "old_world.card": N_("resolved the Old World card %(name)s"),
    "draw": N_("drew chaos cards"),
    "summon": N_("summoned a figure"),
    "card.play": N_("played %(name)s"),
    "summoning.pass": N_("passed"),
    "battle.roll": N_("rolled %(hits)d hits"),
    "battle.assign": N_("assigned hits"),
    "corruption.resolve": N_("computed the corruption phase"),
    "hero.remove": N_("removed a figure for a hero"),
    "end.score": N_("scored the end phase"),
    "region.set": N_("corrected a region"),
    "region.figures": N_("entered figures from the board"),
    "region.corruption": N_("corrected corruption"),
    "region.control": N_("changed who controls a figure"),
    "god.set": N_("corrected a god's books"),
    "upgrade.take": N_("took the upgrade %(upgrade)s"),
    "pending.done": N_("applied a dial reward"),
    "hand.note": N_("updated their private hand list"),
    "components.unit": N_("corrected a unit from the printed sheet"),
    "components.dial": N_("corrected a dial space from the printed dial"),
    "components.ruination": N_("corrected a ruination card from the printed card"),
}


def describe(action: Action, seats: dict[str, Seat], state: dict) -> tuple[str, dict]:
    payload = action.payload
    message = LINES.get(action.type, "%(type)s")
    params = {"type": action.type, "name": str(payload.get("name", ""))[:80]}
    if action.type == "upgrade.take":
        return upgrade_line(action, seats, state)
    if action.type == "battle.roll":
        from companion.dice import Roll
        from companion.games.chaos.dice import COMBAT_DIE

        try:
            params["hits"] = Roll.from_json(payload["roll"], [COMBAT_DIE]).total("hit")
        except (KeyError, TypeError, ValueError):
            params["hits"] = 0
    return message, params


def upgrade_line(action: Action, seats: dict[str, Seat], state: dict) -> tuple[str, dict]:
    """"took the upgrade +1 power", and "apply it by hand" for a card whose
    effect the app does not know."""
    god = action.payload.get("god") or (seats[action.seat].role if action.seat in seats else None)
    index = action.payload.get("upgrade")
    if god not in data.gods() or not isinstance(index, int) or not 0 <= index < 5:
        return N_("took an upgrade"), {}
    params = {"upgrade": Msg(name_of(data.gods()[god]["upgrades"][index]))}
    if upgrades.effects(god)[index] is None or not action.payload.get("applied"):
        return N_("took the upgrade %(upgrade)s: apply it by hand"), params
    return LINES["upgrade.take"], params
