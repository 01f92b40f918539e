"""Spaces of the city the group chooses to track (rulebook "movement",
"fire and corruption tokens", "tokens"): printed and physical tokens,
face-down exploration tokens, monsters, innocents, NPCs, extra turns, and
where each hero stands.

Moving a hero applies what the rules make automatic: a wound for leaving a
space with monsters (not with a Stealth Suit), and a fire and a corruption
check for the space left and the space entered, each on its own, with one
SIN die per token there (printed ones count); fire wounds ignore defense and
Proxy ignores one of each check's results; Hazmat Suit cancels one success.

The board is modular and its layout is in no data: the group names the
spaces, and the app trusts that each step goes to an adjacent space (or a
metro of the same colour). It counts the steps of the hero's own move (2,
+1 Raven Corp, Cyber Legs, -1 when slowed) and refuses a move resumed after
the action (rulebook "movement", "hero turn"). Monsters never leave a hero's
space, except by teleport.
"""

from __future__ import annotations

import random

from companion.dice import roll_pool
from companion.games.the_others import data, dice, heroes, story
from companion.games.the_others.fight import line
from companion.games.the_others.heroes import place_npc, start_space
from companion.games.the_others.seats import given, require_hero_player, require_sin
from companion.kit.actions import Act
from companion.rules import N_, ActionError

TOKENS = ("fire", "corruption", "pentagram", "nest", "altar")
COUNTS = ("face_down", "innocents", "extra_turns")
#: What a face-down exploration token may turn out to be, once flipped.
REVEALED = ("fire", "corruption", "pentagram", "nest", "innocents", "extra_turns")
NPCS = ("commissioner", "proxy", "raven_corp")
MONSTERS = ("abomination", "controller", "avatar", "acolyte")
CHECKS = ("fire", "corruption")
MAX_SPACES = 60


def new_space(name: str) -> dict:
    return {"name": name, "printed": {t: 0 for t in TOKENS}, "tokens": {t: 0 for t in TOKENS},
            "monsters": {m: 0 for m in MONSTERS}, **{c: 0 for c in COUNTS}, "npcs": [], "hell_club": []}


def add(act: Act) -> None:
    state, payload = act.state, given(act)
    name = payload.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > 40:
        raise ActionError(N_("Name the space (up to 40 characters)."), field="name")
    spaces = state.setdefault("spaces", {})
    if len(spaces) >= MAX_SPACES:
        raise ActionError(N_("At most %(max)d spaces."), field="name", max=MAX_SPACES)
    name = " ".join(name.split())
    if any(space["name"].casefold() == name.casefold() for space in spaces.values()):
        raise ActionError(N_("Two spaces can't share a name."), field="name")
    spaces[f"s{len(spaces) + 1}"] = new_space(name)


def space(state: dict, space_id, field: str = "space") -> dict:
    found = state.get("spaces", {}).get(space_id) if isinstance(space_id, str) else None
    if found is None:
        raise ActionError(N_("Choose a space."), field=field)
    return found


def set_count(act: Act) -> None:
    """Set one count of a space: "tokens.fire", "printed.nest", "monsters.acolyte", "innocents"..."""
    state, payload = act.state, given(act)
    target = space(state, payload.get("space"))
    what, value = payload.get("what"), payload.get("value")
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 20:
        raise ActionError(N_("Enter a whole number from %(low)d to %(high)d."), field="value", low=0, high=20)
    group, _, key = what.partition(".") if isinstance(what, str) else ("", "", "")
    if group in ("tokens", "printed") and key in TOKENS or group == "monsters" and key in MONSTERS:
        target[group][key] = value
    elif what in COUNTS:
        target[what] = value
    elif what == "district":
        if value > 1:
            raise ActionError(N_("Enter 1 for a district, 0 for a street."), field="value")
        target["district"] = bool(value)
    elif what == "start":
        if value > 1:
            raise ActionError(N_("Enter 1 for the starting space, 0 for any other."), field="value")
        set_start(state, payload["space"] if value else None)
    elif group == "npcs" and key in NPCS:
        if value > 1:
            raise ActionError(N_("An NPC is on one space at most: enter 0 or 1."), field="value")
        place_npc(state, key, target if value else None)
    else:
        raise ActionError(N_("Choose one of the listed options."), field="what")


def set_start(state: dict, space_id: str | None) -> None:
    """The board has one starting space: marking one unmarks any other."""
    for sid, where in state.get("spaces", {}).items():
        where["start"] = sid == space_id


def free_nests(target: dict) -> int:
    """Nests (printed and tokens) not blocked: each monster figure in the
    space blocks one; heroes block none (rulebook "summoning monsters")."""
    return max(0, count(target, "nest") - sum(target["monsters"].values()) - len(target.get("hell_club", [])))


def nests_tracked(state: dict) -> bool:
    return any(count(where, "nest") for where in state.get("spaces", {}).values())


def place_hell_club(state: dict, club_id: str, space_id) -> None:
    """A Hell Club member comes out on a free nest of the space named; on
    any nest when every nest is blocked (rulebook "apocalypse cards").
    With no nest tracked the table places it."""
    if not nests_tracked(state):
        return
    target = space(state, space_id)
    if not count(target, "nest"):
        raise ActionError(N_("%(space)s has no nest."), field="space", space=target["name"])
    if not free_nests(target) and any(free_nests(where) for where in state["spaces"].values()):
        raise ActionError(N_("%(space)s has no free nest: choose one that has (any nest only when all are blocked)."),
                          field="space", space=target["name"])
    target.setdefault("hell_club", []).append(club_id)


def remove_hell_club(state: dict, club_id: str) -> None:
    for where in state.get("spaces", {}).values():
        if club_id in where.get("hell_club", []):
            where["hell_club"].remove(club_id)


def summon_onto_nests(state: dict, space_id, wanted: dict, total: int) -> None:
    """Where the group tracks nests, summoned monsters go onto the free
    nests of the space named; with no nest tracked, the table places them."""
    if not nests_tracked(state):
        return
    target = space(state, space_id)
    if total > free_nests(target):
        raise ActionError(N_("%(space)s has %(count)d free nests."), field="space", space=target["name"],
                          count=free_nests(target))
    for kind, number in wanted.items():
        if number:
            target["monsters"][kind] += number


def count(target: dict, token: str) -> int:
    return target["printed"][token] + target["tokens"][token]


def has_monsters(target: dict) -> bool:
    return any(target["monsters"].values()) or bool(target.get("hell_club"))


def heroes_in(state: dict, space_id: str) -> list[str]:
    return [h for h in state["order"] if state["heroes"][h].get("space") == space_id and not state["heroes"][h]["dead"]]


# -- moving ----------------------------------------------------------------------------------------
def checks_for(state: dict, hero_id: str, to: str) -> list[dict]:
    """The fire and corruption checks a step from the hero's space to `to`
    makes: leaving first, then entering; fire before corruption."""
    out = []
    here = state["heroes"][hero_id].get("space")
    for moment, space_id in (("leave", here), ("enter", to)):
        if space_id is None:
            continue
        for kind in CHECKS:
            dice_count = count(state["spaces"][space_id], kind)
            if dice_count:
                out.append({"moment": moment, "space": space_id, "kind": kind, "dice": dice_count})
    return out


def roll_checks(state: dict, hero_id: str, to: str, rng: random.Random) -> list[dict]:
    """Roll every check of the step (when the dice's sides are known; else
    none, and the page asks for each check by hand), recorded as "checks"."""
    sin_die, _, known = dice.dice_for(state["facts"]["dice"])
    if not known:
        return []
    return [{**check, "roll": roll_pool(dice.pool(sin_die, check["dice"]), rng).to_json()}
            for check in checks_for(state, hero_id, to)]


def move_lines(state: dict, hero_id: str) -> list[dict]:
    """The working of the hero's move: 2, +1 with Raven Corp, +1 with Cyber
    Legs, 1 less when Sloth slowed them (never below 1)."""
    hero = state["heroes"][hero_id]
    lines = [line(N_("Move"), data.constants()["move"])]
    for npc in data.rules()["npcs"]:
        if npc["id"] in hero["npcs"] and npc["effect"].get("move"):
            lines.append(line(N_("NPC %(name)s"), npc["effect"]["move"], name=npc["name"]))
    for upgrade in hero["upgrades"]:
        if data.upgrades().get(upgrade, {}).get("effect", {}).get("move"):
            lines.append(line(N_("Upgrade %(name)s"), data.upgrades()[upgrade]["effect"]["move"],
                              name=data.upgrades()[upgrade]["name"]))
    if "slowed" in hero["marks"] and sum(item["amount"] for item in lines) > 1:
        lines.append(line(N_("Slowed (Sloth)"), -1))
    return lines


def move_allowance(state: dict, hero_id: str) -> int:
    """Spaces the hero may move in their turn."""
    return sum(item["amount"] for item in move_lines(state, hero_id))


def count_step(state: dict, hero_id: str, payload: dict) -> None:
    """A step of the hero's own move: within the allowance, and the move is
    all before or all after the action, never both."""
    turn = state.get("turn")
    if not turn or turn["hero"] != hero_id or payload.get("teleport"):
        return  # a card or ability moves the hero: its own rules
    if turn["action_taken"] and turn.get("moved_before_action"):
        raise ActionError(N_("The move can't be resumed after the action."), field="to")
    allowed = move_allowance(state, hero_id)
    if turn.get("steps", 0) >= allowed and not payload.get("extra_move"):
        raise ActionError(N_("%(hero)s may move %(count)d spaces this turn."), field="to",
                          hero=data.heroes()[hero_id]["name"], count=allowed)
    turn["steps"] = turn.get("steps", 0) + 1
    if not turn["action_taken"]:
        turn["moved_before_action"] = True


def leave_wounds(state: dict, here: dict) -> int:
    """Leaving a space with monsters: 1 wound whatever their number (2 where
    an abomination is, while Punish the Idle lasts)."""
    if here["monsters"].get("abomination") and "punish_the_idle" in state["sin"].get("round_cards", []):
        return 2
    return data.constants()["leave_monster_space_wounds"]


def move(act: Act) -> None:
    """One step of a hero's move to a space the group says is adjacent (or a
    teleport, which ignores tokens and monsters)."""
    state, payload = act.state, given(act)
    hero_id = payload.get("hero")
    hero = heroes.alive(state, hero_id)
    require_hero_player(state, act, hero_id)
    to = payload.get("to")
    space(state, to, "to")
    here = hero.get("space")
    if to == here:
        raise ActionError(N_("The hero is already there."), field="to")
    count_step(state, hero_id, payload)
    if not payload.get("teleport") and here is not None:
        if has_monsters(state["spaces"][here]) and "stealth_suit" not in hero["upgrades"]:
            heroes.take_wounds(state, hero_id, leave_wounds(state, state["spaces"][here]))
        apply_checks(state, hero_id, to, act.draws.take("checks", lambda rng: roll_checks(state, hero_id, to, rng)))
    if hero["dead"]:
        return  # killed on the way: left where they fell
    hero["space"] = to


def monsters_move(act: Act) -> None:
    """The SIN moves monsters (a reaction moves one up to 2 spaces; cards
    move more). They never leave a space holding a hero, except by teleport;
    fire and corruption don't touch them."""
    state, payload = act.state, given(act)
    require_sin(act)
    source, target = space(state, payload.get("space")), space(state, payload.get("to"), "to")
    kind = payload.get("kind")
    club = kind in source.get("hell_club", [])
    if not club and kind not in MONSTERS:
        raise ActionError(N_("Choose one of the listed options."), field="kind")
    number = 1 if club else payload.get("count", 1)
    if not club and (isinstance(number, bool) or not isinstance(number, int)
                     or not 1 <= number <= source["monsters"][kind]):
        raise ActionError(N_("There are only %(count)d of them there."), field="count",
                          count=source["monsters"][kind])
    if source is target:
        raise ActionError(N_("Choose another space."), field="to")
    if heroes_in(state, payload["space"]) and not payload.get("teleport"):
        raise ActionError(N_("Monsters never leave a space where a hero stands."), field="space")
    if club:  # a Hell Club member: one figure, by name
        source["hell_club"].remove(kind)
        target.setdefault("hell_club", []).append(kind)
        return
    source["monsters"][kind] -= number
    target["monsters"][kind] += number


def apply_checks(state: dict, hero_id: str, to: str, rolled: list) -> None:
    wanted = checks_for(state, hero_id, to)
    if not wanted:
        return
    if len(rolled) != len(wanted):
        # The sides aren't entered: the page asks for each check with check.roll.
        state["checks_due"] = [{**check, "hero": hero_id} for check in wanted]
        return
    sin_die, _, _ = dice.dice_for(state["facts"]["dice"])
    hero = state["heroes"][hero_id]
    for check, record in zip(wanted, rolled):
        results = dice.totals(dice.read_roll(record["roll"], sin_die))
        amount = results.get("hit" if check["kind"] == "fire" else "corruption", 0)
        amount -= ("proxy" in hero["npcs"]) + ("hazmat_suit" in hero["upgrades"])
        if check["kind"] == "fire":
            heroes.take_wounds(state, hero_id, max(0, amount))
        else:
            heroes.take_corruption(state, hero_id, max(0, amount))
    state["last_checks"] = [{**check, "roll": record["roll"], "hero": hero_id} for check, record in zip(wanted, rolled)]


def at_start(state: dict) -> None:
    """Run after every action. Battleground of Souls: innocents following a
    hero on a starting space with no monster are rescued (removed from the
    game) at any moment; the Commissioner held there counts for Rescue the
    Chief!. Both count towards the current mission."""
    start = start_space(state)
    if start is None or story.settled(state):
        return
    here = state["spaces"][start]
    for hero_id in heroes_in(state, start):
        hero = state["heroes"][hero_id]
        if "commissioner" in hero["npcs"]:
            story.count(state, "commissioner_to_start")
        if hero["innocents"] and not has_monsters(here) and "innocents_follow" in story.special(state):
            rescued, hero["innocents"] = hero["innocents"], 0
            story.rescued(state, rescued)


def pick_up(act: Act) -> None:
    """Free during the hero's turn: extra-turn tokens, innocents and NPCs of
    the space; face-down tokens all flip when no monster is there."""
    state, payload = act.state, given(act)
    hero_id = payload.get("hero")
    hero = heroes.alive(state, hero_id)
    require_hero_player(state, act, hero_id)
    here = space(state, hero.get("space"), "hero")
    what = payload.get("what")
    if what == "extra_turns" and here["extra_turns"]:
        here["extra_turns"] -= 1
        heroes.gain_extra_turn(state, hero_id)
    elif what == "innocents" and here["innocents"]:
        here["innocents"] -= 1
        hero["innocents"] += 1
    elif what in NPCS and what in here.get("npcs", []):
        place_npc(state, what, None)
        hero["npcs"].append(what)
    elif what == "explore" and here["face_down"] and not has_monsters(here):
        explore(state, here, payload.get("revealed"))
    elif what == "explore" and here["face_down"]:
        raise ActionError(N_("Face-down tokens flip only when no monster is in the space."), field="what")
    else:
        raise ActionError(N_("Nothing of that kind can be taken here now."), field="what")


def explore(state: dict, here: dict, revealed) -> None:
    """Every face-down token of the space turns face up at once and acts
    from then on: the group says what each turned out to be."""
    if not isinstance(revealed, dict):
        revealed = {}
    total = 0
    for kind, number in revealed.items():
        if kind not in REVEALED:
            raise ActionError(N_("Choose one of the listed options."), field="revealed")
        if isinstance(number, bool) or not isinstance(number, int) or number < 0:
            raise ActionError(N_("Enter a whole number."), field=f"revealed.{kind}")
        total += number
    if total != here["face_down"]:
        raise ActionError(N_("Say what each of the %(count)d face-down tokens turned out to be."),
                          field="revealed", count=here["face_down"])
    for kind, number in revealed.items():
        if kind in TOKENS:
            here["tokens"][kind] += number
        else:
            here[kind] += number
    state["story"]["innocents_revealed"] = state["story"].get("innocents_revealed", 0) + revealed.get("innocents", 0)
    here["face_down"] = 0
    story.count(state, "innocents_revealed", revealed.get("innocents", 0))


def cleanse_remove(act: Act) -> None:
    """After a cleanse roll: each skill (faiths turned into skills too)
    removes one face-up token of the space cleansed; printed tokens stay.
    An altar takes 3 of the roll's skills at once (Haven in Flames)."""
    state, payload = act.state, given(act)
    roll = state.get("roll") or {}
    if roll.get("kind") != "cleanse" or roll.get("removed", 0) < 1:
        raise ActionError(N_("No cleanse roll has tokens left to remove."), field="what")
    hero_id = roll["hero"]
    require_hero_player(state, act, hero_id)
    here = space(state, roll.get("space") or state["heroes"][hero_id].get("space"), "what")
    what = payload.get("what")
    if what not in TOKENS or here["tokens"][what] < 1:
        raise ActionError(N_("No such face-up token here (printed ones can't be removed)."), field="what")
    cost = data.constants()["altar_cleanse_skills"] if what == "altar" else 1
    if roll["removed"] < cost:
        raise ActionError(N_("An altar takes %(count)d skill results of one cleanse."), field="what", count=cost)
    here["tokens"][what] -= 1
    roll["removed"] -= cost
    story.token_removed(state, what, monsters_there=has_monsters(here))


def summon(act: Act) -> None:
    """The SIN returns dead monsters to the board, onto free nests."""
    state, payload = act.state, given(act)
    require_sin(act)
    wanted = payload.get("monsters")
    dead = state["monsters"].setdefault("dead", {})
    if not isinstance(wanted, dict):
        raise ActionError(N_("Say which monsters are in the fight."), field="monsters")
    total = 0
    for kind, count in wanted.items():
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= dead.get(kind, 0):
            raise ActionError(N_("Only dead monsters can be summoned."), field="monsters")
        total += count
    if total > state.get("summons_left", 0):
        raise ActionError(N_("At most %(count)d monsters may be summoned now."), field="monsters",
                          count=state.get("summons_left", 0))
    summon_onto_nests(state, payload.get("space"), wanted, total)
    for kind, count in wanted.items():
        dead[kind] -= count
    state["summons_left"] = state.get("summons_left", 0) - total


def heroes_beside(state: dict, hero_id: str) -> list[str]:
    """The hero and every hero in their space (the hero alone when the group
    doesn't track it)."""
    where = state["heroes"][hero_id].get("space")
    if where in state.get("spaces", {}):
        return heroes_in(state, where)
    return [hero_id]
