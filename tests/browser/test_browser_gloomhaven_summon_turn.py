"""A character's summon acts by itself on a phone at 360 px: in the round
after it was summoned its turn comes just before its summoner's, and it is
"Show its turn" → "Do it" → "Next", three taps, as a monster's (a
retaliate it meets waits on its summoner's phone, as for a character); a
summon the character's cards give is picked, not typed."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from test_browser_gloomhaven import LIVE, join

pytestmark = pytest.mark.browser


def block(columns: int, rows: int) -> list[list[int]]:
    return [[q, row - q // 2] for q in range(columns) for row in range(rows)]


def started(server, phones, on_phone: tuple[str, str], other: tuple[str, str]):
    """Black Barrow started: `on_phone` (name, class) joined on a phone,
    `other` (name, class) seated by the store; (store, token, phone, the
    phone's seat id, the other's seat id)."""
    store = server.store
    token = store.create_table("gloomhaven", "Black Barrow", {"scenario": 1}).token
    phone = phones()
    join(phone.page, server, token, on_phone[0])
    mine = next(s.id for s in store.seats(token).values() if s.name == on_phone[0])
    theirs, _ = store.join(token, other[0], "player")
    store.act(token, mine, "character.set", {"class": on_phone[1], "level": 1})
    store.act(token, theirs.id, "character.set", {"class": other[1], "level": 1})
    store.act(token, mine, "scenario.start", {})
    return store, token, phone, mine, theirs.id


def test_a_summon_turn_is_three_taps(server, phones, tmp_path):
    store, token, phone, ann, bo = started(server, phones, ("Ann", "brute"), ("Bo", "spellweaver"))
    standees = [s["id"] for s in store.state(token)[1]["standees"]]
    for extra in standees[1:]:
        store.act(token, ann, "standee.remove", {"standee": extra})
    store.act(token, ann, "summon.add", {"name": "Wolf", "hp": 4, "move": 2, "attack": 2})
    wolf = store.state(token)[1]["characters"][ann]["summons"][0]["id"]
    store.act(token, ann, "map.hexes", {"hexes": block(6, 4)})
    for figure, (q, r) in {ann: (0, 0), bo: (0, 3), wolf: (1, 0), standees[0]: (3, 0)}.items():
        store.act(token, ann, "map.place", {"figure": figure, "q": q, "r": r})
    for round_number in (1, 2):
        store.act(token, ann, "initiative.choose", {"initiative": 10, "second": 40})
        store.act(token, bo, "initiative.choose", {"initiative": 60, "second": 20})
        while True:
            state = store.state(token)[1]
            turn = state["order"][state["turn"]] if state["phase"] == "playing" else None
            if turn is None or (round_number == 2 and turn["kind"] == "summon"):
                break
            assert turn["kind"] != "summon"  # not in the round it was summoned
            store.act(token, turn["id"] if turn["kind"] == "character" else ann, "turn.next", {})
    assert turn == {**turn, "kind": "summon", "id": wolf}

    now = phone.page.locator("#region-now")
    show = now.get_by_role("button", name="Show its turn")
    expect(show).to_be_visible(timeout=LIVE)
    show.click()
    do_it = now.locator(".gh-whole form:has(input[value='map.do']) button").first
    expect(do_it).to_be_visible(timeout=LIVE)
    expect(now.locator(".gh-whole")).to_contain_text("Wolf")
    phone.page.locator("#region-now").screenshot(path=str(tmp_path / "summon-turn.png"))
    print(tmp_path / "summon-turn.png")
    do_it.click()
    expect(now.locator(".gh-whole")).to_contain_text("Done", timeout=LIVE)
    assert store.state(token)[1]["map"]["at"][wolf] == "2,0"
    for entry in store.state(token)[1].get("damage", []):  # the guard's retaliate, if its card has one
        take = phone.page.locator(f"#damage-{entry['id']} button.primary")
        expect(take).to_be_visible(timeout=LIVE)
        take.click()
        expect(phone.page.locator(f"#damage-{entry['id']}")).to_have_count(0, timeout=LIVE)
    nxt = now.get_by_role("button", name="Next", exact=True)
    expect(nxt).to_be_visible(timeout=LIVE)
    nxt.click()
    expect(now.get_by_role("button", name="End my turn")).to_be_visible(timeout=LIVE)
    assert phone.page.evaluate("document.documentElement.scrollWidth") <= 360


def test_a_summon_is_picked_from_the_cards_not_typed(server, phones):
    """Bo's Spellweaver picks her Mystic Ally from the summons form: its
    card's stats, nothing typed."""
    store, token, phone, bo, _ann = started(server, phones, ("Bo", "spellweaver"), ("Ann", "brute"))
    me = phone.page.locator("#region-me")
    summary = me.locator("summary", has_text="Summons")
    expect(summary).to_be_visible(timeout=LIVE)
    summary.click()
    form = me.locator("form:has(input[value='summon.add'])")
    form.locator("select[name=from_card]").select_option("Mystic Ally")
    form.get_by_role("button", name="Summon", exact=True).click()
    expect(me.locator(".gh-list")).to_contain_text("Mystic Ally", timeout=LIVE)
    (ally,) = store.state(token)[1]["characters"][bo]["summons"]
    assert (ally["hp"], ally["stats"]) == (2, {"move": 2, "attack": 3, "range": 2, "flying": False})
    assert phone.page.evaluate("document.documentElement.scrollWidth") <= 360
