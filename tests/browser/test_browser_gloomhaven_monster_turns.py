"""A whole round of Black Barrow's monster turns on three phones (English,
Chinese, Japanese) at 360 px: every standee's turn is "Show its turn" →
"Do it" → "Next monster" on one phone (three taps: the rules leave no choice
on this map), the damage it deals waits on its target's own phone, and each
phone shows the worked-out turn in its language (screenshots kept)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from test_browser_gloomhaven import LIVE, join

pytestmark = pytest.mark.browser


def seat_of(server, token: str, name: str) -> str:
    return next(s.id for s in server.store.seats(token).values() if s.name == name)


def block(columns: int, rows: int) -> list[list[int]]:
    return [[q, row - q // 2] for q in range(columns) for row in range(rows)]


def turn_now(store, token: str) -> dict | None:
    state = store.state(token)[1]
    if state["phase"] != "playing" or state["turn"] is None:
        return None
    return state["order"][state["turn"]]


def test_a_round_of_black_barrow_monster_turns_takes_three_taps_each(server, phones, tmp_path):
    store = server.store
    token = store.create_table("gloomhaven", "Black Barrow", {"scenario": 1}).token
    people = {"Ann": phones(locale="en-GB"), "Bo": phones(locale="zh-CN"), "Cy": phones(locale="ja-JP")}
    for name, phone in people.items():
        join(phone.page, server, token, name)
    seats = {name: seat_of(server, token, name) for name in people}
    for name, cls in zip(seats, ("brute", "spellweaver", "tinkerer")):
        store.act(token, seats[name], "character.set", {"class": cls, "level": 1})
    ann = seats["Ann"]
    store.act(token, ann, "scenario.start", {})
    # The map, laid by hand before the round (not what this test counts):
    # the characters along the left edge, the room's standees to the right.
    store.act(token, ann, "map.hexes", {"hexes": block(9, 6)})
    spots = {seats["Ann"]: (2, -1), seats["Bo"]: (2, 1), seats["Cy"]: (2, 3)}
    standees = [s["id"] for s in store.state(token)[1]["standees"]]
    free = [(q, row - q // 2) for q in (4, 6, 7, 5) for row in range(0, 6, 2)]
    spots.update(zip(standees, free))
    for figure, (q, r) in spots.items():
        store.act(token, ann, "map.place", {"figure": figure, "q": q, "r": r})
    for name, initiative in zip(seats, (80, 85, 90)):
        store.act(token, seats[name], "initiative.choose", {"initiative": initiative, "second": 20})

    page = people["Ann"].page
    now = page.locator("#region-now")
    taps, turns, shots = [], 0, 0
    for _ in range(30):
        turn = turn_now(store, token)
        if turn is None:
            break
        if turn["kind"] == "character":
            store.act(token, turn["id"], "turn.next", {})
            continue
        turns += 1
        count = 0
        show = now.get_by_role("button", name="Show its turn")
        expect(show).to_be_visible(timeout=LIVE)
        show.click()
        count += 1
        do_it = now.locator(".gh-whole form:has(input[value='map.do']) button").first
        expect(do_it).to_be_visible(timeout=LIVE)
        if shots == 0:  # the worked-out turn in each phone's language
            for phone in people.values():
                expect(phone.page.locator("#region-now .gh-whole .gh-steps li").first).to_be_visible(timeout=LIVE)
                assert phone.page.evaluate("document.documentElement.scrollWidth") <= 360
                phone.page.evaluate("window.scrollTo(0, 0)")
                path = tmp_path / f"monster-turn-{phone.page.evaluate('navigator.language')}.png"
                phone.page.locator("#region-now").screenshot(path=str(path))
                print(path)
            shots += 1
        do_it.click()
        count += 1
        expect(now.locator(".gh-whole")).to_contain_text(re.compile("Done"), timeout=LIVE)
        # Damage waits on its target's phone: that player takes it there.
        for entry in store.state(token)[1].get("damage", []):
            target = next(n for n, s in seats.items() if s == entry["seat"])
            take = people[target].page.locator(f"#damage-{entry['id']} button.primary")
            expect(take).to_be_visible(timeout=LIVE)
            take.click()
            expect(people[target].page.locator(f"#damage-{entry['id']}")).to_have_count(0, timeout=LIVE)
        nxt = now.get_by_role("button", name="Next monster")
        expect(nxt).to_be_visible(timeout=LIVE)
        before = store.state(token)[1]["turn"], store.state(token)[1]["walk_at"]
        nxt.click()
        count += 1
        for _ in range(100):
            state = store.state(token)[1]
            if (state["turn"], state["walk_at"]) != before or state["phase"] != "playing":
                break
            page.wait_for_timeout(100)
        taps.append(count)
    assert turns >= 3
    assert taps == [3] * turns
    assert store.state(token)[1]["round"] == 2
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
