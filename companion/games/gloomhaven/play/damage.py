"""Damage waiting for a character's player (rulebook, "Character damage",
p. 27; "Retaliate", p. 26).

Whenever a character suffers damage its player chooses: take it on the
hit-point track, or negate it by losing one card from hand or two from the
discard pile (the attack's other effects still apply). So a monster's attack
on a character, or the retaliate a character's attack meets, leaves an
entry here, and one tap on either choice settles it. A summon has no cards
to lose: damage to it is taken at once, except retaliate, which asks first
whether the summon was within range.

An entry: {"id", "seat", "summon" (or None), "name", "amount", "source",
"kind" ("attack" or "retaliate"), "range" (retaliate only), "working"}.
"""

from __future__ import annotations

from companion.games.gloomhaven.play import common
from companion.kit.actions import Act
from companion.rules import N_, ActionError

HOW = ("suffer", "hand", "discard", "out_of_range")
NEGATIONS = {
    "hand": N_("%(name)s negates %(amount)d damage by losing one card from their hand."),
    "discard": N_("%(name)s negates %(amount)d damage by losing two cards from their discard pile."),
}


def waiting(state: dict) -> list[dict]:
    return state.setdefault("damage", [])


def add(state: dict, seat: str, summon: dict | None, amount: int, source: str, kind: str,
        working: list, range_: int | None = None) -> None:
    """Damage `seat`'s character (or its `summon`) must take or negate."""
    entry_id = state.get("next_damage", 1)
    state["next_damage"] = entry_id + 1
    name = summon["name"] if summon else state["characters"][seat]["name"]
    waiting(state).append({"id": entry_id, "seat": seat, "summon": summon["id"] if summon else None, "name": name,
                           "amount": amount, "source": source, "kind": kind, "range": range_, "working": working})


def drop_seat(state: dict, seat: str) -> None:
    """An exhausted character takes no more damage (nor do its summons)."""
    state["damage"] = [d for d in waiting(state) if d["seat"] != seat]


def block_turn_end(state: dict) -> None:
    """A turn doesn't end with damage nobody has taken or negated."""
    if waiting(state):
        first = waiting(state)[0]
        raise ActionError(N_("%(name)s has %(amount)d damage to take or negate first."), field="type",
                          name=first["name"], amount=first["amount"])


def settled(state: dict, payload: dict) -> dict:
    """Whose damage an entry is and how much, kept in the logged action for
    its history line (the entry itself leaves the state once settled)."""
    entry = next((d for d in waiting(state) if d["id"] == payload.get("damage")), None)
    return {} if entry is None else {"seat": entry["seat"], "name": entry["name"], "amount": entry["amount"]}


def resolve(act: Act) -> None:
    """The character's player (or someone `for_them`) settles one entry."""
    state = act.state
    payload = act.payload
    entry_id = common.whole(payload, "damage", 1, 10**6)
    entry = next((d for d in waiting(state) if d["id"] == entry_id), None)
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
    waiting(state).remove(entry)
    if how == "out_of_range":
        common.news(state, [N_("%(name)s was out of reach of the retaliate."), {"name": entry["name"]}])
    elif how in NEGATIONS:
        common.news(state, [NEGATIONS[how], {"name": entry["name"], "amount": entry["amount"]}])
    else:
        suffer(state, entry)


def suffer(state: dict, entry: dict) -> None:
    """Take the damage on the hit-point track; below 1 the character is
    exhausted, a summon is gone."""
    from companion.games.gloomhaven.play.figures import exhaust
    seat = entry["seat"]
    who = state["characters"].get(seat)
    if who is None or who["exhausted"]:
        return
    figure = who
    if entry["summon"]:
        figure = next((s for s in who["summons"] if s["id"] == entry["summon"]), None)
        if figure is None:
            common.news(state, [N_("%(name)s is gone already."), {"name": entry["name"]}])
            return
    before = figure["hp"]
    figure["hp"] -= entry["amount"]
    common.news(state, [N_("%(name)s suffers %(amount)d damage: %(before)d − %(amount)d → %(after)d hit points."),
                        {"name": entry["name"], "amount": entry["amount"], "before": before,
                         "after": max(0, figure["hp"])}])
    if figure["hp"] > 0:
        return
    if entry["summon"]:
        who["summons"].remove(figure)
        state["news"].append([N_("%(name)s is gone."), {"name": figure["name"]}])
    else:
        exhaust(state, seat)
