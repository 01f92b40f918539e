"""Monster, deck, class and scenario names in Simplified Chinese and
Japanese (data/gloomhaven/names.json, keyed by the data's ids)."""

from __future__ import annotations

import pytest

from companion.games.gloomhaven import data, names

LANGUAGES = ("zh_Hans", "ja")
KINDS = {
    "monsters": lambda: list(data.monsters()),
    "classes": lambda: list(data.classes()),
    "scenarios": lambda: [str(s["number"]) for s in data.scenarios()],
    "decks": lambda: list(data.decks()),
    "objectives": lambda: sorted({o["name"] for s in data.scenarios() for o in s.get("objectives", [])}),
    "achievements": lambda: [*data.achievements()["global"], *data.achievements()["party"]],
    "personal_quests": lambda: [str(q["id"]) for q in data.personal_quests()],
    "items": lambda: [str(i["id"]) for i in data.items()],
    "personal_quest_goals": lambda: [f"{q['id']}.{i}" for q in data.personal_quests() for i in range(len(q["goals"]))],
    "class_symbols": lambda: [c for c, v in data.classes().items() if not v["starting"]],
    "places": lambda: ["Gloomhaven"],
    "reward_notes": lambda: [f"{s['number']}.{i}" for s in data.scenarios()
                             for i in range(len((s.get("rewards") or {}).get("notes", [])))],
}


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_name_of_the_base_game_has_a_chinese_and_a_japanese_name(kind, language):
    ids = KINDS[kind]()
    missing = [key for key in ids if names.name(kind, key, language) == names.english(kind, key)]
    assert not missing
    assert len(ids) == {"monsters": 60, "classes": 17, "scenarios": 95, "decks": 30, "objectives": 16,
                        "achievements": 49, "personal_quests": 24, "items": 151, "personal_quest_goals": 46,
                        "class_symbols": 11, "places": 1, "reward_notes": 7}[kind]


@pytest.mark.parametrize("kind", ("monsters", "classes", "scenarios", "achievements", "personal_quests", "items"))
@pytest.mark.parametrize("language", LANGUAGES)
def test_no_two_of_a_kind_share_a_name(kind, language):
    shown = [names.name(kind, key, language) for key in KINDS[kind]()]
    assert len(set(shown)) == len(shown)


def test_the_names_file_names_only_ids_the_data_has():
    for kind in names.KINDS:
        unknown = [key for key in names.table()[kind] if names.english(kind, key) is None]
        assert not unknown, (kind, unknown)


def test_an_achievement_named_in_text_is_left_as_typed():
    """Achievements and quests are named by id only: a line's words stay."""
    assert names.localize_text("Tremors", "ja") == "Tremors"
    assert names.name("achievements", "tremors", "ja") != "Tremors"


def test_english_and_an_unknown_language_read_the_datas_names():
    assert names.name("monsters", "bandit-guard", "en") == "Bandit Guard"
    assert names.name("scenarios", 1, "fr") == "Black Barrow"
    assert names.name("monsters", "no-such-monster", "ja") == "no-such-monster"


def test_a_deck_named_after_its_monster_reads_as_that_monster():
    assert names.name("decks", "living-bones", "zh_Hans") == names.name("monsters", "living-bones", "zh_Hans")
    assert names.name("decks", "guard", "ja") != names.name("decks", "guard", "en")


def test_a_label_or_line_gets_every_name_in_it_translated_and_nothing_else():
    guard = names.name("monsters", "bandit-guard", "zh_Hans")
    city_guard = names.name("monsters", "city-guard", "zh_Hans")
    brute = names.name("classes", "brute", "zh_Hans")
    assert names.localize_text("Bandit Guard 3", "zh_Hans") == f"{guard} 3"
    # The longest name wins: "City Guard" is one monster, not "City" and the Guard deck.
    assert (names.localize_text("Brute 攻击 City Guard 2：3 点伤害", "zh_Hans")
            == f"{brute} 攻击 {city_guard} 2：3 点伤害")
    # Only whole names: a longer word stays as it is.
    assert names.localize_text("Hounds", "ja") == "Hounds"
    assert names.localize_text("Bandit Guard 3", "en") == "Bandit Guard 3"
    assert names.localize_text(None, "ja") == ""


def test_a_character_named_after_its_class_reads_as_the_class_and_a_players_own_name_as_typed():
    assert names.localize_text("Brute", "ja") == names.name("classes", "brute", "ja") != "Brute"
    for typed in ("Ann's Brute", "Ann the Brute", "Brute-Ann", "Hound Master", "Ann’s Hound"):
        assert names.localize_text(typed, "ja") == typed


def test_a_name_next_to_japanese_text_is_still_found():
    hound = names.name("monsters", "hound", "ja")
    assert names.localize_text("Hound 4が倒れた", "ja") == f"{hound} 4が倒れた"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_battle_goal_has_a_name_and_a_text_in_chinese_and_japanese(language):
    goals = data.battle_goals()
    assert len(goals) == 24
    for goal in goals:
        read = names.battle_goal(goal["id"], language)
        assert read["lang"] == language and read["name"] and read["text"]
        assert read["name"] != goal["name"] and read["text"] != goal["text"]
    assert len({names.battle_goal(g["id"], language)["name"] for g in goals}) == len(goals)


def test_a_battle_goal_in_english_is_the_datas():
    goal = data.battle_goals()[0]
    assert names.battle_goal(goal["id"], "en") == {"name": goal["name"], "text": goal["text"], "lang": "en"}


def test_a_history_line_names_its_figures_in_the_language_it_is_given_not_a_module_global():
    """The platform passes the reader's language in (issue 17): no rules module reads a global set by the web layer."""
    from companion.rules import translated_params
    assert not hasattr(names, "reader_language")
    params = {"standee": names.Named("Bandit Guard 3"), "delta": -2}
    chinese = translated_params(params, str, "zh_Hans")
    assert chinese["standee"] == f"{names.name('monsters', 'bandit-guard', 'zh_Hans')} 3" != "Bandit Guard 3"
    assert translated_params(params, str)["standee"] == "Bandit Guard 3" and chinese["delta"] == -2


def test_a_name_as_a_message_parameter_reads_in_the_readers_language_and_survives_a_copy():
    import copy
    import pickle
    named = names.NameOf("achievements", "first-steps")
    assert named == "First Steps"
    assert named.translated(lambda s: s, "ja") == names.name("achievements", "first-steps", "ja") != "First Steps"
    for again in (copy.deepcopy(named), pickle.loads(pickle.dumps(named))):
        assert again.translated(lambda s: s, "zh_Hans") == names.name("achievements", "first-steps", "zh_Hans")
