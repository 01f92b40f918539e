"""Damage waiting for a character's player to take it or negate it
(rulebook, "Character damage", p. 27): the entries, and the hit points a
figure loses when it is taken (a summon's at once).

An entry: {"id", "seat", "summon" (or None), "name", "amount", "source",
"kind" ("attack" or "retaliate"), "range" (retaliate only), "working"}.
"""

from __future__ import annotations

from companion.games.gloomhaven.play import common
from companion.rules import N_, ActionError


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


def take(state: dict, entry: dict) -> dict | None:
    """Take the damage on the hit-point track: the figure hit (below 1 it is
    out), or None if it is out already."""
    seat = entry["seat"]
    who = state["characters"].get(seat)
    if who is None or who["exhausted"]:
        return None
    figure = who
    if entry["summon"]:
        figure = next((s for s in who["summons"] if s["id"] == entry["summon"]), None)
        if figure is None:
            common.news(state, [N_("%(name)s is gone already."), {"name": entry["name"]}])
            return None
    before = figure["hp"]
    figure["hp"] -= entry["amount"]
    common.news(state, [N_("%(name)s suffers %(amount)d damage: %(before)d − %(amount)d → %(after)d hit points."),
                        {"name": entry["name"], "amount": entry["amount"], "before": before,
                         "after": max(0, figure["hp"])}])
    return figure


def suffer_summon(state: dict, entry: dict) -> None:
    """A summon takes damage at once; below 1 it is gone."""
    figure = take(state, entry)
    if figure is not None and figure["hp"] <= 0:
        state["characters"][entry["seat"]]["summons"].remove(figure)
        state["news"].append([N_("%(name)s is gone."), {"name": figure["name"]}])
