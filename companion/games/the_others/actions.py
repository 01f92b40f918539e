"""The action table: every action of the table declared once, with its
payload's fields (companion.kit.fields), its effect (in the module of the
rulebook chapter it belongs to), its history line and what other seats may
not see of it. The platform parses forms and JSON through these before the
rules see a payload; each effect draws what it needs through `act.draws`.

Structured values come two ways: JSON tools send them nested ("monsters":
{"abomination": 2}), the pages' forms send one field per value
("monsters.abomination" = 2); `normalize` nests the second into the first
(a ticked box "on" becomes True, "slots" = "1 3" becomes [1, 3]).

The history lines say what happened, to which hero, where, how many, with
which dice. The platform puts who acted first, so no line names the player;
each is built from the payload as the reader may see it (redacted), so no
line reveals a secret. Names and faces go in as `Listed` params, translated
when the line is read.
"""

from __future__ import annotations

import re

from companion.games.the_others import (
    battle,
    cards,
    city,
    data,
    effects,
    flow,
    heroes,
    names,
    numbers,
    powers,
    spaces,
    story,
)
from companion.games.the_others import state as states
from companion.games.the_others.dice import HERO_RESULTS, SIN_RESULTS, FaceWords
from companion.games.the_others.seats import next_hero, reactions_left, round_can_end
from companion.games.the_others.state import phase_of
from companion.kit.fields import ActionSpec, Bool, Choice, Int, IntList, Json, Text
from companion.rules import N_, NP_, Action, ActionError, Msg, Seat

HEROES = tuple(data.heroes())
UPGRADES = tuple(data.upgrades())
MONSTER_KINDS = ("abomination", "controller", "avatar", "acolyte")
HELL_CLUB = tuple(data.hell_club())
MISSIONS = tuple(sorted({m["id"] for story in data.stories().values() for m in story["missions"]}))
RESULTS_TURNED = ("hit", "defense", "counter_corruption", "skill")
CHANGES = ("wound", "corruption", "heal", "repent", "extra_turn", "extra_turn_spent", "innocent", "rescue",
           "leave_monsters", "round", "story", "slowed", "commissioner", "proxy", "raven_corp")
NPCS = ("commissioner", "proxy", "raven_corp")
CITY = ("heal", "repent", "extra_turn", "upgrade", "satellite_cannon")
SPACE_FIELDS = tuple(f"{group}.{token}" for group in ("tokens", "printed")
                     for token in ("fire", "corruption", "pentagram", "nest", "altar")) \
    + tuple(f"monsters.{kind}" for kind in MONSTER_KINDS) + ("face_down", "innocents", "extra_turns") \
    + tuple(f"npcs.{npc}" for npc in NPCS) + ("start", "district")
REVEALED = ("fire", "corruption", "pentagram", "nest", "innocents", "extra_turns")


def hero(required: bool = True) -> Choice:
    return Choice("hero", choices=HEROES, **({} if required else {"default": None}))


def count(name: str, high: int = 30, doc: str = "") -> Int:
    return Int(name, default=None, min=0, max=high, doc=doc)


def flag(name: str, doc: str = "") -> Bool:
    return Bool(name, default=None, doc=doc)


def monsters(doc: str) -> tuple:
    """The monsters of a fight: a JSON map, or one form field per kind."""
    return (Json("monsters", default=None, doc=doc),
            *(count(f"monsters.{kind}", 12) for kind in MONSTER_KINDS + HELL_CLUB))


def entered(*sides: str) -> tuple:
    return (Json("entered", default=None, doc="faces rolled at the table: {\"hero\": \"hit faith …\", \"sin\": …}"),
            *(FaceWords(f"entered.{side}", default=None, max_length=400) for side in sides))


FIGHT_FIELDS = (
    *monsters("kind or Hell Club id -> how many"),
    count("pentagrams", 12), count("others_in_space", 6, "other heroes in the space"),
    flag("voluntary", "take voluntary corruption"), flag("ranged"), flag("acolyte_ability"),
    *(count(name) for name in ("extra_hero_dice", "extra_hero_defense", "extra_hero_hits", "extra_sin_dice",
                               "extra_sin_hits", "extra_sin_corruption")),
    *entered("hero", "sin"),
)

FACT_FIELDS = (
    Json("sin_die", default=None, doc="result -> sides"), Json("hero_die", default=None, doc="result -> sides"),
    *(count(f"sin_die.{face}", 6) for face in SIN_RESULTS), *(count(f"hero_die.{face}", 6) for face in HERO_RESULTS),
    Json("monsters", default=None, doc="kind -> {combat, defense}"),
    *(count(f"monsters.{kind}.{stat}", 20) for kind in MONSTER_KINDS + HELL_CLUB for stat in ("combat", "defense")),
    Json("heroes", default=None, doc="hero -> {class, combat, skill, defense}"),
    *(Choice(f"heroes.{h}.class", choices=("leader", "fixer", "sniper", "bruiser"), default=None) for h in HEROES),
    *(count(f"heroes.{h}.{stat}", 10) for h in HEROES for stat in ("combat", "skill", "defense")),
    Json("targets", default=None, doc="mission -> number or \"heroes\""),
    *(Text(f"targets.{m}", default=None, max_length=10) for m in MISSIONS),
    Json("remembered", default=None, max_length=200, doc="the numbers entered at an earlier table, as sent back"),
)

TEAM_FIELDS = (Json("heroes", default=None, doc="a list of hero ids"), *(flag(f"heroes.{h}") for h in HEROES))

# -- history lines -----------------------------------------------------------------------------
def hero_name(hero_id) -> str:
    return data.heroes().get(hero_id, {}).get("name", "?") if isinstance(hero_id, str) else "?"


def hero_line(msgid: str, field: str = "hero"):
    """A history line naming the hero in `field`."""
    def history(action: Action, seats: dict, state: dict) -> tuple[str, dict]:
        return msgid, {"hero": hero_name(action.payload.get(field))}
    return history


def card_line(action: Action, seats: dict, state: dict) -> tuple[str, dict]:
    """The card's name goes in as a msgid, translated when the line is read."""
    card = action.payload.get("card")
    return N_("played %(card)s"), {"card": Msg(names.SIN_CARD_NAMES[card]) if card in names.SIN_CARD_NAMES else "?"}


class Listed(Msg):
    """Several msgids (each with an optional count in front), translated one
    by one when read and joined: "1 Abomination, 2 Acolyte", "Hit Skill"."""

    def __new__(cls, parts: list[tuple[int | None, str]] | str, joiner: str = ", "):
        if isinstance(parts, str):  # a copy being made (copy, pickle): its parts come back with its __dict__
            made = super().__new__(cls, parts)
            made.parts, made.joiner = [(None, parts)], joiner
            return made
        text = joiner.join(f"{n} {name}" if n is not None else name for n, name in parts)
        made = super().__new__(cls, text or "—")
        made.parts, made.joiner = list(parts), joiner
        return made

    def translated(self, translate, language=None) -> str:
        if not self.parts:
            return "—"
        return self.joiner.join(f"{n} {translate(name)}" if n is not None else translate(name)
                                for n, name in self.parts)


def space_name(state: dict, space_id) -> str:
    return state.get("spaces", {}).get(space_id, {}).get("name", "?") if isinstance(space_id, str) else "?"


def monsters_listed(monsters) -> tuple[int, Listed]:
    """How many monsters in all, and which."""
    parts = []
    for kind, n in (monsters or {}).items() if isinstance(monsters, dict) else ():
        if isinstance(n, int) and n > 0:
            name = names.MONSTERS.get(kind) or data.hell_club().get(kind, {}).get("name", kind)
            parts.append((n, name))
    return sum(n for n, _ in parts), Listed(parts)


def faces(record) -> list[str]:
    """Every face of a recorded roll, explosions after the die they came from."""
    out = []

    def walk(dice):
        for die in dice or []:
            out.append(die.get("face", "?"))
            walk(die.get("children"))
    walk((record or {}).get("dice") if isinstance(record, dict) else None)
    return out


def dice_listed(payload: dict, side: str) -> tuple[Listed, bool]:
    """The faces of one side's roll, and whether they were typed in from dice rolled at the table."""
    entered = payload.get("entered")
    typed = entered.get(side) if isinstance(entered, dict) else None
    shown = typed.split() if isinstance(typed, str) else faces(payload.get(f"{side}_roll"))
    return Listed([(None, names.RESULTS.get(face, face)) for face in shown], " "), isinstance(typed, str)


def fight_started(action: Action, seats: dict, state: dict) -> tuple[str, dict]:
    count, which = monsters_listed(action.payload.get("monsters"))
    hero, hero_typed = dice_listed(action.payload, "hero")
    sin, sin_typed = dice_listed(action.payload, "sin")
    params = {"count": count, "monsters": which, "hero": hero, "sin": sin}
    if hero_typed or sin_typed:
        return NP_("fought %(count)d monster (%(monsters)s) with typed dice: hero %(hero)s, SIN %(sin)s",
                   "fought %(count)d monsters (%(monsters)s) with typed dice: hero %(hero)s, SIN %(sin)s"), params
    return NP_("fought %(count)d monster (%(monsters)s): hero rolled %(hero)s, SIN rolled %(sin)s",
               "fought %(count)d monsters (%(monsters)s): hero rolled %(hero)s, SIN rolled %(sin)s"), params


def fight_prepared(action: Action, seats: dict, state: dict) -> tuple[str, dict]:
    count, which = monsters_listed(action.payload.get("monsters"))
    return NP_("prepared a fight against %(count)d monster (%(monsters)s)",
               "prepared a fight against %(count)d monsters (%(monsters)s)"), {"count": count, "monsters": which}


def fight_chosen(action: Action, seats: dict, state: dict) -> tuple[str, dict]:
    if action.payload.get("voluntary"):
        return N_("chose the hero's part of the fight: voluntary corruption"), {}
    return N_("chose the hero's part of the fight: no voluntary corruption"), {}


def cleansed(action: Action, seats: dict, state: dict) -> tuple[str, dict]:
    rolled, typed = dice_listed(action.payload, "hero")
    if typed:
        return N_("cleansed with typed dice: %(dice)s"), {"dice": rolled}
    return N_("cleansed: rolled %(dice)s"), {"dice": rolled}


def checked(action: Action, seats: dict, state: dict) -> tuple[str, dict]:
    rolled, typed = dice_listed(action.payload, "sin")
    kind = action.payload.get("kind")
    params = {"hero": hero_name(action.payload.get("hero")), "count": action.payload.get("tokens") or 0,
              "dice": rolled}
    if kind == "fire":
        return (NP_("fire check of %(hero)s against %(count)d token, typed dice: %(dice)s",
                    "fire check of %(hero)s against %(count)d tokens, typed dice: %(dice)s") if typed else
                NP_("fire check of %(hero)s against %(count)d token: rolled %(dice)s",
                    "fire check of %(hero)s against %(count)d tokens: rolled %(dice)s")), params
    return (NP_("corruption check of %(hero)s against %(count)d token, typed dice: %(dice)s",
                "corruption check of %(hero)s against %(count)d tokens, typed dice: %(dice)s") if typed else
            NP_("corruption check of %(hero)s against %(count)d token: rolled %(dice)s",
                "corruption check of %(hero)s against %(count)d tokens: rolled %(dice)s")), params


def summoned(action: Action, seats: dict, state: dict) -> tuple[str, dict]:
    count, which = monsters_listed(action.payload.get("monsters"))
    if action.payload.get("space"):
        return NP_("summoned %(count)d monster (%(monsters)s) onto %(space)s",
                   "summoned %(count)d monsters (%(monsters)s) onto %(space)s"), \
            {"count": count, "monsters": which, "space": space_name(state, action.payload["space"])}
    return NP_("summoned %(count)d monster (%(monsters)s)", "summoned %(count)d monsters (%(monsters)s)"), \
        {"count": count, "monsters": which}


def drew(action: Action, seats: dict, state: dict) -> tuple[str, dict]:
    return NP_("drew %(count)d sin card", "drew %(count)d sin cards"), {"count": action.payload.get("count") or 1}


def moved(action: Action, seats: dict, state: dict) -> tuple[str, dict]:
    params = {"hero": hero_name(action.payload.get("hero")), "space": space_name(state, action.payload.get("to"))}
    if action.payload.get("teleport"):
        return N_("teleported %(hero)s to %(space)s"), params
    return N_("moved %(hero)s to %(space)s"), params


def monsters_moved(action: Action, seats: dict, state: dict) -> tuple[str, dict]:
    count, which = monsters_listed({action.payload.get("kind"): action.payload.get("count") or 1})
    return NP_("moved %(count)d monster (%(monsters)s) from %(from)s to %(to)s",
               "moved %(count)d monsters (%(monsters)s) from %(from)s to %(to)s"), \
        {"count": count, "monsters": which, "from": space_name(state, action.payload.get("space")),
         "to": space_name(state, action.payload.get("to"))}


def apocalypse_advanced(action: Action, seats: dict, state: dict) -> tuple[str, dict]:
    return NP_("advanced the apocalypse track %(count)d step", "advanced the apocalypse track %(count)d steps"), \
        {"count": action.payload.get("steps") or 1}


def token_removed(action: Action, seats: dict, state: dict) -> tuple[str, dict]:
    return N_("removed a token: %(token)s"), {"token": Listed([(None, names.TOKENS.get(action.payload.get("what"),
                                                                                        "?"))])}


def space_added(action: Action, seats: dict, state: dict) -> tuple[str, dict]:
    return N_("added the space %(space)s"), {"space": action.payload.get("name") or "?"}


def fight_resolved(action: Action, seats: dict, state: dict) -> tuple[str, dict]:
    assigned = action.payload.get("assigned") or []
    return N_("resolved the fight: hits on each monster %(hits)s"), {"hits": " ".join(str(n) for n in assigned) or "0"}


# -- payloads from the pages' forms, made the shape the JSON API sends ------------------------------
FLAGS = ("use_extra", "voluntary", "ranged", "acolyte_ability", "teleport", "extra_move", "isolated")
NUMBER_LISTS = ("slots", "assigned")
WORD_LISTS = ("heroes", "actions", "upgrades")
NUMBERS = ("count", "steps", "tokens", "delta", "slot", "protector", "value", "pentagrams", "others_in_space",
           "extra_hero_dice", "extra_hero_defense", "extra_hero_hits", "extra_sin_dice", "extra_sin_hits",
           "extra_sin_corruption")
SEPARATORS = re.compile(r"[\s,;]+")
MAX_DEPTH = 3


def normalize(payload: dict) -> dict:
    out = _nest(payload)
    for name in WORD_LISTS:
        ticked = out.get(name)
        # Tick boxes "heroes.leah" = "on" become the list of ticked names.
        if isinstance(ticked, dict) and ticked and all(isinstance(v, (str, bool)) for v in ticked.values()):
            out[name] = [key for key, value in ticked.items() if value in (True, "on", "1", "true")]
    return out


def _nest(payload: dict) -> dict:
    out: dict = {}
    for key, value in payload.items():
        parts = key.split(".") if isinstance(key, str) else [key]
        if len(parts) > MAX_DEPTH:
            raise ActionError(N_("The action's details are malformed."), field=str(key)[:40])
        holder = out
        for part in parts[:-1]:
            holder = holder.setdefault(part, {})
            if not isinstance(holder, dict):
                raise ActionError(N_("The action's details are malformed."), field=str(key)[:40])
        holder[parts[-1]] = _value(parts[0], parts[-1], value)
    return out


def _value(top: str, name: str, value):
    if not isinstance(value, str):
        return value
    if name in FLAGS:
        return value.strip().casefold() in ("on", "1", "true", "yes")
    if name in NUMBER_LISTS:
        return [_int(item, name) for item in SEPARATORS.split(value) if item]
    if name in WORD_LISTS:
        return [item for item in SEPARATORS.split(value) if item]
    if (name in NUMBERS
            or top in ("monsters", "turned", "sin_die", "hero_die", "revealed")
            or (top in ("heroes", "targets") and value.strip().isdigit())):
        return _int(value, name) if value.strip() else None
    return value


def _int(text: str, field: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise ActionError(N_("Enter a whole number."), field=field) from None


# -- what the heroes may not see ------------------------------------------------------------------
def hidden_from_heroes(*keys: str):
    """The SIN's draws (cards drawn, apocalypse cards offered): a count for
    every seat but the SIN's."""
    def redact(action: Action, viewer: Seat | None) -> dict:
        payload = dict(action.payload)
        if viewer is None or viewer.role != "sin":
            for key in keys:
                if key in payload:
                    payload[key] = len(payload[key] or [])
        return payload
    return redact


DRAWN_HIDDEN = hidden_from_heroes("drawn")
OFFERS_HIDDEN = hidden_from_heroes("offers")
DRAWN_AND_OFFERS_HIDDEN = hidden_from_heroes("drawn", "offers")


def start_draws_hidden(action: Action, viewer: Seat | None) -> dict:
    """The dark pasts dealt are sealed from every seat; the hand is the SIN's."""
    payload = dict(action.payload)
    if "draws" in payload:
        draws = dict(payload["draws"])
        draws.pop("dark_pasts", None)
        if viewer is None or viewer.role != "sin":
            draws["hand"] = len(draws.get("hand", []))
        payload["draws"] = draws
    return payload


# -- what is open now (the main flow: set-up, turns, fights, reactions, round end) ------------------------
#: The numbers a group reads off its components, as the seed's worked fights use them.
SIN_DIE = {"corruption": 1, "hit": 2, "critical_hit": 1, "blank": 2}
HERO_DIE = {"hit": 2, "defense": 1, "counter_corruption": 1, "skill": 1, "faith": 1}
MONSTER_NUMBERS = {"abomination": {"combat": 3, "defense": 3}, "controller": {"combat": 3, "defense": 4},
                   "avatar": {"combat": 5, "defense": 6}, "acolyte": {"combat": 2, "defense": 2}}
#: A class for each hero, as the group reads it off the hero's card.
CLASS_OF = {"leah": "leader", "rose": "sniper", "rocco": "sniper", "thorley": "bruiser", "brad": "bruiser",
            "karl": "fixer", "morgana": "fixer"}


def is_sin(seat: Seat | None) -> bool:
    return seat is not None and seat.role == "sin"


def plays(state: dict, seat: Seat | None, hero_id: str | None) -> bool:
    """The seat plays that hero."""
    return seat is not None and hero_id in state["heroes"] and state["heroes"][hero_id]["player"] == seat.id


def facts_to_enter(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    if phase_of(state) != "setup" or (not states.missing_before_start(state) and all(state["facts"]["dice"].values())):
        return []
    numbers = {h: {"class": states.hero_fact(state, h, "class") or CLASS_OF.get(h, "fixer"), "combat": 2,
                   "skill": 2, "defense": 1} for h in data.heroes()}
    targets = {m["id"]: 3 for m in states.story(state)["missions"] if m["target"] is None}
    return [{"sin_die": SIN_DIE, "hero_die": HERO_DIE, "monsters": MONSTER_NUMBERS, "heroes": numbers,
             "targets": targets}]


def team_to_choose(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    if phase_of(state) != "setup" or state["team"]:
        return []
    team = states.suggested_team(state)
    return [{"heroes": team}] if team else []


def heroes_to_pick(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    if phase_of(state) != "setup" or not state["team"] or seat is None or seat.role != "hero" \
            or any(hero["player"] == seat.id for hero in state["heroes"].values()):
        return []
    share = state["options"]["hero_count"] // state["options"]["hero_players"]
    free = [h for h in state["team"] if h not in state["heroes"]]
    return [{"heroes": free[:share]}] if len(free) >= share else []


def game_to_start(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    return [{}] if phase_of(state) == "setup" and not states.missing_before_start(state) else []


def first_heroes(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    if phase_of(state) != "round_start" or seat is None:
        return []
    return [{"hero": h} for h in state["order"] if not state["heroes"][h]["dead"]]


def turn_to_start(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    hero_id = next_hero(state)
    return [{"hero": hero_id}] if plays(state, seat, hero_id) and not state["heroes"][hero_id]["dead"] else []


def turn_to_pass(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    hero_id = next_hero(state)
    return [{"hero": hero_id}] if plays(state, seat, hero_id) and not state["heroes"][hero_id]["turn_tokens"] else []


def in_fight(state: dict) -> bool:
    """A fight going on or being prepared: its steps come first (the turn's other steps wait for it)."""
    return state["fight"] is not None or battle.preparing(state) is not None


def turn_to_end(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    turn = state["turn"]
    return [{}] if turn and not in_fight(state) and plays(state, seat, turn["hero"]) else []


def reaction_to_spend(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    reaction = state["reaction"]
    return [{}] if is_sin(seat) and reaction and not reaction["spent"] and reactions_left(state) > 0 else []


def reaction_to_end(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    return [{}] if is_sin(seat) and state["reaction"] and not in_fight(state) else []


def sin_cards_to_play(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    window = state["turn"] or state["reaction"]
    if not is_sin(seat) or phase_of(state) != "hero_turns" or window is None or window["sin_card"]:
        return []
    out = []
    for card_id in state["secrets"].get(seat.id, {}).get("hand", []):
        needs = effects.needs(state, card_id)
        payload = {"card": card_id}
        if "upgrade" in needs and state["inventory"]:
            payload["upgrade"] = state["inventory"][0]
        if "hero" in needs:
            payload["hero"] = window["hero"]
        out.append(payload)
    return out


def round_to_end(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    return [{}] if is_sin(seat) and round_can_end(state) else []


def fights_to_start(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    turn, reaction = state["turn"], state["reaction"]
    if in_fight(state) or phase_of(state) != "hero_turns":
        return []
    if turn and not turn["action_taken"] and plays(state, seat, turn["hero"]):
        hero = state["heroes"][turn["hero"]]
        out = [{"monsters": {"abomination": 1}}, {"monsters": {"acolyte": 2}},
               {"monsters": {"abomination": 2}, "ranged": True}]
        if hero["corruption"] < 7 and not hero["pending_wounds"]:
            out.append({"monsters": {"abomination": 1}, "voluntary": True})
        return out
    if reaction and reaction["spent"] and not reaction.get("fought") and is_sin(seat):
        return [{"monsters": {"acolyte": 1}}]
    return []


def fights_to_prepare(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    """The same fights as fights_to_start, prepared before the roll."""
    return fights_to_start(state, seat, seats)


def hero_choices(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    prep = battle.preparing(state)
    if prep is None or state["fight"] is not None or not plays(state, seat, prep["hero"]):
        return []
    hero = state["heroes"][prep["hero"]]
    out = [{}]
    if hero["corruption"] < 7 and not hero["pending_wounds"]:
        out.append({"voluntary": True})
    return out


def sin_fight_steps(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    prep = battle.preparing(state)
    if prep is None or state["fight"] is not None or not is_sin(seat) or not prep["hero_ready"] \
            or battle.sin_done(state, prep):
        return []
    return [{}]


def fights_to_roll(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    prep = battle.preparing(state)
    if prep is None or state["fight"] is not None or not prep["hero_ready"] or not battle.sin_done(state, prep):
        return []
    starter = is_sin(seat) if prep["by"] == "sin" else plays(state, seat, prep["hero"])
    return [{}] if starter else []


def fights_to_withdraw(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    prep = battle.preparing(state)
    if prep is None or state["fight"] is not None:
        return []
    starter = is_sin(seat) if prep["by"] == "sin" else plays(state, seat, prep["hero"])
    return [{}] if starter else []


def fights_to_resolve(state: dict, seat: Seat | None, seats: dict, stage: str = "resolve") -> list[dict]:
    fought = state["fight"]
    if fought is None or fought["stage"] != stage or not plays(state, seat, fought["hero"]):
        return []
    rolled = battle.results(state, fought["hero_roll"], "hero")
    hits = rolled.get("hit", 0) + fought["computed"]["hero_hits"]["total"]
    count = len(fought["setup"]["monsters"])
    return [{"assigned": [hits] + [0] * (count - 1)}, {"assigned": [0] * count}]


def ranged_hits_to_assign(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    return fights_to_resolve(state, seat, seats, "hits")


def counter_attacks(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    """The survivors that reach the hero (or none: the fight is over)."""
    fought = state["fight"]
    if fought is None or fought["stage"] != "counter" or not is_sin(seat):
        return []
    survivors = {}
    for index, monster in enumerate(fought["setup"]["monsters"]):
        if index not in fought.get("killed", []):
            survivors[monster["id"]] = survivors.get(monster["id"], 0) + 1
    return [{"monsters": survivors}, {"monsters": {}}] if survivors else [{"monsters": {}}]


def moves(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    """The current hero's next step, to each tracked space but the one it stands on, while the move lasts
    (its allowance left, and not resumed after the action)."""
    turn = state["turn"]
    if not turn or in_fight(state) or not plays(state, seat, turn["hero"]) \
            or turn.get("steps", 0) >= spaces.move_allowance(state, turn["hero"]) \
            or (turn["action_taken"] and turn.get("moved_before_action")):
        return []
    here = state["heroes"][turn["hero"]].get("space")
    return [{"hero": turn["hero"], "to": sid} for sid in state.get("spaces", {}) if sid != here]


def city_actions(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    """Each of the district's actions on its own, while the hero's token is unused."""
    turn = state["turn"]
    if not turn or in_fight(state) or not plays(state, seat, turn["hero"]) \
            or state["heroes"][turn["hero"]]["city_action"]:
        return []
    hero = state["heroes"][turn["hero"]]
    out = [{"actions": ["repent"]}, {"actions": ["extra_turn"]}]
    if hero["wounds"]:
        out.append({"actions": ["heal"], "slot": hero["wounds"][0]})
    out += [{"actions": [{"kind": "upgrade", "upgrade": upgrade}]} for upgrade in state["inventory"][:2]]
    return out


def tokens_to_remove(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    """After a cleanse roll in the hero's turn: each face-up token kind of the space cleansed."""
    roll, turn = state.get("roll") or {}, state["turn"]
    if roll.get("kind") != "cleanse" or roll.get("removed", 0) < 1 or not turn or turn["hero"] != roll["hero"] \
            or not plays(state, seat, roll["hero"]):
        return []
    where = state.get("spaces", {}).get(roll.get("space") or "")
    return [{"what": kind} for kind, n in (where or {}).get("tokens", {}).items() if n] if where else []


def sin_draws(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    """A card drawn when the hand runs low (the app draws the round end's own)."""
    hand = state["secrets"].get(seat.id, {}).get("hand", []) if is_sin(seat) else None
    return [{"count": 1}] if hand is not None and len(hand) < 2 and phase_of(state) in ("round_start", "hero_turns") \
        else []


def summons(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    if not is_sin(seat) or not state.get("summons_left"):
        return []
    return [{"monsters": {kind: 1}} for kind, n in state["monsters"].get("dead", {}).items() if n]


def checks_due(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    """The checks a move left to roll by hand (the dice's sides unknown)."""
    return [{"kind": due["kind"], "hero": due["hero"], "tokens": max(1, due.get("dice", 1))}
            for due in state.get("checks_due") or [] if is_sin(seat) or plays(state, seat, due["hero"])]


#: Names for spaces a group starts tracking, as a playout names them.
SPACE_NAMES = ("Church", "Metro", "Hospital")


def spaces_to_add(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    tracked = len(state.get("spaces", {}))
    if phase_of(state) not in ("round_start", "hero_turns") or tracked >= len(SPACE_NAMES):
        return []
    return [{"name": SPACE_NAMES[tracked]}]


def spaces_to_set(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    """The SIN's counts of a tracked space (monsters there, fire and corruption)."""
    tracked = state.get("spaces", {})
    if not is_sin(seat) or phase_of(state) not in ("round_start", "hero_turns") or not tracked:
        return []
    first = next(iter(tracked))
    return [{"space": first, "what": what, "value": 1} for what, part in
            (("monsters.abomination", "monsters"), ("tokens.fire", "tokens"), ("tokens.corruption", "tokens"))
            if not any(where[part].get(what.split(".")[1]) for where in tracked.values())]


def cleanses(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    turn = state["turn"]
    if not turn or turn["action_taken"] or in_fight(state) or not plays(state, seat, turn["hero"]):
        return []
    return [{}]


def wounds_to_place(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    out = []
    for hero_id in state["order"]:
        hero = state["heroes"][hero_id]
        if hero["pending_wounds"] and not hero["dead"] and plays(state, seat, hero_id):
            free = [slot for slot in range(1, 8) if slot not in hero["wounds"]]
            out.append({"hero": hero_id, "slots": free[:hero["pending_wounds"]]})
    return out


def apocalypse_cards_to_keep(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    offer = state["secrets"].get(seat.id, {}).get("offer") if is_sin(seat) else None
    return [{"card": card} for card in offer or []]


def dark_past_choices(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    return [{"hero": h, "take": take} for h in state["order"]
            if state["heroes"][h].get("dark_past_choice") and plays(state, seat, h)
            for take in ("wounds", "corruption")]


def power_answers(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    return [{"hero": h, "take": take} for h in state["order"]
            if state["heroes"][h].get("power_choices") and not state["heroes"][h]["dead"] and plays(state, seat, h)
            for take in powers.ANSWERS[state["heroes"][h]["power_choices"][0]]]


def reserve_heroes(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    out = []
    for hero_id in state["order"]:
        dead = state["heroes"][hero_id]
        if dead["dead"] and plays(state, seat, hero_id):
            owed = dead.get("upgrades_lost", 0)
            out += [{"hero": hero_id, "reserve": reserve, "upgrades": state["inventory"][:owed]}
                    for reserve in state["reserve"]]
    return out


ACTIONS = [
    ActionSpec("facts.enter", "Enter numbers the rulebook prints as icons (dice sides, monsters, heroes, mission "
               "targets); entered once, correctable.", FACT_FIELDS,
               effect=numbers.enter_facts, history=N_("entered numbers from the components"), open=facts_to_enter),
    ActionSpec("team.choose", "Choose the 7-hero team (1 leader, 2 fixers, 2 snipers, 2 bruisers).", TEAM_FIELDS,
               effect=heroes.choose_team, history=N_("chose the team"), open=team_to_choose),
    ActionSpec("heroes.pick", "A hero player takes their starting heroes from the team.", TEAM_FIELDS,
               effect=heroes.pick_heroes, history=N_("picked their heroes"), open=heroes_to_pick),
    ActionSpec("game.start", "Start: deals 5 sin cards, 5 upgrades and (corruption stories) the dark pasts.",
               effect=flow.start_game, history=N_("started the game"), redact=start_draws_hidden, open=game_to_start),
    ActionSpec("round.first_hero", "Choose the first hero of the round (the SIN decides if heroes disagree).",
               (hero(),),
               effect=flow.choose_first_hero, history=hero_line(N_("%(hero)s goes first this round")),
               open=first_heroes),
    ActionSpec("turn.start", "A hero starts a turn, spending a turn token (or an extra-turn token).",
               (hero(), flag("use_extra", "spend an extra-turn token")),
               effect=flow.start_turn, history=hero_line(N_("%(hero)s starts a turn")), open=turn_to_start),
    ActionSpec("turn.pass", "A hero out of turn tokens keeps their extra-turn tokens this round.", (hero(),),
               effect=flow.pass_extra_turns, history=hero_line(N_("%(hero)s keeps their extra-turn tokens")),
               open=turn_to_pass),
    ActionSpec("turn.end", "The current hero ends the turn (a dark past is revealed at maximum corruption); Brad "
               "may first blow up an acolyte or an abomination in his space (Demolitions).",
               (Choice("demolish", choices=("acolyte", "abomination"), default=None),),
               effect=flow.end_turn, history=N_("ended the turn"), redact=OFFERS_HIDDEN, open=turn_to_end),
    ActionSpec("reaction.spend", "The SIN spends a reaction token on the hero who just ended their turn.",
               effect=flow.react, history=N_("reacts"), open=reaction_to_spend),
    ActionSpec("reaction.end", "The SIN ends (or skips) the reaction.",
               effect=flow.end_reaction, history=N_("ends the reaction"), open=reaction_to_end),
    ActionSpec("sin.play_card", "The SIN plays a card from hand (one per hero turn and its reaction); the "
               "effects the rulebook gives precisely are applied (reaction tokens, cards drawn, wounds, corruption, "
               "extra turns, an upgrade given), the rest is done at the table.",
               (Text("card", max_length=60), Choice("upgrade", choices=UPGRADES, default=None),
                hero(required=False), flag("isolated", "the current hero is alone in their space (when the app "
                                                      "doesn't track it)")),
               effect=flow.play_sin_card, history=card_line, redact=DRAWN_HIDDEN, open=sin_cards_to_play),
    ActionSpec("sin.draw", "The SIN draws sin cards (one per altar without a hero at round end).",
               (Int("count", default=1, min=1, max=12),),
               effect=cards.sin_draw, history=drew, redact=DRAWN_HIDDEN, open=sin_draws),
    ActionSpec("sin.gain_reactions", "The SIN gains reaction tokens for this round (from a card).",
               (Int("count", default=1, min=1, max=10),),
               effect=flow.gain_reactions, history=N_("gained reaction tokens")),
    ActionSpec("round.end", "End the round: level 7 harm, summons allowed, tokens reset.",
               effect=flow.end_round, history=N_("ended the round"), redact=DRAWN_AND_OFFERS_HIDDEN,
               open=round_to_end),
    ActionSpec("monsters.summon", "The SIN returns dead monsters to free nests (onto the free nests of the space "
               "named, where the group tracks nests; each monster there blocks one nest).",
               (*monsters("kind -> how many"), Text("space", default=None, max_length=8)),
               effect=spaces.summon, history=summoned, open=summons),
    ActionSpec("hero.wounds", "The hero's player places waiting wound tokens on bonus slots.",
               (hero(), IntList("slots", min=1, max=7, max_items=5)),
               effect=heroes.place_wounds, history=hero_line(N_("placed %(hero)s's wound tokens")),
               open=wounds_to_place),
    ActionSpec("hero.adjust", "Change a hero's dashboard for an effect the app doesn't model.",
               (hero(), Choice("change", choices=CHANGES), Int("slot", default=None, min=1, max=7)),
               effect=heroes.adjust, history=hero_line(N_("changed %(hero)s's dashboard"))),
    ActionSpec("city.action", "The current hero uses the district's city actions.",
               (Json("actions", default=None, doc="[\"heal\", {\"kind\": \"upgrade\", \"upgrade\": id}, …]"),
                *(flag(f"actions.{kind}") for kind in CITY), Choice("upgrade", choices=UPGRADES, default=None),
                Int("slot", default=None, min=1, max=7),
                Choice("kill", choices=("acolyte", "abomination"), default=None)),
               effect=city.city_action, history=N_("used a city action"), redact=DRAWN_HIDDEN, open=city_actions),
    ActionSpec("upgrade.lose", "A hero loses an upgrade (to the bottom of the deck).",
               (hero(), Choice("upgrade", choices=UPGRADES)),
               effect=cards.lose_upgrade, history=hero_line(N_("%(hero)s lost an upgrade"))),
    ActionSpec("upgrade.take", "A hero takes a face-up upgrade outside a city action (an event, an ability or a "
               "card that says so); the deck's next card replaces it.",
               (hero(), Choice("upgrade", choices=UPGRADES)),
               effect=cards.take_upgrade_action, history=hero_line(N_("%(hero)s takes an upgrade"))),
    ActionSpec("hero.replace", "A dead hero's player brings in a reserve hero, taking as many upgrades.",
               (hero(), Choice("reserve", choices=HEROES),
                Json("upgrades", default=None, doc="upgrade ids from the inventory")),
               effect=heroes.replace, history=hero_line(N_("%(hero)s joins from the reserve"), "reserve"),
               open=reserve_heroes),
    ActionSpec("fight.plan", "See a fight's pools and the chances of wounds and corruption, with and without "
               "voluntary corruption, before anyone rolls.", (hero(), *FIGHT_FIELDS),
               effect=battle.plan, history=N_("planned a fight")),
    ActionSpec("fight.start", "Start a fight (the hero's action, or the SIN's reaction); the dice are rolled "
               "unless entered.", FIGHT_FIELDS,
               effect=battle.start_fight, history=fight_started, open=fights_to_start),
    ActionSpec("fight.prepare", "Prepare a fight without rolling (the rulebook's order): in a hero's turn the "
               "hero's player declares it with the hero's choices, in a reaction the SIN declares it and the hero's "
               "player then chooses (fight.choose); the SIN may then play a fight-start card or say none "
               "(fight.sin_ready); then fight.roll. A new preparation replaces the last.",
               (hero(required=False), *FIGHT_FIELDS[:-3]),
               effect=battle.prepare, history=fight_prepared, open=fights_to_prepare),
    ActionSpec("fight.choose", "The hero's player makes or changes the hero's choices for the prepared fight "
               "(voluntary corruption, abilities and other effects), until the dice are rolled.",
               (flag("voluntary", "take voluntary corruption"),
                *(count(name) for name in ("extra_hero_dice", "extra_hero_defense", "extra_hero_hits"))),
               effect=battle.choose, history=fight_chosen, open=hero_choices),
    ActionSpec("fight.sin_ready", "The SIN plays no (more) fight-start card: the prepared fight may be rolled.",
               effect=battle.sin_ready, history=N_("plays no fight-start card"), open=sin_fight_steps),
    ActionSpec("fight.roll", "Roll the prepared fight (the dice may be entered from the table).",
               entered("hero", "sin"), effect=battle.roll_prepared, history=fight_started, open=fights_to_roll),
    ActionSpec("fight.withdraw", "Call off the prepared fight before the roll.",
               effect=battle.withdraw, history=N_("called off the fight"), open=fights_to_withdraw),
    ActionSpec("fight.resolve", "Turn faiths (and free results), assign hits, Thorley's Protector.",
               (Json("turned", default=None, doc="result -> how many faiths"),
                *(count(f"turned.{r}", 20) for r in RESULTS_TURNED),
                IntList("assigned", default=None, min=0, max=40, max_items=24, doc="hits per monster, in order"),
                Int("protector", default=None, min=0, max=1)),
               effect=battle.resolve, history=fight_resolved, redact=DRAWN_HIDDEN, open=fights_to_resolve),
    ActionSpec("fight.ranged_hits", "Ranged fight: turn faiths and assign hits first.",
               (Json("turned", default=None), *(count(f"turned.{r}", 20) for r in RESULTS_TURNED),
                IntList("assigned", default=None, min=0, max=40, max_items=24)),
               effect=battle.ranged_hits, history=N_("the ranged hits are assigned"), open=ranged_hits_to_assign),
    ActionSpec("fight.counter", "Ranged fight: the survivors' counter-attack against the hero's first roll.",
               (*monsters("monsters now in the hero's space"), count("pentagrams", 12), *entered("sin")),
               effect=battle.counter_attack, history=N_("the monsters counter-attack"), redact=DRAWN_HIDDEN,
               open=counter_attacks),
    ActionSpec("cleanse.roll", "The current hero cleanses (skill dice; each skill removes a face-up token).",
               (count("others_in_space", 6), flag("voluntary"), *entered("hero")),
               effect=battle.cleanse, history=cleansed, open=cleanses),
    ActionSpec("cleanse.remove", "After a cleanse roll, remove one face-up token of the hero's space per skill.",
               (Choice("what", choices=("fire", "corruption", "pentagram", "nest", "altar")),),
               effect=spaces.cleanse_remove, history=token_removed, open=tokens_to_remove),
    ActionSpec("check.roll", "A fire or corruption check: one SIN die per token in the space.",
               (Choice("kind", choices=("fire", "corruption")), hero(), Int("tokens", min=1, max=12),
                *entered("sin")),
               effect=battle.check, history=checked, open=checks_due),
    ActionSpec("apocalypse.advance", "Advance the apocalypse track (two cards drawn at levels 1, 3 and 5).",
               (Int("steps", default=1, min=1, max=7),),
               effect=cards.advance_apocalypse, history=apocalypse_advanced, redact=OFFERS_HIDDEN),
    ActionSpec("apocalypse.keep", "The SIN keeps one of the two apocalypse cards drawn (the other to the bottom); "
               "a Hell Club member it brings goes on a free nest of the space named, where the group tracks nests "
               "(any nest when all are blocked).",
               (Text("card", max_length=60), Text("space", default=None, max_length=8)),
               effect=cards.keep_apocalypse_card, history=N_("kept an apocalypse card"), open=apocalypse_cards_to_keep),
    ActionSpec("space.add", "Track a space of the board.", (Text("name", max_length=40),),
               effect=spaces.add, history=space_added, open=spaces_to_add),
    ActionSpec("space.set", "Set a count of a space (\"start\": 1 marks the starting space, where a reserve hero "
               "comes in and innocents are rescued; \"district\": 1 a district, 0 a street, for the round-end "
               "tasks that count districts).",
               (Text("space", max_length=8), Choice("what", choices=SPACE_FIELDS), Int("value", min=0, max=20)),
               effect=spaces.set_count, history=N_("changed a space"), open=spaces_to_set),
    ActionSpec("hero.move", "Move a hero one space, to a space the group says is adjacent (the app doesn't know "
               "the board's layout); in the hero's turn the steps are counted (2, +1 Raven Corp, +1 Cyber Legs, "
               "-1 slowed) and the move can't resume after the action. Leaving monsters costs a wound and the fire "
               "and corruption checks of the space left and the space entered are rolled. A teleport ignores "
               "tokens, monsters and the count.",
               (hero(), Text("to", max_length=8), flag("teleport"),
                flag("extra_move", "an ability or card lets the hero move further this turn")),
               effect=spaces.move, history=moved, open=moves),
    ActionSpec("hero.pick_up", "A hero takes an extra turn, an innocent or an NPC from their space, or flips all "
               "its face-down tokens (no monster there) saying what they turned out to be.",
               (hero(), Choice("what", choices=("extra_turns", "innocents", "explore") + NPCS),
                Json("revealed", default=None, doc="kind -> how many, for explore"),
                *(count(f"revealed.{kind}", 12) for kind in REVEALED)),
               effect=spaces.pick_up, history=hero_line(N_("%(hero)s picks something up"))),
    ActionSpec("monsters.move", "The SIN moves monsters of one kind between spaces (never out of a space where a "
               "hero stands, unless teleported).",
               (Text("space", max_length=8), Text("to", max_length=8),
                Choice("kind", choices=MONSTER_KINDS + HELL_CLUB),
                Int("count", default=1, min=1, max=12), flag("teleport")),
               effect=spaces.monsters_move, history=monsters_moved),
    ActionSpec("dark_past.choose", "A hero whose revealed dark past gives the choice takes the wounds or the "
               "corruption.", (hero(), Choice("take", choices=("wounds", "corruption"))),
               effect=cards.choose_dark_past, history=hero_line(N_("%(hero)s chooses what their dark past costs")),
               open=dark_past_choices),
    ActionSpec("power.choose", "A hero answers the sin's power: Envy (an upgrade gained: 1 wound, or 1 corruption "
               "to every other hero) or Wrath (monsters killed in a fight: 1 corruption, or every monster may "
               "teleport 1 space).",
               (hero(), Choice("take", choices=("wounds", "others_corruption", "corruption", "teleport"))),
               effect=powers.choose, history=hero_line(N_("%(hero)s answers the sin's power")), open=power_answers),
    ActionSpec("mission.progress", "Move the mission progress marker one step.",
               (Int("delta", default=1, min=-1, max=1),),
               effect=story.advance, history=N_("mission progress")),
    ActionSpec("mission.choose", "Choose the branch mission (the other leaves the game).",
               (Choice("mission", choices=MISSIONS),),
               effect=story.choose, history=N_("chose the next mission")),
]

#: Fields that name one thing (a hero, a card, a space...): text or nothing.
STRING_FIELDS = ("hero", "to", "space", "what", "card", "kind", "change", "upgrade", "reserve", "mission", "name",
                 "kill", "take")


def check_action(state: dict, action: Action, seats: dict[str, Seat]) -> None:
    """What holds before every action: the game is not over (the facts may
    still be corrected, and a tie still broken), the round's phase allows
    it, each field naming one thing is text or nothing, and the acting seat
    is at the table. ActionError otherwise."""
    tie = story.tie_pending(state, action.type)
    if phase_of(state) == "over" and not action.type.startswith("facts.") and not tie:
        raise ActionError(N_("The game is over."), field="type")
    if not tie:
        flow.require(state, action.type)
    for key in STRING_FIELDS:
        if key in action.payload and action.payload[key] is not None and not isinstance(action.payload[key], str):
            raise ActionError(N_("Choose one of the listed options."), field=key)
    if action.seat and action.seat not in seats:
        raise ActionError(N_("No such seat."), field="seat")
