"""Corrections the group makes by hand: what card effects and dial rewards
change on the board, figures entered from the board, and the editable
defaults (unit stats, dial spaces, ruination points) corrected once from the
group's printed components and kept for the rest of the game."""

from __future__ import annotations

from companion.games.chaos import data, payload as read
from companion.games.chaos.board import UNIT_KINDS
from companion.games.chaos.state import TOKEN_KINDS
from companion.rules import N_, ActionError

REGIONS = tuple(data.region_order())
GODS = tuple(data.god_order())
GOD_FIELDS = ("vp", "power", "power_bonus", "dial_tokens", "peasants", "hand", "deck", "discard", "dial")


def _god(state, action, seats):
    from companion.games.chaos.rules import acting_god

    return acting_god(state, action, seats)


def set_region(state, action, seats):
    p = action.payload
    region = state["regions"][read.choice(p, "region", REGIONS)]
    field = read.choice(p, "field", (*TOKEN_KINDS, "resistance", "conquest"))
    value = read.integer(p, "value", 0, 40)
    if region["ruined"] and field in TOKEN_KINDS and value > region[field]:
        raise ActionError(N_("A ruined region takes no new Old World tokens."), field="value")
    region[field] = value


def set_figures(state, action, seats):
    p = action.payload
    region_id = read.choice(p, "region", REGIONS)
    god = read.choice(p, "owner", state["gods_in_play"])
    unit = read.choice(p, "unit", UNIT_KINDS)
    count = read.integer(p, "count", 0, 12)
    limit = state["components"]["units"][god][unit]["count"]
    elsewhere = sum(r["figures"].get(god, {}).get(unit, 0) for rid, r in state["regions"].items() if rid != region_id)
    if elsewhere + count > limit:
        raise ActionError(N_("That god has only %(count)d figures of that kind."), field="count", count=limit)
    state["regions"][region_id]["figures"].setdefault(god, {})[unit] = count


def set_corruption(state, action, seats):
    p = action.payload
    region = state["regions"][read.choice(p, "region", REGIONS)]
    god = read.choice(p, "owner", state["gods_in_play"])
    count = read.integer(p, "count", 0, data.table()["corruption_tokens_per_god"])
    if region["ruined"] and count > region["corruption"].get(god, 0) and region["ruined_round"] != state["round"]:
        raise ActionError(N_("A ruined region takes no more corruption."), field="count")
    region["corruption"][god] = count


def set_control(state, action, seats):
    p = action.payload
    region = state["regions"][read.choice(p, "region", REGIONS)]
    entry = {"owner": read.choice(p, "owner", state["gods_in_play"]), "unit": read.choice(p, "unit", UNIT_KINDS),
             "controller": read.choice(p, "controller", state["gods_in_play"])}
    if entry["owner"] == entry["controller"]:
        raise ActionError(N_("A god controls its own figures anyway."), field="controller")
    if read.flag(p, "release"):
        if entry not in region["control"]:
            raise ActionError(N_("No such figure is under another god's control there."), field="unit")
        region["control"].remove(entry)
        return
    lent = sum(1 for e in region["control"] if e["owner"] == entry["owner"] and e["unit"] == entry["unit"])
    if region["figures"].get(entry["owner"], {}).get(entry["unit"], 0) <= lent:
        raise ActionError(N_("There is no such figure there to take control of."), field="unit")
    region["control"].append(entry)


def set_god(state, action, seats):
    p = action.payload
    god = state["gods"][_god(state, action, seats)]
    field = read.choice(p, "field", GOD_FIELDS)
    high = state["components"]["dials"][_god(state, action, seats)]["victory_at"] if field == "dial" else 999
    god[field] = read.integer(p, "value", 0, high)


def take_upgrade(state, action, seats):
    god_id = _god(state, action, seats)
    index = read.integer(action.payload, "upgrade", 0, 4)
    god = state["gods"][god_id]
    if god["upgrades"][index]:
        raise ActionError(N_("That upgrade is already taken."), field="upgrade")
    god["upgrades"][index] = True
    waiting = next((p for p in state["pending"] if p["kind"] == "upgrade" and p["god"] == god_id), None)
    if waiting:
        state["pending"].remove(waiting)


def dismiss(state, action, seats):
    index = read.integer(action.payload, "index", 0, max(0, len(state["pending"]) - 1))
    if index >= len(state["pending"]) or state["pending"][index]["kind"] in ("hero", "upgrade"):
        raise ActionError(N_("That reminder is resolved by its own action."), field="index")
    state["pending"].pop(index)


def note_hand(state, action, seats):
    """A seat's private list of its chaos cards, one name per line."""
    if action.seat not in seats:
        raise ActionError(N_("Only a seated player keeps a hand."), field="names")
    names = action.payload.get("names", "")
    if not isinstance(names, str) or len(names) > 2000:
        raise ActionError(N_("Write some text."), field="names")
    lines = [read.text({"names": line}, "names") for line in names.splitlines() if line.strip()]
    if len(lines) > 30:
        raise ActionError(N_("At most %(max)d lines."), field="names", max=30)
    state["secrets"].setdefault(action.seat, {})["hand"] = lines


def correct_unit(state, action, seats):
    p = action.payload
    god, unit = read.choice(p, "owner", GODS), read.choice(p, "unit", UNIT_KINDS)
    field = read.choice(p, "field", ("cost", "attack", "defense"))
    state["components"]["units"][god][unit][field] = read.integer(p, "value", 0 if field != "defense" else 1, 20)
    _corrected(state, f"units.{god}.{unit}.{field}")


def correct_dial(state, action, seats):
    p = action.payload
    god = read.choice(p, "owner", GODS)
    dial = state["components"]["dials"][god]
    space = dial["spaces"][read.integer(p, "space", 0, len(dial["spaces"]) - 1)]
    field = read.choice(p, "field", ("threat", "amount"))
    if field == "amount" and not (space["reward"] and "amount" in space["reward"]):
        raise ActionError(N_("That space's reward has no amount."), field="field")
    value = read.integer(p, "value", 0, 50)
    if field == "threat":
        space["threat"] = value
    else:
        space["reward"]["amount"] = value
    _corrected(state, f"dials.{god}.{p.get('space')}.{field}")


def correct_ruination(state, action, seats):
    p = action.payload
    number = read.integer(p, "card", 1, len(state["components"]["ruination"]))
    card = state["components"]["ruination"][number - 1]
    field = read.choice(p, "field", ("ruiners", "first", "second"))
    value = read.integer(p, "value", 0, 50)
    if field == "ruiners":
        card["ruiners"] = value
        _corrected(state, f"ruination.{number}.ruiners")
        return
    region = read.choice(p, "region", REGIONS)
    card[field][region] = value
    _corrected(state, f"ruination.{number}.{field}.{region}")


def _corrected(state, path: str) -> None:
    if path not in state["components"]["corrected"]:
        state["components"]["corrected"].append(path)


ACTIONS = {
    "region.set": ("Set a region's `field` (warpstone, heroes, nobles, peasants, skaven, resistance, conquest) to `value`.", set_region),
    "region.figures": ("Enter from the board how many `unit` figures god `owner` has in `region`: `count`.", set_figures),
    "region.corruption": ("Set god `owner`'s corruption in `region` to `count`.", set_corruption),
    "region.control": ("God `controller` controls one of `owner`'s `unit` figures in `region` (`release`: true ends it).", set_control),
    "god.set": ("Set a god's `field` (vp, power, power_bonus, dial_tokens, peasants, hand, deck, discard, dial) to `value`.", set_god),
    "upgrade.take": ("Take upgrade card `upgrade` (0-4) of the god.", take_upgrade),
    "pending.done": ("Mark the listed reminder `index` as done (a dial reward the group applied).", dismiss),
    "hand.note": ("Your private list of the chaos cards in your hand: `names`, one per line.", note_hand),
    "components.unit": ("Correct a unit's printed `field` (cost, attack, defense) for god `owner`, `unit`: `value`.", correct_unit),
    "components.dial": ("Correct dial space `space` of god `owner`: `field` threat or amount, `value`.", correct_dial),
    "components.ruination": ("Correct ruination card `card`: `field` ruiners (or first/second with `region`), `value`.", correct_ruination),
}
