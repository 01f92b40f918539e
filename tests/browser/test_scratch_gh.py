import pytest
from playwright.sync_api import expect
from test_browser_gloomhaven import create_gloomhaven, join, choose_character
pytestmark = pytest.mark.browser

def test_shots(server, phones):
    ann, bo = phones(), phones(color_scheme="dark")
    token = create_gloomhaven(ann.page, server)
    join(ann.page, server, token, "Ann"); join(bo.page, server, token, "Bo")
    choose_character(ann.page, "brute"); choose_character(bo.page, "spellweaver")
    expect(ann.page.locator("#region-party")).to_contain_text("Spellweaver")
    ann.page.get_by_role("button", name="Start the scenario").click()
    expect(ann.page.locator("#region-status")).to_contain_text("Round 1")
    for p, i, j in ((ann, "12", "47"), (bo, "88", "9")):
        f = p.page.locator("#region-me form:has(input[name=second])")
        f.locator("input[name=initiative]").fill(i); f.locator("input[name=second]").fill(j)
        f.locator("button[type=submit]").click()
    expect(ann.page.locator("#region-monsters .gh-card")).to_have_count(1)
    expect(bo.page.locator("#region-monsters .gh-card")).to_have_count(1)
    ann.page.locator("#region-status details.working").first.locator("summary").click()
    for region in ("status", "me", "turns", "monsters", "party", "elements"):
        ann.page.locator(f"#region-{region}").screenshot(path=f"/tmp/gh_{region}.png")
    bo.page.locator("#region-monsters").screenshot(path="/tmp/gh_monsters_dark.png")
