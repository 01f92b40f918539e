"""The map's actions, declared like the rest of the table's (rules.py adds
them to its own): lay or take up hexes, thin walls, terrain and doors, put
figures on hexes, show a monster's turn worked out by the solver, and follow
one of its options. All of them are allowed in every phase."""

from __future__ import annotations

from companion.games.gloomhaven.conditions import Listed
from companion.games.gloomhaven.map import board as maps
from companion.games.gloomhaven.map.plan import matching, work_out
from companion.games.gloomhaven.map.solving import acting_figure, figure_label
from companion.games.gloomhaven.map.turn import work_card
from companion.games.gloomhaven.names import Named
from companion.games.gloomhaven.play import common
from companion.games.gloomhaven.play.figures import is_acting
from companion.games.gloomhaven.play.monster_turn import TRAP_LINES, carry_out, flies, terrain_hurts
from companion.kit.actions import Act, NotRecorded
from companion.kit.fields import ActionSpec, Bool, Choice, Int, Json, Text
from companion.rules import N_, ActionError

MAX_PAINTED = 200
_COORD = maps.MAX_COORDINATE


def _hex(payload: dict, q: str = "q", r: str = "r") -> tuple[int, int]:
    return maps.read_hex([payload.get(q), payload.get(r)], q)


def _hexes(payload: dict) -> list[tuple[int, int]]:
    raw = payload.get("hexes")
    if not isinstance(raw, list) or not raw:
        raise ActionError(N_("Name at least one hex."), field="hexes")
    if len(raw) > MAX_PAINTED:
        raise ActionError(N_("At most %(count)d hexes at once."), field="hexes", count=MAX_PAINTED)
    return [maps.read_hex(h, "hexes") for h in raw]


def _figure(state: dict, figure_id: object) -> str:
    if not isinstance(figure_id, str) or figure_id not in maps.figure_ids(state):
        raise ActionError(N_("There is no such figure in the scenario."), field="figure")
    return figure_id


# -- runs --------------------------------------------------------------------------------
def paint(act: Act) -> None:
    state = act.state
    maps.paint(maps.map_of(state), _hexes(act.payload), common.flag(act.payload, "on"))


def wall(act: Act) -> None:
    state = act.state
    maps.toggle_wall(maps.map_of(state), _hex(act.payload), _hex(act.payload, "q2", "r2"))


def terrain(act: Act) -> None:
    state = act.state
    maps.set_terrain(maps.map_of(state), _hex(act.payload), act.payload["terrain"], _trap(act.payload))


def _trap(payload: dict) -> dict | None:
    """A trap's effects as the scenario book prints them: `trap_damage`
    (2 + the scenario level; yes unless said) and `trap_conditions`; None
    when neither is said (a trap that only damages)."""
    damage, named = payload.get("trap_damage"), payload.get("trap_conditions")
    if damage is None and named is None:
        return None
    conditions = sorted(set(str(named or "").replace(",", " ").split()))
    for condition in conditions:
        if condition not in maps.TRAP_CONDITIONS:
            raise ActionError(N_("“%(name)s” is not a condition a trap gives."), field="trap_conditions",
                              name=condition[:20])
    return {"damage": damage is not False, "conditions": conditions}


def _terrain_history(action, seats, state=None):
    """Where a trap with effects of its own was set, and what it does."""
    payload = action.payload or {}
    try:
        trap = _trap(payload) if payload.get("terrain") == "trap" else None
        where = {"q": int(payload["q"]), "r": int(payload["r"])}
    except (ActionError, KeyError, TypeError, ValueError):
        trap = None
    if trap is None or trap == maps.PLAIN_TRAP:
        return N_("changed a hex's terrain"), {}
    if not trap["conditions"]:
        return N_("set a trap on [%(q)d, %(r)d] that does no damage"), where
    line = (N_("set a trap on [%(q)d, %(r)d]: damage and %(conditions)s") if trap["damage"]
            else N_("set a trap on [%(q)d, %(r)d]: %(conditions)s, no damage"))
    return line, {**where, "conditions": Listed(" ".join(trap["conditions"]))}


def door(act: Act) -> None:
    state = act.state
    maps.toggle_door(maps.map_of(state), _hex(act.payload))


def place(act: Act) -> None:
    state = act.state
    figure_id = _figure(state, act.payload.get("figure"))
    off = act.payload.get("q") is None and act.payload.get("r") is None
    board = maps.map_of(state)
    came_from = board["at"].get(figure_id)
    maps.place(board, figure_id, None if off else _hex(act.payload))
    if board["plan"] and board["plan"]["standee"] == figure_id:
        board["plan"] = None
    if not off and came_from not in (None, board["at"][figure_id]):
        _entered(act, figure_id, _hex(act.payload))


def _mover(state: dict, figure_id: str) -> tuple[str, dict, str | None]:
    """("character"/"summon"/"standee", the figure, its seat) for a figure on the map."""
    if figure_id in state["characters"]:
        return "character", state["characters"][figure_id], figure_id
    return acting_figure(state, figure_id)


def _entered(act: Act, figure_id: str, hex_: tuple[int, int]) -> None:
    """A figure moved by hand from one hex to another during the round's
    turns entered the hex it is put on by a normal or forced move: a trap
    there springs (its damage, its conditions, then it is removed) and
    hazardous terrain hurts, as in a turn from the map (rulebook, "Traps",
    "Hazardous terrain"; a jump's last hex counts). Not for a figure that
    flies (flying ignores both), nor when `springs` is false (a character's
    flying move, or a figure only set right). Only the hex it is put on is
    known: a figure that crosses a trap on its way is put on it first."""
    state = act.state
    terrain = maps.map_of(state)["hexes"].get(maps.key(hex_))
    if state["phase"] != "playing" or terrain not in TRAP_LINES or act.payload.get("springs") is False:
        return
    found = _mover(state, figure_id)
    if flies(state, found[0], found[1]):
        return
    try:  # logged since by-hand moves spring traps
        if not act.draws.take("springs_traps", lambda rng: True):
            return
    except NotRecorded:  # a move logged before: it replays as it was made
        return
    given = []
    name = found[1]["name"] if found[0] == "character" else figure_label(found[0], found[1])
    hurt = terrain_hurts(state, found, list(hex_), given, own_turn=is_acting(state, figure_id))
    act.draws.note("entered", {"name": name, "terrain": terrain, "damage": hurt,
                               "conditions": " ".join(sorted(set(given)))})


ENTERED_LINES = {
    ("hazardous", True, False): N_("moved %(figure)s into hazardous terrain on [%(q)d, %(r)d]: %(damage)d damage"),
    ("trap", True, False): N_("moved %(figure)s onto the trap on [%(q)d, %(r)d]: it sprang, %(damage)d damage"),
    ("trap", True, True): N_("moved %(figure)s onto the trap on [%(q)d, %(r)d]: it sprang, %(damage)d damage and "
                             "%(conditions)s"),
    ("trap", False, True): N_("moved %(figure)s onto the trap on [%(q)d, %(r)d]: it sprang and gave "
                              "%(conditions)s"),
    ("trap", False, False): N_("moved %(figure)s onto the trap on [%(q)d, %(r)d]: it sprang and did nothing"),
}


def _place_history(action, seats, state=None):
    """Whom a move by hand brought onto a trap or hazardous terrain, and
    what it did (noted by map.place)."""
    payload = action.payload or {}
    entered = payload.get("entered")
    try:
        line = ENTERED_LINES[(entered["terrain"], entered["damage"] > 0, bool(entered["conditions"]))]
        params = {"figure": Named(str(entered["name"])), "q": int(payload["q"]), "r": int(payload["r"]),
                  "damage": int(entered["damage"]), "conditions": Listed(str(entered["conditions"]))}
    except (KeyError, TypeError, ValueError):
        return N_("moved a figure on the map"), {}
    return line, params


def show(act: Act) -> None:
    """Show standee `standee`'s turn (or a character summon's) on every
    phone (refused when it can't be worked out)."""
    state = act.state
    standee_id = act.payload["standee"]
    if acting_figure(state, standee_id)[0] == "summon":
        work_card(state, standee_id)
    else:
        try:  # the whole card, kept for the pages that draw it next
            work_card(state, standee_id)
        except ActionError:  # what a turn shown before the whole card needed (old logs replay the same)
            work_out(state, standee_id)
    maps.map_of(state)["plan"] = {"standee": standee_id, "moment": maps.moment(state), "chosen": None}


def hide(act: Act) -> None:
    state = act.state
    maps.map_of(state)["plan"] = None


def follow(act: Act) -> None:
    """The table chose one of the shown options: the standee moves there and
    its attacks are offered."""
    state = act.state
    standee_id = act.payload["standee"]
    board = maps.map_of(state)
    plan = board.get("plan")
    if not plan or plan["standee"] != standee_id or plan["chosen"] is not None:
        raise ActionError(N_("Show this monster's turn first."), field="standee")
    attacks = act.payload.get("attacks") or []
    if not isinstance(attacks, list) or not all(isinstance(a, str) for a in attacks):
        raise ActionError(N_("The action's details are malformed."), field="attacks")
    option = matching(work_out(state, standee_id), list(_hex(act.payload)), attacks)
    if option is None:
        raise ActionError(N_("That is not one of this monster's options."), field="q")
    maps.place(board, standee_id, tuple(option["destination"]))
    plan["chosen"] = {"destination": option["destination"], "path": option["path"], "attacks": option["attacks"]}


def clear(act: Act) -> None:
    state = act.state
    state["map"] = maps.new_map()


DID_LINES = {
    (False, False): N_("did %(figure)s's turn as shown"),
    (True, False): N_("did %(figure)s's turn as shown; retaliates did it %(retaliated)d damage"),
    (False, True): N_("did %(figure)s's turn as shown; traps and hazardous terrain did %(trapped)d damage"),
    (True, True): N_("did %(figure)s's turn as shown; retaliates did it %(retaliated)d damage, traps and "
                     "hazardous terrain %(trapped)d"),
}


TRAP_CONDITION_LINES = {
    False: N_("did %(figure)s's turn as shown; traps and hazardous terrain did %(trapped)d damage and gave "
              "%(conditions)s"),
    True: N_("did %(figure)s's turn as shown; retaliates did it %(retaliated)d damage, traps and hazardous "
             "terrain %(trapped)d and gave %(conditions)s"),
}


def _did_history(action, seats, state=None):
    """Whose turn, and the damage retaliates and traps did on it and the
    conditions traps gave (noted by map.do)."""
    payload = action.payload or {}
    figure = payload.get("figure")
    if not figure:
        return N_("did a monster's turn as shown"), {}
    hurt = {key: payload[key] for key in ("retaliated", "trapped") if isinstance(payload.get(key), int)}
    params = {"figure": Named(str(figure)), **hurt}
    if isinstance(payload.get("trap_conditions"), str):
        return TRAP_CONDITION_LINES["retaliated" in hurt], {"trapped": 0, **params,
                                                           "conditions": Listed(payload["trap_conditions"])}
    return DID_LINES[("retaliated" in hurt, "trapped" in hurt)], params


# -- declarations -------------------------------------------------------------------------
def specs() -> list[ActionSpec]:
    """The map's actions, each with its effect and history line (the table adds them to its own)."""
    q, r = Int("q", min=-_COORD, max=_COORD), Int("r", min=-_COORD, max=_COORD)
    maybe_q = Int("q", min=-_COORD, max=_COORD, default=None)
    maybe_r = Int("r", min=-_COORD, max=_COORD, default=None)
    standee = Text("standee", max_length=60)
    return [
        ActionSpec("map.hexes", "Lay (`on`) or take up floor `hexes` ([[q, r], ...], flat-top axial).",
                   (Json("hexes"), Bool("on", default=True)), effect=paint, history=N_("changed the map's hexes")),
        ActionSpec("map.wall", "Add or take away the thin wall between hex `q`,`r` and its neighbour `q2`,`r2`.",
                   (q, r, Int("q2", min=-_COORD, max=_COORD), Int("r2", min=-_COORD, max=_COORD)),
                   effect=wall, history=N_("changed a thin wall")),
        ActionSpec("map.terrain", "Set hex `q`,`r`'s `terrain` (plain, obstacle, trap, hazardous, difficult, "
                   "closed-door, open-door). A trap does its damage (2 + the scenario level) unless "
                   "`trap_damage` is false, and gives the `trap_conditions` (e.g. \"poison stun\") the scenario "
                   "book prints for it, to the figure that springs it.",
                   (q, r, Choice("terrain", choices=("plain",) + maps.TERRAINS),
                    Bool("trap_damage", default=None), Text("trap_conditions", max_length=80, default=None)),
                   effect=terrain, history=_terrain_history),
        ActionSpec("map.door", "Open or close the door on hex `q`,`r`.", (q, r),
                   effect=door, history=N_("opened or closed a door")),
        ActionSpec("map.place", "Put `figure` (a seat, a summon or a standee id) on hex `q`,`r`, or off the map "
                   "without them. Moved from another hex during the round's turns, it springs a trap on the hex "
                   "it is put on (the trap's damage and conditions; the trap is removed) and hazardous terrain "
                   "there hurts it, as a normal or forced move does, unless it flies (a flying monster or summon) "
                   "or `springs` is false (a character's flying move, or a figure only set right).",
                   (Text("figure", max_length=60), maybe_q, maybe_r, Bool("springs", default=None)),
                   effect=place, history=_place_history),
        ActionSpec("map.show", "Show standee `standee`'s turn worked out from the map and its drawn card.",
                   (standee,), effect=show, history=N_("showed a monster's turn")),
        ActionSpec("map.hide", "Stop showing the monster's turn.", effect=hide, history=N_("hid the monster's turn")),
        ActionSpec("map.follow", "Move standee `standee` as one of the shown options: destination `q`,`r` "
                   "and the figures it `attacks` (a list of ids).",
                   (standee, q, r, Json("attacks", default=None)), effect=follow,
                   history=N_("moved a monster as shown")),
        ActionSpec("map.do", "Carry out the shown turn of standee (or summon) `standee`: its `option` (1 for "
                   "the first) with every ability of its card, and the `choices` the rules leave inside it "
                   "({key: value} as the turn lists them, e.g. a wild element to consume); a character's shield "
                   "and retaliate for the round (`character.bonus`) and a summon's from its card count against "
                   "each attack, and traps (with their conditions) and hazardous terrain entered hurt; `shields` "
                   "({figure id: n}) or `shield` (every character or "
                   "summon it attacks that `shields` does not name) replace the shields the app knows.",
                   (standee, Int("option", min=1, max=999, default=1), Json("choices", default=None),
                    Json("shields", default=None), Int("shield", min=0, max=99, default=None)),
                   effect=carry_out, history=_did_history),
        ActionSpec("map.clear", "Take every hex, wall and figure off the map.", seat_may_undo=True,
                   effect=clear, history=N_("cleared the map")),
    ]


TYPES = frozenset(spec.type for spec in specs())
