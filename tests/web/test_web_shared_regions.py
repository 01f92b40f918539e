"""Regions a game declares the same for every seat (`Rules.shared_regions`)
are rendered once per table version for all the seats, and as nobody's: the
template gets no seat and no secrets."""

from __future__ import annotations

from companion.web import render


def tally_renders(monkeypatch) -> list[tuple[str, object]]:
    """(template, seat given to it) of every region rendered from now on."""
    rendered = []
    real = render.render_region

    def counting(template, ctx):
        rendered.append((template, ctx["seat"]))
        return real(template, ctx)

    monkeypatch.setattr(render, "render_region", counting)
    return rendered


def test_the_tallys_tracks_are_rendered_once_for_every_seat(monkeypatch, app, store, table, alice, bob):
    version = store.act(table, alice.seat_id, "track.adjust", {"track": "t1", "delta": 1})
    rendered = tally_renders(monkeypatch)
    seats = store.seats(table)
    with app.test_request_context():
        pages = [render.regions(store.table(table), seat, False, known_version=version)[1] for seat in seats.values()]
    tracks = [template for template, _ in rendered if template.endswith("/tracks.html")]
    counters = [template for template, _ in rendered if template.endswith("/counters.html")]
    assert len(tracks) == 1 and len(counters) == 2
    assert pages[0]["tracks"] == pages[1]["tracks"] and "Doom" in pages[0]["tracks"]


def test_a_shared_region_is_rendered_as_nobodys(monkeypatch, app, store, table, alice):
    version = store.act(table, alice.seat_id, "track.adjust", {"track": "t1", "delta": 1})
    rendered = tally_renders(monkeypatch)
    seat = store.seats(table)[alice.seat_id]
    with app.test_request_context():
        render.regions(store.table(table), seat, False, known_version=version)
    given = dict(rendered)
    assert given["games/tally/tracks.html"] is None
    assert given["games/tally/counters.html"] == seat


def test_a_shared_region_is_rendered_again_for_a_new_version_and_for_each_language(monkeypatch, app, store, table,
                                                                                   alice):
    seat = store.seats(table)[alice.seat_id]
    first = store.act(table, alice.seat_id, "track.adjust", {"track": "t1", "delta": 1})
    with app.test_request_context():
        old = render.regions(store.table(table), seat, False, known_version=first)[1]["tracks"]
    second = store.act(table, alice.seat_id, "track.adjust", {"track": "t1", "delta": 1})
    with app.test_request_context():
        new = render.regions(store.table(table), seat, False, known_version=second)[1]["tracks"]
    with app.test_request_context(headers={"Accept-Language": "ja"}):
        japanese = render.regions(store.table(table), seat, False, known_version=second)[1]["tracks"]
    assert old != new
    assert new != japanese


def test_the_display_renders_its_own_layout_of_a_shared_region(app, store, table, alice):
    version = store.act(table, alice.seat_id, "track.adjust", {"track": "t1", "delta": 1})
    seat = store.seats(table)[alice.seat_id]
    with app.test_request_context():
        for_seat = render.regions(store.table(table), seat, False, known_version=version)[1]["tracks"]
        for_display = render.regions(store.table(table), None, True, known_version=version)[1]["tracks"]
    assert "stepper" in for_seat and "stepper" not in for_display
