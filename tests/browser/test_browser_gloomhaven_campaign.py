"""A Gloomhaven campaign kept on two phones, through the pages only: they
create a party of two characters, start scenario 1 (Black Barrow) from the
campaign, play it to a win on the linked scenario table, report it back,
each confirms their own line, and both sheets show the rewards with
scenario 2 open; then scenario 2 the same way, and scenario 3 opens."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from browser_support import new_table_form, wait_live

pytestmark = pytest.mark.browser

LIVE = 15_000  # ms: another phone's change arrives through its event stream


def create_campaign(page, server) -> str:
    page.goto(server.url)
    form = new_table_form(page, "gloomhaven-campaign")
    form.locator("input[name=name]").fill("Tuesday campaign")
    form.locator("input[name=party]").fill("The Lanterns")
    form.locator("button[type=submit]").click()
    page.wait_for_url("**/t/*/qr")
    return page.url.rstrip("/").split("/")[-2]


def join(page, server, token: str, name: str) -> None:
    page.goto(server.at(f"/t/{token}"))
    page.locator("input[name=name]").fill(name)
    page.locator("input[name=role][value=player]").check()
    page.locator("form:has(input[name=role]) button[type=submit]").click()
    page.wait_for_selector("#region-sheet")
    wait_live(page)


def create_character(page, class_id: str, name: str) -> None:
    form = page.locator("#region-now form:has(select[name=class])")
    form.locator("select[name=class]").select_option(class_id)
    form.locator("input[name=name]").fill(name)
    form.locator("button[type=submit]").click()
    expect(page.locator("#region-sheet .sheet h3")).to_contain_text(name)
    # Two personal quests dealt in secret: keep the first.
    page.locator("#region-sheet .quest").get_by_role("button", name="Keep").first.click()
    expect(page.locator("#region-sheet .quest")).not_to_contain_text("Keep one of these two")


def character_card(page, name: str):
    return page.locator("#region-characters li.character", has=page.locator("strong", has_text=name))


def scenario_row(page, number: int):
    return page.locator(f"#region-scenarios li[data-scenario='{number}']")


def play_scenario_to_a_win(ann, bo, parent: str, number: int, name: str, gains: list, heroes=("Grok", "Tink")) -> list:
    """Ann starts scenario `number` from the campaign, Bo follows the link;
    both play it to a win (Ann gaining gains[0], Bo gains[1]: (experience,
    coins)), mark their battle goals met and confirm their lines; Ann
    reports the result. Returns [Ann's, Bo's] line (experience, gold,
    checkmarks) as the scenario's summary showed it."""
    scenario_row(ann.page, number).get_by_role("button", name=f"Play scenario {number}: {name}").click()
    ann.page.wait_for_url(lambda url: "/t/" in url and parent not in url)
    child = ann.page.url.rstrip("/").split("/")[-1]
    wait_live(ann.page)
    # Bo's campaign page shows the scenario being played (the party is out of town), live.
    expect(scenario_row(bo.page, number)).to_contain_text("Being played", timeout=LIVE)
    bo.page.locator("#region-links").get_by_role("link", name=f"{number} {name}").click(timeout=LIVE)
    bo.page.wait_for_url(f"**/t/{child}")
    wait_live(bo.page)
    for phone, hero in zip((ann, bo), heroes):  # seated with the campaign's character, no join form
        expect(phone.page.locator("form:has(input[name=role])")).to_have_count(0)
        expect(phone.page.locator("#region-now summary").first).to_contain_text(f"{hero} (level 1)")

    ann.page.get_by_role("button", name="Start the scenario").click()
    for phone, (xp_clicks, coin_clicks) in zip((ann, bo), gains):
        expect(phone.page.locator("#region-status")).to_contain_text("Round 1", timeout=LIVE)
        phone.page.locator("#region-me").get_by_role("button", name="Keep this one").first.click()
        expect(phone.page.locator("#region-me .gh-goal.kept")).to_have_count(1)
        for field, clicks in (("XP", xp_clicks), ("Coins", coin_clicks)):
            counter = phone.page.locator("#region-me .my-counters li", has=phone.page.locator(".name", has_text=field))
            for n in range(1, clicks + 1):
                counter.get_by_role("button", name=f"{field} plus 1").click()
                expect(counter.locator(".value")).to_have_text(str(n))

    ann.accept_dialogs = True
    end_fold = ann.page.locator("#region-status details", has=ann.page.locator("summary", has_text="End the scenario"))
    end_fold.locator("summary").click()
    ann.page.get_by_role("button", name="Won").click()
    lines = []
    for phone in (ann, bo):
        expect(phone.page.locator("#region-status")).to_contain_text("Scenario won", timeout=LIVE)
        report = phone.page.get_by_role("button", name=re.compile("Report the result"))
        expect(report).to_have_count(0)  # not before everyone has marked their goal and confirmed
        expect(phone.page.locator("#region-status .confirm-count")).to_be_visible()
        phone.page.locator("#region-now").get_by_role("button", name="Goal met").click()
        expect(phone.page.locator("#region-status tr.me")).to_contain_text("met")
        row = phone.page.locator("#region-status tr.me")
        lines.append([int(row.locator("td .value").nth(i).inner_text()) for i in range(3)])
        phone.page.get_by_role("button", name="Confirm my line").click()
        expect(phone.page.get_by_role("button", name="Confirm my line")).to_have_count(0)
    report = ann.page.get_by_role("button", name="Report the result to Tuesday campaign")
    expect(report).to_be_visible(timeout=LIVE)
    report.click()
    ann.page.wait_for_url(f"**/t/{parent}")
    wait_live(ann.page)
    expect(bo.page.locator("#region-links")).to_contain_text("reported to Tuesday campaign", timeout=LIVE)
    bo.page.locator("#region-links").get_by_role("link", name="Back to Tuesday campaign").click()
    bo.page.wait_for_url(f"**/t/{parent}")
    wait_live(bo.page)
    return lines


def confirm_result(phone, number: int, line: list) -> None:
    """The phone's own sheet shows its line of scenario `number`; it confirms."""
    xp, gold, checks = line
    pending = phone.page.locator("#region-sheet .pending")
    result = f"Scenario {number} (success): +{xp} experience, +{gold} gold, +{checks} checkmarks"
    expect(pending).to_contain_text(result, timeout=LIVE)
    pending.get_by_role("button", name="Confirm").click()
    expect(pending).to_have_count(0)


def sheet_numbers(page, name: str) -> tuple[int, int, int]:
    card = character_card(page, name)
    return tuple(int(card.locator(f"dd{kind}").first.inner_text()) for kind in (".xp", ".gold", ".checks"))


def shoot(page, folder: Path, name: str) -> None:
    """The whole page at 360 px, and in screen-high parts (to look at after changing the pages)."""
    page.screenshot(path=str(folder / f"{name}.png"), full_page=True)
    height = page.evaluate("document.documentElement.scrollHeight")
    for part, top in enumerate(range(0, height, 640)):
        page.screenshot(path=str(folder / f"{name}-{part:02d}.png"), full_page=True,
                        clip={"x": 0, "y": top, "width": 360, "height": min(640, height - top)})


def test_two_phones_keep_a_campaign_through_scenarios_1_and_2(server, phones, tmp_path):
    ann, bo = phones(), phones()
    token = create_campaign(ann.page, server)
    join(ann.page, server, token, "Ann")
    join(bo.page, server, token, "Bo")
    create_character(ann.page, "brute", "Grok")
    create_character(bo.page, "tinkerer", "Tink")
    for phone in (ann, bo):
        expect(character_card(phone.page, "Grok")).to_be_visible(timeout=LIVE)
        expect(character_card(phone.page, "Tink")).to_be_visible(timeout=LIVE)
        expect(scenario_row(phone.page, 1)).to_contain_text("Available")
        expect(scenario_row(phone.page, 2)).to_have_count(0)  # not unlocked yet: not listed
    start = {"Grok": (0, 30, 0), "Tink": (0, 30, 0)}  # level 1: no experience, 15 × 2 gold
    assert sheet_numbers(ann.page, "Grok") == start["Grok"]

    # Scenario 1, Black Barrow, at level 1 (two level-1 characters, normal):
    # 6 bonus experience, 2 gold a coin; its reward is the party achievement First Steps.
    lines = play_scenario_to_a_win(ann, bo, token, 1, "Black Barrow", [(3, 2), (1, 4)])
    assert lines[0][:2] == [3 + 6, 2 * 2] and lines[1][:2] == [1 + 6, 4 * 2]
    assert all(line[2] in (1, 2) for line in lines)  # a met battle goal is worth 1 or 2
    confirm_result(ann, 1, lines[0])
    confirm_result(bo, 1, lines[1])
    after_1 = {"Grok": tuple(a + b for a, b in zip(start["Grok"], lines[0])),
               "Tink": tuple(a + b for a, b in zip(start["Tink"], lines[1]))}
    for phone in (ann, bo):
        for name in ("Grok", "Tink"):
            expect(character_card(phone.page, name).locator("dd.xp")).to_have_text(str(after_1[name][0]), timeout=LIVE)
            assert sheet_numbers(phone.page, name) == after_1[name]
        expect(scenario_row(phone.page, 1)).to_contain_text("Completed")
        expect(scenario_row(phone.page, 2)).to_contain_text("Available")
        expect(phone.page.locator("#region-party")).to_contain_text("First Steps")

    # Scenario 2, Barrow Lair: its reward is 10 gold each and a prosperity checkmark.
    lines = play_scenario_to_a_win(ann, bo, token, 2, "Barrow Lair", [(2, 1), (0, 0)])
    assert lines[0][:2] == [2 + 6, 1 * 2] and lines[1][:2] == [0 + 6, 0]
    confirm_result(ann, 2, [lines[0][0], lines[0][1] + 10, lines[0][2]])
    confirm_result(bo, 2, [lines[1][0], lines[1][1] + 10, lines[1][2]])
    after_2 = {name: (after_1[name][0] + line[0], after_1[name][1] + line[1] + 10, after_1[name][2] + line[2])
               for name, line in (("Grok", lines[0]), ("Tink", lines[1]))}
    for phone in (ann, bo):
        for name in ("Grok", "Tink"):
            expect(character_card(phone.page, name).locator("dd.xp")).to_have_text(str(after_2[name][0]), timeout=LIVE)
            assert sheet_numbers(phone.page, name) == after_2[name]
        expect(scenario_row(phone.page, 2)).to_contain_text("Completed")
        expect(phone.page.locator("#region-party")).to_contain_text("Prosperity checkmarks: 1")  # Barrow Lair's reward
        expect(scenario_row(phone.page, 3)).to_contain_text("Available")
        expect(scenario_row(phone.page, 4)).to_contain_text("Available")
    # The sheets' own numbers agree with the party list.
    expect(ann.page.locator("#region-sheet .sheet dd.xp")).to_have_text(str(after_2["Grok"][0]))
    expect(bo.page.locator("#region-sheet .sheet dd.gold")).to_have_text(str(after_2["Tink"][1]))

    # The form for a scenario played on paper, opened, fits the phone too.
    ann.page.locator("#region-scenarios summary", has_text="Record a scenario played on paper").click()
    expect(ann.page.locator("#region-scenarios .paper-line")).to_have_count(2)
    folder = Path(os.environ.get("COMPANION_SCREENSHOTS") or tmp_path)
    shoot(ann.page, folder, "gloomhaven-campaign-after-scenario-2")
    for phone in (ann, bo):
        assert phone.page.evaluate("document.documentElement.scrollWidth") <= 360
    # Every folded part opened (sheet, perks, deck, items, shop), in each language: nothing wider than the phone.
    for label, lang in ((None, "en"), ("简体中文", "zh-Hans"), ("日本語", "ja")):
        if label:
            with ann.page.expect_navigation():
                ann.page.locator("#lang-select").select_option(label=label)
            wait_live(ann.page)
        expect(ann.page.locator("html")).to_have_attribute("lang", lang)
        ann.page.evaluate("document.querySelectorAll('main details').forEach(d => d.open = true)")
        assert ann.page.evaluate("document.documentElement.scrollWidth") <= 360, lang
        shoot(ann.page, folder, f"gloomhaven-campaign-open-{lang}")


def open_details(page, region: str, summary: str):
    details = page.locator(f"{region} details", has=page.locator("summary", has_text=summary)).first
    if details.get_attribute("open") is None:
        details.locator("summary").first.click()
    return details


def record_on_paper(page, number: int) -> None:
    """Unlock scenario `number` from the party's forms and record it won on paper (nothing gained)."""
    forms = open_details(page, "#region-party", "Change the party")
    forms.locator("input[name=scenario]").fill(str(number))
    forms.get_by_role("button", name="Unlock the scenario").click()
    expect(scenario_row(page, number)).to_contain_text("Available")
    paper = open_details(page, "#region-scenarios", "Record a scenario played on paper")
    paper.locator("select[name=scenario]").select_option(str(number))
    paper.locator("select[name=outcome]").select_option("success")
    paper.get_by_role("button", name="Record the result").click()
    expect(scenario_row(page, number)).to_contain_text("Completed")


def test_two_phones_settle_a_scenarios_rewards_and_enter_a_perkless_classs_perks(server, phones, tmp_path):
    ann, bo = phones(), phones()
    token = create_campaign(ann.page, server)
    join(ann.page, server, token, "Ann")
    join(bo.page, server, token, "Bo")
    create_character(ann.page, "brute", "Grok")
    create_character(bo.page, "cragheart", "Rocky")
    expect(character_card(ann.page, "Rocky")).to_be_visible(timeout=LIVE)

    record_on_paper(ann.page, 68)  # Toxic Moor: two Major Healing Potions, each for one character
    record_on_paper(ann.page, 55)  # Foggy Thicket: 10 gold for the party to share
    dues = bo.page.locator("#region-party .campaign-dues")
    item, gold = dues.locator("li.due-item"), dues.locator("li.due-gold")
    expect(item).to_contain_text("item 27 Major Healing Potion for one character (2 left)", timeout=LIVE)
    expect(gold).to_contain_text("10 gold for the party to share", timeout=LIVE)
    folder = Path(os.environ.get("COMPANION_SCREENSHOTS") or tmp_path)
    assert bo.page.evaluate("document.documentElement.scrollWidth") <= 360  # the dues and the gold's form fit
    shoot(bo.page, folder, "gloomhaven-campaign-dues-to-settle")

    ann.page.locator("#region-party li.due-item").get_by_role("button", name="Take it for Grok").click()
    expect(item).to_contain_text("(1 left)", timeout=LIVE)
    expect(ann.page.locator("#region-party li.due-item")).to_contain_text(
        "A character may own only one copy of an item.")
    item.get_by_role("button", name="Take it for Rocky").click()
    expect(bo.page.locator("#region-party li.due-item")).to_have_count(0)
    expect(ann.page.locator("#region-party li.due-item")).to_have_count(0, timeout=LIVE)

    shares = {name: gold.locator("label", has_text=name).locator("input") for name in ("Grok", "Rocky")}
    assert [shares[name].input_value() for name in ("Grok", "Rocky")] == ["5", "5"]  # an even split, to change
    shares["Grok"].fill("7")
    gold.get_by_role("button", name="Share the gold").click()
    expect(gold.locator(".error")).to_contain_text("The shares add up to 12 gold, not 10.")
    shares["Rocky"].fill("3")
    gold.get_by_role("button", name="Share the gold").click()
    expect(bo.page.locator("#region-party li.due-gold")).to_have_count(0)
    for phone in (ann, bo):  # 30 gold at level 1, then the share
        expect(character_card(phone.page, "Grok").locator("dd.gold")).to_have_text("37", timeout=LIVE)
        expect(character_card(phone.page, "Rocky").locator("dd.gold")).to_have_text("33", timeout=LIVE)

    # The Cragheart's perks are not in the data: Bo enters a line from the mat, then marks it.
    perks = open_details(bo.page, "#region-sheet", "Perks")
    perks.locator("input[name=text]").fill("Remove four +0 cards")
    perks.locator("input[name=remove]").fill("4× +0")
    perks.get_by_role("button", name="Enter the perk line").click()
    line = bo.page.locator("#region-sheet li.perk-line")
    expect(line).to_contain_text("Remove four +0 cards · − 4× +0 0/1 · entered")
    for n in range(1, 4):
        bo.page.locator("#region-sheet").get_by_role("button", name="Checkmark +1").click()
        expect(bo.page.locator("#region-sheet .sheet dd.checks")).to_have_text(str(n))
    open_details(bo.page, "#region-sheet", "Perks").locator("li.perk-line").get_by_role("button", name="Mark").click()
    expect(bo.page.locator("#region-sheet summary", has_text="Attack modifier deck")).to_contain_text("(16 cards)")

    record_on_paper(ann.page, 13)  # Temple of the Seer: one of three scenarios to choose, left open on the sheet
    expect(bo.page.locator("#region-party li.due-unlock")).to_contain_text("choose one scenario to unlock",
                                                                       timeout=LIVE)
    for label, lang in ((None, "en"), ("简体中文", "zh-Hans"), ("日本語", "ja")):
        if label:
            with bo.page.expect_navigation():
                bo.page.locator("#lang-select").select_option(label=label)
            wait_live(bo.page)
        expect(bo.page.locator("html")).to_have_attribute("lang", lang)
        bo.page.evaluate("document.querySelectorAll('main details').forEach(d => d.open = true)")
        assert bo.page.evaluate("document.documentElement.scrollWidth") <= 360, lang
        shoot(bo.page, folder, f"gloomhaven-campaign-dues-{lang}")
    bo.page.locator("#region-party li.due-unlock").get_by_role("button", name=re.compile("^17 ")).click()
    expect(scenario_row(ann.page, 17)).to_contain_text("Available", timeout=LIVE)
    expect(scenario_row(ann.page, 15)).to_have_count(0)
