"""Chaos cards in the draw phase (rulebook, 抽牌阶段): each god draws by its
own rule (two cards; Tzeentch up to five after an optional discard of one),
and an empty deck reshuffles its discards. The table keeps counts; the
group shuffles and deals the real cards."""

from __future__ import annotations

from companion.games.chaos import data
from companion.rules import N_, ActionError


def draw_cards(state: dict, god_id: str, discard: bool) -> int:
    """Draw by the god's rule; returns how many cards were drawn."""
    if god_id in state["drawn"]:
        raise ActionError(N_("This god has already drawn this round."), field="god")
    rule = data.gods()[god_id]["drawing"]
    god = state["gods"][god_id]
    if discard:
        if not rule.get("may_discard") or god["hand"] <= 0:
            raise ActionError(N_("Only Tzeentch may discard a card before drawing, and only from a hand."),
                              field="discard")
        god["hand"] -= 1
        god["discard"] += 1
    wanted = rule["cards"] if rule["kind"] == "draw" else max(0, rule["cards"] - god["hand"])
    drawn = take_cards(god, wanted)
    state["drawn"].append(god_id)
    return drawn


def take_cards(god: dict, wanted: int) -> int:
    """Move up to `wanted` cards from deck to hand; an empty deck reshuffles
    its discards (the counts move; the group shuffles the real cards)."""
    drawn = 0
    for _ in range(wanted):
        if god["deck"] == 0:
            god["deck"], god["discard"] = god["discard"], 0
        if god["deck"] == 0:
            break
        god["deck"] -= 1
        god["hand"] += 1
        drawn += 1
    return drawn
