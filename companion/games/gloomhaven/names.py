"""Gloomhaven's names in the reader's language: the base game's monsters,
ability decks, classes (and a sealed class's box symbol), scenarios and
objectives, the campaign's achievements, personal quests (and their goals),
items, places and the scenario book's reward notes, and the battle goals'
names and texts, from data/gloomhaven/names.json (our own Simplified Chinese
and Japanese, keyed by the ids of the data beside it: a conversion rerun
rewrites the converted files, never this one). Pure: no Flask; the web layer
says which language the reader reads."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from companion.games.gloomhaven import conditions, data, elements
from companion.rules import N_, Msg

#: The names a label or line may carry (localize_text looks for these).
TEXT_KINDS = ("monsters", "decks", "classes", "scenarios", "objectives", "places")
#: Every kind the names file has by id: the campaign's achievements (global
#: and party), personal quests and items (by number), a quest's goals ("<quest>.<goal
#: index>"), the scenario book's reward notes ("<scenario>.<note index>") and the sealed
#: classes' symbols (by class) are named by id, never looked for inside text.
KINDS = (*TEXT_KINDS, "achievements", "personal_quests", "items", "personal_quest_goals", "class_symbols",
         "reward_notes")

class Named(Msg):
    """A message parameter with names in it ("Bandit Guard 3"): the platform
    formats it in the reader's language as it translates the message."""

    def translated(self, translate: Callable[[str], str], language: str | None = None) -> str:
        return localize_text(self, language)


class NameOf(Msg):
    """A message parameter naming one thing by its kind and id (an
    achievement in a requirement's reason): English as the data has it, and
    in the reader's language as the platform translates the message."""

    def __new__(cls, kind: str, key: object) -> NameOf:
        named = super().__new__(cls, name(kind, key, None))
        named.kind, named.key = kind, str(key)
        return named

    def __reduce__(self):
        return NameOf, (self.kind, self.key)

    def translated(self, translate: Callable[[str], str], language: str | None = None) -> str:
        return name(self.kind, self.key, language)


@cache
def table() -> dict:
    """names.json: kind -> id (a scenario's number as text) -> language -> name."""
    return data.load("names.json")


def english(kind: str, key: str) -> str | None:
    """The data's own (English) name of `key`, or None if the data has no such id."""
    if kind == "monsters":
        found = data.monsters().get(key)
    elif kind == "decks":
        found = data.decks().get(key)
    elif kind == "classes":
        found = data.classes().get(key)
    elif kind == "objectives":  # no ids: by the name the scenarios give them
        return key if key in _objective_names() else None
    elif kind == "achievements":
        known = data.achievements()
        return known["global"].get(key) or known["party"].get(key)
    elif kind == "personal_quests":
        found = next((q for q in data.personal_quests() if str(q["id"]) == str(key)), None)
    elif kind == "items":
        found = next((i for i in data.items() if str(i["id"]) == str(key)), None)
    elif kind == "personal_quest_goals":  # "<quest>.<goal index>"
        quest, _, index = str(key).partition(".")
        goals = next((q["goals"] for q in data.personal_quests() if str(q["id"]) == quest), [])
        return goals[int(index)]["text"] if index.isdigit() and int(index) < len(goals) else None
    elif kind == "reward_notes":  # "<scenario>.<note index>"
        number, _, index = str(key).partition(".")
        found = next((s for s in data.scenarios() if str(s["number"]) == number), None)
        notes = ((found or {}).get("rewards") or {}).get("notes", [])
        return notes[int(index)] if index.isdigit() and int(index) < len(notes) else None
    elif kind == "class_symbols":  # a sealed class goes by its box's symbol, its id ("two-mini")
        return key.replace("-", " ") if key in data.classes() else None
    elif kind == "places":  # no ids: by name
        return key if key in table()["places"] else None
    else:
        found = next((s for s in data.scenarios() if str(s["number"]) == str(key)), None)
    return found["name"] if found else None


@cache
def _objective_names() -> frozenset:
    return frozenset(o["name"] for s in data.scenarios() for o in s.get("objectives", []))


def name(kind: str, key: object, lang: str | None) -> str:
    """`key`'s name in `lang`; English (the data's) when we have none. A deck
    with a monster's id (most decks) is named as that monster."""
    key = str(key)
    own = table()[kind].get(key) or (table()["monsters"].get(key) if kind == "decks" else None) or {}
    return own.get(lang or "") or english(kind, key) or key


@cache
def _found(kinds: tuple[str, ...], lang: str) -> dict:
    """English name -> its name in `lang`, for each of `kinds` we have."""
    found = {}
    for kind in kinds:
        for key in table()[kind]:
            source, translated = english(kind, key), name(kind, key, lang)
            if source and translated != source:
                found.setdefault(source, translated)
    return found


def battle_goal(goal_id: object, lang: str | None) -> dict:
    """A battle goal's {"name", "text"} in `lang` (English, the data's, when
    we have none)."""
    goal = next((g for g in data.battle_goals() if str(g["id"]) == str(goal_id)), None)
    own = (table().get("battle_goals", {}).get(str(goal_id)) or {}).get(lang or "")
    if own:
        return {"name": own["name"], "text": own["text"], "lang": lang}
    return {"name": goal["name"] if goal else str(goal_id), "text": goal["text"] if goal else "", "lang": "en"}


@cache
def _pattern(lang: str) -> re.Pattern | None:
    """Every name we have in `lang` as one pattern, longest first (so "City
    Guard" wins over the Guard deck). A name counts only where it stands
    apart from other Latin words: not inside one ("Hounds") nor next to one
    across a space, hyphen or apostrophe, so a name a player typed ("Ann's
    Brute", "Ann the Brute") stays as typed while "Brute" alone, or beside
    Chinese or Japanese text, is the class."""
    found = _found(TEXT_KINDS, lang)
    if not found:
        return None
    alternatives = "|".join(re.escape(n) for n in sorted(found, key=len, reverse=True))
    return re.compile(rf"(?<![A-Za-z])(?<![A-Za-z][\s'’-])(?:{alternatives})(?![A-Za-z])(?![\s'’-][A-Za-z])")


def localize_text(text: object, lang: str | None) -> str:
    """`text` (a standee's label "Bandit Guard 3", a news line, a character
    named after their class) with each English name we have in `lang` put in
    that language; anything else is left as it is."""
    text = "" if text is None else str(text)
    if not lang or lang == "en":
        return text
    pattern = _pattern(lang)
    if pattern is None:
        return text
    found = _found(TEXT_KINDS, lang)
    return pattern.sub(lambda match: found[match.group(0)], text)


# The words the pages label a card's abilities, the elements, the conditions
# and the monsters' ranks with, as msgids by key. The regions' shared macros
# (templates/games/gloomhaven/_gh.html) read them through `gh_labels`
# (web.py), translated as they are read, so that template's module
# translates nothing while it is built (and is built once for every reader).

ACTION_LABELS = {
    "move": N_("Move"), "attack": N_("Attack"), "range": N_("Range"), "heal": N_("Heal"), "shield": N_("Shield"),
    "retaliate": N_("Retaliate"), "targets": N_("Target"), "pierce": N_("Pierce"), "push": N_("Push"),
    "pull": N_("Pull"), "loot": N_("Loot"), "suffer_damage": N_("Suffer damage"), "jump": N_("Jump"),
    "summon": N_("Summon"), "condition": N_("Condition"), "special": N_("Special"), "effect": N_("Effect"),
    "teleport": N_("Teleport"), "on_death": N_("On death"), "area": N_("Area"), "affects": N_("Affects")}
ELEMENT_LABELS = {**elements.LABELS, "wild": N_("Any element"), "any": N_("Any element"), "all": N_("Every element")}
CONDITION_LABELS = {**conditions.LABELS, "curse": N_("Curse"), "bless": N_("Bless"), "push": N_("Push"),
              "pull": N_("Pull"), "poisonx": N_("Poison")}
RANK_LABELS = {"normal": N_("normal"), "elite": N_("elite"), "boss": N_("boss")}
