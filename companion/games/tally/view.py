"""What each seat and the display see of a tally table: the shared tracks
(the same for everyone), the counters (each seat marks its own) and, for a
seat, its private note. The state is shown as it is (the platform's default
view keeps each seat's note to itself); its templates are in
templates/games/tally/."""

from __future__ import annotations

from companion.rules import Seat

#: The regions that read no seat: rendered once per change for every phone.
SHARED_REGIONS = frozenset({"tracks"})


def regions(seat: Seat | None) -> list[str]:
    return ["tracks", "counters"] + (["note"] if seat is not None else [])
