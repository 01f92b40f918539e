"""The round (rulebook "game round") as the kit's data: set-up, round
start (the heroes choose who goes first), the hero turns clockwise with
turn and extra-turn tokens, the SIN's reaction and sin card after each,
the round's end, and the end of the game; what each phase allows, what
happens as one begins (`on_enter`), when it is over (`ends_when`) and what
comes next, the turn order (`order`) and whom the turn goes past (`skips`).
The kit (companion.kit.phases) enters and settles the phases and passes the
turn; the flow lives in state["flow"]. Who acts and whose turn it is, as
the lower chapters need them, is seats.py."""

from __future__ import annotations

import random

from companion.games.the_others import apocalypse, cards, data, effects, heroes, story
from companion.games.the_others.seats import (
    can_act,
    close_reaction,
    current_turn,
    finish_turn,
    given,
    hero_in_play,
    next_hero,
    reactions_left,
    require_hero_player,
    require_sin,
    rest_turn,
    skips,
)
from companion.games.the_others.state import missing_before_start
from companion.games.the_others.state import story as story_of
from companion.kit import deck as decks
from companion.kit.actions import Act
from companion.kit.phases import Phase, Round, pass_phase, set_order
from companion.rules import N_, ActionError


def seating(state: dict) -> list[str]:
    """The heroes in play as they sit, clockwise."""
    return list(state["order"])


def won(state: dict) -> bool:
    """A side has won (the story's last mission done, or the reserve empty at a death): the game is over."""
    return state["winner"] is not None


#: Allowed at any time of a round (effects of cards, abilities, the story and the board, whose timing the app
#: doesn't model).
IN_PLAY = frozenset({
    "fight.plan", "hero.adjust", "hero.wounds", "hero.replace", "upgrade.lose", "upgrade.take", "check.roll",
    "apocalypse.advance", "apocalypse.keep", "mission.progress", "mission.choose", "hero.move", "hero.pick_up",
    "monsters.move", "dark_past.choose", "power.choose",
    "sin.gain_reactions", "sin.draw", "monsters.summon"})
#: Allowed in every phase: the numbers the group enters and the spaces it tracks.
ANYTIME = frozenset({"facts.enter", "space.add", "space.set"})

#: The round as the rulebook orders it: set-up before it, the end of the game after.
ROUND = Round((
    Phase("setup", N_("set-up phase"), frozenset({"team.choose", "heroes.pick", "game.start"})),
    Phase("round_start", N_("round start phase"), frozenset({"round.first_hero"}) | IN_PLAY,
          order=seating, ends_when=won, next=lambda state: "over" if won(state) else "hero_turns"),
    Phase("hero_turns", N_("hero turns phase"), frozenset({
        "turn.start", "turn.pass", "turn.end", "reaction.spend", "reaction.end", "sin.play_card", "city.action",
        "fight.start", "fight.prepare", "fight.choose", "fight.sin_ready", "fight.roll", "fight.withdraw",
        "fight.resolve", "fight.ranged_hits", "fight.counter", "cleanse.roll", "cleanse.remove",
        "round.end"}) | IN_PLAY,
          turns=True, on_enter=rest_turn, skips=skips, ends_when=won,
          next=lambda state: "over" if won(state) else "round_start"),
    Phase("over", N_("end of the game"), order=seating),
), anytime=ANYTIME, flow_of=lambda state: state["flow"])


def require(state: dict, action_type: str) -> None:
    """Refuse, naming the phase, an action the current phase does not allow."""
    ROUND.require(state["flow"], action_type)


def move_on(state: dict) -> None:
    """The phase is done (its last step taken): the next begins."""
    ROUND.enter(state, *ROUND.following(state))
    ROUND.settle(state)


def settle(state: dict) -> None:
    """After every action: the turn rests with a hero who can take it, and
    the round moves on through every phase that is over (the game's end)."""
    rest_turn(state)
    ROUND.settle(state)


# -- the start of the game -------------------------------------------------------------------
def starting_draws(state: dict, rng: random.Random) -> dict:
    """The SIN's starting hand, the inventory and (corruption stories) the
    dark pasts, recorded as "draws"."""
    starting = list(state["order"])
    reserve = [hero for hero in state["team"] if hero not in starting]
    fresh = {"secrets": {}, "options": state["options"], "sin": state["sin"]}
    cards.new_decks(fresh)
    draws = {"hand": decks.pick(cards.sin_deck(fresh), data.constants()["starting_sin_cards"], rng),
             "inventory": decks.pick(fresh["upgrades"], data.constants()["inventory_size"], rng)}
    if "dark_past" in story_of(state)["special"]:
        draws["dark_pasts"] = cards.deal_dark_pasts(state, rng, starting, reserve)
    return draws


def start_game(act: Act) -> None:
    """Set-up is done: the SIN's hand, the inventory and the dark pasts dealt, round 1 begins."""
    state = act.state
    missing = missing_before_start(state)
    if missing:
        raise ActionError(N_("Not ready to start: %(count)d things are still needed (see the set-up list)."),
                          field="type", count=len(missing))
    draws = act.draws.take("draws", lambda rng: starting_draws(state, rng))
    state["reserve"] = [hero for hero in state["team"] if hero not in state["order"]]
    cards.new_decks(state)
    cards.add_to_hand(state, draws["hand"])
    state["inventory"] = decks.draw(state["upgrades"], list(draws["inventory"]))
    cards.seal_dark_pasts(state, draws.get("dark_pasts", {}))
    state["sin"]["reaction_tokens"] = state["options"]["hero_count"]
    state["story"]["mission"] = story_of(state)["missions"][0]["id"]
    state["flow"]["round"] = 1
    move_on(state)


# -- the round's actions ------------------------------------------------------------------------
def choose_first_hero(act: Act) -> None:
    """The heroes choose; when they can't agree the SIN decides, so both may."""
    state, payload = act.state, given(act)
    hero_id = hero_in_play(state, payload.get("hero"))
    set_order(state["flow"], state["flow"]["order"], first=hero_id)  # clockwise from the first hero
    move_on(state)


def start_turn(act: Act) -> None:
    state, payload = act.state, given(act)
    if state["turn"] is not None:
        raise ActionError(N_("%(hero)s's turn is still going on."), field="hero",
                          hero=data.heroes()[state["turn"]["hero"]]["name"])
    hero_id = hero_in_play(state, payload.get("hero"))
    require_hero_player(state, act, hero_id)
    expected = next_hero(state)
    hero = state["heroes"][hero_id]
    if hero["dead"]:
        raise ActionError(N_("%(hero)s is dead: bring in a hero from the reserve first."), field="hero",
                          hero=data.heroes()[hero_id]["name"])
    if expected is None or not can_act(state, hero_id):
        raise ActionError(N_("%(hero)s has no turn token or extra-turn token left this round."), field="hero",
                          hero=data.heroes()[hero_id]["name"])
    ROUND.require_turn(state["flow"], hero_id)  # the kit's "It's not your turn."
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


def pass_extra_turns(act: Act) -> None:
    """A hero out of turn tokens declines to spend an extra-turn token this round."""
    state, payload = act.state, given(act)
    hero_id = hero_in_play(state, payload.get("hero"))
    require_hero_player(state, act, hero_id)
    if state["heroes"][hero_id]["turn_tokens"] > 0:
        raise ActionError(N_("A hero with a turn token left must take the turn, even doing nothing."), field="hero")
    pass_phase(state["flow"], hero_id)  # the turn goes past them (settle) once it is theirs


def end_turn(act: Act) -> None:
    """The current hero ends the turn: Brad's Demolitions first, then what
    a turn's end does to the hero, and a dark past revealed at maximum
    corruption (the apocalypse cards it may draw recorded as "offers")."""
    state, payload = act.state, given(act)
    hero_id = current_turn(state)["hero"]
    require_hero_player(state, act, hero_id)
    effects.demolish(state, hero_id, payload.get("demolish"))
    finish_turn(state, hero_id, died=False)
    effects.turn_end(state, hero_id)  # it may bring the hero to maximum corruption
    offers = act.draws.take("offers", lambda rng: cards.dark_past_offers(state, hero_id, rng))
    cards.reveal_dark_past(state, hero_id, offers)
    ROUND.end_turn(state, hero_id)  # the kit passes the turn clockwise, past heroes with no token left


def react(act: Act) -> None:
    state = act.state
    require_sin(act)
    reaction = state["reaction"]
    if reaction is None:
        raise ActionError(N_("The SIN reacts only right after a hero's turn."), field="type")
    if reaction["spent"]:
        raise ActionError(N_("One reaction per hero turn."), field="type")
    if reactions_left(state) < 1:
        raise ActionError(N_("No reaction token left this round."), field="type")
    state["sin"]["reactions_used"] += 1
    reaction["spent"] = True


def end_reaction(act: Act) -> None:
    state = act.state
    require_sin(act)
    if state["reaction"] is None:
        raise ActionError(N_("No reaction to end."), field="type")
    close_reaction(state)


def gain_reactions(act: Act) -> None:
    """Reaction tokens a card or power gives: this round only."""
    state, payload = act.state, given(act)
    require_sin(act)
    count = payload.get("count", 1)
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 10:
        raise ActionError(N_("Enter a whole number from %(low)d to %(high)d."), field="count", low=1, high=10)
    state["sin"]["reaction_tokens"] += count


def play_sin_card(act: Act) -> None:
    """At most one sin card per hero turn, its reaction included; allowed
    with no reaction token left."""
    state, payload = act.state, given(act)
    require_sin(act)
    window = state["turn"] or state["reaction"]
    if window is None:
        raise ActionError(N_("Sin cards are played during a hero's turn or the reaction to it."), field="card")
    if window["sin_card"]:
        raise ActionError(N_("Only one sin card per hero turn, its reaction included."), field="card")
    card = payload.get("card")
    if card not in cards.hand(state):
        raise ActionError(N_("That card is not in the SIN's hand."), field="card")
    cards.play(state, card)
    state["sin"]["played"] = card
    window["sin_card"] = True
    effects.apply_played(state, card, effects.draw_on_play(state, card, payload, act.draws))


def end_round(act: Act) -> None:
    """Round end: apocalypse level 7's harm, summons allowed, altar cards
    drawn, tokens reset."""
    state = act.state
    if state["turn"] is not None or next_hero(state) is not None:
        raise ActionError(N_("Every hero must use their turn tokens (or pass their extra turns) first."), field="type")
    close_reaction(state)
    round_end_harm(state)
    # The story's round-end tasks the app counts, and Darkness Beckons: the cards they draw.
    steps = effects.round_end_steps(state)
    raised = sum(amount for _, amount in steps)
    offers = act.draws.take("offers", lambda rng: cards.draw_offers(state, rng, raised) if raised else [])
    # One sin card per altar with no hero on the tracked spaces; usable from the next round.
    altars = min(effects.altar_draws(state), 12)
    drawn = act.draws.take("drawn", lambda rng: cards.pick_sin_cards(state, rng, altars) if altars else [])
    state["round_end_steps"] = [list(step) for step in steps]
    if steps:
        apocalypse.raise_track(state, raised)
        cards.queue_offers(state, offers)
    state["altar_draws"] = len(drawn or [])
    if drawn:
        cards.add_to_hand(state, drawn)
    level = apocalypse.level(state)
    story.round_ended(state)
    reset_tokens(state)
    state["summons_base"] = {"heroes": state["options"]["hero_count"], "apocalypse": apocalypse.extra_summons(level)}
    state["summons_left"] = state["options"]["hero_count"] + apocalypse.extra_summons(level)
    move_on(state)  # the next round's start (or the end of the game)


def round_end_harm(state: dict) -> None:
    """Apocalypse level 7 (2 wounds and 2 corruption each) and Suicide Pact."""
    harm = apocalypse.round_end_harm(apocalypse.level(state))
    for hero_id in list(state["order"]):
        if harm["wounds"] or harm["corruption"]:
            heroes.take_corruption(state, hero_id, harm["corruption"])
            heroes.take_wounds(state, hero_id, harm["wounds"])
        if state["heroes"].get(hero_id, {}).get("doomed"):
            heroes.kill(state, hero_id)


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
