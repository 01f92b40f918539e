"""Every number the campaign's pages show taps open to its working, in the
kit's one shape ({"value", "lines"}, companion/kit/working.py) and in one
place, the view's "working": the city's reputation, prosperity and
donations, each character's level, hit points, perks, small items and deck,
each shop row's copies left and price, and the level a paper scenario
defaults to."""

from campaign_support import state
from companion.games.gloomhaven.campaign.rules import RULES
from companion.kit.alike import sharing
from companion.kit.working import is_worked


def view_of(store, token, seat):
    return RULES.view(state(store, token), store.seats(token)[seat] if seat else None)


def test_the_citys_numbers_are_worked_from_the_party_and_the_track(party):
    store, token, ann, _bo = party
    store.act(token, None, "prosperity.adjust", {"delta": 4})
    city = view_of(store, token, ann)["working"]["city"]
    assert all(is_worked(number) for number in city.values())
    assert city["prosperity"]["value"] == 2 and city["prosperity"]["lines"][0][1]["checks"] == 4
    assert city["reputation"]["value"] == state(store, token)["party"]["reputation"]


def test_each_sheets_numbers_are_worked_and_the_viewers_own_are_mine(party):
    store, token, ann, bo = party
    store.act(token, ann, "character.adjust", {"field": "checkmarks", "delta": 3})
    store.act(token, ann, "perk.take", {"perk": 0})
    view = view_of(store, token, ann)
    mine = view["working"]["mine"]
    assert mine is view["working"]["sheets"]["c1"]
    assert mine["deck"]["value"] == 18 and mine["perks"]["value"] == view["shown"]["mine"]["perks_allowed"]
    assert mine["hit_points"]["lines"][0][1]["hp"] == mine["hit_points"]["value"]
    assert all(is_worked(number) for number in mine.values())
    assert view_of(store, token, None)["working"]["mine"] is None
    assert view_of(store, token, bo)["working"]["mine"] == view["working"]["sheets"]["c2"]


def test_each_shop_rows_copies_left_and_price_are_worked(party):
    store, token, ann, _bo = party
    view = view_of(store, token, ann)
    row = view["shown"]["shop"][0]
    numbers = view["working"]["shop"][str(row["id"])]
    assert numbers["price"] == {"value": row["price"], "lines": row["working"]}
    assert numbers["left"]["value"] == row["left"] and is_worked(numbers["left"])


def test_the_paper_scenarios_level_is_the_partys_at_its_difficulty(party):
    store, token, ann, _bo = party
    level = view_of(store, token, ann)["working"]["paper_level"]
    assert is_worked(level) and level["value"] == 1


def test_what_every_seat_sees_alike_is_worked_out_once_per_version_and_the_same_as_alone(party):
    """The city, the party's sheets, the scenarios and offers, the shop's
    rows: once for the phones and the display while the platform renders a
    version (kit.alike); each seat's own sheet, quest and what keeps it from
    buying an item stay its own."""
    store, token, ann, bo = party
    gold = state(store, token)["characters"]["c1"]["gold"]
    store.act(token, ann, "character.adjust", {"field": "gold", "delta": -gold})  # Grok can buy nothing
    current, seats = state(store, token), store.seats(token)
    worked_out, kept = [], {}

    def keep(what, compute):
        if what not in kept:
            worked_out.append(what)
            kept[what] = compute()
        return kept[what]

    with sharing(current, keep):
        views = [RULES.seat_view(current, seats[ann], seats), RULES.seat_view(current, seats[bo], seats),
                 RULES.seat_view(current, None, seats)]
    assert worked_out == ["campaign", "shop rows"]
    ann_view, bo_view, display = (view["shown"] for view in views)
    assert ann_view["sheets"] is bo_view["sheets"] is display["sheets"]
    assert (ann_view["mine"]["name"], bo_view["mine"]["name"], display["mine"]) == ("Grok", "Tink", None)
    assert ann_view["mine"]["gold"] == bo_view["sheets"][0]["gold"]
    assert all(row["problem"] for row in ann_view["shop"]) and not any(row["problem"] for row in bo_view["shop"])
    assert not any(row["problem"] for row in display["shop"])
    for seat, view in zip((ann, bo, None), views):
        assert RULES.seat_view(current, seats[seat] if seat else None, seats) == view
