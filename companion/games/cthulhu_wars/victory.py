"""Who wins (seed, 胜负判定): only a faction with six spellbooks can win;
the most doom among them wins, ties shared; nobody with six books, everyone
loses. With two players fewer than six books may win (第八章 B)."""

from __future__ import annotations

from companion.games.cthulhu_wars.spellbooks import has_all


def winners(factions: dict[str, dict], players: int) -> list[str]:
    """The winning factions (several: a shared win); [] when everyone loses."""
    eligible = {f: faction["doom"] for f, faction in factions.items() if players == 2 or has_all(faction)}
    if not eligible:
        return []
    top = max(eligible.values())
    return sorted(f for f, doom in eligible.items() if doom == top)
