"""POST /api/gloomhaven/solve, served by the app like every game's routes."""

import pytest

from companion.games.gloomhaven import web
from companion.web import create_app


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
def client(tmp_path):
    return create_app({"DATABASE": str(tmp_path / "companion.sqlite3"), "TESTING": True}).test_client()


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


def test_sentences_follow_the_readers_language(client):
    response = client.post("/api/gloomhaven/solve", json=scenario(), headers={"Accept-Language": "ja"})
    assert response.status_code == 200
    assert "フォーカス" in response.get_json()["options"][0]["why"]


@pytest.mark.parametrize("language, words", [
    ("ja", ["シナリオの形式が正しくありません", "ghost"]),
    ("zh-CN", ["场景格式有误", "ghost"]),
    ("en", ["The scenario is malformed", "ghost"]),
])
def test_a_malformed_scenario_is_refused_in_the_readers_language(client, language, words):
    response = client.post("/api/gloomhaven/solve", json=scenario(active="ghost"),
                           headers={"Accept-Language": language})
    assert response.status_code == 400
    for word in words:
        assert word in response.get_json()["error"]


def test_the_endpoints_own_refusals_are_in_the_readers_language(client):
    japanese = {"Accept-Language": "ja"}
    not_json = client.post("/api/gloomhaven/solve", data="{oops", content_type="application/json", headers=japanese)
    assert not_json.get_json()["error"].startswith("本文が正しい JSON ではありません")
    too_many = client.post("/api/gloomhaven/solve", json=[scenario()] * (web.MAX_SCENARIOS + 1), headers=japanese)
    assert too_many.get_json()["error"] == f"1 回のリクエストで送れるシナリオは {web.MAX_SCENARIOS} 個までです。"
    form = client.post("/api/gloomhaven/solve", data={"x": "1"}, headers=japanese)
    assert form.status_code == 415
    assert form.get_json()["error"] == "JSON を送ってください（Content-Type: application/json）。"


def test_a_map_too_large_is_refused_naming_the_scenario(client):
    huge = dict(scenario(), hexes=[[q, r] for q in range(80) for r in range(80)])
    alone = client.post("/api/gloomhaven/solve", json=huge)
    in_list = client.post("/api/gloomhaven/solve", json=[scenario(), huge], headers={"Accept-Language": "zh-CN"})
    assert alone.status_code == in_list.status_code == 400
    assert alone.get_json()["error"] == f"The map has more than {web.MAX_HEXES} hexes."
    assert in_list.get_json()["error"] == f"场景 1：地图超过 {web.MAX_HEXES} 个六角格。"
