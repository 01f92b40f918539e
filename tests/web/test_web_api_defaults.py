"""POST /api/tables with only `game` and `name` makes a table ready to play,
of every table type: each option left out takes the default GET /api/games
lists (as the new-table form starts from it)."""

from __future__ import annotations

import pytest

from companion import games
from companion.games.tally.rules import TallyRules
from web_support import PHONE_ADDRESS

LAN = {"REMOTE_ADDR": PHONE_ADDRESS}

# Per table type: the role a first seat takes and a documented action it can
# do on a new table (a sequence, where the first step needs a set-up step).
FIRST_STEPS = {
    "tally": ("player", [("track.adjust", {"track": "t1", "delta": 3}),
                         ("counter.adjust", {"counter": "c1", "delta": 1})]),
    "chaos-old-world": ("khorne", [("setup.tokens", {"draw": True})]),
    "cthulhu-wars": ("great_cthulhu", [("power.gather", {})]),
    "gloomhaven": ("player", [("character.set", {"class": "brute", "level": 1}), ("scenario.start", {})]),
    "gloomhaven-campaign": ("player", [("reputation.adjust", {"delta": 1})]),
    "the-others": ("sin", [("space.add", {"name": "Hospital"})]),
}


@pytest.mark.parametrize("game", sorted(games.table_types()))
def test_game_and_name_alone_make_a_table_that_plays(client, game):
    assert game in FIRST_STEPS, f"give {game} a first step here"
    created = client.post("/api/tables", json={"game": game, "name": "Defaults"})
    assert created.status_code == 201, created.get_json()
    token = created.get_json()["token"]
    role, steps = FIRST_STEPS[game]
    phone = client.application.test_client()
    joined = phone.post(f"/api/tables/{token}/seats", json={"name": "Ann", "role": role}, environ_base=LAN)
    assert joined.status_code == 201, joined.get_json()
    key = joined.get_json()["key"]
    for number, (type, payload) in enumerate(steps, start=2):
        done = phone.post(f"/api/tables/{token}/actions", json={"type": type, "payload": payload},
                          headers={"X-Seat-Key": key}, environ_base=LAN)
        assert done.status_code == 200, (type, done.get_json())
        assert done.get_json() == {"version": number}


def test_the_defaults_are_those_api_games_lists(client, app):
    listed = {game["id"]: game for game in client.get("/api/games").get_json()}
    store = app.extensions["companion.store"]
    token = client.post("/api/tables", json={"game": "tally", "name": "T", "options": {}}).get_json()["token"]
    tracks = [track["name"] for track in store.state(token)[1]["tracks"]]
    assert listed["tally"]["options"][0] == {"name": "tracks", "kind": "textarea", "default": "Doom 0..30",
                                             "required": False}
    assert tracks == ["Doom"]
    token = client.post("/api/tables", json={"game": "cthulhu-wars", "name": "C"}).get_json()["token"]
    seating = [option["default"] for option in listed["cthulhu-wars"]["options"] if option["name"].startswith("seat_")]
    assert store.state(token)[1]["seating"] == seating


def test_options_given_are_taken_as_they_are_and_those_left_out_stay_empty(client, app):
    # A tool that names some options means those: a Cthulhu Wars table given
    # three seats seats three factions (the fourth is nobody's, as before).
    store = app.extensions["companion.store"]
    made = client.post("/api/tables", json={"game": "cthulhu-wars", "name": "Three", "options": {
        "seat_1": "great_cthulhu", "seat_2": "crawling_chaos", "seat_3": "black_goat"}})
    assert made.status_code == 201
    assert store.state(made.get_json()["token"])[1]["seating"] == ["great_cthulhu", "crawling_chaos", "black_goat"]
    token = client.post("/api/tables", json={"game": "tally", "name": "T",
                                            "options": {"tracks": "Doom 0..30"}}).get_json()["token"]
    assert store.state(token)[1]["counters"] == []
    token = client.post("/api/tables", json={"game": "tally", "name": "T",
                                            "options": {"tracks": ""}}).get_json()["token"]
    assert store.state(token)[1]["tracks"] == []


def test_every_option_has_a_default_or_is_listed_as_required(client):
    for game in client.get("/api/games").get_json():
        for option in game["options"]:
            assert option["required"] == (option["default"] is None), (game["id"], option)


class SeededTally(TallyRules):
    """A table type with an option nobody could guess: it has no default."""

    id = "seeded"

    def setup_fields(self) -> list[dict]:
        return [*super().setup_fields(), {"name": "seed", "label": "Seed", "kind": "text"}]


def test_an_option_with_no_default_is_listed_as_required_and_must_be_given(client, app, monkeypatch):
    monkeypatch.setitem(games.table_types(), SeededTally.id, SeededTally())
    listed = next(game for game in client.get("/api/games").get_json() if game["id"] == "seeded")
    assert listed["options"][-1] == {"name": "seed", "kind": "text", "default": None, "required": True}
    refused = client.post("/api/tables", json={"game": "seeded", "name": "S"})
    assert refused.status_code == 400
    assert refused.get_json() == {"error": "Give the option seed.", "field": "seed"}
    assert app.extensions["companion.store"].tables() == []
    made = client.post("/api/tables", json={"game": "seeded", "name": "S", "options": {"seed": "7"}})
    assert made.status_code == 201
