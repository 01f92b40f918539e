"""Who acts, for which hero, and when: the SIN player, a hero's own player
(the host may act for anyone), the hero an action names, the hero's turn
going on and the SIN's reaction after it, and whose turn it is next (the
kit's flow, declared in flow.py; these are the few steps the lower chapters
need, so none of them imports flow.py)."""

from __future__ import annotations

from companion.games.the_others import data
from companion.kit.actions import Act
from companion.kit.phases import next_turn, whose_turn
from companion.rules import N_, ActionError


def given(act: Act) -> dict:
    """The payload as it was sent: the fields left out are absent (the kit
    lists them as None), as the logged payloads always were."""
    return {key: value for key, value in act.payload.items() if value is not None}


def require_sin(act: Act) -> None:
    if act.seat_id is not None and act.role != "sin":
        raise ActionError(N_("Only the SIN player does that."), field="type")


def require_hero_player(state: dict, act: Act, hero_id: str) -> None:
    """The hero's own player, or the SIN deciding for heroes who can't agree
    is not allowed here; the host may act for anyone."""
    if act.seat_id is None:
        return
    if state["heroes"][hero_id]["player"] != act.seat_id:
        raise ActionError(N_("Only the player of %(hero)s does that."), field="hero",
                          hero=data.heroes()[hero_id]["name"])


def hero_in_play(state: dict, hero_id, field: str = "hero") -> str:
    if not isinstance(hero_id, str) or hero_id not in state["order"]:
        raise ActionError(N_("Choose a hero in play."), field=field)
    return hero_id


# -- whose turn -------------------------------------------------------------------------------
def can_act(state: dict, hero_id: str) -> bool:
    """A hero with a turn token, or an extra-turn token they have not kept this round."""
    hero = state["heroes"][hero_id]
    return hero["turn_tokens"] > 0 or (hero["extra_turns"] > 0 and hero_id not in state["flow"]["passed"])


def skips(state: dict, hero_id: str) -> bool:
    """The turn goes past a hero with no token left to take one (the kit's `Phase.skips`)."""
    return not can_act(state, hero_id)


def next_hero(state: dict) -> str | None:
    """The hero whose turn comes next (the kit's whose turn while no turn is going on)."""
    flow = state["flow"]
    if flow["phase"] != "hero_turns" or state["turn"] is not None:
        return None
    return whose_turn(flow)


def pass_turn(state: dict) -> None:
    """The turn goes clockwise to the next hero who can still take one (the kit's next_turn)."""
    next_turn(state["flow"], lambda hero_id: skips(state, hero_id))


def rest_turn(state: dict) -> None:
    """Between turns the turn rests with a hero who can take it: past one
    whose last token went (a card, an adjustment), and back to the first who
    can, clockwise from the first hero, when one gains a token after every
    turn was taken."""
    flow = state["flow"]
    if flow["phase"] != "hero_turns" or state["turn"] is not None or not flow["order"]:
        return
    hero_id = whose_turn(flow)
    if hero_id is not None and can_act(state, hero_id):
        return
    if hero_id is None:
        flow["turn"] = len(flow["order"]) - 1  # the search starts at the first hero
    pass_turn(state)


def round_can_end(state: dict) -> bool:
    return state["flow"]["phase"] == "hero_turns" and state["turn"] is None and next_hero(state) is None


# -- the turn going on and the reaction after it ------------------------------------------------------
def current_turn(state: dict) -> dict:
    if state["turn"] is None:
        raise ActionError(N_("No hero's turn is going on."), field="type")
    return state["turn"]


def close_reaction(state: dict) -> None:
    state["reaction"] = None
    state.pop("preparing", None)  # a fight prepared and not rolled is not fought
    state["sin"]["played"] = None


def finish_turn(state: dict, hero_id: str, died: bool) -> None:
    """The turn ends; the SIN may react unless the hero died in it."""
    sin_card = state["turn"]["sin_card"] if state["turn"] else False
    state["turn"] = None
    state.pop("preparing", None)  # a fight prepared and not rolled is not fought
    state["reaction"] = None if died else {"hero": hero_id, "spent": False, "sin_card": sin_card}


def reactions_left(state: dict) -> int:
    sin = state["sin"]
    return sin["reaction_tokens"] - sin["reactions_used"]
