"""The shape of a table's state and the facts the group entered.

    {"phase": "setup" | "round_start" | "hero_turns" | "round_end" | "over",
     "options": {"sin", "acolyte", "story", "hero_players"},
     "facts": {"dice": {"sin": {...}|None, "hero": ...}, "heroes": {id: {class, combat, skill, defense}},
               "monsters": {kind: {combat, defense}}, "hell_club": {id: {...}}, "targets": {mission: n}},
     "team": [hero ids], "heroes": {id: hero}, "order": [ids in play, clockwise], "reserve": [ids],
     "round": n, "turn": {...} | None, "reaction": {...} | None, "sin": {...},
     "apocalypse": {"track" (kit track 0-7), "cards", "waiting", "hell_club"}, "inventory": [...], "story": {...},
     "fight": {...} | None, "roll": {...} | None, "winner": None | "heroes" | "sin",
     "upgrades": kit deck, "secrets": {sin seat: {"hand", "deck", "apocalypse" (kit decks), "offer", "queue"},
                                       "sealed": {"dark_past:<hero>": [n]}}}

secrets["sealed"] (the kit's) holds what no seat may see: dark pasts until revealed.
"""

from __future__ import annotations

from companion.games.the_others import data
from companion.games.the_others.apocalypse import new_track
from companion.kit import deck as decks
from companion.kit import tracks
from companion.rules import N_, ActionError, Seat

CLASSES = ("leader", "fixer", "sniper", "bruiser")


def choice(value, allowed, field: str) -> str:
    if not isinstance(value, str) or value not in allowed:
        raise ActionError(N_("Choose one of the listed options."), field=field)
    return value


def mapping(value, field: str) -> dict:
    """A dict from the payload (None: empty), else a refusal naming the field."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise ActionError(N_("The action's details are malformed."), field=field)
    return value


def new_state(options: dict) -> dict:
    sin = choice(options.get("sin"), data.sins(), "sin")
    acolyte = choice(options.get("acolyte"), data.acolytes(), "acolyte")
    story = choice(options.get("story"), data.stories(), "story")
    players = options.get("hero_players", 1)
    try:
        players = int(players)
    except (TypeError, ValueError):
        players = 0
    if players not in (1, 2, 3, 4):
        raise ActionError(N_("Hero players: 1 to 4."), field="hero_players")
    return {
        "phase": "setup",
        "options": {"sin": sin, "acolyte": acolyte, "story": story, "hero_players": players,
                    "hero_count": data.hero_count(players)},
        "facts": {"dice": {"sin": None, "hero": None}, "heroes": {}, "monsters": {}, "hell_club": {},
                  "targets": {}},
        "team": [], "heroes": {}, "order": [], "reserve": [], "fallen": [],
        "round": 0, "first_hero": None, "turn": None, "reaction": None, "last_hero": None, "passed": [],
        "sin": {"seat": None, "reaction_tokens": 0, "reactions_used": 0,
                "hand_count": 0, "discard": [], "played": None, "acolyte_mark": False},
        "monsters": {},
        "apocalypse": {"track": new_track(), "cards": [], "waiting": 0, "hell_club": []},
        "inventory": [], "upgrades": None,
        "story": {"mission": None, "progress": 0, "done": [], "removed": [], "choose": []},
        "fight": None, "roll": None, "winner": None,
        "secrets": {},
    }


# -- facts, with what the group entered ------------------------------------------------------
def hero_fact(state: dict, hero_id: str, key: str):
    entered = state["facts"]["heroes"].get(hero_id, {})
    if entered.get(key) is not None:
        return entered[key]
    return data.heroes()[hero_id].get(key)


def monster_fact(state: dict, kind: str) -> dict:
    """Combat and defense of a monster kind of this table's sin/acolyte:
    the entered numbers, else the data's (None where unknown)."""
    if kind == "acolyte":
        known = data.acolytes()[state["options"]["acolyte"]]
    elif kind in ("abomination", "controller", "avatar"):
        known = data.sins()[state["options"]["sin"]]["monsters"][kind]
    else:
        known = data.hell_club().get(kind, {})
    entered = state["facts"]["monsters"].get(kind, {})
    return {key: entered.get(key, known.get(key)) for key in ("combat", "defense")}


def missing_monster_facts(state: dict) -> list[str]:
    return [kind for kind in ("abomination", "controller", "avatar", "acolyte")
            if None in monster_fact(state, kind).values()]


def story(state: dict) -> dict:
    return data.stories()[state["options"]["story"]]


def mission(state: dict, mission_id: str | None) -> dict | None:
    for entry in story(state)["missions"]:
        if entry["id"] == mission_id:
            return entry
    return None


def mission_target(state: dict, mission_id: str) -> int | None:
    """The number to reach: the rulebook's, the hero count for the hero
    icon, or what the group entered; None while unknown; 0 for "all"."""
    entry = mission(state, mission_id)
    target = state["facts"]["targets"].get(mission_id, entry["target"])
    if target == "heroes":
        return state["options"]["hero_count"]
    if target == "all":
        return 1
    return target


def sin_seat(state: dict) -> str | None:
    return state["sin"]["seat"]


# -- the state's check ------------------------------------------------------------------------------
def seat_joined(state: dict, seat: Seat) -> dict:
    """The SIN player's seat is recorded when it joins, with an empty hand
    among its secrets; hero seats change nothing."""
    if seat.role == "sin":
        state["sin"]["seat"] = seat.id
        state["secrets"].setdefault(seat.id, {"hand": []})
    return state


def check_state(state: dict) -> None:
    if state["phase"] not in ("setup", "round_start", "hero_turns", "over"):
        raise ValueError("phase")
    for key in ("sin", "acolyte", "story"):
        if state["options"][key] not in {"sin": data.sins(), "acolyte": data.acolytes(),
                                         "story": data.stories()}[key]:
            raise ValueError(key)
    tracks.check_track(state["apocalypse"]["track"])
    for hero_id in state["order"]:
        hero = state["heroes"][hero_id]
        if (not 1 <= hero["corruption"] <= 7
                or len(hero["wounds"]) > 5
                or len(set(hero["wounds"])) != len(hero["wounds"])):
            raise ValueError("hero")
        if not all(isinstance(slot, int) and 1 <= slot <= 7 for slot in hero["wounds"]):
            raise ValueError("wounds")
    for secret in state["secrets"].values():
        if not isinstance(secret.get("hand", []), list):
            raise TypeError("hand")
    for part in (state["upgrades"], *(secret.get(name) for secret in state["secrets"].values()
                                      for name in ("deck", "apocalypse"))):
        if part is not None:
            decks.check_deck(part)
