"""The Chaos table's action table: each action's type, what it does, its
payload's fields, its effect (companion.kit.actions), its history line and
what it hides, declared once. The platform parses payloads through these
before the effects see them; docs/api.md is generated from them. What is
random is drawn inside the effect (`act.draws`) under the payload keys the
table has always logged (`god`, `tokens`, `roll`), so old logs replay."""

from __future__ import annotations

from companion.dice import Roll
from companion.games.chaos import (
    battle_phase,
    card_choices,
    chaos_cards,
    corrections,
    data,
    flow,
    old_world,
    scoring_phases,
    setup_phase,
    summoning,
    upgrades,
)
from companion.games.chaos.board import UNIT_KINDS
from companion.games.chaos.dice import COMBAT_DIE, MAX_POOL
from companion.games.chaos.names import NameList, name_of, name_param
from companion.games.chaos.seats import acting_god
from companion.games.chaos.state import TOKEN_KINDS, lowest_threat, phase_of, round_of, turn_of
from companion.kit.actions import Act
from companion.kit.board import count
from companion.kit.deck import draw as draw_from
from companion.kit.deck import hand, pick, play_from_hand
from companion.kit.fields import ActionSpec, Bool, Choice, FormMap, Int, Json, Text
from companion.kit.working import Sentences
from companion.rules import N_, NP_, Action, ActionError, Msg, Seat

GODS = tuple(data.god_order())
REGIONS = tuple(data.region_order())
TARGET_OWNERS = (*GODS, "peasant")
GOD_FIELDS = ("vp", "power", "power_bonus", "dial_tokens", "peasants", "hand", "deck", "discard", "dial")
STARTING_TOKENS = ("noble", "warpstone", "peasant")

GOD = Choice("god", choices=GODS, default=None, doc="the god acted for (default: your seat's god)")
REGION = Choice("region", choices=REGIONS)
OWNER = Choice("owner", choices=GODS)
CHAOS_CARD_IDS = tuple(card_id for cards in data.chaos_cards().values() for card_id in cards)
UNIT = Choice("unit", choices=UNIT_KINDS)
FIGURE_CHOICES = tuple(f"{god}:{unit}" for god in GODS for unit in UNIT_KINDS)
#: A form's "kill this many of that target" fields, one per target kind.
KILL_FIELDS = tuple(Int(f"kill.{god}.{unit}", min=0, max=40, default=None) for god in GODS for unit in UNIT_KINDS) \
    + (Int("kill.peasant.peasant", min=0, max=40, default=None),)
SLOT_CHOICES = tuple(f"{region}:{slot}" for region in REGIONS for slot in (0, 1))
TOKEN_FIELDS = tuple(Choice(f"token.{region}", choices=STARTING_TOKENS, default=None) for region in REGIONS)


def flag(name: str, doc: str = "") -> Bool:
    return Bool(name, default=False, doc=doc)


# -- set-up ----------------------------------------------------------------------------
def sit_out(act: Act) -> None:
    setup_phase.sit_out(act.state, act.draws.take("god", setup_phase.draw_sitting_out))


def place_tokens(act: Act) -> None:
    if act["draw"]:
        tokens = act.draws.take("tokens", setup_phase.draw_tokens)
    elif act["tokens"] is not None:
        tokens = act["tokens"]
    else:  # a form sends one field per region
        tokens = {region: act[f"token.{region}"] for region in REGIONS if act[f"token.{region}"] is not None}
    setup_phase.place_tokens(act.state, tokens)


def start(act: Act) -> None:
    state = act.state
    setup_phase.start(state)
    if chaos_cards.dealt(state):  # each god's deck shuffled, three cards dealt
        chaos_cards.new_decks(state)
        size = data.table()["starting_hand"]
        dealt = act.draws.take("hands", lambda rng: {god: pick(chaos_cards.decks(state)[god], size, rng)
                                                     for god in state["gods_in_play"]})
        for god in state["gods_in_play"]:
            chaos_cards.receive(state, god, dealt.get(god) if isinstance(dealt, dict) else None)
    flow.start(state)


# -- the round ---------------------------------------------------------------------------
def next_phase(act: Act) -> None:
    if any(entry["kind"] in ("old_world", "events") for entry in act.state["pending"]):
        raise ActionError(N_("Place the Old World card's tokens first."), field="type")
    flow.next_phase(act.state)


def old_world_place(act: Act) -> None:
    chosen = [region for region in REGIONS if (act["regions"] or {}).get(region)]
    act.draws.note("placed", old_world.place(act.state, acting_god(act), chosen))
    act.draws.note("chosen", chosen)


def old_world_card(act: Act) -> None:
    state, world = act.state, act.state["old_world"]
    if world.get("deck") is not None:  # the app draws the card
        god = acting_god(act)
        if state["report"].get("old_world") or world["left"] <= 0 or god != lowest_threat(state):
            old_world.resolve_card(state, {}, god)  # refused, saying why
        if act["card"] is not None:  # the card a group drew from its own deck at the table
            if act["card"] not in world["deck"]["pile"] + world["deck"]["top"]:
                raise ActionError(N_("That card is not in the Old World deck."), field="card")
            part = "pile" if act["card"] in world["deck"]["pile"] else "top"
            world["deck"][part].remove(act["card"])
            card_id = act["card"]
        else:
            card_id = act.draws.take("drawn_card", lambda rng: pick(world["deck"], 1, rng)[0])
            draw_from(world["deck"], [card_id])
        card = old_world.card_from_deck(card_id)
        old_world.resolve_card(state, card, god)
        old_world.carry_out(state, state["report"]["old_world"]["card"], god)
        return
    if not act["name"]:
        raise ActionError(N_("Type the card's name."), field="name")
    regions = act["event_regions"] or []
    if not isinstance(regions, list) or any(region not in REGIONS for region in regions):
        raise ActionError(N_("Pick regions of the map."), field="event_regions")
    card = {"name": act["name"], "event_regions": regions,
            **{name: act[name] for name in ("remove_after", "removes_events", "event", "end_phase")}}
    old_world.resolve_card(act.state, card, acting_god(act))


def draw(act: Act) -> None:
    state, god = act.state, acting_god(act)
    if not chaos_cards.dealt(state):
        act.draws.note("drawn", chaos_cards.draw_cards(state, god, act["discard"]))
        return
    wanted = chaos_cards.begin_draw(state, god, bool(act["discard"] or act["discard_card"]), act["discard_card"])
    deck = chaos_cards.decks(state)[god]
    cards = act.draws.take("cards", lambda rng: pick(deck, chaos_cards.can_draw(state, god, wanted), rng,
                                                     reshuffle=True))
    chaos_cards.receive(state, god, cards)
    act.draws.note("drawn", len(cards))


def summon(act: Act) -> None:
    god = acting_god(act)
    flow.require_turn(act.state, god)
    card_choices.require_none_waiting(act.state)
    power = act.state["gods"][god]["power"]
    summoning.summon(act.state, god, act["unit"], act["region"], act["moved_from"], act["cost"])
    act.draws.note("paid", power - act.state["gods"][god]["power"])
    flow.end_turn(act.state, god)


def play_card(act: Act) -> None:
    god = acting_god(act)
    flow.require_turn(act.state, god)
    card_choices.require_none_waiting(act.state)
    region, slot = act["region"], act["slot"]
    if act["at"] is not None:  # one tap on a free slot: "region:slot"
        region, slot = act["at"].split(":")[0], int(act["at"].split(":")[1])
    if region is None or slot is None:
        raise ActionError(N_("Pick a free card slot of a region."), field="at")
    if chaos_cards.dealt(act.state):
        card_id = chaos_cards.card_id_of(god, act["card"] or act["name"])
        if card_id is None:
            raise ActionError(N_("That card is not in your hand."), field="card")
        card = chaos_cards.played(act.state, god, card_id, region)
        summoning.play_card(act.state, god, region, slot, card)
        chaos_cards.leave_hand(act.state, god, card_id)
        act.draws.note("played", {"card": card_id, "name": card["name"], "region": region, "slot": slot,
                                  "cost": card["cost"]})
        act.draws.note("done", card_choices.resolve_played(act.state, god, card_id, region, slot))
        if not card_choices.waiting(act.state):  # else the turn ends once the card's choice is made
            flow.end_turn(act.state, god)
        return
    if act["name"] is None or act["cost"] is None:
        raise ActionError(N_("Type the card's name and cost."), field="name")
    card = {"name": act["name"], "cost": act["cost"], "domination": act["domination"], "magic": act["magic"]}
    summoning.play_card(act.state, god, region, slot, card)
    # The card leaves the player's private hand list too, if it is there.
    if act.role == god and card["name"] in hand(act.state, act.seat_id):
        play_from_hand(act.state, act.seat_id, card["name"])
    flow.end_turn(act.state, god)


def card_choose(act: Act) -> None:
    """The god a played card asks makes its choice; the turn that waited for
    it ends once no choice is left."""
    cards = act["cards"] if act["cards"] is not None else [act[name] for name in ("card_1", "card_2") if act[name]]
    payload = {"figure": act["figure"], "to": act["to"], "unit": act["unit"], "token": act["token"],
               "owner": act["owner"],
               "cards": sorted(cards) if isinstance(cards, list) and all(isinstance(c, str) for c in cards) else cards,
               "cancel": act["cancel"], "amount": act["amount"]}
    entry, done = card_choices.choose(act.state, acting_god(act), payload)
    act.draws.note("chose", {"card": entry["card"], "region": entry["region"]})
    act.draws.note("done", done)
    if not card_choices.waiting(act.state) and turn_of(act.state):
        flow.end_turn(act.state, turn_of(act.state))


def pass_summoning(act: Act) -> None:
    god = acting_god(act)
    flow.require_turn(act.state, god)
    card_choices.require_none_waiting(act.state)
    summoning.pass_phase(act.state, god)
    flow.end_turn(act.state, god, passes=True)


def battle_roll(act: Act) -> None:
    state, god = act.state, acting_god(act)
    battle_phase.require_fighter(state, god, "roll", act["first_strike"])
    total = battle_phase.dice_for(state, god, act["first_strike"], act["dice"])
    act.draws.note("region", state["battle"]["region"])
    roll = act.draws.take("roll", lambda rng: battle_phase.roll_dice(total, act["faces"], rng))
    battle_phase.record_roll(state, god, act["first_strike"], act["dice"], roll)


def battle_assign(act: Act) -> None:
    killed: list[dict] = []
    act.draws.note("region", act.state["battle"]["region"] if act.state["battle"] else None)
    ends = battle_phase.assign(act.state, acting_god(act), assignments(act.payload), killed)
    act.draws.note("killed", killed)
    if ends:
        flow.next_battle(act.state)


def assignments(p: dict) -> list[dict]:
    """Hits per target from `assignments` (JSON: [{"owner", "unit", "hits"}]),
    or from a form's `kill.<owner>.<unit>` counts (each kill as many hits as
    that target needs: "needed")."""
    if p.get("assignments") is not None:
        entries = p["assignments"]
        if not isinstance(entries, list) or not all(is_assignment(entry) for entry in entries):
            raise ActionError(N_("List each target with its owner, unit and hits."), field="assignments")
        return [{"owner": e["owner"], "unit": e["unit"], "hits": e["hits"]} for e in entries]
    found = []
    for name, kills in p.items():
        if name.startswith("kill.") and kills:
            _, owner, unit = name.split(".")
            found += [{"owner": owner, "unit": unit, "hits": "needed"}] * kills
    return found


def is_assignment(entry: object) -> bool:
    return (isinstance(entry, dict) and entry.get("owner") in TARGET_OWNERS
            and entry.get("unit") in (*UNIT_KINDS, "peasant") and isinstance(entry.get("hits"), int)
            and not isinstance(entry.get("hits"), bool) and 1 <= entry["hits"] <= 200)


def resolve_corruption(act: Act) -> None:
    scoring_phases.resolve_corruption(act.state)  # the phase is over: the round settles into the end phase


def hero_remove(act: Act) -> None:
    scoring_phases.remove_for_hero(act.state, acting_god(act), act["region"], act["unit"])


def end_score(act: Act) -> None:
    state = act.state
    act.draws.note("round", round_of(state))
    result = scoring_phases.score_end(state)
    owed = state["report"]["end"].pop("draws_owed", {})
    if owed:  # dial rewards that draw chaos cards
        drawn = act.draws.take("reward_cards", lambda rng: {
            god: pick(chaos_cards.decks(state)[god], chaos_cards.can_draw(state, god, wanted), rng, reshuffle=True)
            for god, wanted in owed.items()})
        for god in owed:
            chaos_cards.receive(state, god, drawn.get(god) if isinstance(drawn, dict) else None)
    flow.end_round(state, result)


# -- history lines: who did what, never a secret ----------------------------------------------
def god_of(action: Action, seats: dict[str, Seat]) -> str | None:
    """The god an action was for: the one it names, else its seat's."""
    god = action.payload.get("god") or (seats[action.seat].role if action.seat in seats else None)
    return god if god in GODS else None


def figure_of(god: str | None, kind: str) -> str:
    """A god's figure of a kind by its own name (Bloodletter), an id names.py names."""
    return data.figure_id(god, kind)


def is_region(value: object) -> bool:
    return isinstance(value, str) and value in REGIONS


def sit_out_history(action: Action, seats: dict[str, Seat], state: dict) -> tuple[str, dict]:
    god = action.payload.get("god")
    return (N_("drew %(god)s to sit out"), {"god": name_param(god)}) if god in GODS else (N_("drew who sits out"), {})


def tokens_history(action: Action, seats: dict[str, Seat], state: dict) -> tuple[str, dict]:
    """Where each kind of starting token went (drawn by the server or entered)."""
    p = action.payload
    tokens = p.get("tokens") if isinstance(p.get("tokens"), dict) else \
        {region: p.get(f"token.{region}") for region in REGIONS if p.get(f"token.{region}")}
    where = {kind: [region for region in REGIONS if tokens.get(region) == kind] for kind in STARTING_TOKENS}
    if not any(where.values()):
        return N_("placed the starting Old World tokens"), {}
    return (N_("placed the starting Old World tokens: nobles in %(noble)s; warpstone in %(warpstone)s; "
               "peasants in %(peasant)s"), {kind: NameList(regions) for kind, regions in where.items()})


def place_history(action: Action, seats: dict[str, Seat], state: dict) -> tuple[str, dict]:
    placed, chosen = action.payload.get("placed"), action.payload.get("chosen")
    if not isinstance(placed, dict) or not isinstance(chosen, list) or not all(map(is_region, chosen)):
        return N_("placed the Old World card's tokens"), {}
    if placed.get("kind") == "events":
        return N_("placed the event tokens of %(card)s in %(regions)s"), {
            "card": name_param(str(placed.get("card"))), "regions": NameList(chosen)}
    return N_("placed %(token)s for %(card)s in %(regions)s"), {
        "token": name_param(str(placed.get("token"))), "card": name_param(str(placed.get("card"))),
        "regions": NameList(chosen)}


def old_world_history(action: Action, seats: dict[str, Seat], state: dict) -> tuple[str, dict]:
    drawn = action.payload.get("drawn_card") or action.payload.get("card")
    if isinstance(drawn, str):  # drawn by the app (or from the table's deck, by name)
        return N_("drew and resolved the Old World card %(name)s"), {"name": name_param(drawn)}
    name = str(action.payload.get("name", ""))[:80]
    regions = [region for region in action.payload.get("event_regions") or [] if is_region(region)]
    if regions:
        return N_("resolved the Old World card %(name)s in %(regions)s"), {"name": name, "regions": NameList(regions)}
    return N_("resolved the Old World card %(name)s"), {"name": name}


def draw_history(action: Action, seats: dict[str, Seat], state: dict) -> tuple[str, dict]:
    god, drawn = god_of(action, seats), action.payload.get("drawn")
    if god is None or not isinstance(drawn, int):
        return N_("drew chaos cards"), {}
    if action.payload.get("discard"):
        return (NP_("discarded a chaos card and drew %(count)d for %(god)s",
                    "discarded a chaos card and drew %(count)d for %(god)s"), {"count": drawn, "god": name_param(god)})
    return (NP_("drew %(count)d chaos card for %(god)s", "drew %(count)d chaos cards for %(god)s"),
            {"count": drawn, "god": name_param(god)})


def summon_history(action: Action, seats: dict[str, Seat], state: dict) -> tuple[str, dict]:
    p, god = action.payload, god_of(action, seats)
    if god is None or not is_region(p.get("region")) or not isinstance(p.get("paid"), int):
        return N_("summoned a figure"), {}
    params = {"unit": name_param(figure_of(god, p.get("unit"))), "region": name_param(p["region"]), "power": p["paid"]}
    if is_region(p.get("moved_from")):
        return (N_("moved %(unit)s from %(from)s to %(region)s for %(power)d power"),
                {**params, "from": name_param(p["moved_from"])})
    return N_("summoned %(unit)s into %(region)s for %(power)d power"), params


#: Parameters of a card's working lines that hold an id, shown by its translated name.
DONE_NAMED = ("god", "card", "other", "unit", "region", "from", "token")


def card_done(done) -> Sentences | None:
    """What the app carried out for a played card (its working lines, ids
    named), as one parameter of the history line."""
    if not isinstance(done, list) or not done or not all(
            isinstance(entry, dict) and isinstance(entry.get("msg"), str) and isinstance(entry.get("params"), dict)
            for entry in done):
        return None
    return Sentences([(entry["msg"], {key: name_param(value) if key in DONE_NAMED and isinstance(value, str)
                                      else value for key, value in entry["params"].items()}) for entry in done])


def card_history(action: Action, seats: dict[str, Seat], state: dict) -> tuple[str, dict]:
    p = action.payload
    if isinstance(p.get("played"), dict):  # a dealt card: what, where and for how much
        played = p["played"]
        params = {"name": name_param(played["card"]) if isinstance(played.get("card"), str) else "",
                  "region": name_param(played.get("region", "")), "cost": played.get("cost", 0)}
        god = god_of(action, seats)
        if god:
            params["god"] = name_param(god)
            done = card_done(p.get("done"))
            if done:
                params["done"] = done
                if played.get("slot") == 1:
                    return N_("played %(name)s for %(god)s in the right slot of %(region)s for %(cost)d power: "
                              "%(done)s"), params
                return N_("played %(name)s for %(god)s in the left slot of %(region)s for %(cost)d power: "
                          "%(done)s"), params
            if played.get("slot") == 1:
                return N_("played %(name)s for %(god)s in the right slot of %(region)s for %(cost)d power"), params
            return N_("played %(name)s for %(god)s in the left slot of %(region)s for %(cost)d power"), params
    params = {"name": str(p.get("name", ""))[:80], "region": name_param(p.get("region", ""))}
    if p.get("slot") == 1:
        return N_("played %(name)s in the right slot of %(region)s"), params
    return N_("played %(name)s in the left slot of %(region)s"), params


def choose_history(action: Action, seats: dict[str, Seat], state: dict) -> tuple[str, dict]:
    """"chose for Teleport in Tilea: Tzeentch's Acolyte moves from Tilea to Kislev"."""
    chose, done = action.payload.get("chose"), card_done(action.payload.get("done"))
    if not isinstance(chose, dict) or not is_region(chose.get("region")) or done is None:
        return N_("made a chaos card's choice"), {}
    return N_("chose for %(card)s in %(region)s: %(done)s"), {
        "card": name_param(str(chose.get("card"))), "region": name_param(chose["region"]), "done": done}


def pass_history(action: Action, seats: dict[str, Seat], state: dict) -> tuple[str, dict]:
    god = god_of(action, seats)
    if god is None:
        return N_("passed"), {}
    return N_("passed for %(god)s: no more summoning this round"), {"god": name_param(god)}


#: (first strike, typed) -> the line
ROLL_LINES = {
    (False, False): NP_("rolled %(count)d hit in %(region)s: %(faces)s",
                        "rolled %(count)d hits in %(region)s: %(faces)s"),
    (False, True): NP_("typed dice: %(count)d hit in %(region)s: %(faces)s",
                       "typed dice: %(count)d hits in %(region)s: %(faces)s"),
    (True, False): NP_("rolled first strike: %(count)d hit in %(region)s: %(faces)s",
                       "rolled first strike: %(count)d hits in %(region)s: %(faces)s"),
    (True, True): NP_("typed first-strike dice: %(count)d hit in %(region)s: %(faces)s",
                      "typed first-strike dice: %(count)d hits in %(region)s: %(faces)s"),
}


def roll_history(action: Action, seats: dict[str, Seat], state: dict) -> tuple[str, dict]:
    try:
        roll = Roll.from_json(action.payload["roll"], [COMBAT_DIE])
        hits, faces = roll.total("hit"), roll.faces_by_kind().get(COMBAT_DIE.kind, [])
    except (KeyError, TypeError, ValueError):
        return N_("rolled %(hits)d hits"), {"hits": 0}
    if not is_region(action.payload.get("region")):  # logged before the region was noted
        return N_("rolled %(hits)d hits"), {"hits": hits}
    typed = bool(str(action.payload.get("faces") or "").strip())
    return (ROLL_LINES[bool(action.payload.get("first_strike")), typed],
            {"count": hits, "region": name_param(action.payload["region"]), "faces": " ".join(map(str, faces))})


def assign_history(action: Action, seats: dict[str, Seat], state: dict) -> tuple[str, dict]:
    killed, region = action.payload.get("killed"), action.payload.get("region")
    if not isinstance(killed, list) or not is_region(region):
        return N_("assigned hits"), {}
    if not killed:
        return N_("killed nothing in %(region)s"), {"region": name_param(region)}
    names: dict[str, int] = {}
    for kill in killed:
        name = "peasant" if kill.get("owner") == "peasant" else figure_of(kill.get("owner"), kill.get("unit"))
        names[name] = names.get(name, 0) + 1
    return (NP_("killed %(count)d figure in %(region)s: %(figures)s",
                "killed %(count)d figures in %(region)s: %(figures)s"),
            {"count": len(killed), "region": name_param(region),
             "figures": NameList(list(names), list(names.values()))})


def hero_history(action: Action, seats: dict[str, Seat], state: dict) -> tuple[str, dict]:
    p, god = action.payload, god_of(action, seats)
    if god is None or not is_region(p.get("region")):
        return N_("removed a figure for a hero"), {}
    return (N_("removed %(unit)s from %(region)s for a hero"),
            {"unit": name_param(figure_of(god, p.get("unit"))), "region": name_param(p["region"])})


def end_history(action: Action, seats: dict[str, Seat], state: dict) -> tuple[str, dict]:
    played = action.payload.get("round")
    if not isinstance(played, int):
        return N_("scored the end phase"), {}
    return N_("ended round %(round)d: ruination scored, dials turned, the end checked"), {"round": played}


def upgrade_history(action: Action, seats: dict[str, Seat], state: dict) -> tuple[str, dict]:
    """"took the upgrade +1 power", and "apply it by hand" for a card whose
    effect the app does not apply."""
    god = action.payload.get("god") or (seats[action.seat].role if action.seat in seats else None)
    index = action.payload.get("upgrade")
    if god not in data.gods() or not isinstance(index, int) or not 0 <= index < 5:
        return N_("took an upgrade"), {}
    params = {"upgrade": Msg(name_of(data.gods()[god]["upgrades"][index]))}
    if upgrades.effects(god)[index] is None or not action.payload.get("applied"):
        return N_("took the upgrade %(upgrade)s: apply it by hand"), params
    return N_("took the upgrade %(upgrade)s"), params


def card_correction_history(action: Action, seats: dict[str, Seat], state: dict) -> tuple[str, dict]:
    p = action.payload
    owner, card_id = p.get("owner"), p.get("card")
    if owner not in GODS or card_id not in data.chaos_cards()[owner] or not isinstance(p.get("value"), int):
        return N_("corrected a chaos card from the printed card"), {}
    params = {"name": name_param(card_id), "god": name_param(owner), "value": p["value"]}
    if p.get("field") == "cost":
        return N_("corrected the printed cost of %(name)s (%(god)s) to %(value)d"), params
    if p["value"]:
        return N_("corrected %(name)s (%(god)s): it bears a magic symbol"), params
    return N_("corrected %(name)s (%(god)s): it bears no magic symbol"), params


def region_set_history(action: Action, seats: dict[str, Seat], state: dict) -> tuple[str, dict]:
    p = action.payload
    if not is_region(p.get("region")) or p.get("field") not in (*TOKEN_KINDS, "resistance", "conquest"):
        return N_("corrected a region"), {}
    return (N_("set %(what)s in %(region)s to %(value)d"),
            {"what": name_param(p["field"]), "region": name_param(p["region"]), "value": p.get("value", 0)})


def figures_history(action: Action, seats: dict[str, Seat], state: dict) -> tuple[str, dict]:
    p = action.payload
    if not is_region(p.get("region")) or p.get("owner") not in GODS or p.get("unit") not in UNIT_KINDS:
        return N_("entered figures from the board"), {}
    return (N_("entered from the board: %(count)d × %(unit)s in %(region)s"),
            {"count": p.get("count", 0), "unit": name_param(figure_of(p["owner"], p["unit"])),
             "region": name_param(p["region"])})


def corruption_history(action: Action, seats: dict[str, Seat], state: dict) -> tuple[str, dict]:
    p = action.payload
    if not is_region(p.get("region")) or p.get("owner") not in GODS:
        return N_("corrected corruption"), {}
    return (N_("set %(god)s's corruption in %(region)s to %(value)d"),
            {"god": name_param(p["owner"]), "region": name_param(p["region"]), "value": p.get("count", 0)})


def own_cards_only(action: Action, viewer: Seat | None) -> dict:
    """Chaos cards drawn or dealt are seen by their god's seat only: the
    cards a draw gave (`cards`, `discard_card`), or a discard chose (`cards`,
    `card_1`, `card_2`), by the seat that drew and a
    seat at that god; of the dealt hands and reward draws (by god), each
    seat its own god's."""
    payload, god = dict(action.payload), action.payload.get("god")
    mine = viewer is not None and (viewer.id == action.seat or viewer.role == god)
    if not mine:
        for key in ("cards", "discard_card", "card_1", "card_2"):
            payload.pop(key, None)
    for key in ("hands", "reward_cards"):
        if isinstance(payload.get(key), dict):
            payload[key] = {g: cards for g, cards in payload[key].items() if viewer is not None and viewer.role == g}
    return payload


def own_hand_only(action: Action, viewer: Seat | None) -> dict:
    """A seat's private list of the cards in its hand is for its eyes only."""
    return action.payload if viewer is not None and viewer.id == action.seat else {}


# -- what is open now (the main flow; corrections are never offered first) -------------------
#: Old World cards and chaos cards as a table plays them: a small realistic set.
OLD_WORLD_CARDS = ({"name": "Meteor Showers", "remove_after": True}, {"name": "Peasant Uprising"},
                   {"name": "Norse Reavers", "event": True, "event_regions": ["norsca"]})
CHAOS_CARDS = ({"name": "Blood Frenzy", "cost": 0, "domination": 0, "magic": 0},
               {"name": "Dark Influence", "cost": 1, "domination": 2, "magic": 1})


def gods_for(state: dict, seat: Seat | None, seats: dict) -> list[tuple[str, dict]]:
    """(god, payload naming it if needed) for each god in play `seat` may act
    for: its own god, and any god nobody sits at."""
    seated = {other.role for other in seats.values()}
    own = [(seat.role, {})] if seat is not None and seat.role in state["gods_in_play"] else []
    return own + [(god, {"god": god}) for god in state["gods_in_play"] if god not in seated]


def anyone(*phases: str):
    """Open to every seat (and the host) in `phases`."""
    def choices(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
        return [{}] if phase_of(state) in phases else []
    return choices


def sit_out_open(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    return [{}] if phase_of(state) == "setup" and state["sitting_out"] == "draw" else []


def tokens_open(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    placed = any(region["peasants"] for region in state["regions"].values())
    return [{"draw": True}] if phase_of(state) == "setup" and state["sitting_out"] != "draw" and not placed else []


def start_open(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    placed = any(region["peasants"] for region in state["regions"].values())
    return [{}] if phase_of(state) == "setup" and state["sitting_out"] != "draw" and placed else []


def next_phase_open(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    placing = any(entry["kind"] in ("old_world", "events") for entry in state["pending"])
    return [{}] if phase_of(state) == "old_world" and state["report"].get("old_world") and not placing else []


def place_open(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    choices = []
    for entry in state["pending"]:
        if entry["kind"] in ("old_world", "events"):
            choices += [{**named, "regions": {region: True for region in regions}}
                        for god, named in gods_for(state, seat, seats) if god == entry["god"]
                        for regions in old_world.choices(state, entry)]
    return choices


def old_world_open(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    if phase_of(state) != "old_world" or state["report"].get("old_world") or state["old_world"]["left"] <= 0:
        return []
    if state["old_world"].get("deck") is not None:
        return [named for god, named in gods_for(state, seat, seats) if god == lowest_threat(state)]
    return [{**card, **named} for god, named in gods_for(state, seat, seats) if god == lowest_threat(state)
            for card in OLD_WORLD_CARDS]


def draw_open(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    if phase_of(state) != "draw":
        return []
    may_discard = {god for god in state["gods_in_play"]
                   if data.gods()[god]["drawing"].get("may_discard") and state["gods"][god]["hand"] > 0}
    return [{**named, **choice} for god, named in gods_for(state, seat, seats) if god not in state["drawn"]
            for choice in ([{}, *discard_choices(state, god)] if god in may_discard else [{}])]


def discard_choices(state: dict, god: str) -> list[dict]:
    if not chaos_cards.dealt(state):
        return [{"discard": True}]
    return [{"discard": True, "discard_card": card} for card in sorted(set(chaos_cards.hand_of(state, god)))]


def on_turn(state: dict, seat: Seat | None, seats: dict) -> list[tuple[str, dict]]:
    """The god whose summoning turn it is, if `seat` acts for it."""
    if phase_of(state) != "summoning":
        return []
    return [(god, named) for god, named in gods_for(state, seat, seats) if god == turn_of(state)]


def summon_open(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    if card_choices.waiting(state):
        return []
    units = upgrades.unit_stats(state)
    return [{**named, "unit": unit, "region": region}
            for god, named in on_turn(state, seat, seats) for unit in UNIT_KINDS
            if summoning.on_map(state, god, unit) < units[god][unit]["count"]
            for region in REGIONS if summoning.may_place(state, god, region)
            and upgrades.summon_cost(state, god, unit, region) <= state["gods"][god]["power"]]


def free_slots(state: dict) -> list[tuple[str, int]]:
    return [(region, slot) for region, held in state["regions"].items() if not held["ruined"]
            for slot in (0, 1) if held["slots"][slot] is None]


def card_open(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    if card_choices.waiting(state):
        return []
    if chaos_cards.dealt(state):
        return [{**named, "card": card, "at": f"{region}:{slot}"}
                for god, named in on_turn(state, seat, seats)
                for card in sorted(set(chaos_cards.hand_of(state, god)))
                for region, slot in free_slots(state)
                if chaos_cards.cost_to_play(state, god, card, region)[0] <= state["gods"][god]["power"]]
    return [{**named, **card, "region": region, "slot": slot}
            for god, named in on_turn(state, seat, seats) if state["gods"][god]["hand"] > 0
            for card in CHAOS_CARDS if card["cost"] <= state["gods"][god]["power"]
            for region, held in state["regions"].items() if not held["ruined"]
            for slot in (0, 1) if held["slots"][slot] is None]


def pass_open(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    if card_choices.waiting(state):
        return []
    return [named for _, named in on_turn(state, seat, seats)]


def choose_open(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    """Every choice a played card asks of a god `seat` acts for."""
    return [{**named, **choice} for entry in card_choices.waiting(state)
            for god, named in gods_for(state, seat, seats) if god == entry["god"]
            for choice in card_choices.options(state, entry) or [{}]]  # nothing left: it does nothing


def fighting(state: dict, seat: Seat | None, seats: dict, rolled: bool) -> list[tuple[str, dict]]:
    """The god to roll (`rolled` False) or to assign its hits (True), if `seat` acts for it."""
    battle = state["battle"] if phase_of(state) == "battle" else None
    if not battle or not battle["queue"] or (battle["roll"] is not None) != rolled:
        return []
    god = battle["roll"]["god"] if rolled else battle["queue"][0]
    return [(own, named) for own, named in gods_for(state, seat, seats) if own == god]


def roll_open(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    return [named for _, named in fighting(state, seat, seats, rolled=False)]


def assign_open(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    """One legal assignment: kill the cheapest targets first while the hits
    last (what is left can kill nothing more)."""
    choices = []
    for god, named in fighting(state, seat, seats, rolled=True):
        hits, made = state["battle"]["roll"]["hits"], []
        targets = battle_phase.targets_now(state, god)
        for (owner, unit), target in sorted(targets.items(), key=lambda item: (item[1]["defense"], item[0])):
            for _ in range(target["count"]):
                if hits >= target["defense"]:
                    made.append({"owner": owner, "unit": unit, "hits": target["defense"]})
                    hits -= target["defense"]
        choices.append({**named, "assignments": made})
    return choices


def hero_open(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    if phase_of(state) != "end":
        return []
    asked = {(entry["god"], entry["region"]) for entry in state["pending"] if entry["kind"] == "hero"}
    return [{**named, "region": region, "unit": unit} for god, named in gods_for(state, seat, seats)
            for owner, region in sorted(asked) if owner == god
            for unit in UNIT_KINDS if count(state["board"], region, god, unit)]


def end_score_open(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    waiting = any(entry["kind"] == "hero" for entry in state["pending"])
    return [{}] if phase_of(state) == "end" and not waiting else []


def upgrade_open(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    """A dial reward's upgrade card waiting to be taken: any card not taken yet."""
    owed = {entry["god"] for entry in state["pending"] if entry["kind"] == "upgrade"}
    return [{**named, "upgrade": index} for god, named in gods_for(state, seat, seats) if god in owed
            for index, took in enumerate(state["gods"][god]["upgrades"]) if not took]


def hand_note_open(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    """A hand kept by hand, at a table whose cards are typed."""
    if seat is None or chaos_cards.dealt(state):
        return []
    return [{"names": "Blood Frenzy\nDark Influence"}, {"names": ""}]


SPECS = (
    # -- set-up
    ActionSpec("setup.sit_out", "With 3 players, draw which god sits out (the server draws; recorded as `god`).",
               effect=sit_out, history=sit_out_history,
               open=sit_out_open),
    ActionSpec("setup.tokens", "Place the starting Old World tokens: `tokens` {region: noble|warpstone|peasant} "
               "(2 nobles, 3 warpstone, 4 peasants; or form fields `token.<region>`), or `draw`: true for the "
               "server to draw them (recorded as `tokens`).",
               (flag("draw"), Json("tokens", default=None), *TOKEN_FIELDS),
               effect=place_tokens, history=tokens_history,
               open=tokens_open),
    ActionSpec("setup.start", "Start round 1 (at a table whose cards the app deals: each god's three chaos cards "
               "are dealt, recorded as `hands`, each seen by its god's seat only).", effect=start,
               history=N_("started round 1"), redact=own_cards_only, open=start_open),
    # -- the round
    ActionSpec("phase.next", "End the Old World or draw phase (the others end when their work is done).",
               effect=next_phase, history=N_("ended the Old World phase"),
               open=next_phase_open),
    ActionSpec("old_world.card", "The lowest-threat god draws and resolves the Old World card: at a table whose "
               "cards the app draws, the server draws it (recorded as `drawn_card`; or `card`, the one drawn "
               "from the table's own deck) and carries out what it knows; at a "
               "table from before, the card drawn at the table: `name`, flags `remove_after`, `removes_events`, "
               "`event`, `end_phase`, and `event_regions` (list of regions).",
               (GOD, Text("name", max_length=80, default=None), flag("remove_after"), flag("removes_events"),
                flag("event"), flag("end_phase"), Json("event_regions", default=None),
                Choice("card", choices=tuple(data.old_world_cards()), default=None,
                       doc="the card drawn from the table's own deck (default: the server draws)")),
               effect=old_world_card, history=old_world_history,
               open=old_world_open),
    ActionSpec("old_world.place", "Place the tokens the Old World card drawn asks for (or its event tokens): "
               "`regions` {region: true} (form fields `regions.<region>`).",
               (GOD, FormMap("regions")), effect=old_world_place, history=place_history, open=place_open),
    ActionSpec("draw", "Draw this round's chaos cards (Tzeentch: `discard` true to discard one first, "
               "`discard_card` which, at a table whose cards the app deals); the server records the cards as "
               "`cards`, seen by the god's seat only.",
               (GOD, flag("discard"), Text("discard_card", max_length=40, default=None)), effect=draw,
               history=draw_history, open=draw_open, redact=own_cards_only, secret_draws=True),
    ActionSpec("summon", "Summon `unit` (cultist, warrior, greater_daemon) into `region`, or move it from "
               "`moved_from`; optional `cost` when an effect changes it.",
               (GOD, UNIT, REGION, Choice("moved_from", choices=REGIONS, default=None),
                Int("cost", min=0, max=20, default=None)),
               effect=summon, history=summon_history,
               open=summon_open),
    ActionSpec("card.play", "Play a chaos card into a free slot: `region` and `slot` (0 left, 1 right), or `at` "
               "\"region:slot\". At a table whose cards the app deals: `card` (the card's id, or its `name`) from "
               "your hand; cost, domination and magic come from the card. At a table from before: `name`, `cost`, "
               "`domination`, `magic` as typed.",
               (GOD, Text("name", max_length=80, default=None), Int("cost", min=0, max=20, default=None),
                Int("domination", min=0, max=10, default=0), Int("magic", min=0, max=5, default=0),
                Choice("region", choices=REGIONS, default=None), Int("slot", min=0, max=1, default=None),
                Text("card", max_length=40, default=None), Choice("at", choices=SLOT_CHOICES, default=None)),
               effect=play_card, history=card_history,
               open=card_open),
    ActionSpec("card.choose", "Make the choice a played chaos card asks of your god (its owner; for The Meddling "
               "of Skaven's discards, the god it picked): Teleport `figure` (\"god:unit\", a cultist or warrior "
               "there) and `to` (a region); Warp Shield `unit` (one of your figures there); Soporific Musk `figure` "
               "(another god's); Dark Influence `token` (peasants, heroes, nobles) and `to` (a region not ruined); "
               "The Meddling of Skaven `owner` (a god with figures there), then that god's `cards` (two card ids "
               "from its hand, or form fields `card_1`, `card_2`; seen by its seat only); Changer of Ways `cancel` "
               "(yes or no: the card beside it, or the next one played beside it, is cancelled); Influenza `amount` (1 "
               "to 5: how much lower the region's resistance is this round, as the printed card gives it).",
               (GOD, Choice("figure", choices=FIGURE_CHOICES, default=None),
                Choice("to", choices=REGIONS, default=None), Choice("unit", choices=UNIT_KINDS, default=None),
                Choice("token", choices=("peasants", "heroes", "nobles"), default=None),
                Choice("owner", choices=GODS, default=None), Json("cards", default=None),
                Choice("card_1", choices=CHAOS_CARD_IDS, default=None),
                Choice("card_2", choices=CHAOS_CARD_IDS, default=None),
                Choice("cancel", choices=("yes", "no"), default=None), Int("amount", min=1, max=5, default=None)),
               effect=card_choose, history=choose_history, redact=own_cards_only, open=choose_open),
    ActionSpec("summoning.pass", "Take no more actions this summoning phase (power goes to 0).", (GOD,),
               effect=pass_summoning, history=pass_history,
               open=pass_open),
    ActionSpec("battle.roll", "Roll for a god fighting in the current region: `first_strike`, `dice` (first strike: "
               "how many; normal: added to the figures' dice), optional `faces` (physical results typed in); "
               "the server records the roll as `roll`.",
               (GOD, flag("first_strike"), Int("dice", min=-MAX_POOL, max=MAX_POOL, default=0),
                Text("faces", max_length=400, default="")),
               effect=battle_roll, history=roll_history,
               open=roll_open),
    ActionSpec("battle.assign", "Assign the last roll's hits: `assignments` [{owner, unit, hits}] (peasants: owner "
               "and unit `peasant`), or form fields `kill.<owner>.<unit>` = how many to kill.",
               (GOD, Json("assignments", default=None), *KILL_FIELDS),
               effect=battle_assign, history=assign_history,
               open=assign_open),
    ActionSpec("corruption.resolve", "Compute domination and corruption, region by region, then begin the end phase.",
               effect=resolve_corruption, history=N_("computed the corruption phase"),
               open=anyone("corruption")),
    ActionSpec("hero.remove", "The highest-threat god removes a figure (`unit`) from `region` for a hero there.",
               (GOD, REGION, UNIT), effect=hero_remove, history=hero_history,
               open=hero_open),
    ActionSpec("end.score", "Score ruined regions, turn the dials, and run the end checks (chaos cards a dial "
               "reward draws are recorded as `reward_cards`, each god's seen by its seat only).",
               effect=end_score, history=end_history, redact=own_cards_only,
               open=end_score_open),
    # -- corrections, any time
    ActionSpec("region.set", "Set a region's `field` (warpstone, heroes, nobles, peasants, skaven, resistance, "
               "conquest) to `value`.",
               (REGION, Choice("field", choices=(*TOKEN_KINDS, "resistance", "conquest")), Int("value", min=0, max=40)),
               effect=corrections.set_region, history=region_set_history),
    ActionSpec("region.figures", "Enter from the board how many `unit` figures god `owner` has in `region`: `count`.",
               (REGION, OWNER, UNIT, Int("count", min=0, max=12)),
               effect=corrections.set_figures, history=figures_history),
    ActionSpec("region.corruption", "Set god `owner`'s corruption in `region` to `count`.",
               (REGION, OWNER, Int("count", min=0, max=data.table()["corruption_tokens_per_god"])),
               effect=corrections.set_corruption, history=corruption_history),
    ActionSpec("region.control", "God `controller` controls one of `owner`'s `unit` figures in `region` "
               "(`release`: true ends it).",
               (REGION, OWNER, UNIT, Choice("controller", choices=GODS), flag("release")),
               effect=corrections.set_control, history=N_("changed who controls a figure")),
    ActionSpec("god.set", "Set a god's `field` (vp, power, power_bonus, dial_tokens, peasants, hand, deck, "
               "discard, dial) to `value`.", (GOD, Choice("field", choices=GOD_FIELDS), Int("value", min=0, max=999)),
               effect=corrections.set_god, history=N_("corrected a god's books")),
    ActionSpec("upgrade.take", "Take upgrade card `upgrade` (0-4) of the god.", (GOD, Int("upgrade", min=0, max=4)),
               effect=corrections.take_upgrade, history=upgrade_history, open=upgrade_open),
    ActionSpec("pending.done", "Mark the listed reminder `index` as done (a dial reward the group applied).",
               (Int("index", min=0, max=200),), effect=corrections.dismiss, history=N_("applied a dial reward")),
    ActionSpec("hand.note", "Your private list of the chaos cards in your hand: `names`, one per line.",
               (Text("names", max_length=2000, multiline=True, allow_empty=True),),
               effect=corrections.note_hand, history=N_("updated their private hand list"), redact=own_hand_only,
               open=hand_note_open),
    ActionSpec("components.unit", "Correct a unit's printed `field` (cost, attack, defense) for god `owner`, "
               "`unit`: `value`.",
               (OWNER, UNIT, Choice("field", choices=("cost", "attack", "defense")), Int("value", min=0, max=20)),
               effect=corrections.correct_unit, history=N_("corrected a unit from the printed sheet")),
    ActionSpec("components.dial", "Correct dial space `space` of god `owner`: `field` threat or amount, `value`.",
               (OWNER, Int("space", min=0, max=12), Choice("field", choices=("threat", "amount")),
                Int("value", min=0, max=50)),
               effect=corrections.correct_dial, history=N_("corrected a dial space from the printed dial")),
    ActionSpec("components.ruination", "Correct ruination card `card`: `field` ruiners (or first/second with "
               "`region`), `value`.",
               (Int("card", min=1, max=5), Choice("field", choices=("ruiners", "first", "second")),
                Choice("region", choices=REGIONS, default=None), Int("value", min=0, max=50)),
               effect=corrections.correct_ruination, history=N_("corrected a ruination card from the printed card")),
    ActionSpec("components.card", "Correct chaos card `card` of god `owner` where this table's copy differs: "
               "`field` cost (its domination too) or magic (1: a magic symbol, 0: none), `value`.",
               (OWNER, Choice("card", choices=CHAOS_CARD_IDS), Choice("field", choices=("cost", "magic")),
                Int("value", min=0, max=10)),
               effect=corrections.correct_card, history=card_correction_history),
)
