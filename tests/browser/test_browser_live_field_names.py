"""A live update that meets forms whose fields are named like the form's own
DOM properties and methods (remove, submit, id, action, method): a form's
fields are also its properties and hide the form's own, so the page's update
code must never reach the form through them. Gloomhaven's perk-line form has a
field named "remove"; here a table type of the test's own renders such forms
in a live region, changing them and dropping some on every change."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from browser_support import join, mark_page, same_document, script_errors, tally_with_region, track_value

pytestmark = pytest.mark.browser

LIVE = 1000
SHADOWING = ["remove", "submit", "id", "action", "method"]

# Each form: a field named after a form property, its value and the form's
# attributes following Doom; a second set of forms only while Doom is even,
# so every change either adds them or removes them.
FIELDS = """{% from "_macros.html" import error_slot %}{% set doom = view.tracks[0] %}
{% for name in names %}
<form class="action named" method="post" action="{{ act_url }}" hx-post="{{ act_url }}" hx-target="find .error"
      hx-swap="innerHTML" data-doom="{{ doom.value }}" id="named-{{ name }}">
  <input type="hidden" name="type" value="track.adjust"><input type="hidden" name="track" value="{{ doom.id }}">
  <input type="hidden" name="delta" value="1">
  <input name="{{ name }}" value="{{ doom.value }}" aria-label="{{ name }}">
  <button type="submit">Doom up through {{ name }}</button>
  {{ error_slot() }}
</form>
{% endfor %}
{% if doom.value is even %}{% for name in names %}
<form class="action even" data-doom="{{ doom.value }}"><input name="{{ name }}" value="{{ doom.value }}"></form>
{% endfor %}{% endif %}
"""


@pytest.fixture
def field_names_table(server, monkeypatch):
    return tally_with_region(server, monkeypatch, "field-names", "{% set names = " + repr(SHADOWING) + " %}" + FIELDS)


def test_live_updates_reach_forms_with_fields_named_like_form_methods(server, field_names_table, phones):
    a, b = phones().page, phones().page
    errors = {"a": script_errors(a), "b": script_errors(b)}
    token = field_names_table.token
    join(a, server, token, "Alice")
    join(b, server, token, "Bob")
    mark_page(a), mark_page(b)
    expect(b.locator("#region-extra form.even")).to_have_count(len(SHADOWING))

    # Alice's own answer merges the regions (htmx's out-of-band swap), Bob's
    # phone its event stream: both drop the even forms and change the others.
    a.get_by_role("button", name="Doom plus 1").click()
    for page in (a, b):
        expect(track_value(page, "Doom")).to_have_text("1", timeout=LIVE)
        expect(page.locator("#region-extra form.even")).to_have_count(0)
        for name in SHADOWING:
            form = page.locator(f"#region-extra form#named-{name}")
            expect(form).to_have_attribute("data-doom", "1")
            expect(form.get_by_label(name, exact=True)).to_have_value("1")

    # Sending one of those forms works as well (htmx reads the form, the
    # page's tap handling too), and the even forms come back.
    b.get_by_role("button", name="Doom up through submit").click()
    for page in (a, b):
        expect(track_value(page, "Doom")).to_have_text("2", timeout=LIVE)
        expect(page.locator("#region-extra form.even")).to_have_count(len(SHADOWING))
        expect(page.locator("#region-extra form#named-remove")).to_have_attribute("data-doom", "2")
    b.get_by_role("button", name="Doom up through action").click()
    a.get_by_role("button", name="Doom up through method").click()
    for page in (a, b):
        expect(track_value(page, "Doom")).to_have_text("4", timeout=LIVE)
    assert errors == {"a": [], "b": []}
    assert same_document(a) and same_document(b)


def test_a_result_is_confirmed_on_a_sheet_whose_perk_lines_are_entered_by_hand(server, phones):
    """The case found at the table: a Scoundrel's sheet holds the form to
    enter a perk line, with its field named "remove"; confirming a scenario's
    line changes the sheet around it."""
    from test_browser_gloomhaven_campaign import join as join_campaign

    token = server.store.create_table("gloomhaven-campaign", "Tuesday campaign", {"party": "The Lanterns"}).token
    phone = phones()
    errors = script_errors(phone.page)
    join_campaign(phone.page, server, token, "Ann")
    seat = next(iter(server.store.seats(token)))
    server.store.act(token, seat, "character.create", {"class": "scoundrel", "name": "Sly", "level": 1})
    sheet = phone.page.locator("#region-sheet")
    expect(sheet.locator("form:has(input[name=remove])")).to_have_count(1, timeout=LIVE * 5)
    mark_page(phone.page)

    server.store.act(token, None, "scenario.complete", {
        "scenario": 1, "outcome": "success", "level": 1,
        "characters": {"c1": {"experience": 8, "coins": 5, "checkmarks": 1}}})
    pending = sheet.locator(".pending")
    expect(pending).to_contain_text("Scenario 1 (success)", timeout=LIVE * 5)
    pending.get_by_role("button", name="Confirm").click()
    expect(pending).to_have_count(0, timeout=LIVE * 5)
    deck = sheet.locator("details", has=phone.page.locator("summary", has_text="Attack modifier deck"))
    expect(deck).to_have_count(1)
    expect(sheet.locator("form:has(input[name=remove])")).to_have_count(1)
    assert errors == [] and same_document(phone.page)


# One-tap buttons whose values shift with each change: the first always sets
# Doom one higher than it is. The button just tapped is still focused when
# the change comes back; its value must be the server's new one, not the one
# it was tapped with (else a second tap sends what its label no longer says).
SHIFTING = """{% set doom = view.tracks[0] %}
{% for n in range(doom.value + 1, doom.value + 4) %}
<form class="action shifting" method="post" action="{{ act_url }}" hx-post="{{ act_url }}" hx-target="find .error"
      hx-swap="innerHTML"><input type="hidden" name="type" value="track.set">
  <input type="hidden" name="track" value="{{ doom.id }}">
  <button type="submit" name="value" value="{{ n }}">Doom to {{ n }}</button><output class="error"></output>
</form>
{% endfor %}
"""


def test_a_focused_buttons_value_follows_the_server_when_its_list_shifts(server, monkeypatch, phones):
    table = tally_with_region(server, monkeypatch, "shifting", SHIFTING)
    page = phones().page
    join(page, server, table.token, "Alice")
    first = page.locator("#region-extra form.shifting button").first
    first.click()
    expect(track_value(page, "Doom")).to_have_text("1", timeout=LIVE)
    expect(first).to_have_text("Doom to 2")
    expect(first).to_have_attribute("value", "2")
    first.click()
    expect(track_value(page, "Doom")).to_have_text("2", timeout=LIVE)
