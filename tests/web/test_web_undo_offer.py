"""Undo says what it takes back ("Undo: Alice Doom +2"), asks once more
before taking back another player's step, and isn't offered for a step that
can't be undone (nothing to undo, a step before a reported result, one the
game keeps)."""

from __future__ import annotations

import html
import re

from companion import games
from companion.games.tally.rules import TallyRules
from companion.rules import N_, ActionError
from tests.league_tables import league  # noqa: F401 (fixture)
from web_support import csrf_from, join_seat, location_path


def log_bar(phone, token: str) -> str:
    page = phone.page(f"/t/{token}")
    start = page.index('<div class="log-tail">')
    return html.unescape(page[start:page.index("\n</div>", start)])


def undo_button(bar: str) -> str | None:
    """The Undo control's words, or None when the bar offers no Undo."""
    found = re.search(r'<(?:button type="submit" class="secondary"|summary class="button secondary")>'
                      r'<span class="undo-what">([^<]*)</span>', bar)
    return found.group(1) if found else None


def test_undo_names_your_step_and_takes_it_back_in_one_tap(table, alice):
    alice.act("track.adjust", track="t1", **{"delta:int": "2"})
    bar = log_bar(alice, table)
    assert undo_button(bar) == "Undo: Alice Doom +2"
    assert "<details" not in bar and 'name="seq" value="2"' in bar


def test_another_players_step_asks_first(table, alice, bob, store):
    alice.act("track.adjust", track="t1", **{"delta:int": "2"})
    bar = log_bar(bob, table)
    assert undo_button(bar) == "Undo: Alice Doom +2"
    # The Undo opens a question; only its button sends the undo.
    asked = re.search(r'<details class="undo">.*?</details>', bar, re.S).group(0)
    assert "Alice took this step, not you." in asked
    assert re.search(r'<form [^>]*hx-post="/t/[^"]+/undo".*name="seq" value="3".*'
                     r'<button type="submit" class="primary">Yes, undo it</button>', asked, re.S)
    assert bob.post(f"/t/{table}/undo", {"seq": "3"}, htmx=True).status_code == 200
    assert store.state(table)[1]["tracks"][0]["value"] == 0


def test_the_step_named_is_the_one_undo_takes_back_not_the_last_line(table, alice, bob):
    alice.act("track.adjust", track="t1", **{"delta:int": "2"})
    bob.act("counter.adjust", counter="c1", **{"delta:int": "4"})
    bob.post(f"/t/{table}/undo", {"seq": "4"}, htmx=True)
    bar = log_bar(alice, table)
    assert "Bob</span> undid: Bob VP +4" in bar
    assert undo_button(bar) == "Undo: Alice Doom +2"


def test_undo_names_a_secret_step_as_the_history_does(table, alice, bob):
    alice.act("note.set", text="take the relic")
    assert undo_button(log_bar(bob, table)) == "Undo: Alice changed their private note"
    assert "take the relic" not in log_bar(bob, table)


def test_nothing_to_undo_offers_no_undo(table, alice):
    bar = log_bar(alice, table)
    assert undo_button(bar) is None and "/undo" not in bar
    assert "History</a>" in bar


def test_undo_is_in_the_readers_language(table, alice):
    alice.client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "ja"
    alice.act("track.adjust", track="t1", **{"delta:int": "2"})
    # The track is named as the host typed it.
    assert undo_button(log_bar(alice, table)) == "元に戻す：Alice の「Doom +2」"


class KeptSets(TallyRules):
    """A tally whose `track.set` the game keeps (Rules.undo_refusal), as a game keeps a step across a phase."""

    id = "kept-sets"

    def undo_refusal(self, state, action, by_host):
        if action.type == "track.set":
            return ActionError(N_("Nothing to undo."), field="undo")
        return super().undo_refusal(state, action, by_host)


def test_a_step_the_game_keeps_offers_no_undo(host, new_phone, monkeypatch):
    monkeypatch.setitem(games.table_types(), KeptSets.id, KeptSets())
    host.load_csrf("/")
    response = host.post("/tables", {"game": KeptSets.id, "name": "Kept", "tracks": "Doom 0..30", "counters": ""})
    token = location_path(response).split("/")[2]
    ann = join_seat(new_phone(), token, "Ann")
    ann.act("track.adjust", track="t1", **{"delta:int": "2"})
    assert undo_button(log_bar(ann, token)) == "Undo: Ann Doom +2"
    ann.act("track.set", track="t1", **{"value:int": "5"})
    assert undo_button(log_bar(ann, token)) is None


def test_after_a_child_reported_its_result_its_steps_offer_no_undo(host, new_phone, league):  # noqa: F811
    host.load_csrf("/")
    parent = location_path(host.post("/tables", {"game": league, "name": "Spring league"})).split("/")[2]
    ann = join_seat(new_phone(), parent, "Ann")
    ann.csrf = csrf_from(ann.page(f"/t/{parent}"))
    match = location_path(ann.post(f"/t/{parent}/children", {"offer": "match-1"})).split("/")[2]
    ann.token = match
    ann.csrf = csrf_from(ann.page(f"/t/{match}"))
    for _ in range(3):
        assert ann.act("counter.adjust", counter="c1", delta="1").status_code == 200
    assert undo_button(log_bar(ann, match)) == "Undo: Ann Goals +1"
    ann.csrf = csrf_from(ann.page(f"/t/{match}"))
    assert ann.post(f"/t/{match}/report", {}).status_code == 302
    assert undo_button(log_bar(ann, match)) is None


def test_the_display_has_no_undo(table, alice, client):
    alice.act("track.adjust", track="t1", **{"delta:int": "2"})
    assert "/undo" not in client.get(f"/t/{table}/display").get_data(as_text=True)
