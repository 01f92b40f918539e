"""A monster's or a character summon's whole turn carried out in one action
(map.do): the option of the worked turn (map/turn.py) the table chose, with
the choices the rules left, done ability by ability in printed order. Every
modifier card is drawn here through the action's draws (logged as
"modifiers", one entry per target), so undo and replay give the same turn.

A summon's attack draws from its summoner's modifier deck when the table
keeps one (`summoner_deck`); until it does, from a fresh standard deck of 20
cards for that one draw (the seam for character decks drawn by the app).

A character's shield and retaliate for the round (play/bonuses.py) count
against each attack; traps and hazardous terrain the figure's move (or a
push or pull) enters hurt it (rulebook, "Traps", "Hazardous terrain": trap
damage 2 + the scenario level, hazardous half of it rounded down, each hex;
flying ignores both, a jump only where it lands; a trap is removed once
sprung); a card that consumes an element of the players' choice consumes
the one they pick (or the only one strong or waning) and infuses what it
gives at the end of the turn (rulebook, "Elemental infusions").
"""

from __future__ import annotations

import copy

from companion.games.gloomhaven import attacks, catalog, conditions, elements, modifiers
from companion.games.gloomhaven.map import board as maps
from companion.games.gloomhaven.map.solving import acting_figure, figure_label
from companion.games.gloomhaven.map.turn import (
    chosen_option,
    forced_end,
    move_on_map,
    read_picks,
)
from companion.games.gloomhaven.play import bonuses, common, damage, decks, waiting
from companion.games.gloomhaven.play.combat import GIVEN, _card_shield, _record, retaliates
from companion.games.gloomhaven.play.placing import (
    damage_standee,
    join_mid_round,
    new_deck_cards,
    place_standees,
)
from companion.kit.actions import Act
from companion.rules import N_, ActionError, Msg

#: A character's base attack modifier deck (rulebook, p. 21): the deck a
#: summon draws from while the table keeps no deck for its summoner.
BASE_CHARACTER_DECK = {"+0": 6, "+1": 5, "-1": 5, "+2": 1, "-2": 1, "x2": 1, "null": 1}
#: Conditions a figure may put on itself (or a summon be given) this way.
SELF_CONDITIONS = ("strengthen", "invisible", "bless")


def summoner_deck(state: dict, seat: str) -> dict | None:
    """The summoner's own modifier deck kept in the table state (play/decks.py:
    every character has one since the decks are drawn by the app), or None."""
    deck = state["characters"][seat].get("deck")
    return deck if isinstance(deck, dict) and "cards" in deck else None


def carry_out(act: Act) -> None:
    state = act.state
    figure_id = act.payload["standee"]
    board = maps.map_of(state)
    plan = board.get("plan")
    if not plan or plan["standee"] != figure_id or plan.get("chosen") is not None or plan.get("done"):
        raise ActionError(N_("Show this monster's turn first."), field="standee")
    if state["phase"] != "playing":
        raise ActionError(N_("Monsters and summons act during the round's turns."), field="standee")
    number = common.whole(act.payload, "option", 1, 999, default=1)
    option = chosen_option(state, figure_id, number)
    picks = read_picks(act.payload.get("choices"), option)
    shields = act.payload.get("shields") or {}
    if not isinstance(shields, dict) or not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 99
                                                for v in shields.values()):
        raise ActionError(N_("The action's details are malformed."), field="shields")
    kind, figure, seat = acting_figure(state, figure_id)
    turn = _Turn(act, kind, figure, seat, shields, act.payload.get("shield"))
    summons = []
    for index, step in enumerate(option["steps"]):
        if not turn.alive():  # a trap or a retaliate killed it: the rest of its card is not done
            break
        if step.get("skipped"):
            continue
        if step["kind"] == "move":
            turn.move(step)
        elif step["kind"] in ("attack", "condition") and "targets" in step:
            for t, target in enumerate(step["targets"]):
                if step["kind"] == "attack" and turn.alive():
                    turn.attack(step, target)
                turn.effects(target, forced_end(index, t, target, picks))
        elif step["kind"] == "consume" and step.get("wild"):
            turn.wild(step, picks.get(str(index)))
        elif step["kind"] == "condition":
            for condition in step.get("conditions", []):
                turn.on_itself(condition)
        elif step["kind"] == "heal":
            turn.heal(step.get("target") or picks.get(str(index)), step.get("value", 0))
        elif step["kind"] == "text" and step.get("suffer"):
            turn.suffer(step["suffer"])
        elif step["kind"] == "summon":
            for p, placement in enumerate(step.get("placements", [])):
                summons.append((step["monster"], placement.get("hex") or picks.get(f"{index}.{p}")))
    alive = turn.alive()
    move_on_map(state, figure_id, option["destination"] if alive and figure_id in board["at"] else None)
    if summons:
        _summon(act, option["worked"]["card"], summons)
    plan["done"] = {"option": number, "picks": picks}
    act.draws.note("figure", figure_label(kind, figure))
    for key, total in (("retaliated", turn.retaliated), ("trapped", turn.trapped)):
        if total:  # for the history line
            act.draws.note(key, total)
    if turn.trap_given:
        act.draws.note("trap_conditions", " ".join(sorted(set(turn.trap_given))))


class _Turn:
    def __init__(self, act: Act, kind: str, figure: dict, seat: str | None, shields: dict, shield: int | None):
        self.act, self.state, self.kind, self.figure, self.seat = act, act.state, kind, figure, seat
        self.label = figure_label(kind, figure)
        self.shields, self.shield = shields, shield
        self.draws = act.draws.series("modifiers")
        self.retaliated = self.trapped = 0  # damage it took from retaliates; damage traps and hazards did
        self.trap_given = []  # conditions traps gave

    def alive(self) -> bool:
        if self.kind == "standee":
            return self.figure in self.state["standees"]
        return self.figure in self.state["characters"][self.seat]["summons"]

    # -- its move ----------------------------------------------------------------------------
    def move(self, step: dict) -> None:
        """Along its path: each trap or hazardous hex it enters hurts it
        (flying: none; a jump: only the hex it lands on)."""
        move_on_map(self.state, self.figure["id"], step.get("destination"))
        entered = [] if flies(self.state, self.kind, self.figure) else (step.get("path") or [])[1:]
        if step.get("jump"):
            entered = entered[-1:]
        for hex_ in entered:
            if not self.alive():
                return
            self.trapped += terrain_hurts(self.state, (self.kind, self.figure, self.seat), hex_, self.trap_given,
                                          own_turn=True)

    def wild(self, step: dict, picked: str | None) -> None:
        """"Consume any element: infuse X": the element the players picked
        (or the only one there is) is consumed, X infused at the end of the turn."""
        element = step.get("taken") or picked or (step["elements"][0] if len(step.get("elements") or []) == 1
                                                  else None)
        if element is None:
            return
        board = self.state["elements"]
        if not step.get("taken"):
            elements.consume(board, element)
            consumed = self.state.get("consumed") or {}
            consumed.setdefault("by_hand", []).append(element)
            common.news(self.state, [N_("%(name)s consumes %(element)s."),
                                     {"name": self.label, "element": Msg(elements.LABELS[element])}])
        for infused in step.get("infuses", []):
            if infused in elements.ELEMENTS and infused not in board["infusing"]:
                board["infusing"].append(infused)
                common.news(self.state, [N_("%(element)s will be strong at the end of its turn."),
                                         {"element": Msg(elements.LABELS[infused])}])

    # -- whom it hits ----------------------------------------------------------------------
    def _target(self, target_id: str) -> tuple[str, dict, str | None] | None:
        """("standee"/"summon"/"character", the figure, its seat), None when gone."""
        if target_id in self.state["characters"]:
            who = self.state["characters"][target_id]
            return None if who["exhausted"] else ("character", who, target_id)
        try:
            return acting_figure(self.state, target_id)
        except ActionError:
            return None

    def _name(self, kind: str, figure: dict) -> str:
        return figure["name"] if kind == "character" else figure_label(kind, figure)

    def _deck(self) -> tuple[dict, bool]:
        """The deck its attacks draw from, and whether the draw leaves it."""
        if self.kind == "standee":
            return self.state["modifiers"], True
        deck = summoner_deck(self.state, self.seat)
        if deck is not None:
            return deck, True
        return modifiers.new_deck(BASE_CHARACTER_DECK), False

    def attack(self, step: dict, target: dict) -> None:
        found = self._target(target["id"])
        if found is None:  # died earlier this turn: the solver assumes every target lives
            return
        kind, victim, seat = found
        mode = ("advantage" if target.get("advantage") and not target.get("disadvantage") else
                "disadvantage" if target.get("disadvantage") and not target.get("advantage") else "normal")
        deck, kept = self._deck()
        cards = self.draws.take(lambda rng: modifiers.draw_for_attack(copy.deepcopy(deck), mode, rng))
        if not isinstance(cards, list) or not cards:
            raise ActionError(N_("The modifier cards were not drawn."), field="modifiers")
        if kept:
            for code in cards:
                modifiers.take(deck, code)
        name = self._name(kind, victim)
        shield = self._shield(kind, victim, target["id"])
        result = attacks.calculate(step.get("value", 0), cards=cards, mode=mode, shield=shield,
                                   pierce=step.get("pierce", 0) or 0, poisoned="poison" in victim["conditions"])
        if self.kind == "summon" and not kept:
            result["working"].insert(0, [N_("drawn from a standard modifier deck (the table keeps none for "
                                            "%(owner)s)"), {"owner": self.state["characters"][self.seat]["name"]}])
        result["working"].append([N_("damage %(damage)d"), {"damage": result["damage"]}])
        answer = None
        if self.kind == "standee" and kind != "standee" and not (kind == "summon" and result["damage"] >=
                                                                  victim["hp"]):  # a summon it kills doesn't
            defence = bonuses.active(self.state, seat) if kind == "character" else bonuses.summon_defence(victim)
            answer = bonuses.retaliation(self.state, defence, step.get("from"), _hex_of(self.state, target["id"]))
        if answer:
            result["working"].append([N_("then %(name)s retaliates %(value)d (range %(range)d; %(away)d hexes "
                                         "away)"), {"name": name, "value": answer[0], "range": answer[1],
                                                    "away": answer[2]}])
        _record(self.state, self.label, name, mode, result)
        common.news(self.state, [N_("%(attacker)s attacks %(target)s: %(damage)d damage."),
                                 {"attacker": self.label, "target": name, "damage": result["damage"]}])
        self._hurt(kind, victim, seat, name, result)
        if answer and kind == "character":
            self._retaliated(seat, victim, name, answer[0])
        elif answer:  # a summon takes its damage at once: it stands
            bonuses.retaliate_on(self.state, name, self.figure, answer[0])
            self.retaliated += answer[0]

    def _shield(self, kind: str, victim: dict, target_id: str) -> int:
        """A standee's from its cards; a character's or summon's as the
        payload says, else a character's shield for the round or a summon's
        from its card (play/bonuses.py)."""
        if kind == "standee":
            return (common.stats(self.state, victim["monster"], victim["rank"]).get("shield") or 0) \
                + _card_shield(self.state, victim)
        value = self.shields.get(target_id, self.shield)
        if value is None:
            value = (bonuses.active(self.state, target_id) if kind == "character"
                     else bonuses.summon_defence(victim))["shield"]
        return value if isinstance(value, int) else 0

    def _retaliated(self, seat: str, who: dict, name: str, value: int) -> None:
        """Retaliate after the attack: at once, or waiting with damage that could exhaust the character."""
        if bonuses.answer_attack(self.state, seat, name, self.figure, value):
            self.retaliated += value

    def _hurt(self, kind: str, victim: dict, seat: str | None, name: str, result: dict) -> None:
        amount = result["damage"]
        if kind == "standee":
            stats = common.stats(self.state, victim["monster"], victim["rank"])
            damage_standee(self.state, victim, amount)
            if victim in self.state["standees"]:
                for value, reach, working in retaliates(self.state, victim, stats):
                    waiting.add(self.state, self.seat, self.figure, value, common.standee_label(victim),
                                "retaliate", working, reach)
            return
        if not amount:
            return
        if kind == "summon":
            damage.suffer(self.state, {"seat": seat, "summon": victim["id"], "name": name, "amount": amount})
        else:
            waiting.add(self.state, seat, None, amount, self.label, "attack", result["working"])

    def effects(self, target: dict, end: list | None) -> None:
        """Its conditions on the target (one of each, immunities kept), and its push or pull."""
        found = self._target(target["id"])
        if found is None:
            return
        kind, victim, seat = found
        name = self._name(kind, victim)
        immune = common.stats(self.state, victim["monster"], victim["rank"]).get("immunities", []) \
            if kind == "standee" else []
        for condition in target.get("conditions", []):
            if condition == "curse":
                self._curse(kind, seat, victim)
            elif condition in GIVEN and condition not in victim["conditions"] and condition not in immune:
                conditions.give(victim, condition)
                common.news(self.state, [GIVEN[condition], {"name": name}])
        if end is not None:
            move_on_map(self.state, target["id"], end)
            common.news(self.state, [N_("%(name)s is moved to [%(q)d, %(r)d]."), {"name": name, "q": end[0],
                                                                                  "r": end[1]}])
            for hex_ in _forced_path(target, end)[1:]:  # forced movement springs traps too
                if self._target(target["id"]) is None:
                    break
                self.trapped += terrain_hurts(self.state, found, hex_, self.trap_given)

    def _curse(self, kind: str, seat: str | None, victim: dict) -> None:
        if kind == "standee":
            try:
                modifiers.add_card(self.state["modifiers"], "curse", self.state["curse_limit"])
            except ActionError:
                return
            common.news(self.state, [N_("A curse is shuffled into the monster modifier deck."), {}])
            return
        common.news(self.state, decks.curse(self.state, seat))  # into the deck the table keeps for them

    def on_itself(self, condition: str) -> None:
        if condition in SELF_CONDITIONS and condition not in self.figure["conditions"]:
            conditions.give(self.figure, condition, own_turn=True)

    def suffer(self, amount: int) -> None:
        common.news(self.state, [N_("%(name)s suffers %(amount)d damage."), {"name": self.label, "amount": amount}])
        if self.kind == "standee":
            damage_standee(self.state, self.figure, amount)
        else:
            self.figure["hp"] -= amount
            if self.figure["hp"] <= 0:
                self.state["characters"][self.seat]["summons"].remove(self.figure)

    def heal(self, target_id: str | None, value: int) -> None:
        found = self._target(target_id) if target_id else None
        if found is None:
            return
        kind, figure, _seat = found
        lines = conditions.heal(figure, value, figure["max_hp"])
        common.news(self.state, [N_("%(name)s heals %(amount)d."), {"name": self._name(kind, figure),
                                                                  "amount": value}], *lines)


def flies(state: dict, kind: str, figure: dict) -> bool:
    """A flying monster's standee or a summon with flying (a character's
    flying is the move's, not the figure's: nothing the table keeps)."""
    if kind == "standee":
        return bool(common.stats(state, figure["monster"], figure["rank"]).get("flying"))
    return kind == "summon" and bool((figure.get("stats") or {}).get("flying"))


def _hex_of(state: dict, figure_id: str) -> list | None:
    where = maps.map_of(state)["at"].get(figure_id)
    return list(maps.unkey(where)) if where else None


def _forced_path(target: dict, end: list) -> list:
    """The way a push or pull to `end` goes (of those, the one with the fewest traps)."""
    forced = next((target[w] for w in ("push", "pull") if isinstance(target.get(w), dict)), {})
    ways = [c for c in forced.get("choices", []) if c.get("destination") == end]
    return min(ways, key=lambda c: c.get("traps", 0))["path"] if ways else []


TRAP_LINES = {
    "trap": N_("%(name)s springs the trap on [%(q)d, %(r)d]: %(damage)d damage; the trap is removed."),
    "hazardous": N_("%(name)s enters hazardous terrain on [%(q)d, %(r)d]: %(damage)d damage."),
}


def _trap_conditions(state: dict, found: tuple[str, dict, str | None], named: list, name: str,
                     own_turn: bool) -> list[str]:
    """The trap's conditions on the figure that sprang it (one of each; a
    standee's immunities kept; one given on its own turn lasts through its
    next); those given."""
    kind, figure, _seat = found
    immune = common.stats(state, figure["monster"], figure["rank"]).get("immunities", []) \
        if kind == "standee" else []
    given = []
    for condition in named:
        if condition in GIVEN and condition not in figure["conditions"] and condition not in immune:
            conditions.give(figure, condition, own_turn=own_turn)
            common.news(state, [GIVEN[condition], {"name": name}])
            given.append(condition)
    return given


def terrain_hurts(state: dict, found: tuple[str, dict, str | None], hex_: list, given: list | None = None,
                  own_turn: bool = False) -> int:
    """A figure entered hex `hex_` by a normal or forced move: a trap there
    does the trap damage (unless its scenario says it does none), gives the
    conditions the scenario prints for it (added to `given`) and is removed;
    hazardous terrain does half of the trap damage (rounded down) and stays
    (rulebook, "Overlay tiles": traps, hazardous terrain). A character's
    damage waits on its phone; a summon's and a standee's is taken at once.
    The damage done (0: no such hex)."""
    given = [] if given is None else given
    board = maps.map_of(state)
    where = maps.key(tuple(hex_))
    terrain = board["hexes"].get(where)
    if terrain not in TRAP_LINES:
        return 0
    kind, figure, seat = found
    worth = (state.get("values") or {}).get("trap_damage" if terrain == "trap" else "hazardous_damage") or {}
    amount, working = worth.get("value", 0), worth.get("working", [])
    effects = maps.trap_effects(board, where) if terrain == "trap" else maps.PLAIN_TRAP
    if terrain == "trap":
        board["hexes"][where] = ""
        maps.forget_trap(board, where)
    name = figure["name"] if kind == "character" else figure_label(kind, figure)
    if effects["damage"]:
        common.news(state, [TRAP_LINES[terrain], {"name": name, "q": hex_[0], "r": hex_[1], "damage": amount}])
    else:
        amount = 0
        common.news(state, [N_("%(name)s springs the trap on [%(q)d, %(r)d]; the trap is removed."),
                            {"name": name, "q": hex_[0], "r": hex_[1]}])
    given.extend(_trap_conditions(state, found, effects["conditions"], name, own_turn))
    if amount <= 0:
        return 0
    if kind == "standee":
        damage_standee(state, figure, amount)
    elif kind == "summon":
        damage.suffer(state, {"seat": seat, "summon": figure["id"], "name": name, "amount": amount})
    else:
        waiting.add(state, seat, None, amount, name, "trap", [*working, [N_("damage %(damage)d"),
                                                                          {"damage": amount}]])
    return amount


def summon_rank(state: dict, card: list, monster_id: str) -> str | None:
    """The rank a card's summon of `monster_id` has for this many characters
    (None: one the data gives its own hit points, left to the table)."""
    count = str(common.character_count(state))
    stack = list(card)
    while stack:
        action = stack.pop(0)
        stack.extend(action.get("consume", []) + action.get("then", []))
        for entry in action.get("monsters", []) if action.get("kind") == "summon" else []:
            if entry.get("monster") != monster_id or "hit_points" in entry:
                continue
            return entry["by_characters"].get(count) if "by_characters" in entry else entry.get("rank", "normal")
    return None


def _summon(act: Act, card: list, summons: list) -> None:
    """The summoned standees drawn (logged as "placed", their decks' cards as
    "cards") and put on the hexes the turn found for them."""
    state = act.state
    wanted, hexes = [], []
    for monster_id, hex_ in summons:
        rank = summon_rank(state, card, monster_id) if monster_id in catalog.monster_ids() else None
        if rank is None or hex_ is None:
            common.news(state, [N_("Place what it summons by hand: %(monster)s."), {"monster": str(monster_id)}])
            continue
        wanted.append({"monster": monster_id, "rank": rank})
        hexes.append(hex_)
    if not wanted:
        return
    placed, missing = common.standee_numbers(act.draws, wanted, state["standees"], keep_missing=False)
    cards = new_deck_cards(act.draws, state, placed)
    added = place_standees(state, placed, coin=False, summoned_round=state["round"])
    join_mid_round(state, added, cards)
    for standee, hex_ in zip(added, hexes):
        move_on_map(state, standee["id"], hex_)
        common.news(state, [N_("%(standee)s placed."), {"standee": common.standee_label(standee)}])
    if missing:
        common.news(state, [N_("Every %(monster)s standee is on the map."),
                            {"monster": catalog.monster_name(missing[0]["monster"])}])
