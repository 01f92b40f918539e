"""Damage waiting for a character's player (rulebook, "Character damage",
p. 27; "Retaliate", p. 26).

Whenever a character suffers damage its player chooses: take it on the
hit-point track, or negate it by losing one card from hand or two from the
discard pile (the attack's other effects still apply). So a monster's attack
on a character, or the retaliate a character's attack meets, leaves an
entry here, and one tap on either choice settles it. A summon has no cards
to lose: damage to it is taken at once, except retaliate, which asks first
whether the summon was within range.

The entries are kept in `waiting`; this module settles them.
"""

from __future__ import annotations

from companion.games.gloomhaven import flow
from companion.games.gloomhaven.play import bonuses, common, waiting
from companion.kit.actions import Act
from companion.rules import N_, ActionError

HOW = ("suffer", "hand", "discard", "out_of_range")
NEGATIONS = {
    "hand": N_("%(name)s negates %(amount)d damage by losing one card from their hand."),
    "discard": N_("%(name)s negates %(amount)d damage by losing two cards from their discard pile."),
}


def settled(state: dict, payload: dict) -> dict:
    """Whose damage an entry is and how much, kept in the logged action for
    its history line (the entry itself leaves the state once settled)."""
    entry = next((d for d in waiting.waiting(state) if d["id"] == payload.get("damage")), None)
    return {} if entry is None else {"seat": entry["seat"], "name": entry["name"], "amount": entry["amount"]}


def resolve(act: Act) -> None:
    """The character's player (or someone `for_them`) settles one entry."""
    state = act.state
    payload = act.payload
    entry_id = common.whole(payload, "damage", 1, 10**6)
    entry = next((d for d in waiting.waiting(state) if d["id"] == entry_id), None)
    if entry is None:
        raise ActionError(N_("That damage was already settled."), field="damage")
    how = common.choice(payload, "how", HOW)
    if act.seat_id != entry["seat"] and not common.flag(payload, "for_them"):
        raise ActionError(N_("It is for %(name)s's player to choose."), field="how", name=entry["name"])
    if how in NEGATIONS and entry["summon"]:
        raise ActionError(N_("A summon can't negate damage: it has no cards to lose."), field="how")
    if how == "out_of_range" and entry["kind"] != "retaliate":
        raise ActionError(N_("Only retaliate depends on range."), field="how")
    act.draws.note("settled", settled(state, act.payload))  # for the history line
    waiting.waiting(state).remove(entry)
    if how == "out_of_range":
        common.news(state, [N_("%(name)s was out of reach of the retaliate."), {"name": entry["name"]}])
    elif how in NEGATIONS:
        common.news(state, [NEGATIONS[how], {"name": entry["name"], "amount": entry["amount"]}])
    else:
        suffer(state, entry)
    _retaliate_after(state, entry)


def _retaliate_after(state: dict, entry: dict) -> None:
    """A retaliate that waited on this damage (the attack could have
    exhausted the character, and then it would not retaliate: rulebook,
    "Retaliate") hits now that the character is known to stand."""
    answer = entry.get("retaliates")
    who = state["characters"].get(entry["seat"])
    if not answer or who is None or who["exhausted"]:
        return
    standee = next((s for s in state["standees"] if s["id"] == answer["standee"]), None)
    if standee is not None:
        bonuses.retaliate_on(state, who["name"], standee, answer["value"])


def suffer(state: dict, entry: dict) -> None:
    """Take the damage on the hit-point track; below 1 the character is
    exhausted, a summon is gone."""
    if entry["summon"]:
        waiting.suffer_summon(state, entry)
        return
    figure = waiting.take(state, entry)
    if figure is not None and figure["hp"] <= 0:
        flow.exhaust(state, entry["seat"])
