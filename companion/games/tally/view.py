"""What each seat and the display see of a tally table: the shared tracks
(the same for everyone), the counters (each seat marks its own) and, for a
seat, its private note. The state is shown as it is (the platform's default
view keeps each seat's note to itself); its templates are in
templates/games/tally/."""

from __future__ import annotations

from companion.kit.now import now
from companion.rules import N_, Seat

#: The regions that read no seat: rendered once per change for every phone.
SHARED_REGIONS = frozenset({"tracks"})
#: The regions that read nothing but the view, the seats, the viewer and the
#: table's name: rendered again only when what they read of the view changed
#: (a track moved does not draw everyone's counters again).
VIEW_REGIONS = frozenset({"now", "tracks", "counters", "note"})


def regions(seat: Seat | None) -> list[str]:
    if seat is None:
        return ["tracks", "counters"]
    return ["now", "tracks", "counters", "note"]


def seat_view(shown: dict, table_state: dict, seat: Seat | None) -> dict:
    """The platform's view, with a seat's card at the top of its phone."""
    if seat is not None:
        shown["now"] = seat_now(table_state, seat)
    return shown


def seat_now(table_state: dict, seat: Seat) -> dict:
    """The card at the top of a phone (companion/kit/now.py): a tally waits
    for nobody; it holds the seat's own counters, or says where to score."""
    if seat.role == "keeper":
        return now(N_("You keep the score: change anyone’s counters below."))
    if table_state["counters"] and seat.id in table_state["values"]:
        return now(N_("Your counters: change them as you score."))
    return now(N_("Change the shared tracks below as the game goes."))
