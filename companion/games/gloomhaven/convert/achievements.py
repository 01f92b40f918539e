"""Achievement ids and names. The source writes most achievements as ids
("first-steps") and a few as display names ("The Drake's Command"), two of
them misspelt; every one is normalised to an id of the label file."""

from __future__ import annotations

import re

# Spellings in the source that no slug rule can mend.
MISSPELT = {"dept-collection": "debt-collection", "the-demmons-errand": "a-demons-errand"}


def convert_achievements(source) -> dict:
    """Names by id, and the type of each typed global achievement: a name
    written "Type: Name" (only one of a type is held at a time)."""
    global_names = dict(sorted(source.labels["globalAchievements"].items()))
    return {
        "global": global_names,
        "party": dict(sorted(source.labels["partyAchievements"].items())),
        "global_types": {k: name.split(":")[0] for k, name in global_names.items() if ":" in name},
    }


def slug(name: str) -> str:
    bare = re.sub(r"[^a-z0-9 -]", "", name.lower().replace("’", "'").replace("'", ""))
    found = re.sub(r"[ -]+", "-", bare).strip("-")
    return MISSPELT.get(found, found)


def normalise(source, name: str, kind: str) -> str:
    """`kind` is "global" or "party"; refuses a name that matches no achievement."""
    found = slug(name)
    known = source.labels["globalAchievements" if kind == "global" else "partyAchievements"]
    if found not in known:
        raise ValueError(f"unknown {kind} achievement {name!r}")
    return found
