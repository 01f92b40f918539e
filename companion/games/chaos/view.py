"""What the pages and the API show beside the state: numbers derived from it
(effective resistance and conquest, tokens toward ruin, threats, the battle
in progress with its dice and chances), all JSON-able."""

from __future__ import annotations

from companion.games.chaos import chaos_cards, data, old_world, upgrades
from companion.games.chaos.battle_phase import dice_for, targets_now
from companion.games.chaos.board import (
    effective_conquest,
    effective_resistance,
    lowered_by,
    magic_symbols,
    region_view,
    total_tokens,
)
from companion.games.chaos.dial import dial_track
from companion.games.chaos.dice import chances_of_hits
from companion.games.chaos.names import NameList, name_param
from companion.games.chaos.old_world import active_events
from companion.games.chaos.state import highest_threat, lowest_threat, phase_of, round_of, threat, turn_of
from companion.games.chaos.summoning import may_place
from companion.games.chaos.upgrades import unit_stats
from companion.kit.alike import alike
from companion.kit.now import now
from companion.kit.working import line, summed, worked
from companion.rules import N_, NP_, Seat


def round_fields(state: dict) -> dict:
    """The round as the view has always shown it beside the kit's flow:
    "round", "phase", "turn" (the god whose summoning turn it is, or who
    rolls or assigns in the battle under way), and each god "out" of the
    summoning phase (out from the moment it passes until the next draw phase)."""
    phase, battle = phase_of(state), state.get("battle")
    turn = turn_of(state)
    if phase == "battle" and battle and battle["queue"]:
        turn = battle["queue"][0]
    after = phase in ("battle", "corruption", "end")
    return {"round": round_of(state), "phase": phase, "turn": turn,
            "out": {god: god in state["flow"]["passed"] if phase == "summoning" else after
                    for god in state["gods_in_play"]}}


def table_view(state: dict, seat: Seat | None, shown: dict) -> dict:
    """The view of `state` (current shape) for `seat` (None: the display),
    completing the kit's `shown`: the round where clients have always read
    it, each god's books with whether it is out, the derived numbers, the
    god's own chaos cards in hand (on its own phone only) and `my_god`."""
    fields = round_fields(state)
    out = fields.pop("out")
    shown.update(fields)  # round, phase and turn where clients have always read them
    shown["gods"] = {god: {**books, "out": out[god]} for god, books in state["gods"].items()}
    # The same for every seat: once per version while the platform renders it.
    shown["derived"] = alike(state, "derived", lambda: derived(state)) if phase_of(state) != "setup" else {}
    # A god's chaos cards in hand: on its own phone only.
    shown["hands"] = {seat.role: hand_view(state, seat.role)} \
        if seat is not None and chaos_cards.dealt(state) and seat.role in state["gods_in_play"] else {}
    shown["my_god"] = seat.role if seat is not None and seat.role in state["gods_in_play"] else None
    return shown


def phone_view(state: dict, seat: Seat | None, seats: dict[str, Seat], shown: dict, open_actions: dict) -> dict:
    """What a page's regions read, completing the `table_view` `shown`: the
    hands of gods nobody sits at, the card at the top with `open_actions`,
    and every number the pages show with its working."""
    if seat is not None and chaos_cards.dealt(state):  # a god nobody sits at is played from any phone
        seated = {other.role for other in seats.values()}
        shown["hands"].update({god: hand_view(state, god) for god in state["gods_in_play"] if god not in seated})
    shown["now"] = now_for(state, seat, open_actions)
    # Every number the pages show, with its working (the same for every seat).
    shown["worked"] = alike(state, "worked", lambda: worked_numbers(state))
    return shown


def derived(state: dict) -> dict:
    regions = data.regions()
    live_events = active_events(state["regions"], state["old_world"]["track"])
    shown = {
        "threat": {god: threat(state, god) for god in state["gods_in_play"]},
        "lowest": lowest_threat(state),
        "highest": highest_threat(state),
        "ruin_at": data.table()["ruin_at"],
        "regions": {
            rid: {"resistance": effective_resistance(region), "conquest": effective_conquest(region),
                  # Cards lowering the resistance this round (Influenza): the amount and the first such card.
                  "lowered": sum(amount for _, amount in lowered_by(region)),
                  "lowered_by": next((held["card"] for held, _ in lowered_by(region)), None),
                  "tokens": total_tokens(region), "magic": magic_symbols(region_view(state, rid)),
                  "populous": regions[rid]["populous"], "adjacent": regions[rid]["adjacent"],
                  "active_events": live_events[rid],
                  "may_summon": [god for god in state["gods_in_play"] if may_place(state, god, rid)]}
            for rid, region in state["regions"].items()
        },
        "battle": battle_view(state),
        "dials": {god: dial_track(god, state["gods"][god]["dial"], state["components"]["dials"][god])
                  for god in state["gods_in_play"]},
        # Power each draw phase gives, unit stats as they count now, the upgrade cards.
        "power": {god: power_view(state, god) for god in state["gods_in_play"]},
        "units": unit_stats(state),
        "upgrades": {god: upgrades.cards(state, god) for god in state["gods_in_play"]},
        # What each card does, for the cards the pages name (None: the printed card says).
        "card_texts": card_texts(),
        "summary": corruption_summary(state),
    }
    return shown


def card_texts() -> dict:
    texts = {card_id: card["summary"] for cards in data.chaos_cards().values() for card_id, card in cards.items()}
    texts.update({card_id: card["summary"] for card_id, card in data.old_world_cards().items()})
    return texts


def hand_view(state: dict, god: str) -> list[dict]:
    """A god's chaos cards in hand, for its own phone: each with its cost,
    magic and what it does; copies counted."""
    held = chaos_cards.hand_of(state, god)
    return [{"card": card_id, "copies": held.count(card_id), "cost": card["cost"], "magic": card["magic"],
             "summary": card["summary"], "known": card["does"] is not None}
            for card_id, card in data.chaos_cards()[god].items() if card_id in held]


def corruption_summary(state: dict) -> list[dict] | None:
    """After the corruption phase is computed, the round's story region by
    region: who dominated with what sums and scored what, the corruption
    placed, and the regions ruined and by whom (None before)."""
    report = state["report"]
    if "corruption" not in report:
        return None
    rows = []
    for rid in data.region_order():
        dominated, corrupted = report.get("domination", {}).get(rid), report["corruption"].get(rid)
        if not dominated and not corrupted:
            continue
        if not (dominated and any(score["total"] for score in dominated["scores"].values())) \
                and not any((corrupted or {}).get("placed", {}).values()):
            continue  # nothing happened there: the summary reads at a glance
        rows.append({
            "region": rid,
            "winner": dominated["winner"] if dominated else None, "vp": dominated["vp"] if dominated else 0,
            "sums": {god: score["total"] for god, score in (dominated or {}).get("scores", {}).items()
                     if score["total"]},
            "placed": {god: count for god, count in (corrupted or {}).get("placed", {}).items() if count},
            "ruined": bool(corrupted and corrupted["ruined"]), "ruiners": (corrupted or {}).get("ruiners", []),
            "ruiners_vp": (corrupted or {}).get("ruiners_vp", 0),
        })
    return rows


def power_view(state: dict, god: str) -> dict:
    value, working = upgrades.power_per_round(state, god)
    return {"per_round": value, "bonus": value - data.gods()[god]["power"], "working": working}


def battle_view(state: dict) -> dict | None:
    battle = state.get("battle")
    if phase_of(state) != "battle" or not battle or not battle["queue"]:
        return None
    # Whose hits are to be assigned, else whose turn it is to roll.
    god = battle["roll"]["god"] if battle["roll"] else battle["queue"][0]
    dice = dice_for(state, god, False, 0) if god == battle["queue"][0] else 0
    targets = targets_now(state, god)
    wounds = battle["wounds"].get(god, {})
    return {
        "god": god,
        "dice": dice,
        # P(at least k hits), exact, shown as a percentage and as the fraction.
        "chances": [[k, round(float(p) * 100, 1), f"{p.numerator}/{p.denominator}"] for k, p in chances_of_hits(dice)],
        "targets": [{"owner": owner, "unit": unit, "count": t["count"], "defense": t["defense"],
                     "needed": max(1, t["defense"] - wounds.get(f"{owner}|{unit}", 0))}
                    for (owner, unit), t in targets.items()],
    }


# -- the card at the top of a phone ---------------------------------------------------------
#: Open to a seat at any moment, never the table's next step.
NOT_A_STEP = frozenset({"hand.note"})


def now_for(state: dict, seat: Seat | None, open_actions: dict) -> dict:
    """What the table waits for, whether it waits for this phone (its god, or
    a god nobody sits at, or anyone), and the actions open to it now."""
    steps = {kind: choices for kind, choices in open_actions.items() if kind not in NOT_A_STEP}
    message, params = waiting_for(state)
    shown = now(message, params, you=seat is not None and bool(steps), open_actions=steps if seat else {})
    # The gods each open action is for, in turn order (a payload naming none is the seat's own).
    own = seat.role if seat is not None else None
    shown["gods"] = {kind: [god for god in state["gods_in_play"]
                            if any(choice.get("god", own) == god for choice in choices)]
                     for kind, choices in steps.items()}
    # A card that names pairs of regions (Dwarf Trollslayers) is placed with one
    # tap on a pair, not by ticking two regions that may not go together.
    shown["pending"] = [{**entry, "pairs": old_world.choices(state, entry)} if entry["kind"] == "old_world"
                        and (old_world.effect(state, entry["card"]) or {}).get("pairs") and "allowed" in entry
                        else entry for entry in state["pending"]]
    return shown


def waiting_for(state: dict) -> tuple[str, dict]:
    """The sentence for what the table waits for, by phase."""
    phase = phase_of(state)
    if phase == "setup":
        if state["sitting_out"] == "draw":
            return N_("Set-up: draw which god sits out."), {}
        if not any(region["peasants"] for region in state["regions"].values()):
            return N_("Set-up: place the starting Old World tokens."), {}
        return N_("Set-up is done: start round 1."), {}
    if phase == "old_world":
        if state["report"].get("old_world"):
            return N_("The Old World card is resolved: on to the draw phase."), {}
        return (N_("%(god)s (lowest threat) draws and resolves the Old World card."),
                {"god": name_param(lowest_threat(state))})
    if phase == "draw":
        waiting = [god for god in state["gods_in_play"] if god not in state["drawn"]]
        return N_("Draw phase: waiting for %(gods)s to draw."), {"gods": NameList(waiting)}
    if phase == "summoning":
        choosing = next((entry for entry in state["pending"] if entry["kind"] == "card"), None)
        if choosing:
            return (N_("%(god)s chooses what %(card)s does in %(region)s."),
                    {"god": name_param(choosing["god"]), "card": name_param(choosing["card"]),
                     "region": name_param(choosing["region"])})
        god = turn_of(state)
        return (N_("Turn: %(god)s, %(power)d power left."),
                {"god": name_param(god), "power": state["gods"][god]["power"]})
    if phase == "battle":
        return battle_line(state)
    if phase == "corruption":
        return N_("Every battle is fought: compute domination and corruption."), {}
    if phase == "end":
        heroes = [entry["god"] for entry in state["pending"] if entry["kind"] == "hero"]
        if heroes:
            return N_("%(god)s removes a figure for each hero first."), {"god": name_param(heroes[0])}
        return N_("End phase: score ruination, turn the dials, check the end."), {}
    return N_("The game is over."), {}


def battle_line(state: dict) -> tuple[str, dict]:
    battle = state["battle"]
    if not battle or not battle["queue"]:
        return N_("Battle phase"), {}
    region = name_param(battle["region"])
    if battle["roll"]:
        return (NP_("Battle in %(region)s: %(god)s assigns %(count)d hit.",
                    "Battle in %(region)s: %(god)s assigns %(count)d hits."),
                {"region": region, "god": name_param(battle["roll"]["god"]), "count": battle["roll"]["hits"]})
    return N_("Battle in %(region)s: %(god)s rolls."), {"region": region, "god": name_param(battle["queue"][0])}


# -- every number the pages show, worked (kit/working.py), in the one shape ------------------
#: Working params that hold an id, shown by its translated name.
NAMED_PARAMS = ("god", "unit", "upgrade", "region", "card", "other")


def kit_line(entry: dict) -> list:
    """A working line as the state keeps it ({msg, params}) in the kit's shape, ids named."""
    params = entry["params"]
    return line(entry["msg"], **{key: name_param(value) if key in NAMED_PARAMS and isinstance(value, str) else value
                                 for key, value in params.items()})


def kit_lines(entries: list) -> list[list]:
    return [kit_line(entry) for entry in entries]


def worked_numbers(state: dict) -> dict:
    """The numbers the gods' table, the regions and the reports show, each with its working."""
    if phase_of(state) == "setup":
        return {}
    report = state["report"]
    end = report.get("end") or {}
    return {
        "gods": {god: god_numbers(state, god) for god in state["gods_in_play"]},
        "domination": {rid: domination_numbers(result) for rid, result in report.get("domination", {}).items()},
        "corruption": {rid: worked(result["total"], kit_lines(result["working"]))
                       for rid, result in report.get("corruption", {}).items()},
        "ruination": {rid: worked(sum(result["vp"].values()), kit_lines(result["working"]))
                      for rid, result in end.get("ruination", {}).items()},
        "dial": dial_worked(end),
        "previous": previous_numbers(state.get("previous") or {}),
        "result": worked(len(state["result"]["winners"]), kit_lines(state["result"]["working"]))
        if state.get("result") else None,
        "upgrade_effects": {god: {card["index"]: [kit_line(card["effect"])]
                                  for card in upgrades.cards(state, god) if card["taken"]}
                            for god in state["gods_in_play"]},
    }


def god_numbers(state: dict, god: str) -> dict:
    books = state["gods"][god]
    per_round, power_working = upgrades.power_per_round(state, god)
    return {
        "vp": vp_worked(state, god),
        "threat": worked(threat(state, god), [line(N_("%(god)s's dial is on space %(space)d: threat %(threat)d"),
                                                   god=name_param(god), space=books["dial"],
                                                   threat=threat(state, god))]),
        "power": worked(books["power"], [*kit_lines(power_working),
                                         line(N_("%(left)d of %(power)d left this round"),
                                              left=books["power"], power=per_round)]),
        "per_round": worked(per_round, kit_lines(power_working)),
        "dial_tokens": worked(books["dial_tokens"], dial_token_lines(state, god)),
        "hand": worked(books["hand"], card_lines(books)), "deck": worked(books["deck"], card_lines(books)),
        "discard": worked(books["discard"], card_lines(books)),
        "peasants": worked(books["peasants"], [line(N_("Peasants %(god)s has captured in battle: %(count)d"),
                                                    god=name_param(god), count=books["peasants"])]),
    }


def card_lines(books: dict) -> list[list]:
    return [line(N_("Chaos cards: %(hand)d in hand + %(deck)d in the deck + %(discard)d discarded"),
                 hand=books["hand"], deck=books["deck"], discard=books["discard"])]


def dial_token_lines(state: dict, god: str) -> list[list]:
    """Where this round's dial tokens came from (each god's own condition)."""
    report, lines = state["report"], []
    if god == "khorne":
        for rid in (state.get("battle") or {}).get("khorne", []) or report.get("khorne_battles", []):
            lines.append(line(N_("Killed in battle in %(region)s: +1"), region=name_param(rid)))
    for rid, result in report.get("corruption", {}).items():
        if god in result.get("dial_tokens", []):
            lines.append(line(N_("Corruption placed in %(region)s: +1"), region=name_param(rid)))
    lines.append(line(N_("%(count)d dial tokens now (they turn the dial in the end phase)"),
                      count=state["gods"][god]["dial_tokens"]))
    return lines


def vp_worked(state: dict, god: str) -> dict:
    """This round's VP by where they came from; the rest from earlier rounds (and corrections)."""
    report, lines = state["report"], []
    for rid, result in report.get("domination", {}).items():
        if result["winner"] == god and result["vp"]:
            lines.append(line(N_("Dominated %(region)s: %(amount)d VP"), region=name_param(rid), amount=result["vp"]))
    for rid, result in report.get("corruption", {}).items():
        if result.get("ruined") and god in result.get("ruiners", []) and result.get("ruiners_vp"):
            lines.append(line(N_("Ruined %(region)s: %(amount)d VP"), region=name_param(rid),
                              amount=result["ruiners_vp"]))
    end = report.get("end") or {}
    for rid, result in end.get("ruination", {}).items():
        if result["vp"].get(god):
            lines.append(line(N_("Corruption in ruined %(region)s: %(amount)d VP"), region=name_param(rid),
                              amount=result["vp"][god]))
    for reward in (end.get("dial", {}).get("moved", {}).get(god, {}).get("rewards") or []):
        if reward.get("kind") == "vp":
            lines.append(line(N_("Dial reward: %(amount)d VP"), amount=reward.get("amount", 1)))
    before = state["gods"][god]["vp"] - sum(entry[1]["amount"] for entry in lines)
    if before or not lines:
        lines.insert(0, line(N_("Before this round (and corrections): %(amount)d VP"), amount=before))
    return summed(lines)


def domination_numbers(result: dict) -> dict:
    tail = kit_lines(result["working"][-2:])
    return {
        "winner": result["winner"],
        "vp": worked(result["vp"], kit_lines(result["working"])),
        "scores": {god: worked(score["total"], [*score_lines(god, score), *tail])
                   for god, score in result["scores"].items() if score["total"]},
    }


def score_lines(god: str, score: dict) -> list:
    """A god's domination sum in a region, with the card effects the app carried out there."""
    if "effects" in score:
        return [*kit_lines(score["working"]),
                line(N_("%(god)s: %(cards)d from cards + %(figures)d figures, %(effects)d from card effects = "
                        "%(total)d"), god=name_param(god), cards=score["cards"], figures=score["figures"],
                     effects=score["effects"], total=score["total"])]
    return [line(N_("%(god)s: %(cards)d from cards + %(figures)d figures = %(total)d"), god=name_param(god),
                 cards=score["cards"], figures=score["figures"], total=score["total"])]


def previous_numbers(previous: dict) -> dict | None:
    end = previous.get("end")
    if not end:
        return None
    return {"ruination": {rid: worked(sum(result["vp"].values()), kit_lines(result["working"]))
                          for rid, result in end.get("ruination", {}).items()},
            "dial": dial_worked(end)}


def dial_worked(end: dict) -> dict | None:
    """The dial step: the dial tokens counted, and who moved how far."""
    if "dial" not in end:
        return None
    return worked(sum(end["dial"]["tokens"].values()), kit_lines(end["dial"]["working"]))
