"""The sins' powers that leave the heroes a choice (rulebook "sins"):
Envy (a hero who gains an upgrade takes 1 wound, or every other hero takes
1 corruption) and Wrath (when a fight kills monsters, the current hero takes
1 corruption, or the SIN may teleport every monster 1 space). The choice
waits on the hero's dashboard until their player makes it."""

from __future__ import annotations

from companion.games.the_others import data, heroes
from companion.games.the_others.seats import given, require_hero_player
from companion.kit.actions import Act
from companion.rules import N_, ActionError

#: power -> the two answers a player may give.
ANSWERS = {"envy": ("wounds", "others_corruption"), "wrath": ("corruption", "teleport")}


def effect(state: dict) -> dict:
    return data.sins()[state["options"]["sin"]]["power_effect"]


def upgrade_gained(state: dict, hero_id: str) -> None:
    if effect(state).get("upgrade_choice"):
        state["heroes"][hero_id].setdefault("power_choices", []).append("envy")


def monsters_killed(state: dict, hero_id: str) -> None:
    """Once per fight, whatever the number killed."""
    hero = state["heroes"][hero_id]
    if effect(state).get("kill_choice") and not hero["dead"]:
        hero.setdefault("power_choices", []).append("wrath")


def choose(act: Act) -> None:
    state, payload = act.state, given(act)
    hero_id = payload.get("hero")
    hero = state["heroes"].get(hero_id) if isinstance(hero_id, str) else None
    waiting = (hero or {}).get("power_choices") or []
    if not waiting:
        raise ActionError(N_("No sin power is waiting for that hero's choice."), field="hero")
    require_hero_player(state, act, hero_id)
    power, take = waiting[0], payload.get("take")
    if take not in ANSWERS[power]:
        raise ActionError(N_("Choose one of the listed options."), field="take")
    waiting.pop(0)
    amounts = effect(state)["upgrade_choice" if power == "envy" else "kill_choice"]
    if take == "wounds":
        heroes.take_wounds(state, hero_id, amounts["wounds"])
    elif take == "others_corruption":
        for other in state["order"]:
            if other != hero_id and not state["heroes"][other]["dead"]:
                heroes.take_corruption(state, other, amounts["others_corruption"])
    elif take == "corruption":
        heroes.take_corruption(state, hero_id, amounts["corruption"])
    else:
        state["sin"]["wrath_teleport"] = amounts["teleport"]  # shown to the SIN until the next turn starts
