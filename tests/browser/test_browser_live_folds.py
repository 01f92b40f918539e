"""Live updates keep what a person has open, in every game: a change from
another phone never closes an open fold, never loses text being typed or a
choice being made, never moves focus or what is on the screen; and after a
person's own action the fold they acted in stays open. One mechanism for all
(app.js merges each region's new HTML into the old, keeping what is the
person's), pinned here on each game's most-used fold."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from browser_support import (
    EIGHT_TRACKS,
    join,
    mark_page,
    same_document,
    script_errors,
    tally_with_region,
    track_value,
    wait_live,
)

pytestmark = pytest.mark.browser

LIVE = 15_000  # ms: generous, these tests pin what is kept, not latency


class Watch:
    """What a phone shows around one fold before another phone acts, to
    check after the change arrived that it is all still so."""

    def __init__(self, page, fold, field=None):
        self.page, self.fold, self.field = page, fold, field
        self.errors = script_errors(page)
        self.fold.evaluate("fold => fold.scrollIntoView({block: 'center'})")
        self.version = self.live_version()
        self.top = self.fold_top()
        self.value = field.input_value() if field else None
        mark_page(page)

    def live_version(self) -> str:
        return self.page.locator("#live-status").get_attribute("data-version")

    def fold_top(self) -> float:
        return self.fold.evaluate("fold => fold.getBoundingClientRect().top")

    def changed(self) -> None:
        """Waits for the other phone's change to arrive here."""
        expect(self.page.locator("#live-status")).not_to_have_attribute("data-version", self.version, timeout=LIVE)

    def assert_kept(self) -> None:
        expect(self.fold).to_have_attribute("open", "")
        if self.field is not None:
            expect(self.field).to_have_value(self.value)
            expect(self.field).to_be_focused()
        # What the person looks at stays where it was on the screen (when
        # something above it came or went, the page scrolls to keep it so;
        # scrolling goes by whole device pixels).
        assert abs(self.fold_top() - self.top) <= 2, (self.top, self.fold_top())
        assert same_document(self.page)
        assert self.errors == []


def open_fold(fold) -> None:
    if fold.get_attribute("open") is None:
        fold.locator("summary").first.click()
    expect(fold).to_have_attribute("open", "")


def seat_id(server, token, role):
    return next(s.id for s in server.store.seats(token).values() if s.role == role)


# ---- any game: folds that change places, a dialog, a choice, a radio button ----

# Folds in list items without ids, reversed on every odd Doom and one more
# put in front from Doom 2; a dialog; a select and radio buttons whose
# server-side choice follows Doom.
SHUFFLED = """{% set doom = view.tracks[0].value %}
{% set names = ["Alpha", "Bravo", "Charlie", "Delta"] %}
{% if doom is odd %}{% set names = names|reverse|list %}{% endif %}
{% if doom >= 2 %}{% set names = ["Echo"] + names %}{% endif %}
<ul class="shuffled">{% for n in names %}
  <li><details><summary>{{ n }} ({{ doom }})</summary><p>{{ n }} at {{ doom }}</p>
    <input aria-label="note {{ n }}" value="{{ doom }}"></details></li>{% endfor %}
</ul>
<dialog class="test-dialog"><p>Doom is {{ doom }}</p></dialog>
<select name="pick" aria-label="pick"><option value="a">A</option>
  <option value="b"{{ ' selected' if doom is odd }}>B</option><option value="c">C</option></select>
<label><input type="radio" name="side" value="x"{{ ' checked' if doom is even }}> X</label>
<label><input type="radio" name="side" value="y"{{ ' checked' if doom is odd }}> Y</label>
"""


def test_folds_keep_their_state_when_they_change_places_and_a_dialog_stays_open(server, phones, monkeypatch):
    table = tally_with_region(server, monkeypatch, "shuffled", SHUFFLED)
    a, b = phones().page, phones().page
    errors = script_errors(a)
    join(a, server, table.token, "Alice")
    join(b, server, table.token, "Bob")
    mark_page(a)
    region = a.locator("#region-extra")

    def fold(name):
        return region.locator("details", has=a.locator("summary", has_text=name))

    open_fold(fold("Alpha"))
    open_fold(fold("Bravo"))
    fold("Bravo").get_by_label("note Bravo").fill("typed here")
    fold("Bravo").get_by_label("note Bravo").focus()
    fold("Alpha").locator("summary").click()  # Alice closes Alpha again
    region.get_by_label("pick").select_option("c")
    region.get_by_label("Y").check()
    fold("Bravo").get_by_label("note Bravo").focus()

    for doom in (1, 2, 3):
        if doom == 3:  # a dialog open (modal, so the focus moved into it)
            a.evaluate("document.querySelector('dialog.test-dialog').showModal()")
        b.get_by_role("button", name="Doom plus 1").click()
        expect(region.locator("dialog")).to_contain_text(f"Doom is {doom}", timeout=LIVE)
        expect(fold("Bravo")).to_have_attribute("open", "")
        expect(fold("Bravo").locator("p")).to_have_text(f"Bravo at {doom}")
        expect(fold("Bravo").get_by_label("note Bravo")).to_have_value("typed here")
        if doom < 3:
            expect(fold("Bravo").get_by_label("note Bravo")).to_be_focused()
        for other in ("Alpha", "Charlie", "Delta") + (("Echo",) if doom >= 2 else ()):
            expect(fold(other)).not_to_have_attribute("open", "")
        expect(region.get_by_label("pick")).to_have_value("c")
        expect(region.get_by_label("Y")).to_be_checked()
    assert a.evaluate("document.querySelector('dialog.test-dialog').matches(':modal')")
    names = region.locator("summary").all_inner_texts()
    assert names == ["Echo (3)", "Delta (3)", "Charlie (3)", "Bravo (3)", "Alpha (3)"]
    assert same_document(a) and errors == []


# ---- tally: a value being typed, a note being typed ----

def test_tally_a_value_being_typed_and_a_note_survive_another_phones_change(server, phones):
    table = server.store.create_table("tally", "Long night", {"tracks": EIGHT_TRACKS, "counters": "VP 0..99"})
    a, b = phones().page, phones().page
    join(a, server, table.token, "Alice")
    join(b, server, table.token, "Bob")

    # Alice, far down the page, is typing a new value for Morale.
    morale = a.locator("#region-tracks .track", has=a.locator(".name", has_text="Morale"))
    fold = morale.locator("details.set-value")
    open_fold(fold)
    field = fold.locator("input[name=value]")
    field.fill("4")
    field.focus()
    field.press("End")
    watch = Watch(a, fold, field)
    assert a.evaluate("window.scrollY") > 0, "the fold should be down the page"

    b.get_by_role("button", name="Doom plus 1").click()
    b.get_by_role("button", name="Morale plus 1").click()
    expect(track_value(a, "Morale")).to_have_text("1", timeout=LIVE)
    expect(track_value(a, "Doom")).to_have_text("8")
    watch.assert_kept()
    # Her typing goes on where it was.
    a.keyboard.type("2")
    expect(field).to_have_value("42")

    # A private note being written (not yet saved) stays too.
    tools = a.locator("details", has=a.locator("#note-text"))
    open_fold(tools)
    note = a.locator("#note-text")
    note.fill("Gate in Asia")
    note.focus()
    watch = Watch(a, tools, note)
    b.get_by_role("button", name="VP plus 1").click()
    watch.changed()
    watch.assert_kept()


def test_tally_the_fold_a_person_acted_in_stays_open_with_what_they_typed(server, phones):
    table = server.store.create_table("tally", "Short night", {"tracks": "Doom 0..30\nMorale -5..5", "counters": ""})
    a, b = phones().page, phones().page
    join(a, server, table.token, "Alice")
    join(b, server, table.token, "Bob")
    doom = a.locator("#region-tracks .track", has=a.locator(".name", has_text="Doom"))
    fold = doom.locator("details.set-value")
    open_fold(fold)
    morale = a.locator("#region-tracks .track", has=a.locator(".name", has_text="Morale"))
    morale_fold = morale.locator("details.set-value")
    open_fold(morale_fold)
    morale_fold.locator("input[name=value]").fill("-3")

    fold.locator("input[name=value]").fill("9")
    fold.get_by_role("button", name="Set").click()
    expect(track_value(b, "Doom")).to_have_text("9", timeout=LIVE)
    expect(track_value(a, "Doom")).to_have_text("9")
    expect(fold).to_have_attribute("open", "")
    expect(morale_fold).to_have_attribute("open", "")
    expect(morale_fold.locator("input[name=value]")).to_have_value("-3")


# ---- Gloomhaven: a standee's "Conditions, attack, remove"; "End the scenario" ----

def gloomhaven_round(server, phones):
    """Scenario 1 started, Ann (Brute) and Bo (Spellweaver) on two phones."""
    from test_browser_gloomhaven import join as join_gloomhaven

    token = server.store.create_table("gloomhaven", "Black Barrow", {"scenario": 1}).token
    ann, bo = phones(), phones()
    join_gloomhaven(ann.page, server, token, "Ann")
    join_gloomhaven(bo.page, server, token, "Bo")
    seats = list(server.store.seats(token))
    server.store.act(token, seats[0], "character.set", {"class": "brute", "level": 1})
    server.store.act(token, seats[1], "character.set", {"class": "spellweaver", "level": 1})
    ann.page.get_by_role("button", name="Start the scenario").click()
    for phone in (ann, bo):
        expect(phone.page.locator("#region-monsters .gh-standee").first).to_be_visible(timeout=LIVE)
        # The set-up fold (open, and tapped in on Ann's phone) is gone; the
        # fold that took its place is another one and starts closed.
        end = phone.page.locator("#region-status details",
                                 has=phone.page.locator("summary", has_text="End the scenario"))
        expect(end).to_have_count(1)
        expect(end).not_to_have_attribute("open", "")
    return token, ann, bo


def test_gloomhaven_a_standees_fold_stays_open_as_others_act_and_after_its_own_condition(server, phones):
    token, ann, bo = gloomhaven_round(server, phones)
    standees = ann.page.locator("#region-monsters .gh-standee")
    assert standees.count() >= 2
    second = standees.nth(1)
    label = second.locator("b.grow > span").first.inner_text()
    first_label = standees.nth(0).locator("b.grow > span").first.inner_text()
    mine = ann.page.locator("#region-monsters .gh-standee", has=ann.page.locator("b.grow > span", has_text=label))
    fold = mine.locator("details", has=ann.page.locator("summary", has_text="Conditions, attack, remove"))
    open_fold(fold)
    watch = Watch(ann.page, fold)

    # Bo damages the first standee, then takes it off the map: the list
    # above Ann's fold shrinks, her fold stays with its standee.
    bo.accept_dialogs = True
    first = bo.page.locator("#region-monsters .gh-standee", has=bo.page.locator("b.grow > span", has_text=first_label))
    first.get_by_role("button", name=f"{first_label}: 1 damage").click()
    open_fold(first.locator("details"))
    first.get_by_role("button", name="Remove from the map").click()
    expect(ann.page.locator("#region-monsters .gh-standee", has_text=first_label)).to_have_count(0, timeout=LIVE)
    watch.assert_kept()

    # Her own taps: each condition is one tap, the fold stays open.
    fold.get_by_role("button", name="Poison").click()
    expect(fold.get_by_role("button", name="Poison")).to_have_attribute("aria-pressed", "true", timeout=LIVE)
    expect(fold).to_have_attribute("open", "")
    fold.get_by_role("button", name="Wound").click()
    expect(fold.get_by_role("button", name="Wound")).to_have_attribute("aria-pressed", "true", timeout=LIVE)
    expect(fold).to_have_attribute("open", "")
    # Bo's phone shows the standee's conditions, its own folds as they were.
    bo_standee = bo.page.locator("#region-monsters .gh-standee", has=bo.page.locator("b.grow > span", has_text=label))
    expect(bo_standee.locator(".row .chip.on")).to_have_count(2, timeout=LIVE)


def test_gloomhaven_end_the_scenario_stays_open_while_xp_is_added(server, phones):
    token, ann, bo = gloomhaven_round(server, phones)
    fold = ann.page.locator("#region-status details", has=ann.page.locator("summary", has_text="End the scenario"))
    open_fold(fold)
    watch = Watch(ann.page, fold)
    xp = bo.page.locator("#region-me .my-counters li", has=bo.page.locator(".name", has_text="XP"))
    for _ in range(2):
        xp.get_by_role("button", name="XP plus 1").click()
    expect(xp.locator(".value")).to_have_text("2", timeout=LIVE)
    watch.changed()
    expect(ann.page.locator("#live-status")).to_have_attribute(
        "data-version", str(server.store.state(token)[0]), timeout=LIVE)
    watch.assert_kept()
    expect(fold.get_by_role("button", name="Won")).to_be_visible()


# ---- Cthulhu Wars: "Spellbooks" ----

def test_cthulhu_wars_spellbooks_stay_open_with_the_chosen_book(server, phones):
    table = server.store.create_table("cthulhu-wars", "Cthulhu night",
                                      {"seat_1": "great_cthulhu", "seat_2": "black_goat"})
    gc, bg = phones().page, phones().page
    join(gc, server, table.token, "Gina", role="great_cthulhu")
    join(bg, server, table.token, "Bea", role="black_goat")
    server.store.act(table.token, seat_id(server, table.token, "black_goat"), "setup.gates",
                     {"areas": ["north_atlantic", "antarctica"]})
    server.store.act(table.token, seat_id(server, table.token, "great_cthulhu"), "setup.starts",
                     {"starts": {"great_cthulhu": "north_atlantic", "black_goat": "australia"}})
    gc.reload()
    wait_live(gc)

    fold = gc.locator("details.cw-books")
    open_fold(fold)
    choice = fold.locator("select[name=spellbook]").first
    books = choice.locator("option").all_inner_texts()
    choice.select_option(label=books[2])
    choice.focus()
    watch = Watch(gc, fold, choice)
    bg.get_by_role("button", name="Gather power for everyone").click()
    watch.changed()
    watch.assert_kept()

    # Taking the book is Gina's own action: the fold stays open on the next one.
    fold.get_by_role("button", name="Met: take the book").first.click()
    expect(fold.locator("summary").first).to_contain_text("1 of 6", timeout=LIVE)
    expect(fold).to_have_attribute("open", "")


# ---- The Others: "Spaces" ----

def test_the_others_spaces_stay_open_with_the_move_being_chosen(server, phones):
    from test_browser_the_others import board_mid_game

    sin, hero = phones().page, phones().page
    table = board_mid_game(server, sin, hero)
    for page in (sin, hero):
        page.reload()
        wait_live(page)
    fold = sin.locator("#region-controls details.card", has=sin.locator("summary", has_text="Spaces"))
    open_fold(fold)
    move = fold.locator("form:has(input[value='monsters.move'])")
    move.locator("select[name=to]").select_option(label="Main Street")
    count = move.locator("input[name=count]")
    count.fill("2")
    count.focus()
    watch = Watch(sin, fold, count)

    # The hero phone moves Rose (its own Spaces fold), twice.
    hero_fold = hero.locator("#region-controls details.card", has=hero.locator("summary", has_text="Spaces"))
    open_fold(hero_fold)
    hero_move = hero_fold.locator("form:has(input[value='hero.move'])")
    for to in ("Old Cathedral of Saint Agatha", "Raven Corp HQ"):  # the hero, then each space: a tap each
        hero_move.get_by_role("radio", name="Rose").check()
        hero_move.locator("input[name=teleport]").check()
        version = hero.locator("#live-status").get_attribute("data-version")
        hero_move.get_by_role("button", name=to, exact=True).click()
        expect(hero.locator("#live-status")).not_to_have_attribute("data-version", version, timeout=LIVE)
        expect(hero_fold).to_have_attribute("open", "")
    expect(hero.locator("#region-controls output.error:visible")).to_have_count(0)
    watch.changed()
    expect(sin.locator("#live-status")).to_have_attribute(
        "data-version", str(server.store.state(table.token)[0]), timeout=LIVE)
    watch.assert_kept()
    expect(move.locator("select[name=to]")).to_have_value("s3")


# ---- Chaos in the Old World: a region's card ----

def test_chaos_a_region_card_stays_open_through_the_corruption_phase(server, phones):
    from test_browser_chaos import join_as, to_corruption_phase

    table = server.store.create_table("chaos-old-world", "Chaos night", {"players": "4"})
    kim, nia = phones().page, phones().page
    join_as(kim, server, table.token, "Kim", "khorne")
    join_as(nia, server, table.token, "Nia", "nurgle")
    seats = {seat.role: seat.id for seat in server.store.seats(table.token).values()}
    to_corruption_phase(server.store, table.token, seats)
    expect(nia.locator("#region-status")).to_contain_text("Corruption phase", timeout=LIVE)

    fold = nia.locator("#region-card-kislev")
    open_fold(fold)
    watch = Watch(nia, fold)
    kim.get_by_role("button", name="Compute domination and corruption").click()
    expect(fold.locator("summary").first).to_contain_text("ruined (card 1)", timeout=LIVE)
    watch.assert_kept()
