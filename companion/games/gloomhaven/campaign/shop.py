"""The city's shop: the stock by prosperity with its copies, prices after
reputation, selling back, and what a character may own and equip."""

from __future__ import annotations

from companion.games.gloomhaven.campaign import data, progression
from companion.rules import N_

SLOTS = ("head", "body", "legs", "one_hand", "two_hands", "small")


def stocked_ids(prosperity: int, designs: list) -> list[int]:
    """Items the city sells at `prosperity`, plus item designs gained."""
    ranges = data.fact("shop_items_by_prosperity")
    ids = {n for level, (low, high) in ranges.items() if int(level) <= prosperity for n in range(low, high + 1)}
    return sorted(ids | set(designs))


def owned_copies(characters: dict, item_id: int) -> int:
    """Copies held by the party's active characters (retired ones gave theirs back)."""
    return sum(1 for c in characters.values() if not c.get("retired") and item_id in c["items"])


def stock(prosperity: int, designs: list, characters: dict, supply: list = ()) -> list[dict]:
    """The shop's rows: the items it stocks with the copies no character holds,
    then the items sold or given back that it does not stock (`supply`, one
    entry a copy)."""
    stocked = stocked_ids(prosperity, designs)
    rows = [{"item": data.item(n), "left": data.item(n)["copies"] - owned_copies(characters, n)} for n in stocked]
    returned = sorted(set(supply) - set(stocked))
    return rows + [{"item": data.item(n), "left": list(supply).count(n)} for n in returned]


def returned_copy(supply: list, item_id: int, prosperity: int, designs: list) -> None:
    """An item sold or given back joins the city's supply; one the shop
    does not stock is noted so it can be bought again."""
    if item_id not in stocked_ids(prosperity, designs):
        supply.append(item_id)


def buy_price(item: dict, reputation: int) -> tuple[int, list]:
    change = progression.price_change(reputation)
    price = max(0, item["cost"] + change)
    return price, [[N_("Price %(price)d = cost %(cost)d %(change)+d (reputation %(reputation)d)"),
                    {"price": price, "cost": item["cost"], "change": change, "reputation": reputation}]]


def sell_price(item: dict) -> tuple[int, list]:
    price = item["cost"] // data.fact("sell_price")["divide_cost_by"]
    return price, [[N_("Sells for %(price)d = cost %(cost)d ÷ 2, rounded down"),
                    {"price": price, "cost": item["cost"]}]]


def buy_problem(character: dict, item_id: int, prosperity: int, designs: list, characters: dict, reputation: int,
                supply: list = ()) -> str | None:
    """Why `character` may not buy item `item_id` (None: they may)."""
    stocked = item_id in stocked_ids(prosperity, designs)
    if not stocked and item_id not in supply:
        return N_("The shop does not sell that item.")
    if item_id in character["items"]:
        return N_("A character may own only one copy of an item.")
    if stocked and data.item(item_id)["copies"] - owned_copies(characters, item_id) <= 0:
        return N_("The shop has no copy of that item left.")
    if buy_price(data.item(item_id), reputation)[0] > character["gold"]:
        return N_("Not enough gold.")
    return None


def equip_limits(level: int) -> dict:
    return {"head": 1, "body": 1, "legs": 1, "hands": 2, "small": progression.small_item_limit(level)}


def equip_problem(character: dict, item_id: int) -> str | None:
    """Why `character` may not equip one more item `item_id` (None: they may)."""
    if item_id not in character["items"]:
        return N_("The character does not own that item.")
    if item_id in character["equipped"]:
        return N_("That item is already equipped.")
    limits, slot = equip_limits(character["level"]), data.item(item_id)["slot"]
    used = {"head": 0, "body": 0, "legs": 0, "hands": 0, "small": 0}
    for other in character["equipped"]:
        other_slot = data.item(other)["slot"]
        other_group = "hands" if other_slot in ("one_hand", "two_hands") else other_slot
        used[other_group] += 2 if other_slot == "two_hands" else 1
    group = "hands" if slot in ("one_hand", "two_hands") else slot
    needs = 2 if slot == "two_hands" else 1
    if used[group] + needs > limits[group]:
        if group == "small":
            return N_("Small items are limited to half the level, rounded up.")
        return N_("That slot is already full: unequip an item first.")
    return None


def minus_one_cards(character: dict) -> int:
    return sum(data.item(n).get("minus_one_cards", 0) for n in character["equipped"])
