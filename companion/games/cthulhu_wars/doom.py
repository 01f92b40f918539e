"""The doom phase (seed, 第三阶段 湮灭阶段): doom by gates, the Ritual of
Annihilation on the track for the player count, and the end check."""

from __future__ import annotations

from companion.games.cthulhu_wars import data
from companion.rules import N_, ActionError

#: Where doom comes from, for "show the working".
DOOM_SOURCES = ("gates", "rituals", "elder_signs", "other")


def add_doom(faction: dict, source: str, amount: int) -> None:
    faction["doom"] += amount
    sources = faction.setdefault("doom_from", {})
    sources[source] = sources.get(source, 0) + amount


def doom_target(players: int) -> int:
    """30 doom ends the game; 20 with two players (第八章 B)."""
    ends = data.game()["doom_to_end"]
    return ends["two_players"] if players == 2 else ends["default"]


def ritual_cost(track: list[int | None], marker: int) -> int:
    """The cost under the marker; on Instant Death, the cap (10)."""
    cost = track[marker]
    return data.instant_death_cost() if cost is None else cost


def on_instant_death(track: list[int | None], marker: int) -> bool:
    return track[marker] is None


def advance_marker(track: list[int | None], marker: int) -> int:
    """One space on, staying on Instant Death once there."""
    return min(marker + 1, len(track) - 1)


def great_old_ones_in_play(faction: dict) -> list[str]:
    """In play counts a submerged Great Old One too (seed FAQ on Submerge)."""
    return [goo for goo, where in faction["great_old_ones"].items() if where in ("map", "submerged")]


def check_ritual(faction: dict, cost: int, needs_great_old_one: bool, decided: bool = False) -> None:
    """Refuses a ritual the faction can't perform (ActionError naming why);
    `decided`: it has decided on the ritual this doom phase already."""
    if decided:
        raise ActionError(N_("You have already decided on the ritual this doom phase."))
    if faction["power"] < cost:
        raise ActionError(N_("The ritual costs %(cost)d power; you have %(power)d."), cost=cost, power=faction["power"])
    # 咒术书: with six books a ritual needs no Great Old One in play; whether it
    # does otherwise is unclear in the seed, so the table decides (a setting).
    if needs_great_old_one and len(faction["spellbooks"]) < 6 and not great_old_ones_in_play(faction):
        raise ActionError(N_("This table plays that a ritual needs a Great Old One in play, or six spellbooks."))


def ritual_gains(faction: dict) -> dict:
    """Doom (again by gates) and elder signs (one per Great Old One in play)."""
    return {"doom": faction["counts"].get("gates", 0), "elder_signs": len(great_old_ones_in_play(faction))}


def game_over(doom: dict[str, int], players: int, track: list[int | None], marker: int) -> bool:
    """The end check: someone at the doom target, or the marker on Instant Death."""
    return on_instant_death(track, marker) or any(value >= doom_target(players) for value in doom.values())
