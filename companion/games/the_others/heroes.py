"""The heroes: the team and each player's starting heroes, a hero's
dashboard (wounds, corruption, tokens, upgrades, NPCs and innocents), death
and the reserve hero who takes over (rulebook "game set-up", "corruption",
"damage", "hero death", "tokens", "city actions")."""

from __future__ import annotations

from companion.games.the_others import corruption, data, story
from companion.games.the_others.seats import finish_turn, given, hero_in_play, pass_turn, require_hero_player
from companion.games.the_others.state import CLASSES, hero_fact
from companion.kit import deck as decks
from companion.kit.actions import Act
from companion.rules import N_, ActionError

NPCS = tuple(npc["id"] for npc in data.rules()["npcs"])
#: Mark tokens on a hero: one for this round only, one that stays (a story's), Sloth's slowing one.
MARKS = ("round", "story", "slowed")


def new_hero(player: str | None) -> dict:
    return {"player": player, **corruption.new_hero_track(), "pending_wounds": 0,
            "turn_tokens": data.constants()["turn_tokens"], "extra_turns": 0, "city_action": False,
            "upgrades": [], "npcs": [], "innocents": 0, "marks": [], "dark_past": None, "doomed": False,
            "no_healing": False, "dead": False}


def name(hero_id: str) -> str:
    return data.heroes()[hero_id]["name"]


def alive(state: dict, hero_id: str) -> dict:
    hero = state["heroes"][hero_in_play(state, hero_id)]
    if hero["dead"]:
        raise ActionError(N_("%(hero)s is dead."), field="hero", hero=name(hero_id))
    return hero


# -- harm ---------------------------------------------------------------------------------------
def take_wounds(state: dict, hero_id: str, amount: int) -> None:
    """Wounds wait for their player to place them; enough of them kill at once."""
    hero = state["heroes"][hero_id]
    if amount <= 0 or hero["dead"]:
        return
    hero["pending_wounds"] += amount
    if len(hero["wounds"]) + hero["pending_wounds"] >= corruption.wound_limit():
        kill(state, hero_id)


def take_corruption(state: dict, hero_id: str, amount: int) -> None:
    """Forced corruption; beyond 7 it becomes wounds; reaching 7 kills the
    innocents the hero holds."""
    hero = state["heroes"][hero_id]
    if amount <= 0 or hero["dead"]:
        return
    track, overflow, reached = corruption.force(hero, amount)
    hero["corruption"] = track["corruption"]
    if reached:
        hero["innocents"] = 0
    take_wounds(state, hero_id, overflow)


def place_wounds(act: Act) -> None:
    state, payload = act.state, given(act)
    hero_id = payload.get("hero")
    hero = alive(state, hero_id)
    require_hero_player(state, act, hero_id)
    slots = payload.get("slots")
    if not isinstance(slots, list) or not slots:
        raise ActionError(N_("Choose a bonus slot for each wound token."), field="slots")
    if len(slots) > hero["pending_wounds"]:
        raise ActionError(N_("%(hero)s has only %(count)d wound tokens to place."), field="slots",
                          hero=name(hero_id), count=hero["pending_wounds"])
    track, _ = corruption.place_wounds(hero, slots)
    hero["wounds"] = track["wounds"]
    hero["pending_wounds"] -= len(slots)


def heal(state: dict, hero_id: str, slot) -> None:
    hero = alive(state, hero_id)
    if hero["no_healing"]:
        raise ActionError(N_("%(hero)s can't heal until the next round."), field="slot", hero=name(hero_id))
    if hero["pending_wounds"]:
        hero["pending_wounds"] -= 1
        return
    hero["wounds"] = corruption.heal(hero, slot)["wounds"]


def gain_extra_turn(state: dict, hero_id: str) -> None:
    """An extra-turn token for the hero (Gluttony's power gives the SIN a
    reaction token each time)."""
    state["heroes"][hero_id]["extra_turns"] += 1
    power = data.sins()[state["options"]["sin"]]["power_effect"]
    state["sin"]["reaction_tokens"] += power.get("reaction_token_per_extra_turn", 0)


# -- the hero's own choices ------------------------------------------------------------------------
def adjust(act: Act) -> None:
    """Changes a player makes from effects the app doesn't model (cards,
    abilities): wounds, corruption, healing, repenting, tokens."""
    state, payload = act.state, given(act)
    hero_id = payload.get("hero")
    hero = alive(state, hero_id)
    change = payload.get("change")
    if change == "wound":
        take_wounds(state, hero_id, 1)
    elif change == "corruption":
        take_corruption(state, hero_id, 1)
    elif change == "heal":
        heal(state, hero_id, payload.get("slot"))
        hero["heal_due"] = max(0, hero.get("heal_due", 0) - 1)
    elif change == "repent":
        hero["corruption"] = corruption.repent(hero)["corruption"]
    elif change == "extra_turn":
        gain_extra_turn(state, hero_id)
    elif change == "extra_turn_spent":
        if hero["extra_turns"] < 1:
            raise ActionError(N_("%(hero)s holds no extra-turn token."), field="change", hero=name(hero_id))
        hero["extra_turns"] -= 1
    elif change == "leave_monsters":
        # Leaving a space that holds monsters costs a wound, whatever their number.
        if "stealth_suit" not in hero["upgrades"]:
            take_wounds(state, hero_id, data.constants()["leave_monster_space_wounds"])
    elif change in MARKS:
        if change in hero["marks"]:
            hero["marks"].remove(change)
        else:
            hero["marks"].append(change)
    elif change == "innocent":
        hero["innocents"] += 1
    elif change == "rescue":
        if hero["innocents"] < 1:
            raise ActionError(N_("%(hero)s holds no innocent."), field="change", hero=name(hero_id))
        hero["innocents"] -= 1
        story.rescued(state, 1)
    elif change in NPCS:
        require_hero_player(state, act, hero_id)
        if change in hero["npcs"]:
            # Put down on the hero's space (when the group tracks it).
            place_npc(state, change, state.get("spaces", {}).get(hero.get("space") or ""))
        else:
            for other in state["heroes"].values():
                if change in other["npcs"]:
                    raise ActionError(N_("Another hero holds that NPC."), field="change")
            hero["npcs"].append(change)
    else:
        raise ActionError(N_("Choose one of the listed options."), field="change")


# -- death ----------------------------------------------------------------------------------
def kill(state: dict, hero_id: str) -> None:
    """The hero dies: upgrades to the inventory, extra turns and marks gone,
    NPCs and innocents left on the space, an unrevealed dark past leaves the
    game face down. Their turn, if it was theirs, ends with no reaction."""
    hero = state["heroes"][hero_id]
    if hero["dead"]:
        return
    hero["dead"] = True
    state["inventory"].extend(hero["upgrades"])
    hero["upgrades_lost"] = len(hero["upgrades"])
    hero["upgrades"], hero["extra_turns"], hero["marks"] = [], 0, []
    where = state.get("spaces", {}).get(hero.get("space") or "")
    if where is not None:
        where["innocents"] += hero["innocents"]  # left where they died, with their NPCs
        where.setdefault("npcs", []).extend(hero["npcs"])
    hero["npcs"], hero["innocents"] = [], 0
    state["deaths_this_round"] = state.get("deaths_this_round", 0) + 1
    discard_dark_past(state, hero_id)
    state["fallen"].append(hero_id)
    if state["turn"] and state["turn"]["hero"] == hero_id:
        finish_turn(state, hero_id, died=True)
        pass_turn(state)
    if not state["reserve"] and state["winner"] is None:
        state["winner"] = "sin"  # the game is over (flow.py's round ends at a winner)
        state["sin_won_step"] = state.get("step", 0)


def replace(act: Act) -> None:
    """The player brings a reserve hero in the dead hero's place: start
    space, corruption 1, five wound tokens, the dead hero's turn and
    city-action tokens, and as many upgrades from the whole inventory."""
    state, payload = act.state, given(act)
    dead_id = hero_in_play(state, payload.get("hero"))
    dead = state["heroes"][dead_id]
    if not dead["dead"]:
        raise ActionError(N_("%(hero)s is alive."), field="hero", hero=name(dead_id))
    require_hero_player(state, act, dead_id)
    new_id = payload.get("reserve")
    if new_id not in state["reserve"]:
        raise ActionError(N_("Choose a hero from the reserve."), field="reserve")
    chosen = payload.get("upgrades") or []
    owed = dead.get("upgrades_lost", 0)
    if not isinstance(chosen, list) or len(chosen) != owed:
        raise ActionError(N_("Choose %(count)d upgrades from the inventory."), field="upgrades", count=owed)
    inventory = list(state["inventory"])
    for upgrade in chosen:
        if upgrade not in inventory:
            raise ActionError(N_("That upgrade is not in the inventory."), field="upgrades")
        inventory.remove(upgrade)
    hero = new_hero(dead["player"])
    hero.update(turn_tokens=dead["turn_tokens"], city_action=dead["city_action"], upgrades=list(chosen))
    hero["space"] = start_space(state)  # on the starting space, when the group tracks it
    state["heroes"][new_id] = hero
    state["inventory"] = inventory
    state["reserve"].remove(new_id)
    index = state["order"].index(dead_id)
    state["order"][index] = new_id
    flow = state["flow"]
    if dead_id in flow["order"]:  # the reserve hero takes the dead hero's place in the turn order
        flow["order"][flow["order"].index(dead_id)] = new_id
    flow["passed"] = [hero for hero in flow["passed"] if hero != dead_id]
    del state["heroes"][dead_id]


# -- NPCs, the starting space, the dark past a hero holds -----------------------------------------------
def start_space(state: dict) -> str | None:
    for sid, where in state.get("spaces", {}).items():
        if where.get("start"):
            return sid
    return None


def place_npc(state: dict, npc: str, where: dict | None) -> None:
    """An NPC token is in one place: a space, a hero's dashboard, or nowhere."""
    for other in state.get("spaces", {}).values():
        if npc in other.setdefault("npcs", []):
            other["npcs"].remove(npc)
    for hero in state["heroes"].values():
        if npc in hero["npcs"]:
            hero["npcs"].remove(npc)
    if where is not None:
        where["npcs"].append(npc)


def sealed_name(hero_id: str) -> str:
    return f"dark_past:{hero_id}"


def dark_past(state: dict, hero_id: str) -> int | None:
    """The face-down dark past of a hero (None: none, or revealed)."""
    pile = state["secrets"].get(decks.SEALED, {}).get(sealed_name(hero_id), [])
    return pile[0] if pile else None


def discard_dark_past(state: dict, hero_id: str) -> None:
    """A hero who dies with their dark past unrevealed takes it out of the game face down."""
    number = dark_past(state, hero_id)
    if number is not None:
        decks.reveal(state, sealed_name(hero_id), number)


# -- the team and each player's heroes (rulebook "game set-up") ------------------------------
def choose_team(act: Act) -> None:
    """The 7 F.A.I.T.H. agents: 1 leader, 2 fixers, 2 snipers, 2 bruisers."""
    state, payload = act.state, given(act)
    team = payload.get("heroes")
    if not isinstance(team, list) or len(set(team)) != 7 or any(h not in data.heroes() for h in team):
        raise ActionError(N_("Choose 7 different heroes."), field="heroes")
    counts = {hero_class: 0 for hero_class in CLASSES}
    for hero_id in team:
        hero_class = hero_fact(state, hero_id, "class")
        if hero_class is None:
            raise ActionError(N_("Enter the class of %(hero)s first."), field="heroes",
                              hero=data.heroes()[hero_id]["name"])
        counts[hero_class] += 1
    if counts != data.constants()["team"]:
        raise ActionError(N_("A team is 1 leader, 2 fixers, 2 snipers and 2 bruisers."), field="heroes")
    state["team"] = list(team)
    state["order"], state["heroes"] = [], {}


def pick_heroes(act: Act) -> None:
    """A hero player takes their starting heroes from the team (3 for a
    lone player, 2 each for two, 1 each for three or four)."""
    state, payload = act.state, given(act)
    if act.role != "hero" and act.seat_id is not None:
        raise ActionError(N_("Only a hero player picks heroes."), field="heroes")
    picked = payload.get("heroes")
    share = state["options"]["hero_count"] // state["options"]["hero_players"]
    if not isinstance(picked, list) or len(set(picked)) != share:
        raise ActionError(N_("Pick %(count)d heroes."), field="heroes", count=share)
    for hero_id in picked:
        if hero_id not in state["team"]:
            raise ActionError(N_("Pick heroes from the team."), field="heroes")
        if hero_id in state["heroes"] and state["heroes"][hero_id]["player"] != act.seat_id:
            raise ActionError(N_("Another player has %(hero)s."), field="heroes", hero=data.heroes()[hero_id]["name"])
    for hero_id in [h for h in state["order"] if state["heroes"][h]["player"] == act.seat_id]:
        state["order"].remove(hero_id)
        del state["heroes"][hero_id]
    if len(state["order"]) + share > state["options"]["hero_count"]:
        raise ActionError(N_("All %(count)d heroes are taken."), field="heroes", count=state["options"]["hero_count"])
    for hero_id in picked:
        state["heroes"][hero_id] = new_hero(act.seat_id)
        state["order"].append(hero_id)
