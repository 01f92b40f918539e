"""Two phones play the first round of scenario 1 (Black Barrow) at level 1:
each picks a character, one starts the scenario, both choose their cards in
secret, the monster card shows on both once both have chosen, the turns are
walked in initiative order (a monster attack drawn on the way), and round 2
begins on both phones."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from browser_support import new_table_form, wait_live

pytestmark = pytest.mark.browser

# Another phone's change arrives through its event stream; on a loaded test
# machine that may take longer than Playwright's default five seconds.
LIVE = 15_000


def create_gloomhaven(page, server) -> str:
    page.goto(server.url)
    form = new_table_form(page, "gloomhaven")
    form.locator("input[name=name]").fill("Black Barrow night")
    form.locator("select[name=scenario]").select_option("1")
    form.locator("button[type=submit]").click()
    page.wait_for_url("**/t/*/qr")
    return page.url.rstrip("/").split("/")[-2]


def join(page, server, token: str, name: str) -> None:
    page.goto(server.at(f"/t/{token}"))
    page.locator("input[name=name]").fill(name)
    page.locator("input[name=role][value=player]").check()
    page.locator("form:has(input[name=role]) button[type=submit]").click()
    page.wait_for_selector("#region-status")
    wait_live(page)


def choose_character(page, class_id: str) -> None:
    form = page.locator("#region-now form:has(select[name=class])")
    form.locator("select[name=class]").select_option(class_id)
    form.locator("input[name=level]").fill("1")
    form.locator("button[type=submit]").click()


def on_first_screen(button):
    """The button sits within the first 740 px of the page (no scrolling to reach it), then is tapped."""
    expect(button).to_be_visible(timeout=LIVE)
    box = button.bounding_box()
    top = button.page.evaluate("window.scrollY")
    assert box["y"] + top + box["height"] <= 740, box
    button.click()


def turn_now(page):
    return page.locator("#region-turns li.now")


def test_two_phones_play_the_first_round_of_black_barrow_at_level_1(server, phones):
    ann, bo = phones(), phones()
    token = create_gloomhaven(ann.page, server)
    join(ann.page, server, token, "Ann")
    join(bo.page, server, token, "Bo")
    choose_character(ann.page, "brute")
    expect(bo.page.locator("#region-party")).to_contain_text("Brute", timeout=LIVE)
    choose_character(bo.page, "spellweaver")
    expect(ann.page.locator("#region-party")).to_contain_text("Spellweaver", timeout=LIVE)

    # The step at hand is in the card at the top of the acting phone, within the first screen.
    on_first_screen(ann.page.locator("#region-now").get_by_role("button", name="Start the scenario"))
    for phone in (ann, bo):
        expect(phone.page.locator("#region-monsters")).to_contain_text("Bandit Guard", timeout=LIVE)
        expect(phone.page.locator("#region-status")).to_contain_text("Round 1", timeout=LIVE)
    status = bo.page.locator("#region-status")
    expect(status.locator(".gh-level")).to_contain_text("1", timeout=LIVE)

    # Ann chooses; Bo sees that she has, not what.
    ann_form = ann.page.locator("#region-now form:has(input[name=second])")
    ann_form.locator("input[name=initiative]").fill("12")
    ann_form.locator("input[name=second]").fill("47")
    on_first_screen(ann_form.locator("button[type=submit]"))
    expect(ann.page.locator("#region-now")).to_contain_text("You chose 12", timeout=LIVE)
    expect(bo.page.locator("#region-turns")).to_contain_text("Still choosing: Spellweaver", timeout=LIVE)
    assert "47" not in bo.page.locator("main").inner_text()
    expect(bo.page.locator("#region-monsters .gh-card")).to_have_count(0, timeout=LIVE)

    bo_form = bo.page.locator("#region-now form:has(input[name=second])")
    bo_form.locator("input[name=initiative]").fill("88")
    bo_form.locator("input[name=second]").fill("9")
    on_first_screen(bo_form.locator("button[type=submit]"))

    # Both chose: the guards' card shows on both phones, and the order.
    for phone in (ann, bo):
        expect(phone.page.locator("#region-monsters .gh-card")).to_have_count(1, timeout=LIVE)
        expect(phone.page.locator("#region-turns .gh-order li")).to_have_count(3, timeout=LIVE)
    expect(bo.page.locator("#region-party")).to_contain_text("12", timeout=LIVE)

    # Walk the round: Ann (12) first unless the guards' card is lower.
    monster_attacked, asked = False, False
    ann.accept_dialogs = bo.accept_dialogs = True
    for _ in range(20):
        if "Round 2" in ann.page.locator("#region-status").inner_text():
            break
        now = turn_now(ann.page).inner_text()
        version = ann.page.get_attribute("#live-status", "data-version")
        if "Brute" in now:
            end_turn = ann.page.locator("#region-now").get_by_role("button", name="End my turn")
            if not asked:
                # Ending a turn asks first: declining leaves the turn as it was.
                ann.accept_dialogs = False
                end_turn.click()
                assert ann.dialogs[-1] == ("confirm", "End your turn? What you have not done this turn is lost.")
                expect(turn_now(ann.page)).to_contain_text("Brute")
                ann.accept_dialogs, asked = True, True
            on_first_screen(end_turn)
        elif "Spellweaver" in now:
            on_first_screen(bo.page.locator("#region-now").get_by_role("button", name="End my turn"))
        else:
            if not monster_attacked:
                acting = ann.page.locator("#region-monsters .gh-standee.acting")
                acting.locator("summary").click()
                acting.get_by_role("button", name="Draw a modifier and attack").click()
                expect(bo.page.locator("#region-attacks")).to_contain_text("damage", timeout=LIVE)
                expect(ann.page.locator("#region-attacks")).to_contain_text("damage", timeout=LIVE)
                # Ann was the target: her phone offers to take the damage or lose a card instead.
                waiting = ann.page.locator("#region-now .gh-damage")
                if waiting.count():
                    on_first_screen(waiting.get_by_role("button", name="Lose 1 card from hand instead"))
                    expect(ann.page.locator("#region-now .gh-damage")).to_have_count(0, timeout=LIVE)
                    expect(bo.page.locator("#region-now .gh-damage")).to_have_count(0, timeout=LIVE)
                monster_attacked = True
            on_first_screen(ann.page.locator("#region-now").get_by_role("button", name="Next monster"))
        # The step reached this phone (its live version moved on).
        ann.page.wait_for_function("(before) => document.querySelector('#live-status').dataset.version !== before",
                                   arg=version, timeout=LIVE)
    assert monster_attacked and asked
    for phone in (ann, bo):
        expect(phone.page.locator("#region-status")).to_contain_text("Round 2", timeout=LIVE)
        expect(phone.page.locator("#region-turns")).to_contain_text("Still choosing", timeout=LIVE)


def long_named_scenario(server, phones, locale, scheme):
    """Scenario 1 started by a phone with a long name and a seat named in
    Chinese (Brute and Spellweaver); (token, phone, its seat, the other seat)."""
    token = server.store.create_table("gloomhaven", "Black Barrow", {"scenario": 1}).token
    phone = phones(locale=locale, color_scheme=scheme)
    join(phone.page, server, token, "Bartholomew the Unpronounceable")
    other, _ = server.store.join(token, "Zhang Wei 张伟", "player")
    seat = next(iter(server.store.seats(token)))
    server.store.act(token, seat, "character.set", {"class": "brute", "level": 1})
    server.store.act(token, other.id, "character.set", {"class": "spellweaver", "level": 1})
    server.store.act(token, seat, "scenario.start", {})
    return token, phone, seat, other


@pytest.mark.parametrize("locale, scheme", [("en-GB", "light"), ("zh-CN", "dark"), ("ja-JP", "light")])
def test_the_scenario_page_fits_a_360px_phone_in_each_language(server, phones, locale, scheme):
    from test_browser_layout import MIN_TARGET, open_all_details, sideways_overflow

    token, phone, seat, other = long_named_scenario(server, phones, locale, scheme)
    server.store.act(token, seat, "room.reveal", {"room": 2})
    server.store.act(token, other.id, "initiative.choose", {"initiative": 20, "second": 30})
    phone.page.reload()
    wait_live(phone.page)
    open_all_details(phone.page)
    assert sideways_overflow(phone.page) is None, sideways_overflow(phone.page)
    # Thumb-sized: the folds (Short rest, Conditions, a number's working) and the condition chips.
    small = phone.page.evaluate(f"""() => [...document.querySelectorAll('summary, button.chip')]
        .filter(e => e.checkVisibility())
        .map(e => [e.textContent.trim().slice(0, 30), e.getBoundingClientRect().height])
        .filter(([_, height]) => height < {MIN_TARGET})""")
    assert not small, small
    server.store.act(token, seat, "initiative.choose", {"initiative": 40, "second": 50})
    expect(phone.page.locator("#region-turns .gh-order li")).to_have_count(4, timeout=LIVE)
    open_all_details(phone.page)
    assert sideways_overflow(phone.page) is None, sideways_overflow(phone.page)


@pytest.mark.parametrize("locale", ["en-GB", "ja-JP"])
def test_the_scenarios_result_keeps_each_name_whole_with_its_workings_open(server, phones, locale):
    """The result's table: characters' names beside experience and gold whose
    working is open. The shared scoreboard rule squeezed the name column to
    nothing ("B r u t e", one letter a line)."""
    from test_browser_layout import open_all_details, sideways_overflow

    token, phone, seat, other = long_named_scenario(server, phones, locale, "dark")
    server.store.act(token, seat, "scenario.end", {"outcome": "success"})
    phone.page.reload()
    wait_live(phone.page)
    open_all_details(phone.page)
    assert sideways_overflow(phone.page) is None, sideways_overflow(phone.page)
    names = phone.page.evaluate("""() => [...document.querySelectorAll(
          '.card:has(> h2) > .scroll-x > table.counters tbody th[scope=row]')]
        .map(th => { const r = document.createRange(); r.selectNodeContents(th.firstChild);
          const lines = new Set([...r.getClientRects()].map(x => Math.round(x.top))).size;
          return [th.textContent.trim().slice(0, 20), lines]; })""")
    assert len(names) == 2, names
    # A long katakana name may take two lines; never a letter a line.
    assert all(lines <= (1 if locale == "en-GB" else 2) for _, lines in names), names
