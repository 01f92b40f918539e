"""The Gloomhaven table through the JSON API: a tool creates the table, two
seats set up and play a round with typed JSON payloads; refusals name the
field; each seat's state answer carries what its pages show."""

from __future__ import annotations


def post(client, path, body, key=None):
    return client.post(path, json=body, headers={"X-Seat-Key": key} if key else {})


def test_a_round_played_through_the_api(client):
    made = post(client, "/api/tables", {"game": "gloomhaven", "name": "Barrow", "options": {"scenario": 1}})
    assert made.status_code == 201, made.get_json()
    token = made.get_json()["token"]
    keys = [post(client, f"/api/tables/{token}/seats", {"name": n, "role": "player"}).get_json()["key"]
            for n in ("Ann", "Bo")]
    def act(key, type, **payload):
        return post(client, f"/api/tables/{token}/actions", {"type": type, "payload": payload}, key)

    assert act(keys[0], "character.set", **{"class": "brute", "level": 1}).status_code == 200
    assert act(keys[1], "character.set", **{"class": "tinkerer", "level": 1}).status_code == 200
    refused = act(keys[0], "initiative.choose", initiative=150, second=2)
    assert refused.status_code == 400 and refused.get_json()["field"] == "initiative"
    assert act(keys[0], "scenario.start").status_code == 200
    assert act(keys[0], "initiative.choose", initiative=10, second=20).status_code == 200
    assert act(keys[1], "initiative.choose", long_rest=True).status_code == 200
    state = client.get(f"/api/tables/{token}/state", headers={"X-Seat-Key": keys[1]}).get_json()["state"]
    assert state["phase"] == "playing" and state["revealed"]["s1"]["initiative"] == 10
    assert state["shown"]["turns"][0]["state"] == "now"
    assert "battle_goals" in state["mine"] and "choice" not in state["mine"]
    refused = act(keys[0], "standee.condition", standee=state["standees"][0]["id"], condition="sleepy")
    assert refused.status_code == 400 and refused.get_json()["field"] == "condition"
