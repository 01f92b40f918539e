"""A long table's history comes a page at a time: the history page shows the
newest PAGE_SIZE steps with links to older and newer pages (the newest page
still takes new steps as they come), and GET /api/tables/<token>/log takes
`after`, `before`, `limit` and `last`."""

from __future__ import annotations

import html
import re

import pytest

from companion.web.history import PAGE_SIZE
from web_support import PHONE_ADDRESS

LAN = {"REMOTE_ADDR": PHONE_ADDRESS}
STEPS = PAGE_SIZE * 2 + 30  # the join, then the tracks' steps


@pytest.fixture
def long_table(store, alice, table) -> str:
    """A tally table whose log holds STEPS steps: Alice joined, then Doom went up and down."""
    for number in range(STEPS - 1):
        store.act(table, alice.seat_id, "track.adjust", {"track": "t1", "delta": 1 if number % 2 == 0 else -1})
    assert store.table(table).version == STEPS
    return table


def shown_steps(page: str) -> list[int]:
    """The step numbers of the page's lines, read off their text and the list's numbering."""
    start = int(re.search(r'<ol class="history" reversed start="(\d+)"', page).group(1))
    return list(range(start, start - page.count('<li class="'), -1))


def links(page: str) -> dict[str, str]:
    """The pager's links, by their words."""
    return {text: html.unescape(href) for href, text in
            re.findall(r'<a class="button secondary" href="([^"]*history[^"]*)">([^<]+)</a>', page)}


def test_the_history_page_shows_the_newest_steps_and_links_to_older_ones(alice, long_table):
    page = alice.page(f"/t/{long_table}/history")
    assert shown_steps(page) == list(range(STEPS, STEPS - PAGE_SIZE, -1))
    assert page.count('<li class="') == PAGE_SIZE
    assert links(page) == {"Older steps": f"/t/{long_table}/history?before={STEPS - PAGE_SIZE + 1}"}


def test_older_pages_follow_on_and_lead_back(alice, long_table):
    first = alice.page(f"/t/{long_table}/history")
    second = alice.page(links(first)["Older steps"])
    assert shown_steps(second) == list(range(STEPS - PAGE_SIZE, STEPS - 2 * PAGE_SIZE, -1))
    third = alice.page(links(second)["Older steps"])
    assert shown_steps(third) == list(range(STEPS - 2 * PAGE_SIZE, 0, -1))
    assert "joined as Player" in third and "Older steps" not in third
    assert links(third)["Newer steps"] == links(first)["Older steps"]
    # The page after the second is the newest: its link is the history's own.
    assert links(second)["Newer steps"] == f"/t/{long_table}/history"


def test_a_new_step_comes_onto_the_newest_page_only(alice, store, long_table):
    older = alice.page(f"/t/{long_table}/history?part=list&before=50")
    assert f'data-refresh="/t/{long_table}/history?part=list&amp;before=50"' in older
    alice.act("track.set", track="t1", **{"value:int": "7"})
    newest = alice.page(f"/t/{long_table}/history?part=list")
    assert newest.lstrip().startswith('<section class="history-page"')
    assert f'data-version="{STEPS + 1}" data-refresh="/t/{long_table}/history?part=list"' in newest
    assert shown_steps(newest)[:2] == [STEPS + 1, STEPS] and "Doom set to 7" in newest
    assert shown_steps(alice.page(f"/t/{long_table}/history?part=list&before=50")) == list(range(49, 0, -1))


@pytest.mark.parametrize("before", ["x", "-3", "0", "99999999999999999999999"])
def test_a_page_asked_for_by_a_number_that_is_no_step_is_the_newest(alice, long_table, before):
    assert shown_steps(alice.page(f"/t/{long_table}/history?before={before}"))[0] == STEPS


def test_a_short_history_has_no_pager(alice, table):
    page = alice.page(f"/t/{table}/history")
    assert "Older steps" not in page and "Newer steps" not in page and 'class="pager"' not in page


def api_log(client, token: str, query: str = ""):
    return client.get(f"/api/tables/{token}/log{query}", environ_base=LAN)


def test_the_log_api_without_parameters_is_every_entry_oldest_first(client, long_table):
    assert [entry["seq"] for entry in api_log(client, long_table).get_json()] == list(range(1, STEPS + 1))


@pytest.mark.parametrize("query, steps", [
    ("?after=0&limit=10", range(1, 11)),
    ("?after=10&limit=10", range(11, 21)),
    (f"?after={STEPS - 3}&limit=10", range(STEPS - 2, STEPS + 1)),
    ("?last=5", range(STEPS - 4, STEPS + 1)),
    ("?before=20&last=5", range(15, 20)),
    ("?after=5&before=9", range(6, 9)),
    ("?before=3", range(1, 3)),
    (f"?after={STEPS}", range(0)),
])
def test_the_log_api_pages_by_step(client, long_table, query, steps):
    entries = api_log(client, long_table, query).get_json()
    assert [entry["seq"] for entry in entries] == list(steps)
    assert all(entry["text"] for entry in entries)


@pytest.mark.parametrize("query, field", [
    ("?limit=0", "limit"), ("?limit=1001", "limit"), ("?last=ten", "last"), ("?after=-1", "after"),
    ("?before=0", "before"), ("?limit=5&last=5", "last"),
])
def test_the_log_api_refuses_a_bad_page_with_400(client, long_table, query, field):
    response = api_log(client, long_table, query)
    assert response.status_code == 400
    assert response.get_json()["field"] == field
