"""Regions that read only the view (`Rules.view_regions`) are rendered again
only when what they read of it changed: a hit point on one standee re-renders
what shows standees, not the rest of the page."""

from __future__ import annotations

import pytest

from companion.web import render


def test_a_view_notes_the_paths_read_two_deep():
    view = render.ReadView({"shown": {"monsters": [1], "round": 2}, "phase": "playing"})
    assert view["shown"]["monsters"] == [1]
    assert view.get("phase") == "playing"
    assert "missing" not in view
    assert render.read_paths(view.companion_reads) == (("shown", "monsters"), ("phase",), ("missing",))
    assert not view.whole


@pytest.mark.parametrize("whole", [list, len, dict, lambda v: v.items(), lambda v: v.copy()])
def test_taking_the_whole_view_counts_as_reading_all_of_it(whole):
    view = render.ReadView({"a": 1, "b": {"c": 2}})
    whole(view)
    assert view.whole


def test_taking_a_whole_part_reads_that_part_only():
    view = render.ReadView({"a": 1, "b": {"c": 2, "d": 3}})
    list(view["b"].items())
    assert render.read_paths(view.companion_reads) == (("b",),)
    assert not view.whole


def test_a_value_that_is_absent_is_compared_as_absent():
    assert render.at_path({"a": {"b": 1}}, ("a", "x")) is render.at_path({}, ("a",))


def regions_rendered(monkeypatch) -> list[str]:
    rendered = []
    real = render.render_region
    monkeypatch.setattr(render, "render_region", lambda template, ctx: rendered.append(template) or real(template, ctx))
    return rendered


def test_only_the_regions_that_read_a_changed_part_are_rendered_again(monkeypatch, app, store):
    table = store.create_table("cthulhu-wars", "Views", {"seat_1": "great_cthulhu", "seat_2": "black_goat",
                                                          "seat_3": "crawling_chaos", "board": "counts"})
    cthulhu, _ = store.join(table.token, "Ann", "great_cthulhu")
    goat, _ = store.join(table.token, "Bo", "black_goat")
    store.join(table.token, "Cy", "crawling_chaos")
    version = store.act(table.token, cthulhu.id, "power.gather", {})
    with app.test_request_context():
        render.regions(store.table(table.token), cthulhu, False, known_version=version)
    rendered = regions_rendered(monkeypatch)
    version = store.act(table.token, goat.id, "counts.adjust", {"count": "captives", "delta": 1})
    with app.test_request_context():
        page = render.regions(store.table(table.token), cthulhu, False, known_version=version)[1]
    assert "games/cthulhu_wars/factions.html" in rendered  # every faction's counts
    assert "games/cthulhu_wars/status.html" not in rendered
    assert page["status"] and page["factions"]


def campaign_seen_by_bo(app, store):
    """A campaign with Ann's and Bo's characters, Bo's regions rendered once: (table, ann, bo)."""
    table = store.create_table("gloomhaven-campaign", "Coins", {})
    ann, _ = store.join(table.token, "Ann", "player")
    bo, _ = store.join(table.token, "Bo", "player")
    store.act(table.token, ann.id, "character.create", {"class": "brute", "name": "Ann's", "level": 1})
    version = store.act(table.token, bo.id, "character.create", {"class": "tinkerer", "name": "Bo's", "level": 1})
    with app.test_request_context():
        render.regions(store.table(table.token), bo, False, known_version=version)
    return table, ann, bo


def test_a_coin_spent_in_the_campaign_renders_the_sheets_again_not_the_scenarios(monkeypatch, app, store):
    table, ann, bo = campaign_seen_by_bo(app, store)
    rendered = regions_rendered(monkeypatch)
    version = store.act(table.token, ann.id, "character.adjust", {"field": "gold", "delta": -3})
    with app.test_request_context():
        page = render.regions(store.table(table.token), bo, False, known_version=version)[1]
    assert "games/gloomhaven/campaign/characters.html" in rendered  # every sheet shows its gold
    assert "games/gloomhaven/campaign/scenarios.html" not in rendered
    assert "games/gloomhaven/campaign/shop.html" not in rendered  # Bo's shop: Bo's gold
    assert "Ann&#39;s" in page["characters"] and page["scenarios"]


def test_a_standees_hit_point_renders_the_monsters_again_not_the_phones_card_at_the_top(monkeypatch, app, store):
    table = store.create_table("gloomhaven", "Hit points", {})
    ann, _ = store.join(table.token, "Ann", "player")
    bo, _ = store.join(table.token, "Bo", "player")
    store.act(table.token, ann.id, "character.set", {"class": "brute", "level": 1})
    store.act(table.token, bo.id, "character.set", {"class": "tinkerer", "level": 1})
    version = store.act(table.token, ann.id, "scenario.start", {})
    standee = store.state(table.token)[1]["standees"][0]
    with app.test_request_context():
        before = render.regions(store.table(table.token), bo, False, known_version=version)[1]
        render.regions(store.table(table.token), None, True, known_version=version)
    rendered = regions_rendered(monkeypatch)
    version = store.act(table.token, ann.id, "standee.adjust", {"standee": standee["id"], "delta": -1})
    with app.test_request_context():
        page = render.regions(store.table(table.token), bo, False, known_version=version)[1]
        render.regions(store.table(table.token), None, True, known_version=version)
    assert "games/gloomhaven/monsters.html" in rendered and "games/gloomhaven/board.html" in rendered
    assert "games/gloomhaven/now.html" not in rendered  # what the table waits for is the same
    assert page["now"] == before["now"] and page["monsters"] != before["monsters"]


def test_gold_spent_by_one_player_leaves_the_others_card_at_the_top_as_it_was(monkeypatch, app, store):
    table, ann, bo = campaign_seen_by_bo(app, store)
    rendered = regions_rendered(monkeypatch)
    version = store.act(table.token, ann.id, "character.adjust", {"field": "gold", "delta": 3})
    with app.test_request_context():
        render.regions(store.table(table.token), bo, False, known_version=version)
    assert "games/gloomhaven/campaign/characters.html" in rendered
    assert "games/gloomhaven/campaign/now.html" not in rendered


def test_a_tally_track_moved_draws_the_tracks_again_not_anyones_counters(monkeypatch, app, store):
    table = store.create_table("tally", "Tracks", {"tracks": "Doom 0..30", "counters": "VP 0..99"})
    ann, _ = store.join(table.token, "Ann", "player")
    bo, _ = store.join(table.token, "Bo", "player")
    version = store.act(table.token, ann.id, "note.set", {"text": "north"})
    with app.test_request_context():
        render.regions(store.table(table.token), ann, False, known_version=version)
    rendered = regions_rendered(monkeypatch)
    version = store.act(table.token, bo.id, "track.adjust", {"track": "t1", "delta": 1})
    with app.test_request_context():
        page = render.regions(store.table(table.token), ann, False, known_version=version)[1]
    assert [name for name in rendered if name.startswith("games/")] == ["games/tally/tracks.html"]
    assert "north" in page["note"] and "Bo" in page["counters"]
    rendered.clear()
    version = store.act(table.token, bo.id, "counter.adjust", {"counter": "c1", "delta": 2})
    with app.test_request_context():
        render.regions(store.table(table.token), ann, False, known_version=version)
    assert "games/tally/counters.html" in rendered  # everyone's counters
    assert "games/tally/now.html" not in rendered  # Ann's own counters did not change
