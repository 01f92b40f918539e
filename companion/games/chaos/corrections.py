"""Corrections the group makes by hand: what card effects and dial rewards
change on the board, figures entered from the board, and the editable
defaults (unit stats, dial spaces, ruination points) corrected once from the
group's printed components and kept for the rest of the game. Payloads
arrive typed (actions.py); what depends on the state is checked here. Each
function is an action's effect (companion.kit.actions)."""

from __future__ import annotations

from companion.games.chaos import data
from companion.games.chaos.seats import acting_god
from companion.games.chaos.state import TOKEN_KINDS, round_of
from companion.kit.actions import Act, NotRecorded
from companion.kit.board import count, place, take
from companion.kit.deck import hand
from companion.rules import N_, ActionError


def _in_play(state, god: str, field: str) -> str:
    if god not in state["gods_in_play"]:
        raise ActionError(N_("That god is not in this game."), field=field)
    return god


def set_region(act: Act) -> None:
    state = act.state
    p = act.payload
    region = state["regions"][p["region"]]
    if region["ruined"] and p["field"] in TOKEN_KINDS and p["value"] > region[p["field"]]:
        raise ActionError(N_("A ruined region takes no new Old World tokens."), field="value")
    region[p["field"]] = p["value"]


def set_figures(act: Act) -> None:
    state = act.state
    p = act.payload
    god = _in_play(state, p["owner"], "owner")
    limit = state["components"]["units"][god][p["unit"]]["count"]
    here = count(state["board"], p["region"], god, p["unit"])
    if count(state["board"], side=god, kind=p["unit"]) - here + p["count"] > limit:
        raise ActionError(N_("That god has only %(count)d figures of that kind."), field="count", count=limit)
    if p["count"] > here:
        place(state["board"], p["region"], god, p["unit"], p["count"] - here)
    else:
        take(state["board"], p["region"], god, p["unit"], here - p["count"])


def set_corruption(act: Act) -> None:
    state = act.state
    p = act.payload
    region = state["regions"][p["region"]]
    god = _in_play(state, p["owner"], "owner")
    if region["ruined"] and region["ruined_round"] != round_of(state) and p["count"] > region["corruption"].get(god, 0):
        raise ActionError(N_("A ruined region takes no more corruption."), field="count")
    region["corruption"][god] = p["count"]


def set_control(act: Act) -> None:
    state = act.state
    p = act.payload
    region = state["regions"][p["region"]]
    entry = {"owner": _in_play(state, p["owner"], "owner"), "unit": p["unit"],
             "controller": _in_play(state, p["controller"], "controller")}
    if entry["owner"] == entry["controller"]:
        raise ActionError(N_("A god controls its own figures anyway."), field="controller")
    if p.get("release"):
        held = next((e for e in region["control"] if {key: e[key] for key in entry} == entry), None)
        if held is None:
            raise ActionError(N_("No such figure is under another god's control there."), field="unit")
        region["control"].remove(held)
        return
    lent = sum(1 for e in region["control"] if e["owner"] == entry["owner"] and e["unit"] == entry["unit"])
    if count(state["board"], p["region"], entry["owner"], entry["unit"]) <= lent:
        raise ActionError(N_("There is no such figure there to take control of."), field="unit")
    region["control"].append(entry)


def set_god(act: Act) -> None:
    state = act.state
    p = act.payload
    god_id = acting_god(act)
    if p["field"] == "dial" and p["value"] > state["components"]["dials"][god_id]["victory_at"]:
        raise ActionError(N_("At most %(max)d."), field="value", max=state["components"]["dials"][god_id]["victory_at"])
    state["gods"][god_id][p["field"]] = p["value"]


def take_upgrade(act: Act) -> None:
    state = act.state
    god_id = acting_god(act)
    index = act["upgrade"]
    god = state["gods"][god_id]
    if god["upgrades"][index]:
        raise ActionError(N_("That upgrade is already taken."), field="upgrade")
    god["upgrades"][index] = True
    try:  # recorded in the log since the app applies upgrades (upgrades.py)
        applied = act.draws.take("applied", lambda rng: True)
    except NotRecorded:  # an upgrade logged before: it stays marked only
        applied = False
    if applied:
        god.setdefault("applied", [False] * len(god["upgrades"]))[index] = True
    waiting = next((p for p in state["pending"] if p["kind"] == "upgrade" and p["god"] == god_id), None)
    if waiting:
        state["pending"].remove(waiting)


def dismiss(act: Act) -> None:
    state = act.state
    index = act["index"]
    if index >= len(state["pending"]) or \
            state["pending"][index]["kind"] in ("hero", "upgrade", "old_world", "events", "card"):
        raise ActionError(N_("That reminder is resolved by its own action."), field="index")
    state["pending"].pop(index)


def note_hand(act: Act) -> None:
    state = act.state
    """A seat's private list of its chaos cards, one name per line."""
    if act.seat_id not in act.seats:
        raise ActionError(N_("Only a seated player keeps a hand."), field="names")
    lines = [" ".join(line.split())[:80] for line in act["names"].splitlines() if line.strip()]
    if len(lines) > 30:
        raise ActionError(N_("At most %(max)d lines."), field="names", max=30)
    hand(state, act.seat_id)[:] = lines


def correct_unit(act: Act) -> None:
    state = act.state
    p = act.payload
    if p["field"] == "defense" and p["value"] < 1:
        raise ActionError(N_("At least %(min)d."), field="value", min=1)
    state["components"]["units"][p["owner"]][p["unit"]][p["field"]] = p["value"]
    _corrected(state, f"units.{p['owner']}.{p['unit']}.{p['field']}")


def correct_dial(act: Act) -> None:
    state = act.state
    p = act.payload
    dial = state["components"]["dials"][p["owner"]]
    if p["space"] >= len(dial["spaces"]):
        raise ActionError(N_("At most %(max)d."), field="space", max=len(dial["spaces"]) - 1)
    space = dial["spaces"][p["space"]]
    if p["field"] == "amount" and not (space["reward"] and "amount" in space["reward"]):
        raise ActionError(N_("That space's reward has no amount."), field="field")
    if p["field"] == "threat":
        space["threat"] = p["value"]
    else:
        space["reward"]["amount"] = p["value"]
    _corrected(state, f"dials.{p['owner']}.{p['space']}.{p['field']}")


def correct_ruination(act: Act) -> None:
    state = act.state
    p = act.payload
    card = state["components"]["ruination"][p["card"] - 1]
    if p["field"] == "ruiners":
        card["ruiners"] = p["value"]
        _corrected(state, f"ruination.{p['card']}.ruiners")
        return
    if p.get("region") is None:
        raise ActionError(N_("Pick the region whose points to correct."), field="region")
    card[p["field"]][p["region"]] = p["value"]
    _corrected(state, f"ruination.{p['card']}.{p['field']}.{p['region']}")


def correct_card(act: Act) -> None:
    """A chaos card whose printed cost or magic symbol differs on this
    table's copy: cards played from now on count the correction, and the
    god's cards lying in the regions now count the corrected domination and
    magic (a cost already paid stays paid)."""
    state = act.state
    p = act.payload
    god, card_id = p["owner"], p["card"]
    if card_id not in data.chaos_cards()[god]:
        raise ActionError(N_("That card is not in this god's deck."), field="card")
    if p["field"] == "magic" and p["value"] > 1:
        raise ActionError(N_("At most %(max)d."), field="value", max=1)
    corrected = state["components"].setdefault("cards", {}).setdefault(god, {}).setdefault(card_id, {})
    corrected[p["field"]] = p["value"] if p["field"] == "cost" else bool(p["value"])
    for region in state["regions"].values():
        for held in region["slots"]:
            if held and held["god"] == god and held.get("card") == card_id:
                if p["field"] == "cost":
                    held["domination"] = p["value"]
                else:
                    held["magic"] = p["value"]
    _corrected(state, f"cards.{god}.{card_id}.{p['field']}")


def _corrected(state, path: str) -> None:
    if path not in state["components"]["corrected"]:
        state["components"]["corrected"].append(path)

