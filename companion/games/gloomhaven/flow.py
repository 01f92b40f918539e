"""The round (rulebook, "Round overview", pp. 16-18; "End of round", p. 32):
every character chooses two cards (their initiatives, secret until all have
chosen) or a long rest; then each monster deck in play shows a card; then
the figures act in initiative order; then the round is tidied up. Declared
once on the kit's phases (`SCENARIO`): an action outside its phase is
refused naming the phase.
"""

from __future__ import annotations

import contextvars
import random

from companion.games.gloomhaven import (
    ability_decks,
    catalog,
    conditions,
    elements,
    modifiers,
    standees,
)
from companion.games.gloomhaven.initiative import LONG_REST, standee_order, turn_order
from companion.games.gloomhaven.play import common, decks, special, waiting
from companion.games.gloomhaven.play.ending import finish
from companion.games.gloomhaven.play.placing import (
    acting_standee,
    current_turn,
    new_deck_cards,
    openable_rooms,
    remove_standee,
    reveal_room,
    shown_card,
    type_initiative,
)
from companion.kit.actions import Act
from companion.kit.phases import NOT_YOUR_TURN, Phase, Round
from companion.rules import N_, ActionError

LONG_REST_HEAL = 2


# -- card selection ------------------------------------------------------------------
def read_choice(payload: dict) -> dict:
    if common.flag(payload, "long_rest"):
        return {"long_rest": True, "initiative": LONG_REST, "second": None}
    first = common.whole(payload, "initiative", 1, 99)
    second = common.whole(payload, "second", 1, 99)
    return {"long_rest": False, "initiative": first, "second": second}


def draw_cards(state: dict, deck_ids: list[str], rng: random.Random) -> dict:
    return {deck_id: ability_decks.pick(state["decks"][deck_id], rng)
            for deck_id in deck_ids if state["decks"][deck_id]["current"] is None}


def choose(act: Act) -> None:
    state = act.state
    if act.seat_id not in common.acting_characters(state):
        raise ActionError(N_("Only a character still in the scenario chooses cards."), field="initiative")
    state["secrets"].setdefault(act.seat_id, {})["choice"] = read_choice(act.payload)
    if act.seat_id not in state["chosen"]:
        state["chosen"].append(act.seat_id)
    if all_chosen(state):
        # The last choice: each monster deck in play shows a card, and the turns begin.
        cards = act.draws.take("cards", lambda rng: draw_cards(state, common.decks_in_play(state), rng))
        shown = _CARDS.set(cards)
        try:
            SCENARIO.settle(state)
        finally:
            _CARDS.reset(shown)


#: The monster cards the last choice drew, for the card selection's end.
_CARDS: contextvars.ContextVar[dict | None] = contextvars.ContextVar("gloomhaven_cards", default=None)


def all_chosen(state: dict) -> bool:
    """Card selection is over once every character still in has chosen."""
    acting = common.acting_characters(state)
    return bool(acting) and set(acting) <= set(state["chosen"])


def reveal(state: dict) -> None:
    """Everyone has chosen: show the choices and the monster cards, and heal
    the long resters (the turn order and the first turn follow as the turns begin)."""
    reveal_cards(state, _CARDS.get())
    for seat in common.acting_characters(state):
        choice = state["secrets"][seat].pop("choice")
        state["revealed"][seat] = choice
        if choice["long_rest"]:
            who = state["characters"][seat]
            # The seed: the resting character heals 2 at the end of determining initiative.
            conditions.heal(who, LONG_REST_HEAL, who["max_hp"])
    state["chosen"] = []


def reveal_cards(state: dict, cards: dict) -> None:
    needed = [d for d in common.decks_in_play(state) if state["decks"][d]["current"] is None]
    if not isinstance(cards, dict) or sorted(cards) != needed:
        raise ActionError(N_("The monster cards were not drawn."), field="cards")
    for deck_id, index in cards.items():
        ability_decks.reveal(state["decks"][deck_id], index, catalog.deck(deck_id)["cards"])


def current_order(state: dict) -> list[dict]:
    characters = [{"id": seat, **state["revealed"][seat]} for seat in common.acting_characters(state)]
    types = [{"id": m, "initiative": type_initiative(state, m), "name": catalog.monster_name(m)}
             for m in common.types_on_map(state) if m not in state.get("inactive", [])]
    summons = [{"id": s["id"], "owner": seat, "summoned_round": s["summoned_round"]}
               for seat, who in state["characters"].items() for s in who["summons"]]
    return turn_order(characters, [t for t in types if t["initiative"] is not None], summons, state["round"])


# -- turns -----------------------------------------------------------------------------


def end_turn(act: Act) -> None:
    """The figure whose turn it is ends it (a character: its player)."""
    state = act.state
    waiting.block_turn_end(state)
    turn = current_turn(state)
    if turn["kind"] == "character" and act.seat_id != turn["id"] and not common.flag(act.payload, "for_them"):
        raise ActionError(NOT_YOUR_TURN, field="type")  # the kit's one refusal (for_them ends it for them)
    # Whose turn it was, for the history line (the tapper may not be its player).
    if turn["kind"] == "character":
        act.draws.note("ended", {"character": turn["id"]})
    else:
        standee = acting_standee(state)
        act.draws.note("ended", {"standee": standee["id"]} if standee else {"monster": turn["id"]})
    finish_figure_turn(state)
    if turn["kind"] == "monster":
        state["walk_at"] += 1
        if start_standee_turn(state):
            return
    advance(state)
    SCENARIO.settle(state)


def swap_tied(act: Act) -> None:
    """Two characters tied on both cards: the players choose who goes first
    (the seed), so either may hand the other the earlier turn."""
    state = act.state
    for index in range(state["turn"] + 1, len(state["order"]) - 1):
        first, second = state["order"][index], state["order"][index + 1]
        if first["players_choose"] and act.seat_id in (first["id"], second["id"]):
            # The tie mark stays with the first place of the pair.
            state["order"][index] = {**second, "players_choose": True}
            state["order"][index + 1] = {**first, "players_choose": second["players_choose"]}
            return
    raise ActionError(N_("Only two characters tied on both cards, before either acts, may swap."), field="type")


def finish_figure_turn(state: dict) -> None:
    """End of one figure's turn: its infusions become strong, its short conditions end."""
    turn = current_turn(state)
    figure = _figure_of_turn(state, turn)
    if turn["kind"] == "monster":
        for element in card_infusions(state, turn["id"]):
            if element not in state["elements"]["infusing"]:
                state["elements"]["infusing"].append(element)
    elements.end_of_turn(state["elements"])
    if figure is not None:
        conditions.end_of_turn(figure)


def _figure_of_turn(state: dict, turn: dict) -> dict | None:
    if turn["kind"] == "character":
        return state["characters"][turn["id"]]
    if turn["kind"] == "summon":
        return common.summon(state, turn["id"])[1]
    return acting_standee(state)


def advance(state: dict) -> None:
    """On to the next turn that has someone to act; after the last, the turns
    are over (`turns_over`: the round then ends as `SCENARIO` declares)."""
    index = -1 if state["turn"] is None else state["turn"]
    while True:
        index += 1
        if index >= len(state["order"]):
            state["turn"] = len(state["order"])
            return
        state["turn"] = index
        if start_turn(state, state["order"][index]):
            return


def turns_over(state: dict) -> bool:
    return state["turn"] is not None and state["turn"] >= len(state["order"])


def start_turn(state: dict, turn: dict) -> bool:
    """Starts `turn`; False when nobody is left to take it."""
    if turn["kind"] == "monster":
        acting = [s for s in state["standees"] if s["monster"] == turn["id"]]
        state["walk"] = [s["id"] for s in standee_order(acting, state["round"])]
        state["walk_at"] = 0
        if not state["walk"]:
            return False
        consume_card_elements(state, turn["id"])
        started = start_standee_turn(state)
        if started:  # the first of the type to act is the one that consumed (and gains)
            consumer = acting_standee(state)["id"]
            state["consumed"]["standee"] = consumer
            if state["consumed"]["elements"]:  # its shield or retaliate from them lasts the round
                state.setdefault("consumed_round", {})[consumer] = list(state["consumed"]["elements"])
        return started
    if turn["kind"] == "character":
        figure = state["characters"][turn["id"]]
        if figure["exhausted"]:
            return False
        wound(state, figure, figure["name"])
        if figure["hp"] <= 0:
            exhaust(state, turn["id"], advancing=False)
            return False
        return True
    try:
        owner, figure = common.summon(state, turn["id"])
    except ActionError:  # the summon was removed since the order was made
        return False
    wound(state, figure, figure["name"])
    if figure["hp"] <= 0:
        state["characters"][owner]["summons"].remove(figure)
        return False
    return True


def start_standee_turn(state: dict) -> bool:
    """The next standee of the walk starts its turn (wound first: one that
    dies of it is passed over). False when none is left to act."""
    while state["walk_at"] < len(state["walk"]):
        found = acting_standee(state)
        if found is not None:
            wound(state, found, common.standee_label(found))
            if found["hp"] > 0:
                return True
            remove_standee(state, found, died=True)
        state["walk_at"] += 1
    return False


def wound(state: dict, figure: dict, name: str) -> None:
    damage = conditions.start_of_turn(figure)
    if damage:
        figure["hp"] -= damage
        state["news"].append([N_("%(name)s suffers 1 damage from wound."), {"name": name}])


def exhaust(state: dict, seat: str, advancing: bool = True) -> None:
    """Hit points below 1, or no cards to play or rest with: out of the scenario."""
    who = state["characters"][seat]
    who["exhausted"], who["hp"], who["summons"] = True, max(0, who["hp"]), []
    state["chosen"] = [s for s in state["chosen"] if s != seat]
    state["secrets"].get(seat, {}).pop("choice", None)
    waiting.drop_seat(state, seat)
    state["news"].append([N_("%(name)s is exhausted."), {"name": who["name"]}])
    if not common.acting_characters(state):
        finish(state, "failure")
        state["news"].append([N_("Every character is exhausted: the scenario is lost."), {}])
        return
    if not advancing:
        return
    turn = current_turn(state)
    # Their own turn, or a summon of theirs (gone with them), ends now.
    if turn is not None and (turn["id"] == seat or (turn["kind"] == "summon" and turn["id"] not in _summon_ids(state))):
        advance(state)
        SCENARIO.settle(state)


def _summon_ids(state: dict) -> set:
    return {s["id"] for who in state["characters"].values() for s in who["summons"]}


# -- elements on monster cards -----------------------------------------------------------


def _card_actions(card: dict):
    stack = list(card["actions"])
    while stack:
        action = stack.pop(0)
        yield action
        stack.extend(action.get("consume", []) + action.get("then", []))


def card_infusions(state: dict, monster_id: str) -> list[str]:
    card = shown_card(state, monster_id)
    return [] if card is None else [a["element"] for a in _card_actions(card) if a["kind"] == "infuse"
                                    and a["element"] in elements.ELEMENTS]


def consume_card_elements(state: dict, monster_id: str) -> None:
    """Monsters always consume an element when they can (the first to act takes it)."""
    card = shown_card(state, monster_id)
    consumed = []
    for action in _card_actions(card) if card else []:
        element = action.get("element")
        if action["kind"] == "consume" and element in elements.ELEMENTS and \
                elements.can_consume(state["elements"], element):
            elements.consume(state["elements"], element)
            consumed.append(element)
        elif action["kind"] in ("consume", "infuse") and element not in elements.ELEMENTS:
            # A wild element: the players say which (the seed), on the element board.
            state["news"].append([WILD_LINES[action["kind"]], {"monster": catalog.monster_name(monster_id)}])
    state["consumed"] = {"monster": monster_id, "elements": consumed}


WILD_LINES = {
    "infuse": N_("%(monster)s infuses an element of your choice: infuse it on the element board at the end of its "
                 "turn."),
    "consume": N_("%(monster)s consumes an element of your choice if one is strong or waning: consume it on the "
                  "element board."),
}


# -- end of round ----------------------------------------------------------------------------
#: What the end of the round reshuffled, said as the next round begins.
_RESHUFFLED: contextvars.ContextVar[list | None] = contextvars.ContextVar("gloomhaven_reshuffled", default=None)


def end_round(state: dict) -> None:
    """The turns are over: the elements wane, the decks that drew a ×2, a
    null or a shuffle mark are reshuffled, the round is tidied up and the
    special rules due at its end are checked (they may end the scenario)."""
    elements.end_of_round(state["elements"])
    lines = []
    if modifiers.end_of_round(state["modifiers"]):
        lines.append([N_("The monster modifier deck was reshuffled."), {}])
    lines += decks.end_of_round(state)
    for deck_id, deck in sorted(state["decks"].items()):
        if ability_decks.end_of_round(deck):
            lines.append([N_("The %(deck)s ability deck was reshuffled."), {"deck": catalog.deck(deck_id)["name"]}])
    _RESHUFFLED.set(lines)
    state.update(phase="choosing", revealed={}, order=[], turn=None, walk=[], walk_at=0, consumed=None,
                 consumed_round={})
    special.check(state, "round_end")


def new_round(state: dict) -> None:
    """The next round's card selection begins (its number already counted on)."""
    state["inactive"] = []
    common.news(state, [N_("Round %(round)d: choose your cards."), {"round": state["round"]}],
                *(_RESHUFFLED.get() or []))
    _RESHUFFLED.set(None)
    special.check(state, "round_start")


# -- the round, declared on the kit (companion.kit.phases) ------------------------------------
# Set-up, then rounds of card selection and turns, then the end. The state
# keeps the flow in its own keys (phase, round, order, turn): the turns
# belong to characters, summons and monster types, not to seats, so whose
# turn it is and its standees' walk are kept by the functions above.
FIGURES = frozenset({"room.reveal", "standee.add", "standee.remove", "standee.adjust", "standee.condition",
                     "character.adjust", "character.condition", "character.exhaust", "summon.add",
                     "summon.adjust", "summon.remove", "objective.add", "objective.adjust", "objective.remove",
                     "damage.resolve", "modifier.add", "modifier.remove", "element.consume",
                     "battle_goal.keep", "scenario.end", "deck.perks", "deck.card"})

SCENARIO = Round((
    Phase("setup", N_("set-up"), frozenset({"scenario.set", "character.set", "scenario.start", "deck.perks",
                                             "deck.card"})),
    Phase("choosing", N_("card selection"), FIGURES | {"initiative.choose", "rest.short", "rest.redraw"},
          on_enter=new_round, ends_when=all_chosen, on_exit=reveal, next="playing"),
    Phase("playing", N_("turns"),
          FIGURES | {"turn.next", "turn.swap", "monster.attack", "character.attack", "element.infuse",
                     "character.bonus"},
          order=current_order, on_enter=advance, ends_when=turns_over, on_exit=end_round, next="choosing"),
    Phase("ended", N_("end of the scenario"), frozenset({"battle_goal.done", "summary.confirm"})),
), flow_of=lambda state: state)


# -- doors -------------------------------------------------------------------------------------


def _room(state: dict, payload: dict) -> dict:
    number = common.whole(payload, "room", 1, common.MAX_NUMBER)
    for room in openable_rooms(state):
        if room["number"] == number:
            return room
    raise ActionError(N_("Room %(room)d can't be opened now."), field="room", room=number)


def open_door(act: Act) -> None:
    state = act.state
    room = _room(state, act.payload)
    placed, missing = common.standee_numbers(act.draws, standees.placements(room, common.character_count(state)),
                                             state["standees"])
    reveal_room(state, room, placed, missing, new_deck_cards(act.draws, state, placed))


