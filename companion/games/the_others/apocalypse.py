"""The apocalypse track, 0-7, whose effects add up: level 4 has the effects of
levels 1-4. It stops at 7 without an immediate loss (rulebook: "apocalypse
track and cards")."""

from __future__ import annotations

from companion.games.the_others import data
from companion.games.the_others.names import APOCALYPSE_EFFECTS
from companion.kit import tracks
from companion.rules import N_


def top() -> int:
    return data.constants()["apocalypse_max"]


def advance(level: int, steps: int = 1) -> tuple[int, list[int]]:
    """The new level and each level newly reached (for their one-time
    effects, such as revealing an apocalypse card)."""
    new = max(0, min(top(), level + steps))
    return new, list(range(level + 1, new + 1))


def active_levels(level: int) -> list[dict]:
    """Every level's effect in force at `level`, lowest first."""
    return [entry for entry in data.apocalypse_levels() if entry["level"] <= level]


def cards_on_reaching(levels: list[int]) -> int:
    """How many apocalypse cards the levels just reached reveal."""
    return sum(1 for entry in data.apocalypse_levels()
               if entry["level"] in levels and entry["effect"] == "apocalypse_card")


def _amount(level: int, effect: str) -> int:
    return sum(entry.get("amount", 0) for entry in active_levels(level) if entry["effect"] == effect)


def extra_summons(level: int) -> int:
    return _amount(level, "extra_summon")


def extra_reaction_tokens(level: int) -> int:
    return _amount(level, "extra_reaction_token")


def extra_fight_dice(level: int) -> int:
    return _amount(level, "extra_fight_die")


def round_end_harm(level: int) -> dict:
    """Wounds and corruption each hero takes at round end (level 7)."""
    for entry in active_levels(level):
        if entry["effect"] == "round_end_harm":
            return {"wounds": entry["wounds"], "corruption": entry["corruption"]}
    return {"wounds": 0, "corruption": 0}


# -- the table's track, on the kit's tracks ---------------------------------------------------------
def new_track() -> dict:
    """Level 0, each level's effect on its space."""
    spaces = {entry["level"]: {"label": APOCALYPSE_EFFECTS[entry["effect"]], "effect": entry["effect"]}
              for entry in data.apocalypse_levels()}
    return tracks.new_track("apocalypse", N_("Apocalypse track"), 0, top(), spaces=spaces)


def level(state: dict) -> int:
    return state["apocalypse"]["track"]["value"]


def raise_track(state: dict, steps: int) -> int:
    """Move the track up (it stops at 7); how many apocalypse cards the
    levels reached reveal."""
    reached = tracks.move_by(state["apocalypse"]["track"], steps, field="steps", clamp=True)
    return sum(1 for space in reached if space["effect"] == "apocalypse_card")
