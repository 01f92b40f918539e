"""One-tap steps a mis-tap would cost the group ask once before they are
taken (issue 22), as keeping an apocalypse card does: starting the game, a
dark past's wounds or corruption, Envy's and Wrath's answers, the SIN's
reaction. Harmless steps (a hero's move, "No reaction") ask nothing.
Rendered from the "now" region as the phone that acts sees it."""

from __future__ import annotations

import html
import re

from test_the_others_effects import in_turns, with_dark_past
from test_the_others_worked_pages import app, region  # noqa: F401 (the fixture)
from the_others_support import TEAM, Table


def confirms(page: str) -> dict[str, str]:
    """Each button of the page that asks first: {its label: the question}."""
    out = {}
    for tag, label in re.findall(r"(<button[^>]*>)\s*(.*?)\s*</button>", page, re.S):
        asked = re.search(r'data-confirm="([^"]*)"', tag)
        if asked:
            out[html.unescape(label)] = html.unescape(asked.group(1))
    return out


def buttons(page: str) -> list[str]:
    return [html.unescape(label) for label in re.findall(r"<button[^>]*>\s*(.*?)\s*</button>", page, re.S)]


def ready_to_start() -> Table:
    table = Table(hero_players=1)
    table.join("sin", "sin")
    table.join("ann", "hero")
    table.facts()
    table.act(None, "team.choose", heroes=TEAM)
    table.act("ann", "heroes.pick", heroes=["rose", "thorley", "rocco"])
    return table


def test_starting_the_game_asks_once_for_the_team_and_the_heroes_are_fixed_after(app):
    asked = confirms(region(app, ready_to_start(), "ann", "now"))
    assert asked["Start the game"] == ("Start the game? The team and each player’s heroes can’t be changed after, "
                                       "and the SIN’s hand is dealt.")
    assert "Play these heroes" not in asked  # picked again freely until the start


def test_a_dark_pasts_wounds_or_corruption_each_ask_naming_the_hero_and_the_amount(app):
    table = in_turns(story="the_darkness_within")
    with_dark_past(table, "rose", 4)
    with table.arranged() as state:
        state["heroes"]["rose"]["corruption"] = 7
    table.act("ann", "turn.start", hero="rose")
    table.act("ann", "turn.end")
    asked = confirms(region(app, table, "ann", "now"))
    assert asked["Wounds"] == "Rose takes 3 wounds for the dark past (not the corruption)?"
    assert asked["Corruption"] == "Rose takes 3 corruption for the dark past (not the wounds)?"
    assert "Wounds" not in confirms(region(app, table, "bob", "now"))  # not Rose's player: no such button


def test_envys_two_answers_each_ask_first(app):
    table = in_turns(sin="envy")
    table.act("ann", "turn.start", hero="rose")
    table.act("ann", "city.action", actions=[{"kind": "upgrade", "upgrade": table.state["inventory"][0]}])
    asked = confirms(region(app, table, "ann", "now"))
    assert asked["1 wound"] == "Envy: Rose takes 1 wound?"
    assert asked["1 corruption to every other hero"] == "Envy: every hero but Rose takes 1 corruption?"


def test_wraths_two_answers_each_ask_first(app):
    table = in_turns(sin="wrath")
    table.act("ann", "turn.start", hero="rose")
    table.act("ann", "fight.start", monsters={"acolyte": 2},
              entered={"hero": "hit hit", "sin": "blank blank blank blank"})
    table.act("ann", "fight.resolve", assigned=[2, 0], turned={})
    asked = confirms(region(app, table, "ann", "now"))
    assert asked["1 corruption"] == "Wrath: Rose takes 1 corruption?"
    assert asked["Let the monsters teleport"] == "Wrath: the SIN may teleport every monster 1 space?"


def test_reacting_asks_with_the_tokens_left_and_no_reaction_does_not(app):
    table = in_turns()
    table.act("ann", "turn.start", hero="rose")
    table.act("ann", "turn.end")
    page = region(app, table, "sin", "now")
    asked = confirms(page)
    left = table.state["sin"]["reaction_tokens"] - table.state["sin"]["reactions_used"]
    assert asked["React to Rose"] == ("React to Rose? It spends a reaction token "
                                      f"(reaction tokens left this round: {left}).")
    assert "No reaction" in buttons(page) and "No reaction" not in asked


def test_the_questions_read_in_chinese_and_japanese(app):
    table = in_turns()
    table.act("ann", "turn.start", hero="rose")
    table.act("ann", "turn.end")
    for lang, said in (("zh", "对 罗丝 做出反应？这会花费 1 个反应标记"), ("ja", "リアクションしますか？")):
        asked = confirms(region(app, table, "sin", "now", lang))
        assert [q for q in asked.values() if said in q and "React" not in q], asked
    started = confirms(region(app, ready_to_start(), "ann", "now", "ja"))
    assert list(started.values()) == ["ゲームを開始しますか？以後チームと各プレイヤーのヒーローは変更できず、"
                                      "SIN プレイヤーの手札が配られます。"]
