"""Set-up (rulebook, 准备阶段 steps 2 and 7): with three players, who sits
out; the starting Old World tokens, one per region in region order."""

from __future__ import annotations

import random

from companion.games.chaos import data
from companion.games.chaos.state import new_god
from companion.rules import N_, ActionError

TOKEN_FIELDS = {"noble": "nobles", "warpstone": "warpstone", "peasant": "peasants"}


def starting_tokens() -> list[str]:
    """The nine starting tokens: 2 nobles, 3 warpstone, 4 peasants."""
    mix = data.table()["starting_old_world_tokens"]
    return [kind for kind in ("noble", "warpstone", "peasant") for _ in range(mix[kind])]


def draw_sitting_out(rng: random.Random) -> str:
    return rng.choice(data.god_order())


def draw_tokens(rng: random.Random) -> dict[str, str]:
    """Region -> token, drawn at random (one per region in region order)."""
    tokens = starting_tokens()
    rng.shuffle(tokens)
    return dict(zip(data.region_order(), tokens))


def sit_out(state: dict, god: str) -> None:
    if state["players"] != 3 or state["sitting_out"] != "draw":
        raise ActionError(N_("Nobody is left to draw for: the gods at this table are settled."), field="god")
    state["sitting_out"] = god
    state["gods_in_play"] = [g for g in data.god_order() if g != god]
    state["gods"] = {g: new_god(0 if state["dealt"] else data.table()["starting_hand"]) for g in state["gods_in_play"]}
    state["flow"]["order"] = list(state["gods_in_play"])


def place_tokens(state: dict, tokens: dict) -> None:
    """Check the mix (one token per region; 2 nobles, 3 warpstone, 4 peasants)
    and place it."""
    if state["sitting_out"] == "draw":
        raise ActionError(N_("First draw which god sits out."), field="tokens")
    if any(region["nobles"] or region["warpstone"] or region["peasants"] for region in state["regions"].values()):
        raise ActionError(N_("The starting tokens are already on the map."), field="tokens")
    if not isinstance(tokens, dict) or sorted(tokens) != sorted(data.region_order()):
        raise ActionError(N_("Give every region exactly one starting token."), field="tokens")
    if sorted(tokens.values()) != sorted(starting_tokens()):
        raise ActionError(N_("The starting tokens are 2 nobles, 3 warpstone and 4 peasants."), field="tokens")
    for region_id, kind in tokens.items():
        state["regions"][region_id][TOKEN_FIELDS[kind]] += 1


def start(state: dict) -> None:
    """Check set-up is done (flow.start then begins round 1)."""
    if state["sitting_out"] == "draw":
        raise ActionError(N_("First draw which god sits out."), field="type")
    if not any(region["peasants"] for region in state["regions"].values()):
        raise ActionError(N_("Place the starting Old World tokens first."), field="type")
