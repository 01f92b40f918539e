"""The Old World phase (rulebook, 旧世阶段): the lowest-threat god resolves
the top card, and the track's two slots.

A new card enters slot 1, the card in slot 1 moves to slot 2 and the card in
slot 2 leaves play. A card that is removed after its effect never enters the
track. A card that removes event cards takes the place of the card it
removed instead of shifting the track. Event tokens on the board lose their
effect when their card leaves.
"""

from __future__ import annotations

from companion.games.chaos.state import lowest_threat
from companion.rules import N_, ActionError


def enter_track(track: list, card: dict) -> tuple[list, list]:
    """(new track, cards that left play) after `card` resolves. Slots hold a
    card dict or None; a card has "remove_after" and "removes_events" flags
    and "event" when it is an event card."""
    track = list(track)
    if card.get("remove_after"):
        return track, [card]
    if card.get("removes_events"):
        removed = [slot for slot, held in enumerate(track) if held and held.get("event")]
        if removed:
            left = [track[slot] for slot in removed]
            for slot in removed:
                track[slot] = None
            track[removed[0]] = card
            return track, left
    left = [track[1]] if track[1] else []
    return [card, track[0]], left


def active_events(regions: dict[str, dict], track: list) -> dict[str, list[str]]:
    """Region -> ids of the event tokens there whose card is still on the track."""
    live = {card["uid"] for card in track if card}
    return {rid: [uid for uid in region["events"] if uid in live] for rid, region in regions.items()}


def resolve_card(state: dict, card: dict, god: str) -> None:
    """The god with the lowest threat draws the top card and resolves it."""
    if state["report"].get("old_world"):
        raise ActionError(N_("This round's Old World card is already drawn."), field="type")
    if state["old_world"]["left"] <= 0:
        raise ActionError(N_("The Old World deck is empty."), field="type")
    if god != lowest_threat(state):
        raise ActionError(N_("The god with the lowest threat draws the Old World card."), field="god")
    world = state["old_world"]
    card = {**card, "uid": world["next_uid"]}
    world["next_uid"] += 1
    world["left"] -= 1
    world["track"], gone = enter_track(world["track"], card)
    world["gone"].extend(gone)
    for region_id in card.get("event_regions", []):
        state["regions"][region_id]["events"].append(card["uid"])
    state["report"]["old_world"] = {"card": card, "by": god, "left_play": [c["uid"] for c in gone]}
