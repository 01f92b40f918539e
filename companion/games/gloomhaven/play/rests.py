"""A short rest (rulebook, "Resting", p. 17): in the cleanup between rounds
the player shuffles their discard pile and loses one card at random; once
per rest they may suffer 1 damage to lose another random card instead. The
server draws which card (its place in the shuffled pile), so no one has to
shuffle and the log replays it. (A long rest is chosen with the cards: see
flow.)"""

from __future__ import annotations

from companion.games.gloomhaven.play import common
from companion.kit.actions import Act
from companion.rules import N_, ActionError

MAX_DISCARD = 40


def _resting(state: dict, act: Act) -> tuple[str, dict]:
    seat = act.seat_id
    who = common.character(state, seat)
    if who["exhausted"]:
        raise ActionError(N_("%(name)s is exhausted."), field="seat", name=who["name"])
    if seat in state["chosen"]:
        raise ActionError(N_("Rest before choosing your cards."), field="count")
    return seat, who


def short_rest(act: Act) -> None:
    state = act.state
    _seat, who = _resting(state, act)
    count = common.whole(act.payload, "count", 2, MAX_DISCARD)
    rest = who.get("short_rest")
    if rest and rest["round"] == state["round"]:
        raise ActionError(N_("You have already rested this round."), field="count")
    lost = act.draws.take("lost", lambda rng: rng.randint(1, count))
    if not isinstance(lost, int) or not 1 <= lost <= count:
        raise ActionError(N_("The lost card was not drawn."), field="count")
    who["short_rest"] = {"round": state["round"], "count": count, "lost": lost, "redrawn": False}
    common.news(state,
                [N_("%(name)s rests: shuffle the discard pile and lose card %(lost)d of %(count)d from the top."),
                        {"name": who["name"], "lost": lost, "count": count}])


def redraw(act: Act) -> None:
    """Keep the card the rest would lose: suffer 1 damage, lose another at random."""
    state = act.state
    _seat, who = _resting(state, act)
    rest = who.get("short_rest")
    if not rest or rest["round"] != state["round"] or rest["redrawn"]:
        raise ActionError(N_("Only once, right after a short rest."), field="lost")
    lost = act.draws.take("lost", lambda rng: rng.choice([n for n in range(1, rest["count"] + 1) if n != rest["lost"]]))
    if not isinstance(lost, int) or lost == rest["lost"] or not 1 <= lost <= rest["count"]:
        raise ActionError(N_("The lost card was not drawn."), field="lost")
    if who["hp"] <= 1:
        raise ActionError(N_("That damage would exhaust you."), field="lost")
    who["hp"] -= 1
    rest.update(lost=lost, redrawn=True, kept=rest["lost"])
    common.news(state, [N_("%(name)s suffers 1 damage to keep that card: lose card %(lost)d of %(count)d instead."),
                        {"name": who["name"], "lost": lost, "count": rest["count"]}])
