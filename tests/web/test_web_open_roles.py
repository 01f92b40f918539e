"""The join page and the API offer only the roles the table plays: a Cthulhu
Wars table whose fourth seat is "nobody" offers no Yellow Sign, and joining
as it is refused with a message (never a 500)."""

from __future__ import annotations

import pytest

from web_support import PHONE_ADDRESS, csrf_from, location_path


@pytest.fixture
def three(host) -> str:
    """A Cthulhu Wars table from the home page: Great Cthulhu, Crawling Chaos, Black Goat; seat 4 nobody."""
    host.load_csrf("/")
    response = host.post("/tables", {"game": "cthulhu-wars", "name": "Three", "seat_1": "great_cthulhu",
                                     "seat_2": "crawling_chaos", "seat_3": "black_goat", "seat_4": ""})
    assert response.status_code == 302, response.get_data(as_text=True)
    return location_path(response).split("/")[2]


def test_the_join_page_offers_only_the_factions_seated(new_phone, three):
    page = new_phone().page(f"/t/{three}")
    assert 'value="great_cthulhu"' in page and 'value="black_goat"' in page
    assert 'value="yellow_sign"' not in page and "Yellow Sign" not in page


def test_a_forged_join_as_a_faction_not_in_play_answers_with_the_message(new_phone, store, three):
    phone = new_phone()
    phone.csrf = csrf_from(phone.page(f"/t/{three}"))
    response = phone.post(f"/t/{three}/seats", {"name": "Yves", "role": "yellow_sign"})
    assert response.status_code == 422
    assert "Yellow Sign is not in play at this table: pick another role." in response.get_data(as_text=True)
    assert store.seats(three) == {}


def test_the_message_is_in_the_readers_language(new_phone, three):
    phone = new_phone()
    phone.client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "ja"
    phone.csrf = csrf_from(phone.page(f"/t/{three}"))
    text = phone.post(f"/t/{three}/seats", {"name": "Yves", "role": "yellow_sign"}).get_data(as_text=True)
    assert "is not in play" not in text and "Yellow Sign" not in text


def test_the_api_lists_the_tables_roles_and_refuses_the_others_with_400(client, store, three):
    info = client.get(f"/api/tables/{three}").get_json()
    assert [r["id"] for r in info["roles"]] == ["black_goat", "crawling_chaos", "great_cthulhu"]
    phone = client.application.test_client()
    response = phone.post(f"/api/tables/{three}/seats", json={"name": "Yves", "role": "yellow_sign"},
                          environ_base={"REMOTE_ADDR": PHONE_ADDRESS})
    assert response.status_code == 400
    assert response.get_json() == {"error": "Yellow Sign is not in play at this table: pick another role.",
                                   "field": "role"}
    assert store.seats(three) == {}
    joined = phone.post(f"/api/tables/{three}/seats", json={"name": "Gail", "role": "black_goat"},
                        environ_base={"REMOTE_ADDR": PHONE_ADDRESS})
    assert joined.status_code == 201
