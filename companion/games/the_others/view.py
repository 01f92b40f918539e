"""What the server draws before an action, what each seat sees, and the
history line of each action."""

from __future__ import annotations

import copy
import random
from functools import lru_cache

from companion.games.the_others import apocalypse, battle, cards, data, effects, setup, turns
from companion.games.the_others.turns import Actor
from companion.kit import deck as decks
from companion.kit import tracks
from companion.rules import N_, Action, ActionError, Seat

#: Payload keys only the server writes (in prepare): a client's are dropped.
RECORDED = ("draws", "drawn", "offers", "hero_roll", "sin_roll", "checks", "refill")


# -- prepare ---------------------------------------------------------------------------------
def prepare_payload(state: dict, action: Action, rng: random.Random) -> dict:
    payload = {key: value for key, value in action.payload.items() if key not in RECORDED}
    if isinstance(payload.get("actions"), list):  # a refill is drawn here, never sent
        payload["actions"] = [{k: v for k, v in item.items() if k != "refill"} if isinstance(item, dict) else item
                              for item in payload["actions"]]
    try:
        return _draw(state, action.type, payload, rng)
    except (TypeError, ValueError, KeyError, AttributeError):
        return payload  # malformed: the handler refuses it with a message naming the field


def _draw(state: dict, kind: str, payload: dict, rng: random.Random) -> dict:
    host = Actor(None, None)
    if kind == "game.start" and state["phase"] == "setup" and not setup.missing_before_start(state):
        payload["draws"] = setup.prepare_start(state, rng)
    elif kind == "sin.draw":
        payload["drawn"] = cards.pick_sin_cards(state, rng, _small(payload.get("count", 1)))
    elif kind == "city.action":
        from companion.games.the_others.dashboard import city_items
        payload["actions"] = _with_refills(state, city_items(payload), rng)
        payload.pop("upgrade", None)
        taken = sum(1 for item in payload["actions"] if item.get("kind") == "upgrade")
        if taken and effects.upgrade_draws(state):  # Gluttony's power
            payload["drawn"] = cards.pick_sin_cards(state, rng, taken * effects.upgrade_draws(state))
    elif kind == "upgrade.take" and state.get("upgrades"):
        payload["refill"] = cards.pick_refills(state, rng, 1)
    elif kind == "sin.play_card":
        payload = effects.prepare_play(state, payload, rng)
    elif kind == "fight.resolve":
        payload = effects.prepare_fight_end(state, payload, rng)
    elif kind == "fight.start":
        payload = battle.prepare_rolls(state, payload, rng, battle.fight_sizes(state, host, payload))
    elif kind == "fight.counter" and state["fight"]:
        monsters = battle.monsters_from(state, payload.get("monsters") or {})
        if monsters:
            from companion.games.the_others import fight
            setup_ = {**state["fight"]["setup"], "monsters": monsters, "pentagrams": payload.get("pentagrams") or 0}
            payload = battle.prepare_rolls(state, payload, rng, {"sin": fight.pools(setup_)["sin_dice"]["total"]})
            payload = effects.prepare_fight_end(state, payload, rng)
    elif kind == "cleanse.roll" and state["turn"]:
        payload = battle.prepare_rolls(state, payload, rng,
                                       {"hero": battle.cleanse_size(state, state["turn"]["hero"], payload)})
    elif kind == "check.roll":
        payload = battle.prepare_rolls(state, payload, rng, {"sin": _small(payload.get("tokens"))})
    elif kind == "apocalypse.advance":
        payload["offers"] = cards.draw_offers(state, rng, _small(payload.get("steps", 1)))
    elif kind == "hero.move" and not payload.get("teleport"):
        from companion.games.the_others import spaces
        payload["checks"] = spaces.prepare_move(state, payload, rng)
    elif kind == "turn.end" and state["turn"]:
        hero_id = state["turn"]["hero"]
        scratch = copy.deepcopy(state)
        effects.turn_end(scratch, hero_id)  # it may bring the hero to maximum corruption
        payload["offers"] = cards.dark_past_offers(scratch, hero_id, rng)
    elif kind == "round.end" and state["phase"] == "hero_turns":
        scratch = copy.deepcopy(state)
        turns.round_end_harm(scratch)
        steps = sum(amount for _, amount in effects.round_end_steps(scratch))
        payload["offers"] = cards.draw_offers(scratch, rng, steps) if steps else []
        altars = effects.altar_draws(scratch)
        payload["drawn"] = cards.pick_sin_cards(scratch, rng, min(altars, 12)) if altars else []
    return payload


def _small(value) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 12:
        raise ValueError(value)
    return value


def _with_refills(state: dict, actions: list, rng: random.Random) -> list:
    """Each upgrade taken is replaced by the deck's next card, drawn here."""
    wanted = sum(1 for item in actions if item.get("kind") == "upgrade")
    refills = cards.pick_refills(state, rng, wanted) if wanted and state.get("upgrades") else []
    out = []
    for item in actions:
        if item.get("kind") == "upgrade":
            item = {**item, "refill": refills[:1]}
            refills = refills[1:]
        out.append(item)
    return out


# -- what each seat sees ----------------------------------------------------------------------
def view(state: dict, seat: Seat | None) -> dict:
    shown = {key: value for key, value in state.items() if key != "secrets"}
    shown["mine"] = state["secrets"].get(seat.id, {}) if seat is not None else {}
    shown["dark_pasts_sealed"] = cards.heroes_with_dark_pasts(state)  # who holds one, not which
    shown["next_hero"] = turns.next_hero(state) if state["phase"] == "hero_turns" else None
    shown["round_can_end"] = turns.round_can_end(state)
    shown["reactions_left"] = turns.reactions_left(state)
    shown["apocalypse_active"] = tracks.effects_up_to(state["apocalypse"]["track"])
    shown["missing"] = setup.missing_before_start(state) if state["phase"] == "setup" else []
    shown["plan"] = _plan_with_odds(state)
    from companion.games.the_others import spaces
    alive = [h for h in state["order"] if not state["heroes"][h]["dead"]]
    shown["move_allowance"] = {h: spaces.move_allowance(state, h) for h in alive}
    tracked = state.get("spaces", {})
    # Free nests per space, when the group tracks any nest (summons go onto them).
    shown["free_nests"] = {sid: spaces.free_nests(where) for sid, where in tracked.items()} \
        if any(spaces.count(where, "nest") for where in tracked.values()) else {}
    from companion.games.the_others import working
    shown["working"] = working.for_view(state) if state["phase"] != "setup" else {}
    shown["others_here"] = {h: len(spaces.heroes_in(state, state["heroes"][h]["space"])) - 1 for h in alive
                            if state["heroes"][h].get("space") in state.get("spaces", {})}
    return shown


def _plan_with_odds(state: dict) -> dict | None:
    planned = battle.planned(state)
    if planned is None:
        return None
    sides = state["facts"]["dice"]
    for key in ("without", "with"):
        computed = planned[key]
        planned[f"{key}_odds"] = chart(sides, computed) if computed and sides["sin"] and sides["hero"] else None
    return planned


def chart(sides: dict, computed: dict) -> dict:
    """Chances (percent, one decimal) of each number of wounds and of
    corruption; cached, as many pages show the same chart."""
    key = (tuple(sorted(sides["sin"].items())), tuple(sorted(sides["hero"].items())),
           tuple(computed[part]["total"] for part in ("hero_dice", "sin_dice", "hero_defense", "sin_hits",
                                                      "sin_corruption", "defense_cancelled")),
           computed["free_results"])
    return _chart(key)


@lru_cache(maxsize=256)
def _chart(key) -> dict:
    from companion.games.the_others import dice, odds
    sin_sides, hero_sides, totals, free = key
    names = ("hero_dice", "sin_dice", "hero_defense", "sin_hits", "sin_corruption", "defense_cancelled")
    computed = {name: {"total": total} for name, total in zip(names, totals)}
    computed["free_results"] = free
    joint = odds.harm_distribution(dice.hero_die(dict(hero_sides)), dice.sin_die(dict(sin_sides)), computed)
    return {name: chart_rows(dist) for name, dist in odds.marginals(joint).items()}


def chart_rows(dist: dict, shown: float = 0.995) -> list[tuple[str, float, float]]:
    """(label, percent, bar width in % of the longest) for each number
    until `shown` of the chance is covered; the rest as one "n+" row."""
    rows, covered = [], 0
    items = sorted(dist.items())
    for index, (n, p) in enumerate(items):
        if covered >= shown and index < len(items):
            rest = sum(q for _, q in items[index:])
            rows.append((f"{n}+", float(rest)))
            break
        rows.append((str(n), float(p)))
        covered += p
    top = max(p for _, p in rows) or 1
    return [(label, round(p * 100, 1), round(p / top * 100)) for label, p in rows]


def redact(action: Action, viewer: Seat | None) -> dict:
    payload = dict(action.payload)
    if action.type == "game.start" and "draws" in payload:
        draws = dict(payload["draws"])
        draws.pop("dark_pasts", None)  # sealed from every seat
        if viewer is None or viewer.role != "sin":
            draws["hand"] = len(draws.get("hand", []))
        payload["draws"] = draws
    not_sin = viewer is None or viewer.role != "sin"
    if action.type in ("sin.draw", "sin.play_card", "city.action", "fight.resolve", "fight.counter",
                       "round.end") and not_sin and "drawn" in payload:
        payload["drawn"] = len(payload.get("drawn") or [])
    if action.type in ("apocalypse.advance", "turn.end", "round.end") and not_sin and "offers" in payload:
        payload["offers"] = len(payload["offers"])
    return payload


# -- history -------------------------------------------------------------------------------------
def _hero(hero_id) -> str:
    return data.heroes().get(hero_id, {}).get("name", "?") if isinstance(hero_id, str) else "?"


LINES = {
    "facts.enter": N_("entered numbers from the components"),
    "team.choose": N_("chose the team"),
    "heroes.pick": N_("picked their heroes"),
    "game.start": N_("started the game"),
    "round.first_hero": N_("%(hero)s goes first this round"),
    "turn.start": N_("%(hero)s starts a turn"),
    "turn.pass": N_("%(hero)s keeps their extra-turn tokens"),
    "turn.end": N_("ended the turn"),
    "reaction.spend": N_("reacts"),
    "reaction.end": N_("ends the reaction"),
    "sin.play_card": N_("played %(card)s"),
    "sin.draw": N_("drew sin cards"),
    "sin.gain_reactions": N_("gained reaction tokens"),
    "round.end": N_("ended the round"),
    "monsters.summon": N_("summoned monsters"),
    "hero.wounds": N_("placed %(hero)s's wound tokens"),
    "hero.adjust": N_("changed %(hero)s's dashboard"),
    "city.action": N_("used a city action"),
    "upgrade.lose": N_("%(hero)s lost an upgrade"),
    "upgrade.take": N_("%(hero)s takes an upgrade"),
    "hero.replace": N_("%(hero)s joins from the reserve"),
    "fight.start": N_("a fight begins"),
    "fight.plan": N_("planned a fight"),
    "fight.resolve": N_("the fight is resolved"),
    "fight.ranged_hits": N_("the ranged hits are assigned"),
    "fight.counter": N_("the monsters counter-attack"),
    "cleanse.roll": N_("cleanses"),
    "cleanse.remove": N_("removed a token"),
    "check.roll": N_("a fire or corruption check"),
    "apocalypse.advance": N_("the apocalypse track advances"),
    "apocalypse.keep": N_("kept an apocalypse card"),
    "mission.progress": N_("mission progress"),
    "space.add": N_("added a space"),
    "space.set": N_("changed a space"),
    "hero.move": N_("%(hero)s moves"),
    "hero.pick_up": N_("%(hero)s picks something up"),
    "monsters.move": N_("moved monsters"),
    "mission.choose": N_("chose the next mission"),
    "dark_past.choose": N_("%(hero)s chooses what their dark past costs"),
    "power.choose": N_("%(hero)s answers the sin's power"),
}


def describe(action: Action, seats: dict, state: dict) -> tuple[str, dict]:
    payload = action.payload
    hero = payload.get("reserve") if action.type == "hero.replace" else payload.get("hero")
    params = {"hero": _hero(hero)}
    if action.type == "sin.play_card":
        cards_by_id = {card["id"]: card["name"] for sin in data.sins().values() for card in sin["cards"]}
        params["card"] = cards_by_id.get(payload.get("card"), "?")
    return LINES.get(action.type, "%(type)s"), {**params, "type": action.type}


# -- state check --------------------------------------------------------------------------------
def check_state(state: dict) -> None:
    if state["phase"] not in ("setup", "round_start", "hero_turns", "over"):
        raise ValueError("phase")
    for key in ("sin", "acolyte", "story"):
        if state["options"][key] not in {"sin": data.sins(), "acolyte": data.acolytes(),
                                         "story": data.stories()}[key]:
            raise ValueError(key)
    tracks.check_track(state["apocalypse"]["track"])
    for hero_id in state["order"]:
        hero = state["heroes"][hero_id]
        if not 1 <= hero["corruption"] <= 7 or len(hero["wounds"]) > 5 or len(set(hero["wounds"])) != len(hero["wounds"]):
            raise ValueError("hero")
        if not all(isinstance(slot, int) and 1 <= slot <= 7 for slot in hero["wounds"]):
            raise ValueError("wounds")
    for secret in state["secrets"].values():
        if not isinstance(secret.get("hand", []), list):
            raise TypeError("hand")
    for part in (state["upgrades"], *(secret.get(name) for secret in state["secrets"].values()
                                      for name in ("deck", "apocalypse"))):
        if part is not None:
            decks.check_deck(part)
