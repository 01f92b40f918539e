"""Chaos with its cards on phones (issue 21): a four-god round played on two
360 px phones in which nobody types a card: the Old World card drawn by the
app, chaos cards dealt and drawn, one played by a tap on the card and a tap
on a free slot; the corruption phase ends with its summary at the top of
every phone. In English, Chinese and Japanese, with screenshots to look at."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from companion.games.chaos.state import lowest_threat
from test_browser_chaos import join_as
from tests.games.chaos.chaos_play import phase_of, round_of, turn_of

pytestmark = pytest.mark.browser
SCREEN = {"width": 360, "height": 740}
SHOTS = Path("/tmp/chaos-cards-shots")


def tap(server, token, page, type, choose=None, button=None):
    """Submit the `type` form in the card at the top of `page` (after `choose`
    ticks what it asks); wait until the table moved on and the page shows it."""
    form = page.locator(f"#region-now form:has(input[name=type][value='{type}'])").first
    expect(form).to_be_visible()
    if choose:
        choose(form)
    before = server.store.state(token)[0]
    (button(form) if button else form.locator("button[type=submit]").first).click()
    for _ in range(100):
        if server.store.state(token)[0] > before:
            break
        page.wait_for_timeout(50)
    assert server.store.state(token)[0] > before, f"{type}: " + page.locator("#region-now").inner_text()
    expect(page.locator("#live-status")).to_have_attribute("data-version", str(server.store.state(token)[0]))


def place_regions(form):
    """Tick as many regions as the legend asks for (one, or two); a card that
    names pairs of regions (Dwarf Trollslayers) is one button per pair instead."""
    boxes = form.locator("input[type=checkbox]")
    if not boxes.count():
        return
    wanted = 2 if "2" in form.locator("legend").inner_text() else 1
    for index in range(wanted):
        boxes.nth(index).check()


@pytest.mark.parametrize("locale", ["en-GB", "zh-CN", "ja-JP"])
def test_a_round_in_which_nobody_types_a_card(server, phones, locale):
    SHOTS.mkdir(exist_ok=True)
    table = server.store.create_table("chaos-old-world", "Chaos night", {"players": "4"})
    kim_phone, nia_phone = phones(locale=locale), phones(locale=locale)
    kim, nia = kim_phone.page, nia_phone.page
    kim_phone.accept_dialogs = nia_phone.accept_dialogs = True
    for page in (kim, nia):
        page.set_viewport_size(SCREEN)
    join_as(kim, server, table.token, "Kim", "khorne")
    join_as(nia, server, table.token, "Nia", "nurgle")
    token = table.token
    phone_of = lambda god: nia if god == "nurgle" else kim  # noqa: E731
    state = lambda: server.store.state(token)[1]  # noqa: E731

    tap(server, token, kim, "setup.tokens")
    tap(server, token, kim, "setup.start")
    # Each phone holds its own god's three cards, and no other god's.
    expect(kim.locator("#region-now")).not_to_contain_text("Plague")  # nothing of Nurgle's deck on Kim's phone
    tap(server, token, phone_of(lowest_threat(state())), "old_world.card")
    while any(entry["kind"] in ("old_world", "events") for entry in state()["pending"]):
        tap(server, token, phone_of(lowest_threat(state())), "old_world.place", choose=place_regions)
    tap(server, token, kim, "phase.next")
    for god in ("khorne", "nurgle", "tzeentch", "slaanesh"):
        tap(server, token, phone_of(god), "draw")
    assert phase_of(state()) == "summoning" and turn_of(state()) == "khorne"
    kim.locator("#region-now details.play-card > summary").click()  # the hand, folded under the next steps
    kim.locator("#region-now details.play-card").screenshot(path=str(SHOTS / f"hand-{locale}.png"))
    # Khorne plays a card: a tap on a card in the hand, a tap on a free slot.
    tap(server, token, kim, "card.play", choose=lambda form: form.locator("input[name=card]").first.check(),
        button=lambda form: form.locator("button[name=at][value='kislev:0']"))
    played = state()["regions"]["kislev"]["slots"][0]
    assert played["god"] == "khorne" and played["card"] and state()["gods"]["khorne"]["hand"] == 4
    if locale == "en-GB":  # the card played is public: on the other phone's board by name
        expect(nia.locator("#region-card-kislev .slots")).to_contain_text(played["name"])
    tap(server, token, nia, "summon", choose=lambda form: (form.locator("select[name=unit]").select_option("cultist"),
                                                           form.locator("select[name=region]").select_option("kislev")))
    while phase_of(state()) == "summoning":
        tap(server, token, phone_of(turn_of(state())), "summoning.pass")
    while phase_of(state()) == "battle":
        battle = state()["battle"]
        god = battle["roll"]["god"] if battle["roll"] else battle["queue"][0]
        if battle["roll"]:
            from companion.games.chaos.actions import assign_open

            kills = {}
            for entry in assign_open(state(), None, {})[0]["assignments"]:
                name = f"kill.{entry['owner']}.{entry['unit']}"
                kills[name] = kills.get(name, 0) + 1
            tap(server, token, phone_of(god), "battle.assign", choose=lambda form, kills=kills: [
                form.locator(f"input[name='{name}']").fill(str(count)) for name, count in kills.items()])
        else:
            tap(server, token, phone_of(god), "battle.roll")
    tap(server, token, nia, "corruption.resolve")
    assert phase_of(state()) == "end"
    # The corruption phase's story at the top of both phones, on the first screen.
    for page in (kim, nia):
        page.evaluate("window.scrollTo(0, 0)")
        summary = page.locator("#region-now .corruption-summary")
        expect(summary).to_be_visible()
        expect(summary).to_contain_text({"en-GB": "Kislev", "zh-CN": "基斯里夫", "ja-JP": "キスレヴ"}[locale])
        box = summary.bounding_box()
        assert box and box["y"] < SCREEN["height"]
    kim.evaluate("window.scrollTo(0, 0)")
    kim.screenshot(path=str(SHOTS / f"summary-{locale}.png"))
    tap(server, token, kim, "end.score")
    assert round_of(state()) == 2
    # Nothing was typed: no action of the round carried a card's name, cost or domination.
    logged = [entry for entry in server.store.log(token) if entry.type in ("card.play", "old_world.card")]
    assert logged and all("cost" not in entry.payload or entry.payload.get("cost") is None for entry in logged)


def test_dwarf_trollslayers_heroes_go_where_one_tap_on_a_pair_puts_them(server, phones):
    """The card names two pairs of regions: its drawer's phone offers each pair
    as one button, so no two regions that may not go together can be ticked."""
    table = server.store.create_table("chaos-old-world", "Chaos night", {"players": "4"})
    nia_phone = phones()
    nia = nia_phone.page
    nia.set_viewport_size(SCREEN)
    join_as(nia, server, table.token, "Nia", "nurgle")
    token = table.token
    store = server.store
    store.act(token, None, "setup.tokens", {"draw": True})
    store.act(token, None, "setup.start", {})
    state = lambda: store.state(token)[1]  # noqa: E731
    assert lowest_threat(state()) == "nurgle"  # the lowest threat dial at the start draws the card
    nurgle = next(seat.id for seat in store.seats(token).values() if seat.role == "nurgle")
    store.act(token, nurgle, "old_world.card", {"card": "dwarf_trollslayers"})  # as a group drawing by hand
    nia.reload()
    pair = nia.locator("#region-now").get_by_role("button", name="Place them in Troll Country and The Empire")
    expect(pair).to_be_visible()
    expect(nia.locator("#region-now input[type=checkbox][name^='regions.']")).to_have_count(0)
    tap(server, token, nia, "old_world.place",
        button=lambda form: form.page.locator("#region-now").get_by_role(
            "button", name="Place them in Troll Country and The Empire"))
    regions = state()["regions"]
    assert [rid for rid, region in regions.items() if region["heroes"]] == ["troll_country", "the_empire"]


def test_an_upgrade_taken_on_the_phone_shows_in_the_next_rounds_power_with_its_working(server, phones):
    """Khorne's dial gives an upgrade at the end of round 1: his phone takes
    "+1 power" from the card at its top, and round 2's draw phase gives him 8
    power, the working saying why; nobody sets the power by hand."""
    from companion.games.chaos.rules import RULES

    table = server.store.create_table("chaos-old-world", "Chaos night", {"players": "4"})
    kim_phone = phones()
    kim = kim_phone.page
    kim.set_viewport_size(SCREEN)
    join_as(kim, server, table.token, "Kim", "khorne")
    token, store = table.token, server.store
    kim_seat = next(seat.id for seat in store.seats(token).values() if seat.role == "khorne")
    state = lambda: store.state(token)[1]  # noqa: E731

    def act(type, god=None, **payload):
        """As Kim for Khorne, as the host for a god nobody sits at."""
        if god == "khorne":
            store.act(token, kim_seat, type, payload)
        else:
            store.act(token, None, type, {**payload, **({"god": god} if god else {})})

    def first_choice(type, god):
        seat = store.seats(token)[kim_seat] if god == "khorne" else None
        return next(choice for choice in RULES.open_actions(state(), seat, store.seats(token))[type]
                    if choice.get("god", "khorne") == god)

    def old_world_phase():
        act("old_world.card", god=lowest_threat(state()))
        while any(entry["kind"] in ("old_world", "events") for entry in state()["pending"]):
            god = lowest_threat(state())
            act("old_world.place", god=god, **{k: v for k, v in first_choice("old_world.place", god).items()
                                               if k != "god"})
        act("phase.next")

    act("setup.tokens", draw=True)
    act("setup.start")
    old_world_phase()
    for god in state()["gods_in_play"]:
        act("draw", god=god)
    while phase_of(state()) == "summoning":
        act("summoning.pass", god=turn_of(state()))
    act("god.set", god="khorne", field="dial_tokens", value=1)  # Khorne alone on his dial: an upgrade
    act("corruption.resolve")
    act("end.score")
    assert round_of(state()) == 2 and state()["gods"]["khorne"]["power"] != 8
    kim.reload()
    form = kim.locator("#region-now form:has(input[name=type][value='upgrade.take'])")
    expect(form).to_be_visible()
    form.locator("select[name=upgrade]").select_option(label="+1 power")
    tap(server, token, kim, "upgrade.take")
    old_world_phase()
    assert phase_of(state()) == "draw" and state()["gods"]["khorne"]["power"] == 8
    expect(kim.locator("#live-status")).to_have_attribute("data-version", str(store.state(token)[0]))
    power = kim.locator("#region-gods li[data-god=khorne] div", has_text="Power").locator("details.working")
    expect(power.locator("summary .value")).to_have_text("8")
    power.locator("summary").click()
    expect(power).to_contain_text("7 printed + 1 from upgrades = 8 power")
