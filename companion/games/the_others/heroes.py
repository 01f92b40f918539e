"""A hero's dashboard: wounds, corruption, tokens, upgrades, NPCs and
innocents; death and the reserve hero who takes over (rulebook "corruption",
"damage", "hero death", "tokens", "city actions")."""

from __future__ import annotations

from companion.games.the_others import corruption, data
from companion.games.the_others.turns import current_turn, finish_turn, given, hero_in_play, require_hero_player
from companion.games.the_others import flow
from companion.kit.actions import Act, Draws
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
        from companion.games.the_others import story
        story.rescued(state, 1)
    elif change in NPCS:
        require_hero_player(state, act, hero_id)
        if change in hero["npcs"]:
            # Put down on the hero's space (when the group tracks it).
            from companion.games.the_others import spaces
            spaces.place_npc(state, change, state.get("spaces", {}).get(hero.get("space") or ""))
        else:
            for other in state["heroes"].values():
                if change in other["npcs"]:
                    raise ActionError(N_("Another hero holds that NPC."), field="change")
            hero["npcs"].append(change)
    else:
        raise ActionError(N_("Choose one of the listed options."), field="change")


def city_action(act: Act) -> None:
    """The hero places the city-action token (once per round, during their
    turn) and carries out the district's actions in the order given."""
    state, payload = act.state, given(act)
    turn = current_turn(state)
    hero_id = turn["hero"]
    require_hero_player(state, act, hero_id)
    hero = alive(state, hero_id)
    if hero["city_action"]:
        raise ActionError(N_("%(hero)s has used the city-action token this round."), field="actions",
                          hero=name(hero_id))
    actions = with_refills(state, city_items(payload), act.draws)
    if not actions:
        raise ActionError(N_("Choose the district's city actions."), field="actions")
    from companion.games.the_others import cards, effects
    where = state.get("spaces", {}).get(hero.get("space") or "")
    if where is not None and where.get("district") is False:
        raise ActionError(N_("City actions are taken in a district, not on a street."), field="actions")
    if where is not None and where.get("city_used"):
        # Each district has one city-action slot (rulebook "city actions").
        raise ActionError(N_("The district's city-action slot holds %(hero)s's token until the round ends."),
                          field="actions", hero=name(where["city_used"]))
    effects.fog_of_hate(state, hero_id)
    for item in actions:
        kind = item.get("kind")
        if kind == "heal":
            heal(state, hero_id, item.get("slot"))
        elif kind == "repent":
            hero["corruption"] = corruption.repent(hero)["corruption"]
        elif kind == "extra_turn":
            gain_extra_turn(state, hero_id)
        elif kind == "upgrade":
            cards.take_upgrade(state, hero_id, item.get("upgrade"), item.get("refill"))
        elif kind == "satellite_cannon":
            satellite_kill(state, item.get("kill"))
        else:
            raise ActionError(N_("Choose one of the listed options."), field="actions")
    hero["city_action"] = True
    if where is not None:
        where["city_used"] = hero_id
    taken = sum(1 for item in actions if item.get("kind") == "upgrade")
    if taken and effects.upgrade_draws(state):  # Gluttony's power: a sin card per upgrade gained
        count = taken * effects.upgrade_draws(state)
        cards.add_to_hand(state, act.draws.take("drawn", lambda rng: cards.pick_sin_cards(state, rng, count)))


def with_refills(state: dict, items: list[dict], draws: Draws) -> list[dict]:
    """The city actions, each upgrade taken with the deck's next card to
    replace it ("refill"), logged in "actions" as they always were."""
    def refilled(rng) -> list[dict]:
        from companion.games.the_others import cards
        wanted = sum(1 for item in items if item.get("kind") == "upgrade")
        refills = cards.pick_refills(state, rng, wanted) if wanted and state.get("upgrades") else []
        out = []
        for item in items:
            if item.get("kind") == "upgrade":
                item, refills = {**item, "refill": refills[:1]}, refills[1:]
            out.append(item)
        return out
    return draws.take_into("actions", refilled)


def satellite_kill(state: dict, kind) -> None:
    """The cannon kills one acolyte or abomination where it lands (not a fight)."""
    if kind in (None, ""):
        return
    if kind not in ("acolyte", "abomination"):
        raise ActionError(N_("The satellite cannon kills an acolyte or an abomination."), field="kill")
    dead = state["monsters"].setdefault("dead", {})
    dead[kind] = dead.get(kind, 0) + 1
    from companion.games.the_others import story
    story.monster_killed(state, kind, in_fight=False)


def city_items(payload: dict) -> list[dict]:
    """The city actions as {"kind", ...} dicts: the API sends them so; a form
    sends ticked names, the upgrade chosen and the slot to heal apart."""
    actions = payload.get("actions") or []
    if not isinstance(actions, list):
        raise ActionError(N_("Choose the district's city actions."), field="actions")
    items = []
    for item in actions:
        if isinstance(item, str):
            extra = {"heal": {"slot": payload.get("slot")}, "satellite_cannon": {"kill": payload.get("kill")}}
            item = {"kind": item, **extra.get(item, {})}
        if not isinstance(item, dict):
            raise ActionError(N_("Choose one of the listed options."), field="actions")
        items.append(item)
    if payload.get("upgrade") and not any(item.get("kind") == "upgrade" for item in items):
        items.append({"kind": "upgrade", "upgrade": payload["upgrade"]})
    return items


def city_payload(payload: dict) -> dict:
    """A city action as the JSON API sends it and the log keeps it: the
    choices as {"kind", ...} items (a form's ticked names, upgrade, slot and
    kill folded in), without any "refill" a client sent (the server draws it)."""
    items = [{key: value for key, value in item.items() if key != "refill"} for item in city_items(payload)]
    return {**{key: value for key, value in payload.items() if key != "upgrade"}, "actions": items}


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
    from companion.games.the_others import cards
    cards.discard_dark_past(state, hero_id)
    state["fallen"].append(hero_id)
    if state["turn"] and state["turn"]["hero"] == hero_id:
        finish_turn(state, hero_id, died=True)
    if not state["reserve"] and state["winner"] is None:
        state["winner"] = "sin"
        flow.go_to(state, "over")
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
    from companion.games.the_others import spaces
    hero["space"] = spaces.start_space(state)  # on the starting space, when the group tracks it
    state["heroes"][new_id] = hero
    state["inventory"] = inventory
    state["reserve"].remove(new_id)
    index = state["order"].index(dead_id)
    state["order"][index] = new_id
    for key in ("first_hero", "last_hero"):
        if state[key] == dead_id:
            state[key] = new_id
    del state["heroes"][dead_id]
