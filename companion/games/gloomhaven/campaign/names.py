"""The campaign's display names: an achievement's name from its id (and as a
message parameter read in the reader's language) and its id from a name typed
at the table. The names come from the base game's data (data/gloomhaven/,
names.json for other languages); the campaign holds no name msgids of its own
(an item slot's name is the template's, templates/games/gloomhaven/campaign/_campaign.html)."""

from __future__ import annotations

from companion.games.gloomhaven.campaign import data
from companion.games.gloomhaven.names import NameOf


def achievement_id(name: str) -> str:
    """An achievement's id from an id or a display name ("First Steps")."""
    known = data.achievements()
    by_name = {v.casefold(): k for part in ("global", "party") for k, v in known[part].items()}
    text = name.strip()
    return by_name.get(text.casefold(), text.casefold().replace(" ", "-").replace("'", "").replace(":", ""))


def achievement_name(achievement: str) -> str:
    """An achievement's display name (its English name in the data; an id the data does not know as itself)."""
    known = data.achievements()
    return known["global"].get(achievement) or known["party"].get(achievement) or achievement


def achievement(achievement: str) -> NameOf:
    """An achievement as a message's parameter: named in the reader's language where the message is read."""
    return NameOf("achievements", achievement)
