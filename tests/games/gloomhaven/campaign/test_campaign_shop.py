"""Shop stock by prosperity, one copy per character, prices, equipment slots."""

from companion.games.gloomhaven import data
from companion.games.gloomhaven.campaign import shop


def character(**kw):
    return {"items": [], "equipped": [], "gold": 100, "level": 1, **kw}


def test_prosperity_one_stocks_items_one_to_fourteen_with_their_copies():
    listed = shop.stock(1, [], {})
    assert [row["item"]["id"] for row in listed] == list(range(1, 15))
    assert all(row["left"] == data.item(row["item"]["id"])["copies"] for row in listed)
    assert [r["item"]["id"] for r in shop.stock(2, [], {})][-1] == 21


def test_a_bought_copy_is_gone_until_sold_back_and_one_copy_per_character():
    boots = data.item(1)
    party = {"a": character(items=[1]), "b": character(items=[1])}
    assert boots["copies"] == 2
    assert shop.buy_problem(party["a"], 1, 1, [], party, 0) == "A character may own only one copy of an item."
    assert shop.buy_problem(character(), 1, 1, [], party, 0) == "The shop has no copy of that item left."
    party["b"]["retired"] = True
    assert shop.buy_problem(character(), 1, 1, [], party, 0) is None


def test_buying_uses_reputation_and_selling_is_half_rounded_down():
    item = data.item(1)
    price, working = shop.buy_price(item, 7)
    assert price == item["cost"] - 2
    assert working[0][1] == {"price": price, "cost": item["cost"], "change": -2, "reputation": 7}
    odd = next(i for i in data.items() if i["cost"] % 2)
    assert shop.sell_price(odd)[0] == odd["cost"] // 2


def test_refusals_for_unstocked_items_and_too_little_gold():
    assert shop.buy_problem(character(), 15, 1, [], {}, 0) == "The shop does not sell that item."
    assert shop.buy_problem(character(), 15, 1, [15], {}, 0) is None
    assert shop.buy_problem(character(gold=0), 1, 1, [], {}, 0) == "Not enough gold."


def test_small_item_slots_follow_the_level():
    smalls = [i["id"] for i in data.items() if i["slot"] == "small"][:3]
    level_one = character(items=smalls, equipped=[smalls[0]])
    assert shop.equip_problem(level_one, smalls[1]) == "Small items are limited to half the level, rounded up."
    level_three = character(items=smalls, equipped=[smalls[0]], level=3)
    assert shop.equip_problem(level_three, smalls[1]) is None


def test_hands_take_two_one_handed_or_one_two_handed_item():
    one = [i["id"] for i in data.items() if i["slot"] == "one_hand"][:3]
    two = next(i["id"] for i in data.items() if i["slot"] == "two_hands")
    assert shop.equip_problem(character(items=one + [two], equipped=one[:2]), one[2]) is not None
    assert shop.equip_problem(character(items=one + [two], equipped=one[:1]), two) is not None
    assert shop.equip_problem(character(items=[two]), two) is None
