"""The board on the pages (issue 20): a phone's map and its areas' buttons, the
now card's ready-made choices (nobody types a count), the display's map."""

from __future__ import annotations

import re

from cthulhu_web_support import create_cthulhu_table
from web_support import join_seat


def forms(html: str, action: str) -> list[str]:
    """The hidden fields of every form posting `action`, one string per form."""
    return re.findall(r'name="type" value="' + re.escape(action) + r'"(.*?)</form>', html, re.S)


def test_a_board_table_shows_the_map_and_offers_every_step_as_a_button(host, new_phone):
    token = create_cthulhu_table(host, board="map")
    phones = {role: join_seat(new_phone(), token, role, role=role)
              for role in ("great_cthulhu", "crawling_chaos", "black_goat")}
    store = host.client.application.extensions["companion.store"]
    seat = {s.role: s.id for s in store.seats(token).values()}
    store.act(token, seat["black_goat"], "power.gather", {})
    store.act(token, seat["great_cthulhu"], "direction.choose", {"direction": "clockwise"})
    page = phones["great_cthulhu"].get(f"/t/{token}").get_data(as_text=True)
    assert 'class="cw-map"' in page and 'href="#area-south_pacific"' in page
    assert 'id="area-south_pacific"' in page and 'href="#area-europe"' in page  # tap an area: what is there
    assert any('value="south_pacific"' in f and 'value="shoggoth"' in f for f in forms(page, "summon"))
    assert 'name="moves.cultist:south_pacific"' in page and 'name="to.cultist:south_pacific"' in page
    display = host.get(f"/t/{token}/display").get_data(as_text=True)
    assert 'class="cw-map"' in display
    # Great Cthulhu moves two cultists next to Crawling Chaos' start, as the move form sends it.
    assert phones["great_cthulhu"].act("move", **{"moves.cultist:south_pacific": "2",
                                                  "to.cultist:south_pacific": "north_pacific"}).status_code == 200
    state = store.state(token)[1]
    assert state["board"]["units"]["north_pacific"]["great_cthulhu"] == {"cultist": 2}
    assert state["factions"]["great_cthulhu"]["power"] == 6


def test_the_doom_track_says_in_words_what_it_shows(host, new_phone):
    token = create_cthulhu_table(host)
    phone = join_seat(new_phone(), token, "Gina", role="great_cthulhu")
    page = phone.get(f"/t/{token}").get_data(as_text=True)
    label = re.search(r'class="cw-doom"[^>]*aria-label="([^"]*)"', page).group(1)
    assert label == "Doom track, 0 to 30: Great Cthulhu 0, Crawling Chaos 0, Black Goat 0"


def test_a_board_table_shows_its_counts_from_the_map_with_nothing_to_type(host, new_phone):
    token = create_cthulhu_table(host, board="map")
    phone = join_seat(new_phone(), token, "Gina", role="great_cthulhu")
    page = phone.get(f"/t/{token}").get_data(as_text=True)
    assert "from the map" in page
    assert 'value="counts.set"' not in page and 'value="abandoned.set"' not in page
    assert 'value="great_old_one.set"' not in page


def test_a_phone_corrects_an_areas_borders_from_the_printed_map_with_ticks(host, new_phone):
    token = create_cthulhu_table(host, board="map")
    phone = join_seat(new_phone(), token, "Gina", role="great_cthulhu")
    page = phone.get(f"/t/{token}").get_data(as_text=True)
    panel = page.split('class="card cw-borders"', 1)[1].split("</details>", 1)[0]
    assert "<strong>Australia</strong> <span class=\"badge\">unchecked</span>: Indian Ocean, South Pacific" in panel
    assert 'name="neighbours.antarctica"' in panel and forms(panel, "neighbours.correct")
    # The form as a phone sends it: the area chosen, one tick per area it borders.
    ticks = {"neighbours.indian_ocean": "indian_ocean", "neighbours.antarctica": "antarctica"}
    assert phone.act("neighbours.correct", area="australia", **ticks).status_code == 200
    page = phone.get(f"/t/{token}").get_data(as_text=True)
    assert "<strong>Australia</strong>: Antarctica, Indian Ocean" in page
    store = host.client.application.extensions["companion.store"]
    assert store.state(token)[1]["corrections"]["area:australia:neighbours"] == ["antarctica", "indian_ocean"]


def test_black_goat_removes_two_cultists_for_a_book_from_the_areas_chosen_on_its_phone(host, new_phone):
    token = create_cthulhu_table(host, board="map")
    phone = join_seat(new_phone(), token, "Bea", role="black_goat")
    store = host.client.application.extensions["companion.store"]
    for role in ("great_cthulhu", "crawling_chaos"):
        store.join(token, role, role)
    seat = {s.role: s.id for s in store.seats(token).values()}
    store.act(token, seat["black_goat"], "power.gather", {})
    store.act(token, seat["great_cthulhu"], "direction.choose", {"direction": "clockwise"})
    store.act(token, seat["great_cthulhu"], "pass", {})
    store.act(token, seat["crawling_chaos"], "pass", {})
    page = phone.get(f"/t/{token}").get_data(as_text=True)
    form = next(f for f in forms(page, "spellbook.earn") if 'value="bg_elim2"' in f)
    assert 'name="cultists_from.africa"' in form
    assert phone.act("spellbook.earn", requirement="bg_elim2", spellbook="frenzy",
                     **{"cultists_from.africa": "2"}).status_code == 200
    state = store.state(token)[1]
    assert state["board"]["units"]["africa"]["black_goat"] == {"cultist": 4}
    assert state["factions"]["black_goat"]["spellbooks"] == ["frenzy"]
