"""A short rest (rulebook, "Resting", p. 17): in the cleanup between rounds
the player shuffles their discard pile and loses one card at random; once
per rest they may suffer 1 damage to lose another random card instead. The
server draws which card (its place in the shuffled pile), so no one has to
shuffle and the log replays it. (A long rest is chosen with the cards: see
rounds.)"""

from __future__ import annotations

import random

from companion.games.gloomhaven.play import common
from companion.rules import N_, Action, ActionError

MAX_DISCARD = 40


def _resting(state: dict, action: Action) -> tuple[str, dict]:
    seat = action.seat
    who = common.character(state, seat)
    if who["exhausted"]:
        raise ActionError(N_("%(name)s is exhausted."), field="seat", name=who["name"])
    if seat in state["chosen"]:
        raise ActionError(N_("Rest before choosing your cards."), field="count")
    return seat, who


def prepare_short_rest(state: dict, action: Action, rng: random.Random) -> dict:
    try:
        _resting(state, action)
        count = common.whole(action.payload, "count", 2, MAX_DISCARD)
    except ActionError:
        return {}
    return {"lost": rng.randint(1, count)}


def short_rest(state: dict, action: Action) -> None:
    seat, who = _resting(state, action)
    count = common.whole(action.payload, "count", 2, MAX_DISCARD)
    rest = who.get("short_rest")
    if rest and rest["round"] == state["round"]:
        raise ActionError(N_("You have already rested this round."), field="count")
    lost = action.payload.get("lost")
    if not isinstance(lost, int) or not 1 <= lost <= count:
        raise ActionError(N_("The lost card was not drawn."), field="count")
    who["short_rest"] = {"round": state["round"], "count": count, "lost": lost, "redrawn": False}
    common.news(state, [N_("%(name)s rests: shuffle the discard pile and lose card %(lost)d of %(count)d from the top."),
                        {"name": who["name"], "lost": lost, "count": count}])


def prepare_redraw(state: dict, action: Action, rng: random.Random) -> dict:
    rest = (state["characters"].get(action.seat) or {}).get("short_rest") if isinstance(action.seat, str) else None
    if not rest or rest["round"] != state["round"] or rest["redrawn"]:
        return {}
    return {"lost": rng.choice([n for n in range(1, rest["count"] + 1) if n != rest["lost"]])}


def redraw(state: dict, action: Action) -> None:
    """Keep the card the rest would lose: suffer 1 damage, lose another at random."""
    seat, who = _resting(state, action)
    rest = who.get("short_rest")
    if not rest or rest["round"] != state["round"] or rest["redrawn"]:
        raise ActionError(N_("Only once, right after a short rest."), field="lost")
    lost = action.payload.get("lost")
    if not isinstance(lost, int) or lost == rest["lost"] or not 1 <= lost <= rest["count"]:
        raise ActionError(N_("The lost card was not drawn."), field="lost")
    if who["hp"] <= 1:
        raise ActionError(N_("That damage would exhaust you."), field="lost")
    who["hp"] -= 1
    rest.update(lost=lost, redrawn=True, kept=rest["lost"])
    common.news(state, [N_("%(name)s suffers 1 damage to keep that card: lose card %(lost)d of %(count)d instead."),
                        {"name": who["name"], "lost": lost, "count": rest["count"]}])
