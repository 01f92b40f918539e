"""Chaos cards whose effect asks a choice (rulebook, 召唤阶段: a card played
is carried out as it says): Teleport, Warp Shield, Soporific Musk, Dark
Influence, The Meddling of Skaven and Changer of Ways, each as the reference
notes sum it up; and Influenza, whose amount the sources don't give: its
owner says it from the printed card as it is played (since card_rules 3).

At a table made since the app offers these choices (state.card_rules 2),
playing such a card asks the god who decides (a "card" entry of
state["pending"]): the card's owner, and for The Meddling of Skaven's
discards the god it picked. The playing god's summoning turn ends once the
choice is made. What was chosen is kept on the card in its slot ("chosen"),
so an effect that lasts the round ends when the card leaves in the end
phase. A card with nothing to act on does nothing.

Changer of Ways cancels another card in its region: Tzeentch chooses to
cancel the card lying beside it, or, its neighbour slot empty, the next card
played there this round (that card's effect waits for his choice). A
cancelled card keeps its domination value (the rulebook: no effect changes
it) and loses its effect from then on; what it already did stays."""

from __future__ import annotations

from itertools import combinations

from companion.games.chaos import chaos_cards, data
from companion.games.chaos.board import UNIT_KINDS
from companion.games.chaos.state import card_rules
from companion.games.chaos.working import line
from companion.kit.board import count, place, take
from companion.kit.deck import discard
from companion.rules import N_, ActionError

#: The `does` kinds (data/chaos/cards.json) that ask a choice.
KINDS = frozenset({"teleport", "warp_shield", "control_enemy", "move_token", "discard", "cancel",
                   "lower_resistance"})
#: The amounts a card's owner may say its printed card gives (Influenza).
AMOUNTS = range(1, 6)


def offered(state: dict, does: dict | None = None) -> bool:
    """Whether this table asks these cards' choices, or the choice of the card
    that `does` (a table from before shows them by name)."""
    return card_rules(state) >= max(2, (does or {}).get("since", 1))


def waiting(state: dict) -> list[dict]:
    return [entry for entry in state["pending"] if entry["kind"] == "card"]


def require_none_waiting(state: dict) -> None:
    if waiting(state):
        raise ActionError(N_("A chaos card waits for its choice: make it first."), field="type")


def does(entry: dict) -> dict:
    return chaos_cards.card(entry["owner"], entry["card"])["does"]


def figure_key(owner: str, unit: str) -> str:
    """A figure as a choice names it: "god:unit kind"."""
    return f"{owner}:{unit}"


# -- playing the card ---------------------------------------------------------------------
def resolve_played(state: dict, god: str, card_id: str, region_id: str, slot: int) -> list:
    """A card just played: a Changer of Ways beside it may cancel it first;
    else its effect (chaos_cards.carry_out) and the choice it asks. Returns
    the working lines for the history."""
    changer = watching(state, region_id, slot)
    if changer is not None:
        state["pending"].append({"kind": "card", "god": changer["god"], "owner": changer["god"],
                                 "card": changer["card"], "region": region_id, "slot": 1 - slot, "step": "target",
                                 "against": card_id, "deferred": {"god": god, "card": card_id}})
        return [line(N_("%(god)s chooses whether %(card)s cancels it"), god=changer["god"], card=changer["card"])]
    done = chaos_cards.carry_out(state, god, card_id, region_id)
    known = chaos_cards.card(god, card_id)["does"] or {}
    if offered(state, known) and known.get("kind") in KINDS:
        done += ask(state, god, card_id, region_id, slot)
    return done


def watching(state: dict, region_id: str, slot: int) -> dict | None:
    """A Changer of Ways beside `slot` that was played with nothing beside it
    and has not chosen yet."""
    beside = state["regions"][region_id]["slots"][1 - slot]
    if offered(state) and beside and beside.get("card") and not beside.get("cancelled") \
            and "chosen" not in beside and (chaos_cards.card(beside["god"], beside["card"])["does"] or {}).get(
                "kind") == "cancel":
        return beside
    return None


def ask(state: dict, god: str, card_id: str, region_id: str, slot: int) -> list:
    """As the card is played: the choice it asks of `god`, or (nothing to act
    on) what it did; returns the working lines for the history."""
    entry = {"kind": "card", "god": god, "owner": god, "card": card_id, "region": region_id, "slot": slot,
             "step": "target"}
    if does(entry)["kind"] == "cancel":
        beside = state["regions"][region_id]["slots"][1 - slot]
        if not beside or beside.get("cancelled"):
            return [line(N_("%(card)s may cancel the next card played beside it this round"), card=card_id)]
        entry["against"] = beside.get("card") or beside["name"]
    if not options(state, entry):
        return [line(N_("%(card)s finds nothing here to act on"), card=card_id)]
    state["pending"].append(entry)
    return [line(N_("%(god)s chooses what %(card)s does"), god=god, card=card_id)]


def options(state: dict, entry: dict) -> list[dict]:
    """Every choice the entry allows, as the payload of card.choose names it."""
    kind, region_id = does(entry)["kind"], entry["region"]
    board, region = state["board"], state["regions"][region_id]
    if kind == "cancel":
        return [{"cancel": "yes"}, {"cancel": "no"}]
    if kind == "lower_resistance":
        return [{"amount": amount} for amount in AMOUNTS]
    if kind == "teleport":
        guarded = guarded_by_carnage(region)
        figures = [figure_key(owner, unit) for owner in state["gods_in_play"] for unit in does(entry)["units"]
                   if count(board, region_id, owner, unit) and (not guarded or owner == "khorne")]
        return [{"figure": figure, "to": to} for figure in figures for to in data.region_order() if to != region_id]
    if kind == "warp_shield":
        return [{"unit": unit} for unit in UNIT_KINDS if count(board, region_id, entry["owner"], unit)]
    if kind == "control_enemy":
        return [{"figure": figure_key(owner, unit)} for owner in state["gods_in_play"] if owner != entry["owner"]
                for unit in UNIT_KINDS if count(board, region_id, owner, unit) > lent(region, owner, unit)]
    if kind == "move_token":  # a ruined region takes no new Old World tokens
        return [{"token": token, "to": to} for token in does(entry)["tokens"] if region[token]
                for to, other in state["regions"].items() if to != region_id and not other["ruined"]]
    if entry["step"] == "target":  # discard: which god
        return [{"owner": other} for other in state["gods_in_play"]
                if other != entry["owner"] and count(board, region_id, other)]
    held = sorted(chaos_cards.hand_of(state, entry["god"]))
    return [{"cards": list(pair)} for pair in sorted(set(combinations(held, does(entry)["amount"])))]


def lent(region: dict, owner: str, unit: str) -> int:
    """How many of `owner`'s `unit` figures here another god controls."""
    return sum(1 for held in region["control"] if held["owner"] == owner and held["unit"] == unit)


def guarded_by_carnage(region: dict) -> bool:
    """Field of Carnage here: only Khorne's figures may be teleported out (the
    part of that card the reference notes give)."""
    return any(held and held.get("card") == "field_of_carnage" for held in region["slots"])


# -- the choice ----------------------------------------------------------------------------------
def choose(state: dict, god: str, payload: dict) -> tuple[dict, list]:
    """`god` makes the choice its card asks; returns the entry settled and the working lines."""
    entry = next((held for held in waiting(state) if held["god"] == god), None)
    if entry is None:
        raise ActionError(N_("No chaos card asks this god to choose."), field="god")
    kind = does(entry)["kind"]
    if not options(state, entry):  # a correction since took away what it could act on
        state["pending"].remove(entry)
        return entry, [line(N_("%(card)s finds nothing here to act on"), card=entry["card"])]
    chosen = {key: payload.get(key) for key in FIELDS[kind, entry["step"]]}
    if chosen not in options(state, entry):
        raise ActionError(REFUSALS[kind, entry["step"]], field=FIELDS[kind, entry["step"]][0])
    state["pending"].remove(entry)
    held = state["regions"][entry["region"]]["slots"][entry["slot"]]
    if held is not None and held.get("card") == entry["card"] and kind != "discard":
        held["chosen"] = chosen
    return entry, CARRY_OUT[kind](state, entry, chosen)


def teleport(state: dict, entry: dict, chosen: dict) -> list:
    owner, unit = chosen["figure"].split(":")
    take(state["board"], entry["region"], owner, unit)
    place(state["board"], chosen["to"], owner, unit)
    region = state["regions"][entry["region"]]
    if lent(region, owner, unit) > count(state["board"], entry["region"], owner, unit):  # the lent one left
        region["control"].remove(next(held for held in region["control"]
                                      if held["owner"] == owner and held["unit"] == unit))
    return [line(N_("%(god)s's %(unit)s moves from %(from)s to %(region)s"), god=owner,
                 unit=data.figure_id(owner, unit), **{"from": entry["region"]}, region=chosen["to"])]


def warp_shield(state: dict, entry: dict, chosen: dict) -> list:
    """The card keeps the unit chosen: battle.legal_targets leaves that figure out."""
    return [line(N_("one %(unit)s of %(god)s in %(region)s is shielded: no hits can be assigned to it this round"),
                 unit=data.figure_id(entry["owner"], chosen["unit"]), god=entry["owner"], region=entry["region"])]


def control_enemy(state: dict, entry: dict, chosen: dict) -> list:
    owner, unit = chosen["figure"].split(":")
    state["regions"][entry["region"]]["control"].append(
        {"owner": owner, "unit": unit, "controller": entry["owner"], "card": entry["card"]})
    return [line(N_("%(other)s controls one %(unit)s of %(god)s in %(region)s this round"), other=entry["owner"],
                 unit=data.figure_id(owner, unit), god=owner, region=entry["region"])]


def move_token(state: dict, entry: dict, chosen: dict) -> list:
    state["regions"][entry["region"]][chosen["token"]] -= 1
    state["regions"][chosen["to"]][chosen["token"]] += 1
    return [line(N_("%(token)s: one moves from %(from)s to %(region)s"), token=chosen["token"],
                 **{"from": entry["region"]}, region=chosen["to"])]


def discard_cards(state: dict, entry: dict, chosen: dict) -> list:
    """The Meddling of Skaven: the god picked discards the cards it chooses;
    one holding no more than that discards its whole hand at once."""
    if entry["step"] == "target":
        target, amount = chosen["owner"], does(entry)["amount"]
        if len(chaos_cards.hand_of(state, target)) > amount:
            state["pending"].append({**entry, "god": target, "step": "cards"})
            return [line(N_("%(god)s discards %(count)d chaos cards of its choice"), god=target, count=amount)]
        cards = list(chaos_cards.hand_of(state, target))
    else:
        target, cards = entry["god"], chosen["cards"]
    held = chaos_cards.hand_of(state, target)
    for card_id in cards:
        held.remove(card_id)
    discard(chaos_cards.decks(state)[target], cards)
    chaos_cards.sync_counts(state, target)
    return [line(N_("%(god)s discards %(count)d chaos cards"), god=target, count=len(cards))]


def lower_resistance(state: dict, entry: dict, chosen: dict) -> list:
    """The card keeps the amount chosen: board.effective_resistance reads it until the card leaves."""
    return [line(N_("the resistance of %(region)s is %(amount)d lower this round (never below 0)"),
                 region=entry["region"], amount=chosen["amount"])]


def cancel(state: dict, entry: dict, chosen: dict) -> list:
    """Changer of Ways: the card beside it cancelled (its lasting effects end,
    a control it gave goes back), or left to stand, and a card whose effect
    waited for this choice carried out."""
    region = state["regions"][entry["region"]]
    target = region["slots"][1 - entry["slot"]]
    name = target.get("card") or target["name"]
    if chosen["cancel"] == "yes":
        target["cancelled"] = True
        region["control"] = [held for held in region["control"]
                             if not (held.get("card") == name and held["controller"] == target["god"])]
        return [line(N_("%(card)s of %(god)s is cancelled: its effect ends (what it already did stays)"),
                     card=name, god=target["god"])]
    done = [line(N_("%(card)s of %(god)s stands"), card=name, god=target["god"])]
    if "deferred" in entry:
        done += resolve_played(state, target["god"], target["card"], entry["region"], 1 - entry["slot"])
    return done


#: Per kind and step: the payload fields the choice reads, the refusal of one not allowed, and what it does.
FIELDS = {("teleport", "target"): ("figure", "to"), ("warp_shield", "target"): ("unit",),
          ("control_enemy", "target"): ("figure",), ("move_token", "target"): ("token", "to"),
          ("discard", "target"): ("owner",), ("discard", "cards"): ("cards",), ("cancel", "target"): ("cancel",),
          ("lower_resistance", "target"): ("amount",)}
REFUSALS = {
    ("teleport", "target"): N_("Pick a cultist or warrior in the card's region (with Field of Carnage there, only "
                               "Khorne's) and another region."),
    ("warp_shield", "target"): N_("Pick one of your figures in the card's region."),
    ("control_enemy", "target"): N_("Pick another god's figure in the card's region that nobody controls yet."),
    ("move_token", "target"): N_("Pick a peasant, hero or noble in the card's region and another region that is "
                                 "not ruined."),
    ("discard", "target"): N_("Pick another god with figures in the card's region."),
    ("discard", "cards"): N_("Pick two cards from your hand."),
    ("cancel", "target"): N_("Say whether the card beside it is cancelled: yes or no."),
    ("lower_resistance", "target"): N_("Say how much lower the resistance is, as your card prints it: 1 to 5."),
}
CARRY_OUT = {"teleport": teleport, "warp_shield": warp_shield, "control_enemy": control_enemy,
             "move_token": move_token, "discard": discard_cards, "cancel": cancel,
             "lower_resistance": lower_resistance}


# -- at the round's end ------------------------------------------------------------------------
def release_controls(region: dict) -> None:
    """The figures a card took control of for the round go back to their owners."""
    region["control"] = [held for held in region["control"] if not held.get("card")]
