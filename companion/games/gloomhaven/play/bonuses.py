"""A character's shield and retaliate for the round (rulebook, "Action
bonuses", pp. 25-26: a round bonus lasts from when its card is played until
the end of the round; "Shield", p. 25; "Retaliate", p. 26).

Its player says them when the card is played (`character.bonus`); the app
keeps them in `who["round_bonus"]` = {"round", "shield", "retaliate",
"range"} and forgets them when the round ends (`tidy`, after every action;
a bonus from an earlier round counts as none in any case). A monster's attack carried out
from the map (map.do) or entered by hand (monster.attack) uses them:

- Shield X takes X off each attack's damage (several shields stack; only
  attacks' damage, never a trap's or a retaliate's).
- Retaliate X (range Y, 1 unless printed) does X damage to each attacker
  within Y hexes (counted around walls and closed doors, as range is),
  after the attack; not when the attack kills or exhausts the
  retaliating figure. Several stack; retaliate is not an attack (no shield, no
  modifier card). An attack entered by hand knows the distance from the map
  when both figures stand on it, or from a melee attack (made from the next
  hex); else the table says whether the attacker was within range, or the
  app says it can't tell (`reach_of`).
"""

from __future__ import annotations

from companion.games.gloomhaven.conditions import ATTACK_CONDITIONS
from companion.games.gloomhaven.map import board as maps
from companion.games.gloomhaven.play import common, waiting
from companion.games.gloomhaven.play.placing import damage_standee
from companion.kit.actions import Act
from companion.kit.hexes import neighbours
from companion.rules import N_, ActionError

MOST = 99


def set_bonus(act: Act) -> None:
    """The shield and retaliate `seat`'s character has until the round ends
    (0 and 0: none)."""
    state = act.state
    seat = act.payload.get("seat") or act.seat_id
    who = common.character(state, seat)
    if who["exhausted"]:
        raise ActionError(N_("%(name)s is exhausted."), field="seat", name=who["name"])
    shield = common.whole(act.payload, "shield", 0, MOST, default=0)
    retaliate = common.whole(act.payload, "retaliate", 0, MOST, default=0)
    reach = common.whole(act.payload, "range", 1, MOST, default=1)
    if not shield and not retaliate:
        who.pop("round_bonus", None)
        return
    who["round_bonus"] = {"round": state["round"], "shield": shield, "retaliate": retaliate, "range": reach}


def active(state: dict, seat: str) -> dict:
    """{"shield", "retaliate", "range"} the character has now (zeros once the round is over)."""
    bonus = state["characters"][seat].get("round_bonus")
    if not isinstance(bonus, dict) or bonus.get("round") != state["round"] or state["phase"] != "playing":
        return {"shield": 0, "retaliate": 0, "range": 1}
    return {"shield": bonus["shield"], "retaliate": bonus["retaliate"], "range": bonus["range"]}


def summon_defence_from(payload: dict) -> dict:
    """A summon's own shield and retaliate, printed on its summon card
    ("Shield 1", "Retaliate 2"): they last as long as the summon (rulebook,
    "Summons": its stats are on the card). Kept only when it has them."""
    shield = common.whole(payload, "shield", 0, MOST, default=0)
    retaliate = common.whole(payload, "retaliate", 0, MOST, default=0)
    reach = common.whole(payload, "retaliate_range", 1, MOST, default=1)
    return {**({"shield": shield} if shield else {}),
            **({"retaliate": {"value": retaliate, "range": reach}} if retaliate else {})}


def summon_defence(summon: dict) -> dict:
    """{"shield", "retaliate", "range"} a summon has from its card (zeros without)."""
    retaliate = summon.get("retaliate") or {}
    return {"shield": summon.get("shield", 0), "retaliate": retaliate.get("value", 0),
            "range": retaliate.get("range", 1)}


def check_summon(summon: dict) -> None:
    """An export's summon shield, retaliate and its attacks' pierce: whole
    numbers in their ranges; its attacks' conditions: ones an attack gives."""
    for name, value, low in (("shield", summon.get("shield", 0), 0),
                             ("retaliate", (summon.get("retaliate") or {}).get("value", 0), 0),
                             ("retaliate range", (summon.get("retaliate") or {}).get("range", 1), 1)):
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= MOST:
            raise ValueError(f"summon {name}")
    stats = summon.get("stats") or {}
    pierce = stats.get("pierce", 0)
    if isinstance(pierce, bool) or not isinstance(pierce, int) or not 0 <= pierce <= MOST:
        raise ValueError("summon pierce")
    if not isinstance(stats.get("conditions", []), list) or not set(stats.get("conditions", [])) <= set(
            ATTACK_CONDITIONS):
        raise ValueError("summon conditions")


def tidy(state: dict) -> None:
    """The round is over: every character's round bonus goes."""
    for who in state.get("characters", {}).values():
        bonus = who.get("round_bonus")
        if bonus is not None and (bonus.get("round") != state["round"] or state["phase"] != "playing"):
            del who["round_bonus"]


def check(bonus: object) -> None:
    """An export's round bonus: whole numbers in their ranges."""
    if not isinstance(bonus, dict):
        raise TypeError("round_bonus")
    for name, low in (("round", 0), ("shield", 0), ("retaliate", 0), ("range", 1)):
        value = bonus.get(name)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= (10**6 if name == "round"
                                                                                          else MOST):
            raise ValueError(f"round_bonus {name}")


def steps_around_walls(board: dict, start, goal, most: int) -> int | None:
    """Hexes from `start` to `goal` over the map's floor, never across a thin
    wall or through a closed door (figures and other terrain don't count);
    None when farther than `most`."""
    start, goal = tuple(start), tuple(goal)
    floor = {k for k, terrain in board["hexes"].items() if terrain != "closed-door"}
    walls = {tuple(w) for w in board["walls"]}
    seen, frontier = {start: 0}, [start]
    while frontier:
        here = frontier.pop(0)
        if here == goal:
            return seen[here]
        if seen[here] >= most:
            continue
        for near in neighbours(here):
            near = tuple(near)
            if near in seen or maps.key(near) not in floor or tuple(maps.wall_key(here, near)) in walls:
                continue
            seen[near] = seen[here] + 1
            frontier.append(near)
    return None


def retaliation(state: dict, bonus: dict, attacker_hex, target_hex) -> tuple[int, int, int] | None:
    """(value, range, distance) of the retaliate `bonus` (a character's
    `active` one, a summon's `summon_defence`) makes on an attacker standing
    on `attacker_hex`; None when it has none or the attacker is out of its
    range (rulebook, "Retaliate")."""
    if not bonus["retaliate"] or attacker_hex is None or target_hex is None:
        return None
    away = steps_around_walls(state["map"], attacker_hex, target_hex, bonus["range"])
    if away is None:
        return None
    return bonus["retaliate"], bonus["range"], away


def reach_of(state: dict, attacker_id: str, target_id: str, reach: int, attack_range: int,
             said: bool | None) -> tuple[bool | None, str, int | None]:
    """Whether an attacker is within `reach` hexes of the figure it attacked,
    for an attack entered by hand: (in range or None when unknown, how it is
    known, hexes away when counted). What the table said comes first; else
    it is counted on the map when both figures stand on it; else a melee
    attack (`attack_range` 0) is made from a hex next to its target, which
    every retaliate reaches ("Retaliate X": each adjacent attacker); else the
    app can't know."""
    if said is not None:
        return said, "said", None
    board = state.get("map") or {}
    where = board.get("at") or {}
    if attacker_id in where and target_id in where:
        away = steps_around_walls(board, maps.unkey(where[attacker_id]), maps.unkey(where[target_id]), reach)
        return away is not None, "map", away
    if not attack_range:
        return True, "melee", 1
    return None, "unknown", None


def answer_attack(state: dict, seat: str, name: str, standee: dict, value: int) -> bool:
    """`seat`'s character retaliates `value` on `standee` after its attack
    (rulebook, "Retaliate"): at once when the damage waiting on the character
    can't exhaust it (True); else it waits with that damage and hits only if
    the character is still standing once it is settled (negated, or taken and
    survived; play/damage.py)."""
    owed = sum(d["amount"] for d in waiting.waiting(state) if d["seat"] == seat and not d["summon"])
    if owed >= state["characters"][seat]["hp"]:
        entry = next(d for d in reversed(waiting.waiting(state)) if d["seat"] == seat and not d["summon"])
        entry["retaliates"] = {"standee": standee["id"], "value": value}
        common.news(state, [N_("If %(name)s is still standing after this damage, their retaliate %(value)d "
                               "hits %(standee)s."), {"name": name, "value": value,
                                                      "standee": common.standee_label(standee)}])
        return False
    retaliate_on(state, name, standee, value)
    return True


def retaliate_on(state: dict, name: str, standee: dict, value: int) -> None:
    """`name`'s retaliate hurts `standee` (not an attack: no shield, no modifier card)."""
    before = standee["hp"]
    common.news(state, [N_("%(name)s retaliates: %(standee)s suffers %(value)d damage (%(before)d → %(after)d hit "
                           "points)."), {"name": name, "standee": common.standee_label(standee), "value": value,
                                         "before": before, "after": max(0, before - value)}])
    damage_standee(state, standee, value)
