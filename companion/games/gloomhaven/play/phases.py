"""The scenario's phases and what may be done in each: the round is declared
once on the kit's rounds, in `flow` (SCENARIO); any action outside its phase
is refused naming the phase."""

from __future__ import annotations

from companion.games.gloomhaven.play.flow import FIGURES, SCENARIO

__all__ = ["FIGURES", "SCENARIO", "require"]


def require(state: dict, action_type: str) -> None:
    """Refuse `action_type` outside the phases that allow it."""
    SCENARIO.require(state, action_type)
