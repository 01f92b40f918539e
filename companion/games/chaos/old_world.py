"""The Old World phase (rulebook, 旧世阶段): the lowest-threat god resolves
the top card, and the track's two slots.

A new card enters slot 1, the card in slot 1 moves to slot 2 and the card in
slot 2 leaves play. A card that is removed after its effect never enters the
track. A card that removes event cards takes the place of the card it
removed instead of shifting the track. Event tokens on the board lose their
effect when their card leaves.
"""

from __future__ import annotations

from companion.games.chaos import data
from companion.games.chaos.state import card_rules, lowest_threat
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


# -- the Old World deck, at a table whose cards the app draws -------------------------------------
TOKEN_FIELDS = ("warpstone", "heroes", "nobles", "peasants", "skaven")


def card_from_deck(card_id: str) -> dict:
    """The drawn card as the track keeps it, from the data."""
    held = data.old_world_cards()[card_id]
    return {"name": held["name"], "card": card_id, "event_regions": [], "remove_after": held["leaves"],
            "removes_events": card_id == "greenskins_invade", "event": held["event"], "end_phase": False}


def carry_out(state: dict, card: dict, god: str) -> None:
    """What the app does for a drawn card it knows: tokens placed where the
    card says, or a choice of regions asked of the drawer (`pending`); event
    tokens asked of the drawer; peasants scored. A card it does not know is
    shown by name and summary for the table to apply. An event card naming
    its regions (since card_rules 2) puts its event tokens there itself."""
    held = data.old_world_cards()[card["card"]]
    does = effect(state, card["card"])
    if does and does["kind"] == "tokens":
        for region_id in does.get("regions", []):
            if not state["regions"][region_id]["ruined"]:  # a ruined region takes no new tokens
                state["regions"][region_id][does["token"]] += does["count"]
        entry = {"kind": "old_world", "god": god, "card": card["card"], "token": does["token"],
                 "amount": does["count"], "choose": does.get("choose", 0),
                 **({"allowed": allowed(state, does)} if card_rules(state) >= 2 else {})}
        if entry["choose"] and ("allowed" not in entry or choices(state, entry)):  # else nowhere is left to pick
            state["pending"].append(entry)
    elif does and does["kind"] == "peasant_vp":
        held_peasants = {g: state["gods"][g]["peasants"] for g in state["gods_in_play"]}
        for g, peasants in held_peasants.items():
            state["gods"][g]["vp"] += peasants
        most = max(held_peasants.values(), default=0)
        leaders = [g for g, peasants in held_peasants.items() if peasants == most]
        if most and len(leaders) == 1:
            state["gods"][leaders[0]]["vp"] += does["most"]
    if held["event"] and does and does["kind"] == "events":  # the card names them
        put_events(state, card["uid"], [region_id for region_id in does["regions"]
                                        if not state["regions"][region_id]["ruined"]])
    elif held["event"]:
        state["pending"].append({"kind": "events", "god": god, "card": card["card"], "uid": card["uid"]})


def effect(state: dict, card_id: str) -> dict | None:
    """The card's effect the app carries out at this table (an effect added
    since the table was made is left to the table, as it was then)."""
    does = data.old_world_cards()[card_id]["does"]
    return does if does and does.get("since", 1) <= card_rules(state) else None


def allowed(state: dict, does: dict) -> list[str]:
    """The regions the drawer may pick for the card's tokens: not ruined, not
    one the card names itself, and near the token or in a pair it names."""
    regions = data.regions()
    near = [rid for rid, region in state["regions"].items() if does.get("near") and (
        region[does["near"]] or any(state["regions"][other][does["near"]] for other in regions[rid]["adjacent"]))]
    paired = [rid for pair in does.get("pairs", []) for rid in pair]
    return [rid for rid, region in state["regions"].items() if not region["ruined"]
            and rid not in does.get("regions", []) and (not does.get("near") or rid in near)
            and (not paired or rid in paired)]


def choices(state: dict, entry: dict) -> list[list[str]]:
    """Region lists the drawer may place an entry's tokens in (the open actions offer them)."""
    regions = entry.get("allowed") or [rid for rid, region in state["regions"].items() if not region["ruined"]]
    if entry["kind"] == "events":
        return [regions[:1]]
    pairs = (effect(state, entry["card"]) or {}).get("pairs")
    if pairs and "allowed" in entry:
        return [pair for pair in pairs if all(rid in regions for rid in pair)]
    return [regions[:entry["choose"]]] if len(regions) >= entry["choose"] else []


def place(state: dict, god: str, chosen: list[str]) -> dict:
    """The drawer places the tokens (or event tokens) its card asks for in
    the regions it chose; returns the step it settled."""
    entry = next((p for p in state["pending"] if p["kind"] in ("old_world", "events") and p["god"] == god), None)
    if entry is None:
        raise ActionError(N_("No Old World card asks this god to place tokens."), field="regions")
    if not chosen or any(state["regions"][region_id]["ruined"] for region_id in chosen):
        raise ActionError(N_("Pick regions that are not ruined."), field="regions")
    if entry["kind"] == "old_world":
        if len(chosen) != entry["choose"]:
            raise ActionError(N_("Pick %(count)d regions."), field="regions", count=entry["choose"])
        pairs = (effect(state, entry["card"]) or {}).get("pairs") if "allowed" in entry else None
        if any(rid not in entry.get("allowed", chosen) for rid in chosen) or (
                pairs and sorted(chosen) not in [sorted(pair) for pair in pairs]):
            raise ActionError(N_("Pick the regions the card allows (they are listed)."), field="regions")
        for region_id in chosen:
            state["regions"][region_id][entry["token"]] += entry["amount"]
    else:
        put_events(state, entry["uid"], chosen)
    state["pending"].remove(entry)
    return entry


def put_events(state: dict, uid: int, regions: list[str]) -> None:
    """The event tokens of the card `uid` in `regions`, and the card on the track says where."""
    for region_id in regions:
        state["regions"][region_id]["events"].append(uid)
    placed = next((card for card in state["old_world"]["track"] if card and card["uid"] == uid), None)
    if placed is not None:
        placed["event_regions"] = list(regions)
