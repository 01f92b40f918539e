"""Round flow (rulebook "game round"): round start, hero turns clockwise from
the first hero, the SIN's reaction after each, round end.

Handlers take the state (a private copy) and the actor, change the state, and
raise ActionError (nothing changed) when the rules forbid the action.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.the_others import apocalypse, data
from companion.games.the_others import flow
from companion.rules import N_, ActionError


@dataclass(frozen=True)
class Actor:
    seat: str | None  # None: the host or the system
    role: str | None  # "sin", "hero" or None

    @property
    def is_host(self) -> bool:
        return self.seat is None


def require_sin(actor: Actor) -> None:
    if not actor.is_host and actor.role != "sin":
        raise ActionError(N_("Only the SIN player does that."), field="type")


def require_hero_player(state: dict, actor: Actor, hero_id: str) -> None:
    """The hero's own player, or the SIN deciding for heroes who can't agree
    is not allowed here; the host may act for anyone."""
    if actor.is_host:
        return
    if state["heroes"][hero_id]["player"] != actor.seat:
        raise ActionError(N_("Only the player of %(hero)s does that."), field="hero",
                          hero=data.heroes()[hero_id]["name"])


def hero_in_play(state: dict, hero_id, field: str = "hero") -> str:
    if not isinstance(hero_id, str) or hero_id not in state["order"]:
        raise ActionError(N_("Choose a hero in play."), field=field)
    return hero_id


# -- whose turn -------------------------------------------------------------------------------
def can_act(state: dict, hero_id: str) -> bool:
    hero = state["heroes"][hero_id]
    return hero["turn_tokens"] > 0 or (hero["extra_turns"] > 0 and hero_id not in state["passed"])


def next_hero(state: dict) -> str | None:
    """Clockwise after the last hero to act (from the first hero at round
    start), the first one who can still take a turn."""
    order = state["order"]
    if not order or state["first_hero"] is None:
        return None
    if state["last_hero"] is None:
        start = order.index(state["first_hero"])
    else:
        start = (order.index(state["last_hero"]) + 1) % len(order)
    for step in range(len(order)):
        hero_id = order[(start + step) % len(order)]
        if can_act(state, hero_id):
            return hero_id
    return None


def close_reaction(state: dict) -> None:
    state["reaction"] = None
    state["sin"]["played"] = None


# -- actions ---------------------------------------------------------------------------------
def choose_first_hero(state: dict, actor: Actor, payload: dict) -> None:
    """The heroes choose; when they can't agree the SIN decides, so both may."""
    hero_id = hero_in_play(state, payload.get("hero"))
    state["first_hero"], state["last_hero"] = hero_id, None
    flow.go_to(state, "hero_turns")


def start_turn(state: dict, actor: Actor, payload: dict) -> None:
    if state["turn"] is not None:
        raise ActionError(N_("%(hero)s's turn is still going on."), field="hero",
                          hero=data.heroes()[state["turn"]["hero"]]["name"])
    hero_id = hero_in_play(state, payload.get("hero"))
    require_hero_player(state, actor, hero_id)
    expected = next_hero(state)
    hero = state["heroes"][hero_id]
    if hero["dead"]:
        raise ActionError(N_("%(hero)s is dead: bring in a hero from the reserve first."), field="hero",
                          hero=data.heroes()[hero_id]["name"])
    if expected is None or not can_act(state, hero_id):
        raise ActionError(N_("%(hero)s has no turn token or extra-turn token left this round."), field="hero",
                          hero=data.heroes()[hero_id]["name"])
    if hero_id != expected:
        raise ActionError(N_("It is %(hero)s's turn (clockwise)."), field="hero", hero=data.heroes()[expected]["name"])
    use_extra = bool(payload.get("use_extra"))
    if use_extra and hero["extra_turns"] < 1:
        raise ActionError(N_("%(hero)s holds no extra-turn token."), field="use_extra",
                          hero=data.heroes()[hero_id]["name"])
    close_reaction(state)  # the SIN let the last turn pass without reacting
    state["sin"]["wrath_teleport"] = 0
    if use_extra or hero["turn_tokens"] == 0:
        hero["extra_turns"] -= 1
        spent = "extra_turn"
    else:
        hero["turn_tokens"] -= 1
        spent = "turn_token"
    state["turn"] = {"hero": hero_id, "spent": spent, "action_taken": False, "sin_card": False}
    state["last_hero"] = hero_id


def pass_extra_turns(state: dict, actor: Actor, payload: dict) -> None:
    """A hero out of turn tokens declines to spend an extra-turn token this round."""
    hero_id = hero_in_play(state, payload.get("hero"))
    require_hero_player(state, actor, hero_id)
    if state["heroes"][hero_id]["turn_tokens"] > 0:
        raise ActionError(N_("A hero with a turn token left must take the turn, even doing nothing."), field="hero")
    if hero_id not in state["passed"]:
        state["passed"].append(hero_id)


def end_turn(state: dict, actor: Actor, payload: dict) -> None:
    turn = current_turn(state)
    require_hero_player(state, actor, turn["hero"])
    finish_turn(state, turn["hero"], died=False)


def finish_turn(state: dict, hero_id: str, died: bool) -> None:
    """The turn ends; the SIN may react unless the hero died in it."""
    sin_card = state["turn"]["sin_card"] if state["turn"] else False
    state["turn"] = None
    state["reaction"] = None if died else {"hero": hero_id, "spent": False, "sin_card": sin_card}


def current_turn(state: dict) -> dict:
    if state["turn"] is None:
        raise ActionError(N_("No hero's turn is going on."), field="type")
    return state["turn"]


def react(state: dict, actor: Actor, payload: dict) -> None:
    require_sin(actor)
    reaction = state["reaction"]
    if reaction is None:
        raise ActionError(N_("The SIN reacts only right after a hero's turn."), field="type")
    if reaction["spent"]:
        raise ActionError(N_("One reaction per hero turn."), field="type")
    if reactions_left(state) < 1:
        raise ActionError(N_("No reaction token left this round."), field="type")
    state["sin"]["reactions_used"] += 1
    reaction["spent"] = True


def end_reaction(state: dict, actor: Actor, payload: dict) -> None:
    require_sin(actor)
    if state["reaction"] is None:
        raise ActionError(N_("No reaction to end."), field="type")
    close_reaction(state)


def reactions_left(state: dict) -> int:
    sin = state["sin"]
    return sin["reaction_tokens"] - sin["reactions_used"]


def gain_reactions(state: dict, actor: Actor, payload: dict) -> None:
    """Reaction tokens a card or power gives: this round only."""
    require_sin(actor)
    count = payload.get("count", 1)
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 10:
        raise ActionError(N_("Enter a whole number from %(low)d to %(high)d."), field="count", low=1, high=10)
    state["sin"]["reaction_tokens"] += count


def play_sin_card(state: dict, actor: Actor, payload: dict) -> None:
    """At most one sin card per hero turn, its reaction included; allowed
    with no reaction token left."""
    require_sin(actor)
    window = state["turn"] or state["reaction"]
    if window is None:
        raise ActionError(N_("Sin cards are played during a hero's turn or the reaction to it."), field="card")
    if window["sin_card"]:
        raise ActionError(N_("Only one sin card per hero turn, its reaction included."), field="card")
    card = payload.get("card")
    from companion.games.the_others import cards
    if card not in cards.hand(state):
        raise ActionError(N_("That card is not in the SIN's hand."), field="card")
    cards.play(state, card)
    state["sin"]["played"] = card
    window["sin_card"] = True
    from companion.games.the_others import effects
    effects.apply_played(state, card, payload)


def round_can_end(state: dict) -> bool:
    return state["phase"] == "hero_turns" and state["turn"] is None and next_hero(state) is None


def end_round(state: dict, actor: Actor, payload: dict) -> None:
    """Round end: apocalypse level 7's harm, summons allowed, altar cards
    (drawn in prepare), tokens reset."""
    if state["turn"] is not None or next_hero(state) is not None:
        raise ActionError(N_("Every hero must use their turn tokens (or pass their extra turns) first."), field="type")
    close_reaction(state)
    round_end_harm(state)
    from companion.games.the_others import cards, effects
    # The story's round-end tasks the app counts, and Darkness Beckons (drawn in prepare).
    steps = effects.round_end_steps(state)
    state["round_end_steps"] = [list(step) for step in steps]
    if steps:
        apocalypse.raise_track(state, sum(amount for _, amount in steps))
        cards.queue_offers(state, payload.get("offers"))
    # One sin card per altar with no hero on the tracked spaces; usable from the next round.
    state["altar_draws"] = len(payload.get("drawn") or [])
    if payload.get("drawn"):
        cards.add_to_hand(state, payload["drawn"])
    level = apocalypse.level(state)
    from companion.games.the_others import story
    story.round_ended(state)
    reset_tokens(state)
    state["summons_base"] = {"heroes": state["options"]["hero_count"], "apocalypse": apocalypse.extra_summons(level)}
    state["summons_left"] = state["options"]["hero_count"] + apocalypse.extra_summons(level)
    state["round"] += 1
    flow.go_to(state, "round_start")


def round_end_harm(state: dict) -> None:
    """Apocalypse level 7 (2 wounds and 2 corruption each) and Suicide Pact."""
    harm = apocalypse.round_end_harm(apocalypse.level(state))
    from companion.games.the_others import dashboard
    for hero_id in list(state["order"]):
        if harm["wounds"] or harm["corruption"]:
            dashboard.take_corruption(state, hero_id, harm["corruption"])
            dashboard.take_wounds(state, hero_id, harm["wounds"])
        if state["heroes"].get(hero_id, {}).get("doomed"):
            dashboard.kill(state, hero_id)


#: Marks that last until the round's end (the others stay until removed).
ROUND_MARKS = ("slowed", "round")


def reset_tokens(state: dict) -> None:
    for hero_id in state["order"]:
        hero = state["heroes"][hero_id]
        hero["turn_tokens"] = data.constants()["turn_tokens"]
        hero["city_action"] = False
        hero["marks"] = [mark for mark in hero["marks"] if mark not in ROUND_MARKS]
        hero["no_healing"] = False
    for where in state.get("spaces", {}).values():
        where["city_used"] = None  # the city-action tokens come back to their heroes
    sin = state["sin"]
    sin["reactions_used"] = 0
    # Tokens gained from cards last only the round; level 4's come every round.
    sin["reaction_tokens"] = state["options"]["hero_count"] + apocalypse.extra_reaction_tokens(
        apocalypse.level(state))
    sin["acolyte_mark"] = False
    sin["round_cards"] = []  # Punish the Idle lasts the round
    state["deaths_this_round"] = 0
    state["passed"], state["first_hero"], state["last_hero"] = [], None, None
