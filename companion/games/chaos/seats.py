"""Which god an action is for: the seat's own god, or a god nobody sits at
(named in the payload), so a table short of phones still plays all four."""

from __future__ import annotations

from companion.kit.actions import Act
from companion.rules import N_, ActionError


def acting_god(act: Act) -> str:
    """The god `act` is for; refused if it names a god not in the game, or
    a god whose player acts from their own phone."""
    state, named = act.state, act.payload.get("god")
    own = act.role
    if named is None:
        if own not in state["gods_in_play"]:
            raise ActionError(N_("Say which god this is for."), field="god")
        return own
    if named not in state["gods_in_play"]:
        raise ActionError(N_("That god is not in this game."), field="god")
    if named != own and any(seat.role == named for seat in act.seats.values()):
        raise ActionError(N_("That god's player acts for it from their own phone."), field="god")
    return named
