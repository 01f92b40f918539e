"""What each seat and the table display see: the state without other seats'
secrets, with the numbers the pages show worked out (a planned fight and its
chances, moves, free nests), and the names the templates look up."""

from __future__ import annotations

from functools import lru_cache

from companion.games.the_others import (
    actions,
    battle,
    cards,
    data,
    dice,
    effects,
    fight,
    names,
    odds,
    spaces,
    story,
    working,
)
from companion.games.the_others.seats import next_hero, reactions_left, round_can_end
from companion.games.the_others.state import hero_fact, mission, mission_target, phase_of, still_needed, suggested_team
from companion.kit import tracks
from companion.kit.alike import alike
from companion.kit.now import now
from companion.kit.working import line, worked
from companion.rules import N_, Msg, Seat


# -- what each seat sees ----------------------------------------------------------------------
def view(state: dict, seat: Seat | None) -> dict:
    shown = {key: value for key, value in state.items() if key != "secrets"}
    shown.update(round_fields(state))  # the round where clients have always read it
    shown["mine"] = state["secrets"].get(seat.id, {}) if seat is not None else {}
    shown["dark_pasts_sealed"] = cards.heroes_with_dark_pasts(state)  # who holds one, not which
    shown["next_hero"] = next_hero(state)
    shown["round_can_end"] = round_can_end(state)
    shown["reactions_left"] = reactions_left(state)
    shown["apocalypse_active"] = tracks.effects_up_to(state["apocalypse"]["track"])
    shown["missing"] = still_needed(state)
    shown["suggested_team"] = suggested_team(state) if phase_of(state) == "setup" and not state["team"] else []
    shown["plan"] = _plan_with_odds(state)
    shown["preparing"] = preparing(state, seat)
    shown["printed"] = printed(state)
    shown["labels"] = LABELS
    shown["mission"] = mission_shown(state)
    # The names of the cards this page shows (those in play, the round's, the SIN's own offer), no others.
    named = state["apocalypse"]["cards"] + state["sin"].get("round_cards", []) + shown["mine"].get("offer", [])
    shown["printed"]["card_names"] = {card: card_names().get(card, card) for card in named}
    # What the apocalypse cards in play do, and for the SIN the two it chooses between.
    shown["printed"]["apocalypse_card_texts"] = {card: apocalypse_card_text(state, card) for card in
                                                 state["apocalypse"]["cards"] + shown["mine"].get("offer", [])}
    # The sin cards it shows (the SIN's own hand, the card in play), with what playing each asks for.
    held = shown["mine"].get("hand", []) + ([state["sin"]["played"]] if state["sin"]["played"] else [])
    shown["printed"]["sin_cards"] = {card: sin_card(state, card) for card in held}
    fought = state["fight"]
    shown["fight_defenses"] = [fight.monster_defense(m, fought["setup"]) for m in fought["setup"]["monsters"]] \
        if fought else []
    alive = [h for h in state["order"] if not state["heroes"][h]["dead"]]
    shown["move_allowance"] = {h: spaces.move_allowance(state, h) for h in alive}
    tracked = state.get("spaces", {})
    # Free nests per space, when the group tracks any nest (summons go onto them).
    shown["free_nests"] = {sid: spaces.free_nests(where) for sid, where in tracked.items()} \
        if any(spaces.count(where, "nest") for where in tracked.values()) else {}
    shown["working"] = alike(state, "working", lambda: working_shown(state))
    shown["told"] = {"fight": last_fight_told(state), "roll": last_roll_told(state)}
    shown["others_here"] = {h: len(spaces.heroes_in(state, state["heroes"][h]["space"])) - 1 for h in alive
                            if state["heroes"][h].get("space") in state.get("spaces", {})}
    shown["waiting"] = waiting_for(state)
    # The heroes this seat plays, in the order they sit.
    shown["my_heroes"] = [h for h in state["order"] if seat is not None and state["heroes"][h]["player"] == seat.id]
    if seat is not None:
        shown["now"] = now_for(state, seat)
    return shown


def working_shown(state: dict) -> dict:
    """Every number the pages show with its working, the same for every seat
    (worked out once per table version while the platform renders it: the
    fights' pools are worked on copies of the state, the most of a view's cost)."""
    out = worked_numbers(state) if phase_of(state) != "setup" else {}
    out["spaces"] = space_numbers(state)  # the board is laid out during the set-up too
    # The hero cards' numbers (entered during the set-up) and the last round end's steps, task by task.
    out["heroes"] = {h: {key: number(part) if part else None for key, part in working.hero_card(state, h).items()}
                     for h in state["order"]}
    out["round_end"] = [[task, number(part)] for task, part in working.round_end(state)]
    return out


def round_fields(state: dict) -> dict:
    """The round as the view has always given it, read off the kit's flow:
    the phase, the round, the first hero of the round and the hero who last
    started a turn (None before either), the heroes who kept their
    extra-turn tokens."""
    flow, phase = state["flow"], phase_of(state)
    turns = phase == "hero_turns"
    window = state["turn"] or state["reaction"]
    return {"phase": phase, "round": flow["round"], "first_hero": flow["order"][0] if turns else None,
            "last_hero": window["hero"] if turns and window else None, "passed": list(flow["passed"]) if turns else []}


# -- the numbers worked out, in the kit's one shape (companion/kit/working.py) ------------------------
def number(part: dict) -> dict:
    """A number of the fight calculator or the round ({"total", "lines": [{label, params, amount}]}, as
    the state keeps a fight's) in the kit's shape; the names in its lines translated as they are read."""
    return worked(part["total"], [line(item["label"], **{key: Msg(value) if isinstance(value, str) else value
                                                         for key, value in item["params"].items()},
                                       amount=item["amount"]) for item in part["lines"]])


def pools_shown(computed: dict | None) -> dict | None:
    """A fight's pools, each a worked number (free results as a plain count)."""
    if computed is None:
        return None
    return {key: number(part) if isinstance(part, dict) else part for key, part in computed.items()}


def variants_shown(pair: dict) -> dict:
    """Pools without and with voluntary corruption, each worked (None where refused)."""
    return {**pair, **{key: pools_shown(pair.get(key)) for key in ("without", "with")}}


def worked_numbers(state: dict) -> dict:
    """Every number the pages show outside the set-up, with its working: the round's (reaction
    tokens, summons, moves, the mission's target, the cleanse) and the fights' (the fight that may
    start now, the fight going on, its counter-attack)."""
    raw = working.for_view(state)
    out = {"reactions": number(raw["reactions"]), "summons": number(raw["summons"]),
           "move": {h: number(part) for h, part in raw["move"].items()},
           "target": number(raw["target"]) if raw["target"] else None,
           "cleanse": {key: number(part) if part else None for key, part in raw["cleanse"].items()}
           if raw["cleanse"] else None,
           "fight": None}
    if raw["fight"]:
        out["fight"] = {"hero": raw["fight"]["hero"], **{
            key: {"refused": value["refused"]} if "refused" in value else pools_shown(value)
            for key, value in raw["fight"].items() if key != "hero"}}
    fought = state["fight"]
    out["defenses"] = [number(working.part(fight.monster_defense_lines(monster, fought["setup"])))
                       for monster in fought["setup"]["monsters"]] if fought else []
    out["battle"] = pools_shown(fought["computed"]) if fought else None
    out["counter"] = pools_shown(fought.get("counter")) if fought else None
    return out


TOKENS = ("fire", "corruption", "pentagram", "nest", "altar")


def space_numbers(state: dict) -> dict:
    """For each tracked space, its tokens of each kind (printed on the board
    and placed) and its free nests (less a monster or a Hell Club member on
    each), each with its working; a kind the space lacks is left out."""
    out = {}
    for sid, where in state.get("spaces", {}).items():
        tokens = {}
        for kind in TOKENS:
            printed, placed = where["printed"][kind], where["tokens"][kind]
            if printed or placed:
                tokens[kind] = worked(printed + placed, [entry for entry, amount in (
                    (line(N_("Printed on the board"), amount=printed), printed),
                    (line(N_("Tokens placed"), amount=placed), placed)) if amount])
        free = None
        if spaces.count(where, "nest"):
            blocking = (line(N_("Monsters on them"), amount=-sum(where["monsters"].values())),
                        line(N_("Hell Club members on them"), amount=-len(where.get("hell_club") or [])))
            lines = [line(N_("Nests"), amount=spaces.count(where, "nest"))] + \
                [entry for entry in blocking if entry[1]["amount"]]
            free = worked(spaces.free_nests(where), at_least_zero(lines, spaces.free_nests(where)))
        out[sid] = {"tokens": tokens, "free_nests": free}
    return out


# -- the last fight and the last roll, told as the history tells them --------------------------------
def space_name(state: dict, space_id: str | None) -> str | None:
    where = state.get("spaces", {}).get(space_id or "")
    return where["name"] if where else space_id


def counted(names: list[str]) -> list[list]:
    """Names with how many of each, in the order first met: [[name, count], ...]."""
    out: dict[str, int] = {}
    for name in names:
        out[name] = out.get(name, 0) + 1
    return [[name, n] for name, n in out.items()]


def at_least_zero(lines: list[list], value: int) -> list[list]:
    """The lines of a number the rules never let go below 0, with the line that says so where it did."""
    short = value - sum(entry[1].get("amount", 0) for entry in lines)
    return lines + [line(N_("Never below 0"), amount=short)] if short else lines


def last_fight_told(state: dict) -> dict | None:
    """The last fight as the page tells it: who fought what (the hero's
    action or the SIN's reaction), where, the dice each side rolled, and its
    numbers each with its working (the hits, the defense and the SIN's hits
    against it, the wounds and the corruption the hero took). A fight kept
    before the app recorded its dice tells what it kept."""
    last = state.get("last_fight")
    if not last:
        return None
    hero = data.heroes()[last["hero"]]["name"] if last["hero"] in data.heroes() else last["hero"]
    rolled, turned, before = last.get("rolled"), last.get("turned") or {}, last.get("before")
    out = {"hero": last["hero"], "by": last.get("by", "hero"), "space": space_name(state, last.get("space")),
           "monsters": counted(last.get("monsters", [])), "killed": counted(last["killed"]),
           "hero_roll": last.get("hero_roll"), "sin_roll": last.get("sin_roll")}
    if rolled and before:
        hits = [line(N_("Hits rolled"), amount=rolled["hero"].get("hit", 0))]
        if turned.get("hit"):
            hits.append(line(N_("Faiths turned to hits"), amount=turned["hit"]))
        if before["hero_hits"]:
            hits.append(line(N_("Extra hits"), amount=before["hero_hits"]))
        defense = [line(N_("Defense of %(hero)s"), hero=Msg(hero), amount=before["hero_defense"]),
                   line(N_("Defense rolled"), amount=rolled["hero"].get("defense", 0))]
        if before["defense_cancelled"]:
            defense.append(line(N_("Defense cancelled"), amount=-before["defense_cancelled"]))
        defense = at_least_zero(defense, last["defense"] - turned.get("defense", 0))
        if turned.get("defense"):
            defense.append(line(N_("Faiths turned to defense"), amount=turned["defense"]))
        sin_hits = [line(N_("Hits the SIN rolled"), amount=rolled["sin"].get("hit", 0))]
        if before["sin_hits"]:
            sin_hits.append(line(N_("Extra SIN hits"), amount=before["sin_hits"]))
        sin_corruption = [line(N_("Corruption the SIN rolled"), amount=rolled["sin"].get("corruption", 0))]
        if before["sin_corruption"]:
            sin_corruption.append(line(N_("Extra corruption"), amount=before["sin_corruption"]))
        out |= {"hits": worked(last["hits"], hits), "defense": worked(last["defense"], defense),
                "sin_hits": worked(last["sin_hits"], sin_hits),
                "sin_corruption": worked(last["sin_corruption"], sin_corruption)}
    else:
        out |= {key: worked(last[key]) for key in ("hits", "defense", "sin_hits", "sin_corruption")}
    wounds = [line(N_("Hits of the SIN"), amount=last["sin_hits"]), line(N_("Defense"), amount=-last["defense"])]
    wounds = at_least_zero(wounds, last["wounds"] + last["protected"])
    if last["protected"]:
        wounds.append(line(N_("Cancelled by Protector"), amount=-last["protected"]))
    corruption = [line(N_("Corruption of the SIN"), amount=last["sin_corruption"]),
                  line(N_("Counter-corruption"), amount=-last["counter_corruption"])]
    out |= {"wounds": worked(last["wounds"], wounds),
            "corruption": worked(last["corruption"], at_least_zero(corruption, last["corruption"]))}
    return out


def last_roll_told(state: dict) -> dict | None:
    """The last cleanse or fire or corruption check as the page tells it:
    whose, where, the dice rolled and what came of it, with its working (the
    skills and faiths that remove tokens; the results Proxy and the Hazmat
    Suit ignore)."""
    last = state.get("roll")
    if not last:
        return None
    out = {"hero": last["hero"], "kind": last["kind"], "space": space_name(state, last.get("space")),
           "record": last["record"], "tokens": last.get("tokens")}
    rolled = last.get("rolled")
    if last["kind"] == "cleanse":
        lines = []
        if rolled is not None:
            lines = [line(N_("Skills rolled"), amount=rolled.get("skill", 0)),
                     line(N_("Faiths rolled"), amount=rolled.get("faith", 0))]
            if last.get("free"):
                lines.append(line(N_("Result of your choice from voluntary corruption"), amount=last["free"]))
        # What the roll can remove (the tokens removed since count down the state's "removed").
        out["result"] = worked(sum(entry[1]["amount"] for entry in lines) if lines else last["removed"], lines)
        return out
    lines = []
    if rolled is not None:
        lines = [line(N_("Hits rolled") if last["kind"] == "fire" else N_("Corruption rolled"),
                      amount=rolled.get("hit" if last["kind"] == "fire" else "corruption", 0))]
        helpers = {"proxy": names.NPCS["proxy"], "hazmat_suit": data.upgrades().get("hazmat_suit", {}).get("name")}
        lines += [line(N_("Ignored by %(name)s"), name=Msg(helpers[helper] or helper), amount=-1)
                  for helper in last.get("ignored", [])]
        lines = at_least_zero(lines, last["amount"])
    out["result"] = worked(last["amount"], lines)
    return out


def preparing(state: dict, seat: Seat | None) -> dict | None:
    """The fight being prepared: who, what, the hero's choices, the pools
    as they stand without and with voluntary corruption (what the roll will
    ask for), whose step it is; for the SIN, the cards of its hand that may be
    played in it."""
    prep = battle.preparing(state)
    pools = alike(state, "prepared pools", lambda: battle.prepared_pools(state))  # the same for every seat
    if prep is None or pools is None:
        return None
    out = {**variants_shown(pools), "setup": prep["setup"], "choices": prep["choices"],
           "hero_ready": prep["hero_ready"], "sin_ready": battle.sin_done(state, prep),
           "chosen": "with" if prep["choices"].get("voluntary") else "without"}
    if seat is not None and seat.role == "sin":
        out["cards"] = battle.fight_start_cards(state, prep, state["secrets"].get(seat.id, {}).get("hand", []))
    return out


#: Open to a seat at many moments without the table waiting for it: not "your turn" by themselves.
ASIDE = frozenset({"facts.enter", "team.choose", "sin.draw", "space.add", "space.set", "monsters.summon",
                   "check.roll"})


def now_for(state: dict, seat: Seat) -> dict:
    """What the table waits for, whether it is this seat, and what it may do now."""
    open_now = {}
    for spec in actions.ACTIONS:
        if spec.open is not None and (choices := spec.open(state, seat, {})):
            open_now[spec.type] = list(choices)
    if round_can_end(state):  # any seat may move the table on once every turn is taken
        open_now.setdefault("round.end", [{}])
    message, params = waiting_for(state)
    return now(message, params, you=bool(set(open_now) - ASIDE), open_actions=open_now)


def waiting_for(state: dict) -> tuple[str, dict]:
    """The sentence that says what the table is waiting for."""
    def name(hero_id: str) -> str:
        return data.heroes()[hero_id]["name"]
    if phase_of(state) == "over":
        return N_("The game is over."), {}
    if phase_of(state) == "setup":
        return N_("Setting up: the numbers, the team, each player's heroes, then the start."), {}
    if phase_of(state) == "round_start":
        if state["apocalypse"]["waiting"]:  # the round end reached an apocalypse card's level
            return N_("The SIN keeps an apocalypse card; the heroes choose who goes first."), {}
        return N_("The heroes choose who goes first."), {}
    if state["fight"] is not None:
        return N_("Fight of %(hero)s"), {"hero": name(state["fight"]["hero"])}
    prep = battle.preparing(state)
    if prep is not None:
        if not prep["hero_ready"]:
            return N_("Fight of %(hero)s: the hero chooses"), {"hero": name(prep["hero"])}
        if not battle.sin_done(state, prep):
            return N_("Fight of %(hero)s: the SIN may play a fight-start card"), {"hero": name(prep["hero"])}
        return N_("Fight of %(hero)s: ready to roll"), {"hero": name(prep["hero"])}
    if state["turn"] is not None:
        return N_("Turn of %(hero)s"), {"hero": name(state["turn"]["hero"])}
    if state["reaction"] is not None:
        return N_("The SIN may react to %(hero)s"), {"hero": name(state["reaction"]["hero"])}
    if next_hero(state) is not None:
        return N_("Next: %(hero)s"), {"hero": name(next_hero(state))}
    return N_("Every turn is taken: end the round."), {}


def printed(state: dict) -> dict:
    """What the pages read off the game's components for this table: names,
    the table's sin, story and acolytes, the heroes' numbers, the
    corruption track, the dark pasts revealed; so no template looks anything
    up itself."""
    revealed = {hero["dark_past"] for hero in state["heroes"].values() if hero.get("dark_past")}
    return {"heroes": list(data.heroes()), "hero_names": {h: entry["name"] for h, entry in data.heroes().items()},
            "hero_numbers": {h: {key: hero_value(state, h, key) for key in ("class", "combat", "skill", "defense")}
                             for h in data.heroes()},
            "turn_end": {h: data.heroes()[h].get("turn_end", {}) for h in state["order"]},
            "upgrade_names": {u: entry["name"] for u, entry in data.upgrades().items()},
            "hell_club_names": {c: entry["name"] for c, entry in data.hell_club().items()},
            "sin": data.sins()[state["options"]["sin"]], "story": data.stories()[state["options"]["story"]],
            "acolyte": data.acolytes()[state["options"]["acolyte"]], "corruption_levels": data.corruption_levels(),
            "dark_pasts": {number: data.dark_pasts()[number] for number in revealed},
            "counted_tasks": effects.counted_tasks(state), "board_tasks": tuple(effects.BOARD_TASKS),
            "counted_goals": sorted(story.COUNTED)}


def mission_shown(state: dict) -> dict | None:
    """The mission in play as the pages show it: its number, name, goal,
    the target to reach (None while unknown) and whether the app counts it."""
    entry = mission(state, state["story"]["mission"])
    if entry is None:
        return None
    return {"id": entry["id"], "name": entry["name"], "goal": entry["goal"],
            "target": mission_target(state, entry["id"]), "counted": entry["goal"] in story.COUNTED}


def _plan_with_odds(state: dict) -> dict | None:
    planned = battle.planned(state)
    if planned is None:
        return None
    sides = state["facts"]["dice"]
    for key in ("without", "with"):
        computed = planned[key]
        planned[f"{key}_odds"] = chart(sides, computed) if computed and sides["sin"] and sides["hero"] else None
    return variants_shown(planned)


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


# -- for the templates ------------------------------------------------------------------------------
@lru_cache(maxsize=1)
def card_names() -> dict[str, str]:
    """Every sin, apocalypse and upgrade card's printed name."""
    names = {u: entry["name"] for u, entry in data.upgrades().items()}
    names |= {card["id"]: card["name"] for deck in data.load("apocalypse_cards")["decks"].values() for card in deck}
    return names | {card["id"]: card["name"] for sin in data.sins().values() for card in sin["cards"]}


#: The name lists the templates read (as `view.labels`): a kind, a result, a class, a phase, a goal... as
#: msgids, each translated where it is shown. A card's text comes with the card (`sin_card`,
#: `apocalypse_card_text`).
LABELS = {key: getattr(names, key) for key in (
    "SINS", "ACOLYTES", "ACOLYTE_EFFECTS", "STORIES", "STORY_TYPES", "PHASES", "MONSTERS", "RESULTS", "CLASSES",
    "TOKENS", "MARKS", "NPCS", "CITY_ACTIONS", "DARK_PASTS", "MISSION_GOALS", "TASKS", "SPECIAL_RULES", "EVENTS")}


def apocalypse_card_text(state: dict, card_id: str) -> str:
    """What an apocalypse card does (a card two decks share does what the story type's deck says)."""
    story_type = data.stories()[state["options"]["story"]]["type"]
    return names.APOCALYPSE_CARD_TEXTS.get(f"{story_type}:{card_id}", names.APOCALYPSE_CARD_TEXTS.get(card_id, ""))


def hero_value(state: dict, hero_id: str, key: str):
    """A hero's class or number: as entered, else as printed, else "?"."""
    value = hero_fact(state, hero_id, key)
    return "?" if value is None else value


def sin_card(state: dict, card_id: str) -> dict:
    """A card of the table's sin, with what playing it asks for ("needs")
    and how much of it the app does ("hint")."""
    for card in data.sins()[state["options"]["sin"]]["cards"]:
        if card["id"] == card_id:
            return {**card, "needs": effects.needs(state, card_id), "hint": card_hint(card),
                    "when": names.TIMINGS.get(card.get("timing"), card.get("timing")),
                    "text": names.SIN_CARD_TEXTS.get(card_id, "")}
    return {"id": card_id, "name": card_id, "timing": "", "needs": [], "hint": "table", "when": "", "text": ""}


def card_hint(card: dict) -> str:
    """Whether the app applies a sin card's effect ("applied"), part of
    it ("partly"), or the table does it all ("table")."""
    played = card.get("played") or {}
    return "table" if not played else "partly" if played.get("by_hand") else "applied"

