"""The shape of a table's state, its check and its upgrades from older
shapes, the facts the group entered, and what the set-up still needs.

    {"schema": 3,
     "flow": the kit's round (companion.kit.phases, declared in flow.py): {"round": n, "phase": "setup" |
             "round_start" | "hero_turns" | "over", "order": [hero ids clockwise from the round's first hero],
             "turn": index into order of the hero whose turn is going on or comes next | None,
             "passed": [heroes who kept their extra-turn tokens this round]},
     "options": {"sin", "acolyte", "story", "hero_players"},
     "facts": {"dice": {"sin": {...}|None, "hero": ...}, "heroes": {id: {class, combat, skill, defense}},
               "monsters": {kind: {combat, defense}}, "hell_club": {id: {...}}, "targets": {mission: n}},
     "team": [hero ids], "heroes": {id: hero}, "order": [ids in play, clockwise], "reserve": [ids],
     "turn": {...} | None (the hero's turn going on), "reaction": {...} | None, "sin": {...},
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
from companion.kit import schema, tracks
from companion.kit.phases import clockwise_from
from companion.rules import N_, ActionError, Seat

CLASSES = ("leader", "fixer", "sniper", "bruiser")
STATS = ("combat", "skill", "defense")
PHASES = ("setup", "round_start", "hero_turns", "over")


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
        "schema": SCHEMA,
        "flow": {"round": 0, "phase": "setup", "order": [], "turn": None, "passed": []},
        "options": {"sin": sin, "acolyte": acolyte, "story": story, "hero_players": players,
                    "hero_count": data.hero_count(players)},
        "facts": {"dice": {"sin": None, "hero": None}, "heroes": {}, "monsters": {}, "hell_club": {},
                  "targets": {}},
        "team": [], "heroes": {}, "order": [], "reserve": [], "fallen": [],
        "turn": None, "reaction": None,
        "sin": {"seat": None, "reaction_tokens": 0, "reactions_used": 0,
                "hand_count": 0, "discard": [], "played": None, "acolyte_mark": False},
        "monsters": {},
        "apocalypse": {"track": new_track(), "cards": [], "waiting": 0, "hell_club": []},
        "inventory": [], "upgrades": None,
        "story": {"mission": None, "progress": 0, "done": [], "removed": [], "choose": []},
        "fight": None, "roll": None, "winner": None,
        "secrets": {},
    }


# -- the round, as the kit's flow keeps it -------------------------------------------------------
def phase_of(state: dict) -> str:
    return state["flow"]["phase"]


def round_of(state: dict) -> int:
    return state["flow"]["round"]


def _flow_from_schema_1(state: dict) -> None:
    phase, first, last = state.pop("phase"), state.pop("first_hero", None), state.pop("last_hero", None)
    flow = {"round": state.pop("round"), "phase": phase, "order": [] if phase == "setup" else list(state["order"]),
            "turn": None, "passed": state.pop("passed", [])}
    if phase == "hero_turns" and first in flow["order"]:
        flow["order"] = clockwise_from(state["order"], first)
        acting = state["turn"]["hero"] if state["turn"] else _next_in_schema_1(state, flow, last)
        flow["turn"] = flow["order"].index(acting) if acting in flow["order"] else None
    # Passes count in the hero turns, and only of heroes still in play (one replaced from the reserve is not).
    flow["passed"] = [hero for hero in flow["passed"] if hero in flow["order"]] if phase == "hero_turns" else []
    state["flow"] = flow


def _next_in_schema_1(state: dict, flow: dict, last: str | None) -> str | None:
    """Schema 1's next hero: clockwise after the last to start a turn (from
    the first), the first who can still take one."""
    order = flow["order"]
    start = 0 if last not in order else (order.index(last) + 1) % len(order)
    for step in range(len(order)):
        hero_id = order[(start + step) % len(order)]
        hero = state["heroes"][hero_id]
        if hero["turn_tokens"] > 0 or (hero["extra_turns"] > 0 and hero_id not in flow["passed"]):
            return hero_id
    return None


def _short_records(state: dict) -> None:
    """Schema 2 recorded the last fight and roll short: a table begun then
    keeps doing so, so that its log replays to the state it kept (an
    export's final state is checked against its replay)."""
    state["short_records"] = True


#: The state's shape, one step a schema. 1 (no "schema"): "phase", "round", "first_hero",
#: "last_hero" and "passed" at the top level; 2: the kit's flow (its order clockwise from the
#: first hero, its turn at the hero whose turn is going on or comes next); 3: the last fight and
#: the last roll recorded in full (who, what, where, the dice), so the pages tell them as the
#: history does.
STEPS = (_flow_from_schema_1, _short_records)
SCHEMA = len(STEPS) + 1
upgrade = schema.stepwise(STEPS)
upgrade.__doc__ = """A state of an older shape carried to SCHEMA (in place; returned)."""


def current(state: dict) -> dict:
    """`state` in the current shape (the stored one is never changed by reading it)."""
    return schema.current(state, SCHEMA, upgrade)


def upgrade_export(export: dict) -> dict:
    """An export's initial and final states carried to SCHEMA."""
    return schema.upgrade_export(export, upgrade, "options")


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
    flow = state["flow"]
    if state["schema"] != SCHEMA or flow["phase"] not in PHASES:
        raise ValueError("phase")
    check_flow_of(state, flow)
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


def check_flow_of(state: dict, flow: dict) -> None:
    """The flow's turn order holds the heroes in play (none before the round
    starts), its turn one of them, its passes heroes of it, its round a whole number."""
    if not isinstance(flow.get("order"), list):
        raise TypeError("flow")
    if flow["turn"] is not None and not (isinstance(flow["turn"], int) and 0 <= flow["turn"] < len(flow["order"])):
        raise ValueError("turn")
    if flow["phase"] != "setup" and sorted(flow["order"]) != sorted(state["order"]):
        raise ValueError("flow")
    if any(hero_id not in flow["order"] for hero_id in flow["passed"]):
        raise ValueError("passed")
    if not isinstance(flow["round"], int) or isinstance(flow["round"], bool) or flow["round"] < 0:
        raise ValueError("round")


# -- what the set-up still needs (rulebook "game set-up") ------------------------------------------------
def missing_before_start(state: dict) -> list[str]:
    missing = []
    if len(state["order"]) != state["options"]["hero_count"]:
        missing.append("heroes")
    if state["sin"]["seat"] is None:
        missing.append("sin_seat")
    for hero_id in state["team"]:
        if any(hero_fact(state, hero_id, stat) is None for stat in STATS):
            missing.append(f"hero:{hero_id}")
    missing += [f"monster:{kind}" for kind in missing_monster_facts(state)]
    missing += [f"target:{m['id']}" for m in story(state)["missions"] if mission_target(state, m["id"]) is None]
    return missing


def suggested_team(state: dict) -> list[str]:
    """The first valid team of the heroes whose classes are known, in the
    data's order (the team form starts from it); [] if there is none."""
    wanted = dict(data.constants()["team"])
    team = []
    for hero_id in data.heroes():
        hero_class = hero_fact(state, hero_id, "class")
        if wanted.get(hero_class):
            wanted[hero_class] -= 1
            team.append(hero_id)
    return team if not any(wanted.values()) else []


def still_needed(state: dict) -> list[str]:
    """Everything the set-up still needs, in the order a group does it: the
    dice, the monsters, the mission targets, the heroes' classes and the
    team, the team's numbers, the SIN player, each hero player's heroes.
    ("dice:<sin|hero>", "monster:<kind>", "target:<mission>", "classes",
    "team", "hero:<hero>", "sin_seat", "heroes"). The dice are needed for
    the app to roll; the rest before the start."""
    if phase_of(state) != "setup":
        return []
    needed = [f"dice:{kind}" for kind in ("sin", "hero") if not state["facts"]["dice"].get(kind)]
    needed += [f"monster:{kind}" for kind in missing_monster_facts(state)]
    needed += [f"target:{m['id']}" for m in story(state)["missions"] if mission_target(state, m["id"]) is None]
    if not state["team"]:
        needed += ["team"] if suggested_team(state) else ["classes", "team"]
    needed += [f"hero:{h}" for h in state["team"] if any(hero_fact(state, h, stat) is None for stat in STATS)]
    if state["sin"]["seat"] is None:
        needed.append("sin_seat")
    if len(state["order"]) != state["options"]["hero_count"]:
        needed.append("heroes")
    return needed
