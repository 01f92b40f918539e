"""The whole card and a summon acting, through `companion solve` (the same
JSON as in Python), in another language and with a malformed card."""

import json

from companion.cli import main


def card_scenario(active="m", card=None):
    return {
        "rules": "gloomhaven",
        "hexes": [[q, r] for q in range(6) for r in range(6)],
        "figures": [
            {"id": "m", "side": "monster", "hex": [0, 2]},
            {"id": "a", "side": "character", "hex": [4, 2], "initiative": 10},
            {"id": "wolf", "side": "summon", "hex": [5, 0], "initiative": 10, "summoner": "a"},
        ],
        "active": active,
        "action": {"movement": "normal"},
        "card": card or [{"kind": "move", "value": 3}, {"kind": "attack", "value": 2, "push": 1},
                         {"kind": "infuse", "element": "fire"}],
    }


def write(tmp_path, data):
    path = tmp_path / "s.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_a_card_on_the_command_line(tmp_path, capsys):
    assert main(["solve", write(tmp_path, card_scenario())]) == 0
    out = json.loads(capsys.readouterr().out)
    option = out["options"][0]
    assert [s["kind"] for s in option["steps"]] == ["move", "attack", "infuse"]
    assert option["attacks"] == ["a"]


def test_a_summon_acting_in_japanese(tmp_path, capsys):
    data = card_scenario(active="wolf", card=[{"kind": "move", "value": 2}, {"kind": "attack", "value": 1}])
    assert main(["solve", "--lang", "ja", write(tmp_path, data)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["focus"] == ["m"]
    attack = [s for s in out["options"][0]["steps"] if s["kind"] == "attack"][0]
    assert attack["deck"] == "a"
    assert not out["options"][0]["why"].isascii()


def test_a_malformed_card_exits_2_naming_it(tmp_path, capsys):
    data = card_scenario(card=[{"kind": "attack", "targets": 0}])
    assert main(["solve", write(tmp_path, data)]) == 2
    assert "card[0].targets" in capsys.readouterr().err
