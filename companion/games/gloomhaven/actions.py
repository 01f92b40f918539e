"""The scenario table's action table: each action's fields, effect, history
line and secrecy, declared once (companion.kit.actions). The effects live in
`companion.games.gloomhaven.play`, by the part of the round they belong to;
the map's actions in `map.actions`."""

from __future__ import annotations

from companion.games.gloomhaven import catalog, character_decks, elements, flow, modifiers, names
from companion.games.gloomhaven import conditions as condition_names
from companion.games.gloomhaven.conditions import CONDITIONS
from companion.games.gloomhaven.level import DIFFICULTIES
from companion.games.gloomhaven.map import actions as map_actions
from companion.games.gloomhaven.play import (
    bonuses,
    combat,
    damage,
    decks,
    ending,
    figures,
    objective_figures,
    placing,
    rests,
    setup,
    waiting,
)
from companion.kit.fields import ActionSpec, Bool, Choice, Int, SeatRef, Text
from companion.rules import N_, NP_, Action, Msg, Seat


# -- history lines ---------------------------------------------------------------------------
def _standee_name(standee_id: object) -> str:
    """"Bandit Guard 3", put in the reader's language when the line is shown."""
    monster, _, number = str(standee_id).partition("#")
    return names.Named(f"{catalog.monster_name(monster)} {number}")


# A line per way of settling damage: on the character's own phone, and tapped on another's.
DAMAGE_LINES = {"suffer": N_("took the damage"), "hand": N_("negated damage with a card from hand"),
                "discard": N_("negated damage with two cards from the discard pile"),
                "out_of_range": N_("was out of the retaliate's range")}
OWN_DAMAGE_LINES = {
    "suffer": N_("%(name)s took %(amount)d damage"),
    "hand": N_("%(name)s negated %(amount)d damage with a card from hand"),
    "discard": N_("%(name)s negated %(amount)d damage with two cards from the discard pile"),
    "out_of_range": N_("%(name)s was out of the retaliate's range"),
}
OTHERS_DAMAGE_LINES = {
    "suffer": N_("%(name)s took %(amount)d damage, tapped on %(phone)s's phone"),
    "hand": N_("%(name)s negated %(amount)d damage with a card from hand, tapped on %(phone)s's phone"),
    "discard": N_("%(name)s negated %(amount)d damage with two cards from the discard pile, "
                  "tapped on %(phone)s's phone"),
    "out_of_range": N_("%(name)s was out of the retaliate's range, tapped on %(phone)s's phone"),
}


def _damage_line(action: Action, seats: dict[str, Seat], state: dict) -> tuple[str, dict]:
    """Whose damage was settled, how much and how, and on whose phone when
    it was not theirs. A log from before the settled damage was kept in it
    gives the line without names."""
    how, settled = action.payload["how"], action.payload.get("settled")
    if not isinstance(settled, dict):
        return DAMAGE_LINES[how], {}
    params = {"name": names.Named(str(settled["name"])), "amount": int(settled["amount"])}
    if action.seat is not None and action.seat == settled.get("seat"):
        return OWN_DAMAGE_LINES[how], params
    tapper = state["characters"].get(action.seat) if action.seat else None
    if tapper is not None:
        phone = names.Named(tapper["name"])
    elif action.seat in seats:
        phone = seats[action.seat].name
    else:
        phone = Msg(N_("the host"))
    return OTHERS_DAMAGE_LINES[how], {**params, "phone": phone}


def detailed_line(action: Action, seats: dict[str, Seat], state: dict) -> tuple[str, dict] | None:
    """A history line with the action's own figures, where they say more
    than the generic line (nothing here is ever secret)."""
    payload = action.payload
    try:
        if action.type == "room.reveal":
            return N_("opened room %(room)d"), {"room": int(payload["room"])}
        if action.type == "standee.adjust":
            return N_("%(standee)s %(delta)+d hit points"), {"standee": _standee_name(payload["standee"]),
                                                             "delta": int(payload["delta"])}
        if action.type in ("standee.add", "standee.remove"):
            placed = payload.get("placed") or [{}]
            standee = payload.get("standee") or f"{placed[0].get('monster')}#{placed[0].get('number')}"
            line = N_("placed %(standee)s") if action.type == "standee.add" else N_("removed %(standee)s")
            return line, {"standee": _standee_name(standee)}
        if action.type == "character.attack" and isinstance(payload.get("drawn"), list):
            return N_("attacked %(standee)s, drawing %(cards)s"), {"standee": _standee_name(payload["standee"]),
                                                                   "cards": " ".join(map(str, payload["drawn"]))}
        if action.type == "character.attack":
            return N_("attacked %(standee)s"), {"standee": _standee_name(payload["standee"])}
        if action.type == "monster.attack":
            return _monster_attack_line(payload)
        if action.type == "damage.resolve" and payload.get("how") in DAMAGE_LINES:
            return _damage_line(action, seats, state)
        more = _more_line(action, state)
        if more is not None:
            return more
        if action.type == "turn.next" and isinstance(payload.get("ended"), dict):
            return _turn_ended(payload["ended"], state)
        if action.type == "scenario.end":
            return (N_("ended the scenario: won") if payload.get("outcome") == "success"
                    else N_("ended the scenario: lost")), {}
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return None
    return None




ATTACK_LINES = {
    None: N_("%(standee)s attacked %(target)s: %(damage)d damage"),
    "now": N_("%(standee)s attacked %(target)s: %(damage)d damage; %(target)s's retaliate did it %(value)d damage"),
    "waits": N_("%(standee)s attacked %(target)s: %(damage)d damage; %(target)s's retaliate %(value)d waits on "
                "that damage"),
    "out_of_range": N_("%(standee)s attacked %(target)s: %(damage)d damage; it was out of the range %(range)d of "
                       "%(target)s's retaliate"),
    "killed": N_("%(standee)s attacked %(target)s: %(damage)d damage; %(target)s is gone, so it doesn't "
                 "retaliate"),
    "unknown": N_("%(standee)s attacked %(target)s: %(damage)d damage; whether %(target)s's retaliate %(value)d "
                  "(range %(range)d) reached it was left to the table"),
}


def _monster_attack_line(payload: dict) -> tuple[str, dict]:
    """Who attacked whom for how much, and what the target's retaliate did
    (noted by the effect; a log from before it was noted gives the short line)."""
    standee = _standee_name(payload["standee"])
    attacked = payload.get("attacked")
    if not isinstance(attacked, dict):
        return N_("resolved an attack by %(standee)s"), {"standee": standee}
    answer = payload.get("retaliate") if isinstance(payload.get("retaliate"), dict) else {}
    params = {"standee": standee, "target": names.Named(str(attacked["target"])), "damage": int(attacked["damage"])}
    if answer.get("outcome") not in ATTACK_LINES:
        answer = {}
    if answer:
        params.update(value=int(answer["value"]), range=int(answer["range"]))
    return ATTACK_LINES[answer.get("outcome")], params


FIELD_NAMES = {"hp": N_("hit points"), "xp": N_("experience"), "coins": N_("coins")}
MODIFIER_NAMES = {"bless": N_("a bless card"), "curse": N_("a curse card"), "-1": N_("a −1 card")}


def _turn_ended(ended: dict, state: dict) -> tuple[str, dict] | None:
    """Whose turn a turn.next ended, as its effect noted it (a log made
    before it was noted keeps the generic line)."""
    if "character" in ended:
        character = state["characters"][ended["character"]]
        return N_("ended the %(figure)s's turn"), {"figure": names.Named(character["name"])}
    if "standee" in ended:
        return N_("ended the %(figure)s's turn"), {"figure": _standee_name(ended["standee"])}
    if "monster" in ended:
        return N_("ended the %(figure)s's turn"), {"figure": names.Named(catalog.monster_name(ended["monster"]))}
    return None


def _for_whom(action: Action, state: dict) -> dict:
    """The character an action names by `seat` (the actor's own by default)."""
    seat = action.payload.get("seat") or action.seat
    return {"name": names.Named(state["characters"][seat]["name"])}


def _more_line(action: Action, state: dict) -> tuple[str, dict] | None:
    """The lines of the actions that name a figure, a card, an element or a number."""
    payload, kind = action.payload, action.type
    if kind == "scenario.set" and payload.get("scenario") is not None:
        return N_("chose scenario %(number)d"), {"number": int(payload["scenario"])}
    if kind == "character.set":
        return N_("chose the %(class)s, level %(level)d"), {
            "class": names.Named(catalog.character_classes()[payload["class"]]["name"]), "level": int(payload["level"])}
    if kind == "rest.short":
        return NP_("took a short rest with %(count)d card in the discard pile",
                   "took a short rest with %(count)d cards in the discard pile"), {"count": int(payload["count"])}
    if kind == "standee.condition":
        return N_("toggled %(condition)s on %(standee)s"), {
            "condition": Msg(condition_names.LABELS[payload["condition"]]),
            "standee": _standee_name(payload["standee"])}
    if kind == "character.condition":
        target = ({"name": names.Named(str(payload["summon"]))} if payload.get("summon")
                  else _for_whom(action, state))
        return N_("toggled %(condition)s on %(name)s"), {"condition": Msg(condition_names.LABELS[payload["condition"]]),
                                                         **target}
    if kind == "character.adjust":
        return N_("changed %(name)s’s %(field)s by %(delta)+d"), {**_for_whom(action, state),
                                                      "field": Msg(FIELD_NAMES[payload["field"]]),
                                                      "delta": int(payload["delta"])}
    if kind == "character.exhaust":
        return N_("exhausted %(name)s"), _for_whom(action, state)
    if kind == "character.bonus":
        return N_("gave %(name)s shield %(shield)d and retaliate %(retaliate)d (range %(range)d) for the round"), {
            **_for_whom(action, state), "shield": int(payload.get("shield") or 0),
            "retaliate": int(payload.get("retaliate") or 0), "range": int(payload.get("range") or 1)}
    if kind == "summon.add":
        summoned = {**(payload.get("summoned") or {}), **{k: payload[k] for k in ("name", "hp") if payload.get(k)}}
        params = {"summon": names.Named(str(summoned["name"])), "hp": int(summoned["hp"])}
        if isinstance(summoned.get("count"), int):
            return N_("summoned %(count)d %(summon)s, each with %(hp)d hit points"), {**params,
                                                                                    "count": summoned["count"]}
        return N_("summoned %(summon)s with %(hp)d hit points"), params
    if kind == "objective.add":
        return N_("placed objective %(number)d"), {"number": int(payload["objective"])}
    if kind == "objective.adjust":
        return N_("%(objective)s %(delta)+d hit points"), {"objective": names.Named(str(payload["objective"])),
                                                           "delta": int(payload["delta"])}
    if kind in ("modifier.add", "modifier.remove"):
        line = (N_("shuffled %(card)s into the monster modifier deck") if kind == "modifier.add"
                else N_("took %(card)s out of the monster modifier deck"))
        return line, {"card": Msg(MODIFIER_NAMES[payload["card"]])}
    if kind == "deck.card":
        line = (N_("took %(card)s out of %(name)s’s modifier deck") if payload.get("change") == "remove"
                else N_("shuffled %(card)s into %(name)s’s modifier deck"))
        return line, {"card": Msg(MODIFIER_NAMES[payload["card"]]), **_for_whom(action, state)}
    if kind == "deck.perks" and isinstance(payload.get("applied"), list):
        return N_("applied perks %(perks)s to %(name)s’s modifier deck"), {
            "perks": " ".join(map(str, payload["applied"])), **_for_whom(action, state)}
    if kind == "deck.perks":
        return N_("applied perks to %(name)s’s modifier deck"), _for_whom(action, state)
    if kind in ("element.infuse", "element.consume"):
        line = N_("infused %(element)s") if kind == "element.infuse" else N_("consumed %(element)s")
        return line, {"element": Msg(elements.LABELS[payload["element"]])}
    if kind == "battle_goal.done":
        return (N_("met their battle goal") if payload["done"] else N_("did not meet their battle goal")), {}
    return None


def line(generic: str):
    """A history line with the action's own figures (detailed_line), else the generic `generic`."""
    def history(action: Action, seats: dict[str, Seat], state: dict) -> tuple[str, dict]:
        return detailed_line(action, seats, state) or (generic, {})
    return history


# -- what other seats see ----------------------------------------------------------------------
def choice_hidden(action: Action, viewer: Seat | None) -> dict:
    """The cards chosen stay secret until everyone has chosen; the monster cards drawn don't."""
    if viewer is not None and viewer.id == action.seat:
        return action.payload
    return {k: v for k, v in action.payload.items() if k == "cards"}


def goal_hidden(action: Action, viewer: Seat | None) -> dict:
    return action.payload if viewer is not None and viewer.id == action.seat else {}


def goals_dealt_hidden(action: Action, viewer: Seat | None) -> dict:
    """Each seat sees the battle goals dealt to it alone."""
    goals = action.payload.get("goals", {})
    own = {viewer.id: goals[viewer.id]} if viewer is not None and viewer.id in goals else {}
    return {**action.payload, "goals": own}


# -- what is open now ---------------------------------------------------------------------------
# The main flow's choices for a seat (a few realistic values where a number
# or text is typed): set-up, battle goals, resting, choosing cards, the
# turns (a character's own, a monster's for anyone), damage, doors, the end.
def _own(state: dict, seat: Seat | None) -> dict | None:
    """The seat's character still in the scenario, if any."""
    who = state["characters"].get(seat.id) if seat is not None else None
    return who if who is not None and not who["exhausted"] else None


def _in(*phases: str):
    def wrap(choices):
        def open_now(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
            return choices(state, seat) if state["phase"] in phases and seat is not None else []
        return open_now
    return wrap


@_in("setup")
def open_character(state: dict, seat: Seat) -> list[dict]:
    taken = {c["class"] for s, c in state["characters"].items() if s != seat.id}
    return [{"class": cls, "level": level} for cls in ("brute", "spellweaver", "scoundrel", "tinkerer")
            if cls not in taken for level in (1, 2)]


@_in("setup")
def open_perks(state: dict, seat: Seat) -> list[dict]:
    """Perks applied once, at a table not started from a campaign."""
    who = state["characters"].get(seat.id)
    if who is None or who.get("deck_from", "class") != "class":
        return []
    if catalog.character_classes()[who["class"]]["perks"]:
        return [{"perks": "1"}, {"perks": "2 3"}]
    return [{"take_out": "-1", "put_in": "+1"}]


@_in("setup")
def open_start(state: dict, seat: Seat) -> list[dict]:
    return [{}] if state["characters"] else []


@_in("choosing", "playing")
def open_goal(state: dict, seat: Seat) -> list[dict]:
    goals = (state["secrets"].get(seat.id) or {}).get("battle_goals")
    return [{"goal": goal} for goal in goals["dealt"]] if goals and goals["kept"] is None else []


@_in("choosing")
def open_rest(state: dict, seat: Seat) -> list[dict]:
    who = _own(state, seat)
    if who is None or seat.id in state["chosen"] or (who.get("short_rest") or {}).get("round") == state["round"]:
        return []
    return [{"count": count} for count in (3, 6)]


@_in("choosing")
def open_redraw(state: dict, seat: Seat) -> list[dict]:
    who = _own(state, seat)
    rest = (who or {}).get("short_rest")
    if not rest or rest["round"] != state["round"] or rest["redrawn"] or who["hp"] <= 1 or seat.id in state["chosen"]:
        return []
    return [{}]


@_in("choosing")
def open_cards(state: dict, seat: Seat) -> list[dict]:
    if _own(state, seat) is None or seat.id in state["chosen"]:
        return []
    return [{"initiative": 12, "second": 57}, {"initiative": 45, "second": 8}, {"initiative": 77, "second": 30},
            {"long_rest": True}]


def _turn(state: dict) -> dict | None:
    return placing.current_turn(state)


def _mine_now(state: dict, seat: Seat) -> bool:
    """The turn is the seat's character's, or a figure's anyone moves on (a monster's, a summon's)."""
    turn = _turn(state)
    return turn is not None and (turn["kind"] != "character" or turn["id"] == seat.id)


@_in("playing")
def open_turn_end(state: dict, seat: Seat) -> list[dict]:
    return [{}] if _mine_now(state, seat) and not waiting.waiting(state) else []


@_in("playing")
def open_monster_attack(state: dict, seat: Seat) -> list[dict]:
    turn, found = _turn(state), placing.acting_standee(state)
    if turn is None or turn["kind"] != "monster" or found is None or waiting.waiting(state):
        return []
    targets = [s for s, c in state["characters"].items() if not c["exhausted"]]
    return [{"standee": found["id"], "target": target, "base": base} for target in targets for base in (2, 3)]


@_in("playing")
def open_character_attack(state: dict, seat: Seat) -> list[dict]:
    turn = _turn(state)
    if turn is None or turn["kind"] != "character" or turn["id"] != seat.id or waiting.waiting(state):
        return []
    return [{"standee": found["id"], "base": base, **({"cards": cards} if cards else {})}
            for found in state["standees"][:3] for base, cards in ((2, "+0"), (3, None), (2, "x2"), (2, None))]


@_in("choosing", "playing")
def open_damage(state: dict, seat: Seat) -> list[dict]:
    return [{"damage": entry["id"], "how": how} for entry in waiting.waiting(state) if entry["seat"] == seat.id
            for how in damage.HOW if (how != "out_of_range" or entry["kind"] == "retaliate")
            and not (entry["summon"] and how in damage.NEGATIONS)]


@_in("choosing", "playing")
def open_door(state: dict, seat: Seat) -> list[dict]:
    return [{"room": room["number"]} for room in placing.openable_rooms(state)]


@_in("choosing", "playing")
def open_end(state: dict, seat: Seat) -> list[dict]:
    """Won once no monster is left and no door is left to open; lost once every character is exhausted."""
    if not state["standees"] and not placing.openable_rooms(state):
        return [{"outcome": "success"}]
    if all(c["exhausted"] for c in state["characters"].values()):
        return [{"outcome": "failure"}]
    return []


@_in("ended")
def open_goal_done(state: dict, seat: Seat) -> list[dict]:
    goals = (state["secrets"].get(seat.id) or {}).get("battle_goals")
    line = state["result"]["summary"].get(seat.id)
    if not goals or goals["kept"] is None or line is None or line["goal"] is not None:
        return []
    return [{"done": True}, {"done": False}]


@_in("ended")
def open_confirm(state: dict, seat: Seat) -> list[dict]:
    result = state["result"]
    return [{}] if seat.id in result["summary"] and seat.id not in result["confirmed"] else []


# -- the table ------------------------------------------------------------------------------------
def specs() -> list[ActionSpec]:
    standee, seat = Text("standee", max_length=60), SeatRef("seat", default=None, doc="default: your own seat")
    summon = Text("summon", max_length=20, default=None)
    delta, condition = Int("delta", min=-99, max=99), Choice("condition", choices=CONDITIONS)
    mode = Choice("mode", choices=modifiers.MODES, default="normal")
    return [
        ActionSpec("scenario.set", "Set-up: choose `scenario` (number), `difficulty`, `solo`, and the editable "
                   "defaults `monster_deck` (e.g. \"+0×6 +1×5 -1×5 +2 -2 x2 null\") and `bless_limit`.",
                   (Int("scenario", min=1, max=999, default=None),
                    Choice("difficulty", choices=tuple(DIFFICULTIES), default=None),
                    Bool("solo", default=None), Text("monster_deck", max_length=200, default=None),
                    Int("bless_limit", min=0, max=30, default=None)),
                   effect=setup.choose_scenario, history=line(N_("chose the scenario"))),
        ActionSpec("character.set", "Set-up: your character: `class`, `name` (optional), `level` (1-9).",
                   (Choice("class", choices=tuple(sorted(catalog.character_classes()))),
                    Text("name", max_length=40, default=None),
                    Int("level", min=1, max=setup.MAX_CHARACTER_LEVEL)),
                   effect=setup.set_character, history=line(N_("chose their character")), open=open_character),
        ActionSpec("scenario.start", "Start: fixes the level, places the first room, deals battle goals.",
                   effect=setup.start, history=N_("started the scenario"), redact=goals_dealt_hidden,
                   open=open_start),
        ActionSpec("battle_goal.keep", "Keep one of your two battle goals: `goal` (its number; secret).",
                   (Text("goal", max_length=10),),
                   effect=setup.keep_battle_goal, history=N_("kept a battle goal"), redact=goal_hidden,
                   open=open_goal),
        ActionSpec("rest.short", "Between rounds, before choosing: a short rest with `count` cards in your "
                   "discard pile; the card to lose is drawn.", (Int("count", min=2, max=rests.MAX_DISCARD),),
                   effect=rests.short_rest, history=line(N_("took a short rest")), open=open_rest),
        ActionSpec("rest.redraw", "After your short rest: suffer 1 damage to lose another random card instead.",
                   effect=rests.redraw, history=N_("kept the card for 1 damage"), open=open_redraw),
        ActionSpec("initiative.choose", "Your cards' initiatives, `initiative` (leading) and `second`, or "
                   "`long_rest`; secret until everyone has chosen (then the monster cards are drawn).",
                   (Int("initiative", min=1, max=99, default=None), Int("second", min=1, max=99, default=None),
                    Bool("long_rest", default=False)),
                   effect=flow.choose, history=N_("chose their cards"), redact=choice_hidden, open=open_cards),
        ActionSpec("turn.next", "End the current figure's turn (a character's: its player, or `for_them`).",
                   (Bool("for_them", default=False),), effect=flow.end_turn, history=line(N_("ended a turn")),
                   open=open_turn_end),
        ActionSpec("turn.swap", "You and the character tied with you on both cards swap places in the order.",
                   effect=flow.swap_tied, history=N_("swapped turns with a tied character")),
        ActionSpec("room.reveal", "Open a door: `room` (its number); its standees are placed.",
                   (Int("room", min=1, max=99),), effect=flow.open_door, history=line(N_("opened a door")),
                   open=open_door),
        ActionSpec("standee.add", "Place a standee by hand: `monster`, `rank` (normal, elite, boss), `summoned`.",
                   (Choice("monster", choices=tuple(sorted(catalog.monster_ids()))),
                    Choice("rank", choices=("normal", "elite", "boss")),
                    Bool("summoned", default=False)),
                   effect=figures.add_standee, history=line(N_("placed a standee"))),
        ActionSpec("standee.remove", "Take standee `standee` (e.g. \"bandit-guard#3\") off the map.", (standee,),
                   effect=figures.take_off, history=line(N_("removed a standee"))),
        ActionSpec("standee.adjust", "Damage (negative `delta`) or heal standee `standee`.", (standee, delta),
                   effect=figures.adjust_standee, history=line(N_("changed a standee's hit points"))),
        ActionSpec("standee.condition", "Toggle `condition` on standee `standee`.", (standee, condition),
                   effect=figures.standee_condition, history=line(N_("changed a standee's conditions"))),
        ActionSpec("objective.add", "Place the scenario's objective number `objective` (1-based, as the data "
                   "lists them) by hand; its hit points are worked out.", (Int("objective", min=1, max=99),),
                   effect=objective_figures.add_by_hand, history=line(N_("placed an objective"))),
        ActionSpec("objective.adjust", "Damage (negative `delta`) or heal objective `objective` (e.g. \"objective2\").",
                   (Text("objective", max_length=20), delta),
                   effect=objective_figures.adjust, history=line(N_("changed an objective's hit points"))),
        ActionSpec("objective.remove", "Take objective `objective` off the map.", (Text("objective", max_length=20),),
                   effect=objective_figures.remove, history=N_("removed an objective")),
        ActionSpec("character.adjust", "Add `delta` to `field` (hp, xp, coins) of your character (or `seat`'s).",
                   (Choice("field", choices=figures.FIELDS), delta, seat),
                   effect=figures.adjust_character, history=line(N_("changed a character"))),
        ActionSpec("character.condition", "Toggle `condition` on your character (or `seat`'s, or its `summon`).",
                   (condition, seat, summon),
                   effect=figures.character_condition, history=line(N_("changed a character's conditions"))),
        ActionSpec("character.bonus", "During the turns: the `shield` and `retaliate` (with its `range`, 1 unless "
                   "printed) your character (or `seat`'s) has until the round ends, from the cards played (0 and 0: "
                   "none). A monster's attack from the map (`map.do`) takes the shield off its damage and meets "
                   "the retaliate; `monster.attack` without `shield` uses the shield, and meets the retaliate when the "
                   "standee is within its range.",
                   (Int("shield", min=0, max=99, default=0), Int("retaliate", min=0, max=99, default=0),
                    Int("range", min=1, max=99, default=1), seat),
                   effect=bonuses.set_bonus, history=line(N_("set a character's shield and retaliate"))),
        ActionSpec("character.exhaust", "Your character (or `seat`'s) is exhausted.", (seat,),
                   effect=figures.exhaust_by_hand, history=line(N_("exhausted a character"))),
        ActionSpec("summon.add", "Your character (or `seat`'s) summons `name` with `hp` hit points; with its "
                   "`move`, `attack` and `range` (0: melee) and `flying`, the map works out its turns. The `shield` "
                   "and `retaliate` (with its `retaliate_range`, 1 unless printed) on its summon card count "
                   "against every monster attack on it. Or `from_card`: a summon the character's class cards up "
                   "to its level give, by name as the data spells it (\"Mystic Ally\"), with the card's stats "
                   "(hit points at the character's level; the pierce and conditions its attacks give; two or three "
                   "alike, numbered, when the card summons that many); a field also sent replaces the card's.",
                   (Text("name", max_length=40, default=None), Int("hp", min=1, max=99, default=None), seat,
                    Int("move", min=0, max=99, default=None), Int("attack", min=0, max=99, default=None),
                    Int("range", min=0, max=99, default=None), Bool("flying", default=False),
                    Int("shield", min=0, max=99, default=None), Int("retaliate", min=0, max=99, default=None),
                    Int("retaliate_range", min=1, max=99, default=None), Text("from_card", max_length=60,
                                                                              default=None)),
                   effect=figures.add_summon, history=line(N_("summoned"))),
        ActionSpec("summon.adjust", "Damage (negative `delta`) or heal summon `summon`.",
                   (Text("summon", max_length=20), delta),
                   effect=figures.adjust_summon, history=N_("changed a summon's hit points")),
        ActionSpec("summon.remove", "Remove summon `summon`.", (Text("summon", max_length=20),),
                   effect=figures.remove_summon, history=N_("removed a summon")),
        ActionSpec("monster.attack", "Standee `standee` attacks `target` (a seat or a summon): `base`, `bonus`, "
                   "`mode`, the target's `shield` (default: a character's shield this round); `bonus`, `pierce`, "
                   "`push`, `pull` and `conditions` (e.g. \"poison "
                   "wound\", "
                   "\"\" for none) default to the standee's ability card, with what an element it consumed this turn "
                   "adds. The modifier cards are drawn from the monster "
                   "deck; the conditions go on the target and the damage waits for `damage.resolve` (a summon takes "
                   "it at once). A target with retaliate this round retaliates after the attack when the standee is "
                   "within its range: `in_range` says so; without it the range is counted on the map when both "
                   "stand on it, a melee attack is always within it, and otherwise the app says it can't tell.",
                   (standee, Text("target", max_length=20), Int("base", min=0, max=99),
                    Int("bonus", min=-99, max=99, default=None), mode, Int("shield", min=0, max=99, default=None),
                    Int("pierce", min=0, max=99, default=None), Int("push", min=0, max=20, default=None),
                    Int("pull", min=0, max=20, default=None),
                    Text("conditions", max_length=120, default=None, allow_empty=True),
                    Bool("in_range", default=None)),
                   effect=combat.monster_attack, history=line(N_("resolved a monster attack")),
                   open=open_monster_attack),
        ActionSpec("damage.resolve", "Settle waiting damage `damage` (its id) on your character (or `for_them`): "
                   "`how` suffer, hand (lose one card from hand instead), discard (lose two from the discard pile "
                   "instead) or out_of_range (a retaliate that didn't reach).",
                   (Int("damage", min=1, max=10**6), Choice("how", choices=damage.HOW),
                    Bool("for_them", default=False)),
                   effect=damage.resolve, history=line(N_("settled damage")), open=open_damage),
        ActionSpec("character.attack",
                   "Your character (or its `summon`) attacks `standee` (or an objective's id): `base`, `bonus`, "
                   "`doubled`, `mode`, `pierce`; the cards are drawn by the server from the character's own "
                   "modifier deck, or `cards` says what your real deck gave (e.g. \"r+1 -1\").",
                   (standee, summon, seat, Int("base", min=0, max=99), Int("bonus", min=-99, max=99, default=0),
                    Bool("doubled", default=False), mode, Text("cards", max_length=80, default=None),
                    Int("pierce", min=0, max=99, default=0)),
                   effect=combat.character_attack, history=line(N_("attacked")), open=open_character_attack),
        ActionSpec("deck.perks", "Once, at a table not started from a campaign: apply your character's (or "
                   "`seat`'s) perks to its modifier deck: `perks`, the numbers of the perk lines marked "
                   "(\"1 3 3\"), or "
                   "for a class whose perks the data lacks, `take_out` and `put_in` (cards like \"2× +1, +0 rolling "
                   "stun\").",
                   (Text("perks", max_length=80, default=None), Text("take_out", max_length=120, default=None),
                    Text("put_in", max_length=120, default=None), seat),
                   effect=decks.apply_perks, history=line(N_("applied perks to a modifier deck")), open=open_perks),
        ActionSpec("deck.card", "Shuffle a `card` (bless, curse, -1) into your character's (or `seat`'s) modifier "
                   "deck, or take one out (`change` remove): a scenario's or an item's effect.",
                   (Choice("card", choices=character_decks.ADDED_CARDS),
                    Choice("change", choices=("add", "remove"), default="add"), seat),
                   effect=decks.change_card, history=line(N_("changed a character's modifier deck"))),
        ActionSpec("modifier.add", "Shuffle a `card` (bless, curse) into the monster modifier deck.",
                   (Choice("card", choices=combat.CARD_CHOICES),),
                   effect=combat.add_card, history=line(N_("changed the monster modifier deck"))),
        ActionSpec("modifier.remove", "Take a `card` (bless, curse) out of the monster modifier deck.",
                   (Choice("card", choices=combat.CARD_CHOICES),),
                   effect=combat.remove_card, history=line(N_("changed the monster modifier deck"))),
        ActionSpec("element.infuse", "Infuse `element` (strong at the end of this turn).",
                   (Choice("element", choices=elements.ELEMENTS),), effect=combat.infuse,
                       history=line(N_("infused an element"))),
        ActionSpec("element.consume", "Consume `element`.", (Choice("element", choices=elements.ELEMENTS),),
                   effect=combat.consume, history=line(N_("consumed an element"))),
        ActionSpec("scenario.end", "End the scenario: `outcome` success or failure.",
                   (Choice("outcome", choices=ending.OUTCOMES),),
                   effect=ending.end_scenario, history=line(N_("ended the scenario")), open=open_end),
        ActionSpec("battle_goal.done", "At the end: whether your kept battle goal was met (`done`).",
                   (Bool("done"),), effect=ending.mark_battle_goal, history=line(N_("marked their battle goal")),
                   open=open_goal_done),
        ActionSpec("summary.confirm", "Confirm the end-of-scenario summary.",
                   effect=ending.confirm, history=N_("confirmed the summary"), open=open_confirm),
        *map_actions.specs(),
    ]


ACTIONS = tuple(specs())
