"""POST /api/gloomhaven/solve on a bare Flask app (no platform needed)."""

import pytest
from flask import Flask

from companion.games.gloomhaven import web
from companion.games.gloomhaven.cli import TRANSLATIONS


def scenario(active="m"):
    return {
        "rules": "gloomhaven",
        "hexes": [[q, r] for q in range(6) for r in range(6)],
        "figures": [
            {"id": "m", "side": "monster", "hex": [0, 0]},
            {"id": "a", "side": "character", "hex": [3, 0], "initiative": 10},
        ],
        "active": active,
        "action": {"move": 2, "attack": {"range": 0, "targets": 1}},
    }


@pytest.fixture
def client():
    app = Flask(__name__)
    app.register_blueprint(web.blueprint)
    return app.test_client()


def test_one_scenario(client):
    response = client.post("/api/gloomhaven/solve", json=scenario())
    assert response.status_code == 200
    data = response.get_json()
    assert data["focus"] == ["a"]
    assert data["options"][0]["destination"] == [2, 0]
    assert data["options"][0]["attacks"] == ["a"]
    assert data["options"][0]["why"].startswith("Focus a")


def test_a_list(client):
    response = client.post("/api/gloomhaven/solve", json=[scenario(), scenario()])
    assert response.status_code == 200
    assert len(response.get_json()) == 2


@pytest.mark.parametrize(
    "body, words",
    [
        (scenario(active="ghost"), ["unknown figure", "ghost"]),
        (scenario(active="a"), ["not a monster"]),
        ([scenario(), scenario(active="ghost")], ["scenario 1", "ghost"]),
        ({"hexes": [[0, 0]]}, ["figures"]),
        (42, ["JSON object"]),
        (dict(scenario(), outside="lava"), ['"outside"', "lava"]),
    ],
)
def test_malformed_input_is_400_with_the_problem(client, body, words):
    response = client.post("/api/gloomhaven/solve", json=body)
    assert response.status_code == 400
    error = response.get_json()["error"]
    for word in words:
        assert word in error


def test_outside_wall_is_accepted_and_changes_the_answer(client):
    """A row of hexes on its own, away from the board the published cases
    are drawn on: open round it, the monster walks up to a; with a wall round
    it, every corner of every hex touches that wall, so nobody sees anybody
    and the monster has no focus."""
    row = dict(scenario(), hexes=[[q, -40] for q in range(6)])
    row["figures"] = [dict(f, hex=[f["hex"][0], -40]) for f in row["figures"]]
    opened = client.post("/api/gloomhaven/solve", json=row).get_json()
    assert opened["focus"] == ["a"]
    walled = client.post("/api/gloomhaven/solve", json=dict(row, outside="wall")).get_json()
    assert walled["focus"] == []


def test_body_that_is_not_json(client):
    response = client.post("/api/gloomhaven/solve", data="{oops", content_type="application/json")
    assert response.status_code == 400
    assert "not valid JSON" in response.get_json()["error"]


def test_other_content_types_are_refused(client):
    response = client.post("/api/gloomhaven/solve", data={"x": "1"})
    assert response.status_code in (400, 415)
    assert "error" in response.get_json()


def test_only_post(client):
    assert client.get("/api/gloomhaven/solve").status_code == 405


def test_too_many_scenarios(client):
    response = client.post("/api/gloomhaven/solve", json=[scenario()] * (web.MAX_SCENARIOS + 1))
    assert response.status_code == 400


def test_sentences_follow_flask_babel():
    from flask_babel import Babel

    app = Flask(__name__)
    app.config["BABEL_TRANSLATION_DIRECTORIES"] = str(TRANSLATIONS)
    Babel(app, locale_selector=lambda: "ja")
    app.register_blueprint(web.blueprint)
    response = app.test_client().post("/api/gloomhaven/solve", json=scenario())
    assert response.status_code == 200
    assert "フォーカス" in response.get_json()["options"][0]["why"]
