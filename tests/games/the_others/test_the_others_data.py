"""The data files are the converter's output: a fresh conversion of the
reference folder equals what is committed, and the conversion keeps only
confirmed numbers, leaving the rest for the group to enter."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from companion import PACKAGE_DIR
from companion.games.the_others import convert, data

# In CI the reference folder sits beside the repository; a worktree elsewhere names it.
REFERENCE = Path(os.environ.get("THE_OTHERS_REFERENCE", PACKAGE_DIR.parent.parent / "shared" / "ref" / "the-others"))
needs_reference = pytest.mark.skipif(not (REFERENCE / "data.json").is_file(),
                                     reason="the reference folder ../shared/ref/the-others is not here")

SAMPLE_REFERENCE = {
    "dice": {"hero_die": {"status": "unconfirmed", "faces": {"hit": None}},
             "sin_die": {"status": "confirmed", "faces": {"corruption": 1, "hit": 2, "critical_hit": 1, "blank": 2}}},
    "heroes": {"core_box": {"list": [
        {"name": "Leah", "class": "Leader", "class_status": "confirmed", "combat": 3, "skill": 3, "defense": 1,
         "stats_status": "partially_confirmed"},
        {"name": "Karl", "class": "Fixer", "class_status": "weak", "stats_status": "unconfirmed"},
        {"name": "Zed", "class": "Shooter", "class_status": "confirmed", "combat": 2, "skill": 1, "defense": 2,
         "stats_status": "confirmed"},
    ]}, "other": []},
    "sins": {"list": [{"sin": "Pride", "abomination": {"dice": 3, "defense": 3}}]},
    "acolytes": {"list": []},
}


@needs_reference
def test_committed_data_equals_a_fresh_conversion(tmp_path):
    convert.main(["--reference", str(REFERENCE), "--out", str(tmp_path)])
    for path in sorted(tmp_path.iterdir()):
        committed = data.FOLDER / path.name
        assert committed.read_text(encoding="utf-8") == path.read_text(encoding="utf-8"), path.name
    assert {p.name for p in tmp_path.iterdir()} == {p.name for p in data.FOLDER.glob("*.json")}


def test_conversion_is_repeatable(tmp_path):
    first = convert.convert(SAMPLE_REFERENCE)
    assert convert.convert(json.loads(json.dumps(SAMPLE_REFERENCE))) == first


def test_only_confirmed_hero_numbers_become_values_and_the_rest_are_entered():
    heroes = {hero["id"]: hero for hero in convert.heroes(SAMPLE_REFERENCE)}
    leah = heroes["leah"]
    assert leah["class"] == "leader"  # class confirmed
    assert leah["combat"] is None and leah["hints"]["combat"] == 3  # stats only partly confirmed
    assert leah["enter"] == ["combat", "skill", "defense"]
    assert heroes["karl"]["class"] is None and heroes["karl"]["hints"]["class"] == "fixer"
    zed = heroes["zed"]
    assert (zed["class"], zed["combat"], zed["skill"], zed["defense"]) == ("sniper", 2, 1, 2)
    assert zed["enter"] == []


def test_the_rulebook_examples_give_rose_and_rocco_their_numbers():
    heroes = {hero["id"]: hero for hero in convert.heroes({})}
    assert (heroes["rose"]["combat"], heroes["rose"]["defense"]) == (2, 1)
    assert (heroes["rocco"]["combat"], heroes["rocco"]["defense"]) == (2, 2)
    assert heroes["rose"]["enter"] == ["class", "skill"]
    assert heroes["rocco"]["fight_effects"]["killshot"] == {"ranged_hits": 2}


def test_dice_face_counts_are_kept_only_when_confirmed():
    dice = convert.dice(SAMPLE_REFERENCE)
    assert dice["sin"]["sides"] == {"corruption": 1, "hit": 2, "critical_hit": 1, "blank": 2}
    assert dice["sin"]["enter"] == []
    assert set(dice["hero"]["enter"]) == {"hit", "counter_corruption", "defense", "skill", "faith", "blank"}


def test_monster_numbers_come_from_the_reference_or_are_entered():
    sins = {sin["id"]: sin for sin in convert.sins(SAMPLE_REFERENCE)}
    assert sins["pride"]["monsters"]["abomination"] == {"combat": 3, "defense": 3, "enter": [], "figures": 6}
    assert sins["pride"]["monsters"]["avatar"]["enter"] == ["combat", "defense"]
    assert sins["sloth"]["monsters"]["controller"]["figures"] == 1


def test_every_sin_deck_holds_the_shared_cards_and_its_own():
    for sin in data.sins().values():
        names = {card["name"] for card in sin["cards"]}
        assert {"Abominable Fury", "Cursed Fate", "Hate!"} <= names
        assert len(sin["cards"]) == 12
        assert len({card["id"] for card in sin["cards"]}) == 12


def test_the_tracks_match_the_rulebook():
    levels = {level["level"]: level["bonus"] for level in data.corruption_levels()}
    assert levels[2] == {"dice": 1} and levels[3] == {"defense": 1} and levels[6] == {"hit": 2}
    assert levels[7]["choice"] == ["hit", "skill", "defense", "counter_corruption"]
    effects = {level["level"]: level["effect"] for level in data.apocalypse_levels()}
    assert [n for n, effect in effects.items() if effect == "apocalypse_card"] == [1, 3, 5]
    assert data.hero_count(1) == 3 and data.hero_count(2) == 4 and data.hero_count(3) == 3 and data.hero_count(4) == 4


def test_mission_targets_lost_in_the_text_are_marked_for_entry():
    stories = data.stories()
    last_stand = {m["id"]: m for m in stories["havens_last_stand"]["missions"]}
    assert last_stand["1"]["target"] is None and last_stand["1"]["enter"] is True
    souls = {m["id"]: m for m in stories["battleground_of_souls"]["missions"]}
    assert (souls["1"]["target"], souls["3"]["target"]) == (2, 3)
    assert not souls["3"]["enter"]


def test_the_help_does_not_name_the_shared_folder(capsys):
    with pytest.raises(SystemExit):
        convert.main(["--help"])
    assert "shared" not in capsys.readouterr().out


def test_a_folder_without_data_json_is_refused(tmp_path, capsys):
    assert convert.main(["--reference", str(tmp_path)]) == 2
    assert "data.json" in capsys.readouterr().err
