"""The Cthulhu Wars table on the pages and the JSON API."""

import json


def test_a_table_is_created_from_the_home_page_and_its_pages_render(table, cthulhu, chaos, goat, host):
    page = cthulhu.page(f"/t/{table}")
    assert "Gather power for everyone" in page
    assert cthulhu.act("power.gather").status_code == 200
    page = cthulhu.page(f"/t/{table}")
    assert "Counter-clockwise" in page  # Great Cthulhu chooses the direction
    assert "Power 8 = 6 cultists + 1 gates × 2" in page
    assert host.page(f"/t/{table}/display")


def test_a_refused_action_says_why_and_changes_nothing(table, cthulhu, chaos, goat):
    response = chaos.act("ritual.perform")
    assert response.status_code == 422
    assert "Not now" in response.get_data(as_text=True)
