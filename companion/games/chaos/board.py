"""What a region holds, read the way the rules count it.

A region (in the table state) keeps its printed resistance and conquest (as
changed by effects), Old World tokens, corruption per god, the two chaos-card
slots and the figures per god; `control` lists enemy figures another god
controls for now (rulebook, 控制敌方棋子: they count as the controller's).
"""

from __future__ import annotations

from companion.games.chaos import data
from companion.games.chaos.upgrades import figure_magic

UNIT_KINDS = ("cultist", "warrior", "greater_daemon")


def region_view(state: dict, region_id: str) -> dict:
    """A region as the maths reads it: its tokens, cards and control entries,
    with the figures there from the kit board (state["board"], the same
    dicts, so nothing is copied) and the magic symbols upgrades give them."""
    return {**state["regions"][region_id], "figures": state["board"][region_id],
            "upgrade_magic": figure_magic(state, region_id)}


def effective_resistance(region: dict) -> int:
    """Printed resistance, less one per skaven token and the amounts the
    cards lowering it here were played with (never below 0)."""
    return max(0, region["resistance"] - region["skaven"] - sum(amount for _, amount in lowered_by(region)))


def lowered_by(region: dict) -> list[tuple[dict, int]]:
    """The cards in the region's slots that lower its resistance this round
    (Influenza), left slot first, with the amount each was played with (a
    card cancelled, or still waiting for its amount, lowers nothing)."""
    return [(held, held["chosen"]["amount"]) for held in region["slots"]
            if held and held.get("card") and not held.get("cancelled") and "amount" in held.get("chosen", {})
            and (data.chaos_cards()[held["god"]][held["card"]]["does"] or {}).get("kind") == "lower_resistance"]


def effective_conquest(region: dict) -> int:
    """Conquest value plus one per noble token."""
    return region["conquest"] + region["nobles"]


def figures_of(region: dict, god: str) -> dict[str, int]:
    """Figures `god` owns in the region, per unit kind."""
    return {kind: region["figures"].get(god, {}).get(kind, 0) for kind in UNIT_KINDS}


def controlled_figures(region: dict, god: str) -> list[tuple[str, str]]:
    """(owner, unit kind) of every figure `god` controls in the region: its own
    figures not lent out, plus enemy figures it controls for now."""
    owned = figures_of(region, god)
    for entry in region.get("control", []):
        if entry["owner"] == god:
            owned[entry["unit"]] -= 1
    figures = [(god, kind) for kind in UNIT_KINDS for _ in range(max(0, owned[kind]))]
    figures += [(e["owner"], e["unit"]) for e in region.get("control", []) if e["controller"] == god]
    return figures


def shielded_figures(region: dict) -> list[tuple[str, str]]:
    """(owner, unit kind) of each figure a Warp Shield in the region's slots
    protects this round (the card keeps the unit its owner chose: card_choices.py)."""
    return [(held["god"], held["chosen"]["unit"]) for held in region["slots"]
            if held and "unit" in (held.get("chosen") or {}) and not held.get("cancelled")]


def card_domination(region: dict, god: str) -> int:
    return sum(card["domination"] for card in region["slots"] if card and card["god"] == god)


def card_magic(region: dict) -> int:
    return sum(card.get("magic", 0) for card in region["slots"] if card)


def magic_symbols(region: dict) -> int:
    """Magic symbols of the chaos cards here plus those figures carry from
    upgrades (`upgrade_magic`, in a region_view)."""
    return card_magic(region) + region.get("upgrade_magic", 0)


def total_tokens(region: dict) -> int:
    """Corruption of every god plus warpstone: what the ruin check counts."""
    return sum(region["corruption"].values()) + region["warpstone"]
