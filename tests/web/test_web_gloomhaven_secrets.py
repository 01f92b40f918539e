"""Gloomhaven's secrets reach their own seat and nobody else: the initiative
a player chose (until everyone has chosen) and the battle goals dealt and
kept, through no page, fragment, event stream, history line, JSON state or
JSON log of another seat, the display, a stranger or the host."""

from __future__ import annotations

import json

import pytest

from companion.games.gloomhaven import catalog
from test_web_gloomhaven import create_gloomhaven
from test_web_secrets import everything_seen_by, json_text, stream_text
from web_support import join_seat

FIRST, SECOND = 37, 83


@pytest.fixture
def gh(host, new_phone):
    token = create_gloomhaven(host)
    ann = join_seat(new_phone(), token, "Ann")
    bo = join_seat(new_phone("192.168.1.21"), token, "Bo")
    assert ann.act("character.set", **{"class": "brute", "level": "1"}).status_code == 200
    assert bo.act("character.set", **{"class": "tinkerer", "level": "1"}).status_code == 200
    assert ann.act("scenario.start").status_code == 200
    return token, ann, bo


def goals_of(browser, token) -> list[dict]:
    state = browser.client.get(f"/api/tables/{token}/state").get_json()["state"]
    dealt = state["mine"]["battle_goals"]["dealt"]
    return [g for g in catalog.battle_goals() if str(g["id"]) in dealt]


def chosen_marks(text: str) -> list[str]:
    """Ways the chosen numbers could show: as a sentence, in JSON, in a cell."""
    return [f"{FIRST}, other card {SECOND}", f'"initiative": {FIRST}', f'"second": {SECOND}',
            f">{FIRST}<", f">{SECOND}<"]


def test_a_chosen_initiative_is_hidden_from_everyone_else_until_all_have_chosen(gh, host, new_phone):
    token, ann, bo = gh
    bo_stream = stream_text(bo, f"/t/{token}/events",
                            act=lambda: ann.act("initiative.choose", initiative=str(FIRST), second=str(SECOND)))
    assert "event: region-log" in bo_stream
    for mark in chosen_marks(""):
        assert mark not in bo_stream
    own = ann.page(f"/t/{token}")
    assert f"{FIRST}, other card {SECOND}" in own
    for who, browser in (("other seat", bo), ("stranger", new_phone("192.168.1.30")), ("host", host)):
        for where, text in everything_seen_by(browser, token).items():
            for mark in chosen_marks(text):
                assert mark not in text, (who, where, mark)
    history = bo.page(f"/t/{token}/history")
    assert "chose their cards" in history


def test_a_chosen_initiative_is_hidden_in_the_answers_to_another_seats_actions(gh):
    token, ann, bo = gh
    ann.act("initiative.choose", initiative=str(FIRST), second=str(SECOND))
    for response in (bo.act("character.adjust", field="xp", **{"delta:int": "1"}),
                     bo.act("initiative.choose", initiative="abc", second="2")):  # refused
        text = response.get_data(as_text=True)
        for mark in chosen_marks(text):
            assert mark not in text


def test_after_everyone_has_chosen_the_initiatives_are_shown_to_all(gh):
    token, ann, bo = gh
    ann.act("initiative.choose", initiative=str(FIRST), second=str(SECOND))
    bo.act("initiative.choose", initiative="50", second="20")
    state = bo.client.get(f"/api/tables/{token}/state").get_json()["state"]
    assert state["revealed"][ann.seat_id]["initiative"] == FIRST


def test_battle_goals_are_dealt_to_each_seat_in_secret(gh, host, new_phone):
    token, ann, bo = gh
    ann_goals, bo_goals = goals_of(ann, token), goals_of(bo, token)
    assert len(ann_goals) == 2 and len(bo_goals) == 2
    assert ann.act("battle_goal.keep", goal=str(ann_goals[0]["id"])).status_code == 200
    own = ann.page(f"/t/{token}")
    assert all(g["name"] in own for g in ann_goals)
    for who, browser in (("other seat", bo), ("stranger", new_phone("192.168.1.30")), ("host", host)):
        for where, text in everything_seen_by(browser, token).items():
            for goal in ann_goals:
                assert goal["name"] not in text and goal["text"] not in text, (who, where, goal["name"])
                assert f'"{goal["id"]}"' not in text, (who, where)
    log = json.loads(json_text(bo.client.get(f"/api/tables/{token}/log")))
    assert "kept a battle goal" in json.dumps(log)


@pytest.mark.parametrize("language, accept", [("zh_Hans", "zh-CN"), ("ja", "ja")])
def test_battle_goals_in_chinese_or_japanese_reach_their_own_seat_only(gh, language, accept):
    from companion.games.gloomhaven import names
    token, ann, bo = gh
    ann_goals = [names.battle_goal(g["id"], language) for g in goals_of(ann, token)]  # none of them Bo's
    own = ann.get(f"/t/{token}", headers={"Accept-Language": accept}).get_data(as_text=True)
    assert all(g["name"] in own and g["text"] in own for g in ann_goals)
    for path in (f"/t/{token}", f"/t/{token}/history", f"/t/{token}/display"):
        seen = bo.get(path, headers={"Accept-Language": accept}).get_data(as_text=True)
        for goal in ann_goals:
            assert goal["text"] not in seen, (path, goal["name"])
