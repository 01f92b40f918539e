"""What sin cards, sin powers, apocalypse cards and story rules do to the
tracks and tokens, where the rulebook gives it precisely (convert/seed_facts.py
lists which); the rest is done at the table, and the page says so.

Every card a played card makes the SIN draw is drawn once the card is
played, and recorded in the payload as "drawn"; an upgrade given is the SIN's
pick from the inventory, its refill recorded as "refill".
"""

from __future__ import annotations

from companion.games.the_others import cards, data, heroes, spaces, story
from companion.kit.actions import Draws
from companion.rules import N_, ActionError


def card(state: dict, card_id) -> dict:
    for entry in data.sins()[state["options"]["sin"]]["cards"]:
        if entry["id"] == card_id:
            return entry
    return {}


def played(state: dict, card_id) -> dict:
    return card(state, card_id).get("played", {})


def current_hero(state: dict) -> str | None:
    window = state["turn"] or state["reaction"]
    return window["hero"] if window else None


def isolated(state: dict, hero_id: str, said=None) -> bool:
    """Alone in their space: counted from the tracked spaces, else as the
    SIN says."""
    where = state["heroes"][hero_id].get("space")
    if where in state.get("spaces", {}):
        return len(spaces.heroes_in(state, where)) == 1
    return bool(said)


# -- cards the SIN draws --------------------------------------------------------------------------
def draws_on_play(state: dict, card_id, hero_id: str | None) -> int:
    effect = played(state, card_id)
    upgrades = len(state["heroes"][hero_id]["upgrades"]) if hero_id in state["heroes"] else 0
    count = effect.get("draw", 0) + effect.get("draw_per_upgrade", 0) * upgrades
    return count + upgrade_draws(state) * effect.get("give_upgrade", 0)


def upgrade_draws(state: dict) -> int:
    """Gluttony's power: a sin card each time a hero gains an upgrade."""
    return data.sins()[state["options"]["sin"]]["power_effect"].get("sin_card_per_upgrade", 0)


def draw_on_play(state: dict, card_id: str, payload: dict, draws: Draws) -> dict:
    """The cards a card just played makes the SIN draw ("drawn") and the
    refill of the upgrade it gives ("refill"), with the payload."""
    out = dict(payload)
    count = draws_on_play(state, card_id, current_hero(state))
    if count:
        out["drawn"] = draws.take("drawn", lambda rng: cards.pick_sin_cards(state, rng, min(count, 12)))
    if played(state, card_id).get("give_upgrade") and payload.get("upgrade") and state.get("upgrades"):
        out["refill"] = draws.take("refill", lambda rng: cards.pick_refills(state, rng, 1))
    return out


# -- applying a played card -----------------------------------------------------------------------
def apply_played(state: dict, card_id: str, payload: dict) -> None:
    """What the card does now; conditions of the fight (For Our Master!)
    wait for the fight's end."""
    effect = played(state, card_id)
    hero_id = current_hero(state)
    if not effect or hero_id is None:
        return
    sin = state["sin"]
    if "if_isolated" in effect:
        if isolated(state, hero_id, payload.get("isolated")):
            effect = {**effect, **effect["if_isolated"]}
    upgrades = len(state["heroes"][hero_id]["upgrades"])
    sin["reaction_tokens"] += effect.get("reaction_tokens", 0) + effect.get("reaction_tokens_per_upgrade", 0) * upgrades
    if effect.get("give_upgrade"):
        give_upgrade(state, hero_id, payload)
    for _ in range(effect.get("extra_turns", 0)):
        heroes.gain_extra_turn(state, hero_id)
    if effect.get("extra_turn_to_chosen_hero"):
        chosen = payload.get("hero")
        heroes.alive(state, chosen)
        heroes.gain_extra_turn(state, chosen)
    if effect.get("round_rule"):
        sin.setdefault("round_cards", []).append(card_id)
    for other in state["order"]:
        if other != hero_id and state["heroes"][other]["extra_turns"] > 0:
            heroes.take_wounds(state, other, effect.get("others_with_extra_turns_wounds", 0))
    if effect.get("space_corruption"):
        for other in spaces.heroes_beside(state, hero_id):
            heroes.take_corruption(state, other, effect["space_corruption"])
    heroes.take_corruption(state, hero_id, effect.get("corruption", 0))
    heroes.take_wounds(state, hero_id, effect.get("wounds", 0))
    if payload.get("drawn"):
        cards.add_to_hand(state, payload["drawn"])


def give_upgrade(state: dict, hero_id: str, payload: dict) -> None:
    """The SIN gives an upgrade of their choice from the inventory (none
    left: nothing)."""
    if not state["inventory"]:
        return
    upgrade = payload.get("upgrade")
    if upgrade not in state["inventory"]:
        raise ActionError(N_("Choose the upgrade to give from the inventory."), field="upgrade")
    cards.take_upgrade(state, hero_id, upgrade, payload.get("refill"))


def needs(state: dict, card_id) -> list[str]:
    """What the SIN must say when playing the card: "upgrade", "hero", "isolated"."""
    effect = played(state, card_id)
    out = []
    if effect.get("give_upgrade"):
        out.append("upgrade")
    if effect.get("extra_turn_to_chosen_hero"):
        out.append("hero")
    if "if_isolated" in effect:
        out.append("isolated")
    return out


# -- after a fight --------------------------------------------------------------------------------
def after_fight(state: dict, battle: dict, result: dict, draws: Draws) -> None:
    """For Our Master!: two cards drawn (recorded as "drawn"), kept if the
    fight harmed the hero; Hell Club members that set fires."""
    harmed = result["wounds"] > 0 or result["corruption"] > 0
    count = played(state, battle["setup"].get("sin_card")).get("draw_if_harmed", 0)
    drawn = draws.take("drawn", lambda rng: cards.pick_sin_cards(state, rng, count)) if count else []
    if harmed and drawn:
        cards.add_to_hand(state, drawn)
    where = state.get("spaces", {}).get(battle["setup"].get("space") or "")
    if result["wounds"] > 0 and where is not None:
        for member in battle["setup"]["monsters"]:
            if apocalypse_effect(state, member.get("hell_club"), "fire_token_when_wounding"):
                where["tokens"]["fire"] += 1


def apocalypse_effect(state: dict, club_id, key: str) -> int:
    """An effect of the face-up apocalypse card that brought `club_id`."""
    for member in state["apocalypse"]["hell_club"]:
        if member["id"] == club_id and member["alive"]:
            return cards.apocalypse_card(state, member["card"]).get("fight", {}).get(key, 0)
    return 0


def active_card(state: dict, card_id: str) -> bool:
    return card_id in state["apocalypse"]["cards"]


# -- turn end and round end -----------------------------------------------------------------------
def turn_end(state: dict, hero_id: str) -> None:
    """Lust's power (a hero ending their turn with exactly one other hero:
    both take 1 corruption) and the story's mark (1 corruption)."""
    hero = state["heroes"].get(hero_id)
    if hero is None or hero["dead"]:
        return
    if "mark_hero_corruption_at_turn_end" in story_tasks(state) and "story" in hero["marks"]:
        heroes.take_corruption(state, hero_id, 1)
    regenerate(state, hero_id)
    power = data.sins()[state["options"]["sin"]]["power_effect"]
    together = spaces.heroes_beside(state, hero_id)
    if power.get("pair_corruption") and len(together) == 2:
        for other in together:
            heroes.take_corruption(state, other, power["pair_corruption"])


def regenerate(state: dict, hero_id: str) -> None:
    """Morgana's Vampiric Regeneration: 1 wound healed at the end of her
    turn (not while she can't heal). A wound token still waiting goes
    first; else her player picks the token (the dashboard asks)."""
    hero = state["heroes"][hero_id]
    amount = data.heroes()[hero_id].get("turn_end", {}).get("heal", 0)
    if not amount or hero["no_healing"]:
        return
    taken = min(amount, hero["pending_wounds"])
    hero["pending_wounds"] -= taken
    if amount > taken and hero["wounds"]:
        hero["heal_due"] = hero.get("heal_due", 0) + amount - taken


def demolish(state: dict, hero_id: str, kind) -> None:
    """Brad's Demolitions, at the end of his turn if his player wants: an
    acolyte or abomination in his space dies (not in a fight), then he takes
    1 corruption and a fire token goes on that space."""
    if kind in (None, ""):
        return
    ability = data.heroes()[hero_id].get("turn_end", {})
    if kind not in ability.get("may_kill", ()):
        raise ActionError(N_("Only Brad's Demolitions kills at the end of a turn."), field="demolish")
    where = state.get("spaces", {}).get(state["heroes"][hero_id].get("space") or "")
    if where is not None and not where["monsters"][kind]:
        raise ActionError(N_("No such monster in the hero's space."), field="demolish")
    dead = state["monsters"].setdefault("dead", {})
    dead[kind] = dead.get(kind, 0) + 1
    if where is not None:
        where["monsters"][kind] -= 1
        where["tokens"]["fire"] += ability["fire_tokens"]
    story.monster_killed(state, kind, in_fight=False)
    heroes.take_corruption(state, hero_id, ability["corruption"])


def story_tasks(state: dict) -> list[str]:
    story = data.stories()[state["options"]["story"]]
    return story.get("round_start", []) + story.get("round_end", [])


def round_end_steps(state: dict) -> list[tuple[str, int]]:
    """The apocalypse steps the round's end brings, each with its reason:
    the story's tasks the app can count, and Darkness Beckons."""
    story = data.stories()[state["options"]["story"]]
    deaths = state.get("deaths_this_round", 0)
    counted = counted_tasks(state)
    out = []
    for task in story.get("round_end", []):
        if task not in counted:
            continue
        steps = {"apocalypse_1": 1, "apocalypse_per_dead_hero": deaths,
                 "apocalypse_if_hero_died": 1 if deaths else 0}.get(task)
        if steps is None:
            steps = 1 if BOARD_TASKS[task](list(state["spaces"].values())) else 0
        if steps:
            out.append((task, steps))
    if active_card(state, "darkness_beckons"):
        top = data.constants()["corruption_max"]
        at_top = sum(1 for h in state["order"] if not state["heroes"][h]["dead"]
                     and state["heroes"][h]["corruption"] >= top)
        if at_top:
            out.append(("darkness_beckons", at_top))
    return out


def _districts(tracked: list[dict]) -> list[dict]:
    return [where for where in tracked if where.get("district")]


#: Round-end tasks read off the tracked spaces (printed tokens count as tokens); each says whether the
#: apocalypse track advances 1.
BOARD_TASKS = {
    "apocalypse_if_4_districts_monsters":
        lambda tracked: sum(1 for d in _districts(tracked) if spaces.has_monsters(d)) >= 4,
    "apocalypse_if_4_districts_corruption":
        lambda tracked: sum(1 for d in _districts(tracked) if spaces.count(d, "corruption")) >= 4,
    "apocalypse_if_district_two_fire":
        lambda tracked: any(spaces.count(d, "fire") >= 2 for d in _districts(tracked)),
    "apocalypse_if_controller": lambda tracked: any(where["monsters"]["controller"] for where in tracked),
    "apocalypse_if_avatar": lambda tracked: any(where["monsters"]["avatar"] for where in tracked),
}


def counted_tasks(state: dict | None = None) -> tuple[str, ...]:
    """Round-end tasks the app carries out itself: always those it counts
    from the round, and those read off the board once the group tracks spaces."""
    always = ("apocalypse_1", "apocalypse_per_dead_hero", "apocalypse_if_hero_died")
    if state is not None and state.get("spaces"):
        return always + tuple(BOARD_TASKS)
    return always


def altar_draws(state: dict) -> int:
    """One sin card per altar (printed or token) on a tracked space with no hero."""
    total = 0
    for space_id, where in state.get("spaces", {}).items():
        if not spaces.heroes_in(state, space_id):
            total += spaces.count(where, "altar")
    return total


def fog_of_hate(state: dict, hero_id: str) -> None:
    """The Fog of Hate: no city action in a district with a corruption token (not a printed one)."""
    where = state.get("spaces", {}).get(state["heroes"][hero_id].get("space") or "")
    if active_card(state, "the_fog_of_hate") and where is not None and where["tokens"]["corruption"]:
        raise ActionError(N_("The Fog of Hate: no city action where a corruption token lies."), field="actions")

