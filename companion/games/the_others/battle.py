"""Dice at the table: fights (both kinds), cleansing and fire/corruption
checks. Dice are rolled while the action is carried out (recorded in its
payload) or entered from physical dice; the maths is in fight.py and odds.py."""

from __future__ import annotations

import copy

from companion.dice import Pool, Roll, roll_pool
from companion.games.the_others import (
    apocalypse,
    cards,
    corruption,
    data,
    dice,
    effects,
    fight,
    heroes,
    powers,
    spaces,
    story,
)
from companion.games.the_others.fight import line
from companion.games.the_others.names import MONSTERS
from companion.games.the_others.seats import given, next_hero, require_hero_player, require_sin
from companion.games.the_others.state import hero_fact, monster_fact, phase_of
from companion.kit.actions import Act, Draws
from companion.rules import N_, ActionError, Msg

STATS = {"combat": N_("combat"), "skill": N_("skill"), "defense": N_("defense")}

COUNTS = ("extra_hero_dice", "extra_hero_defense", "extra_hero_hits", "extra_sin_dice", "extra_sin_hits",
          "extra_sin_corruption", "pentagrams", "others_in_space")


def table_dice(state: dict):
    return dice.dice_for(state["facts"]["dice"])


def _count(value, field: str, high: int = 30) -> int:
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= high:
        raise ActionError(N_("Enter a whole number from %(low)d to %(high)d."), field=field, low=0, high=high)
    return value


def monsters_from(state: dict, counts, field: str = "monsters") -> list[dict]:
    """The monsters in a fight, with this table's numbers."""
    if not isinstance(counts, dict):
        raise ActionError(N_("Say which monsters are in the fight."), field=field)
    alive_club = {member["id"] for member in state["apocalypse"]["hell_club"] if member["alive"]}
    out = []
    for kind, count in counts.items():
        if kind not in MONSTERS and kind not in alive_club:
            raise ActionError(N_("Choose one of the listed options."), field=field)
        numbers = monster_fact(state, kind)
        if None in numbers.values():
            raise ActionError(N_("Enter the combat and defense of that monster first."), field=field)
        name = data.hell_club()[kind]["name"] if kind in alive_club else MONSTERS[kind]
        entry = {"kind": "hell_club" if kind in alive_club else kind, "id": kind, "name": name, **numbers}
        if kind in alive_club:
            entry["hell_club"] = kind
        out += [dict(entry) for _ in range(_count(count, field, 12))]
    return out


def fight_setup(state: dict, hero_id: str, payload: dict, by: str) -> dict:
    """Everything fight.pools needs, from the payload and the table."""
    hero = state["heroes"][hero_id]
    check_wounds_placed(hero, payload)
    counts = {key: _count(payload.get(key), key) for key in COUNTS}
    counts["others_in_space"] = others_here(state, hero_id, payload)
    held = {h: len(state["heroes"][h]["upgrades"]) for h in state["order"] if not state["heroes"][h]["dead"]}
    monsters = monsters_from(state, payload.get("monsters"))
    ranged = bool(payload.get("ranged"))
    where = state.get("spaces", {}).get(hero.get("space") or "")
    if ranged and where is not None and where.get("district"):
        # Line of sight stops between districts and streets: ranged fights are fought from a street.
        raise ActionError(N_("A ranged fight is fought from a street, not from a district."), field="ranged")
    if payload.get("acolyte_ability"):
        acolyte_ability(state, ranged)
        monsters += monsters_from(state, {"acolyte": 1})
    if not monsters:
        raise ActionError(N_("A fight needs at least one monster."), field="monsters")
    return {
        **counts, "hero": hero_id, "hero_name": data.heroes()[hero_id]["name"],
        "combat": _stat(state, hero_id, "combat"), "defense": _stat(state, hero_id, "defense"),
        "corruption": hero["corruption"], "wounds": list(hero["wounds"]), "upgrades": list(hero["upgrades"]),
        "npcs": list(hero["npcs"]), "innocents": hero["innocents"], "extra_turns": hero["extra_turns"],
        "voluntary": bool(payload.get("voluntary")), "ranged": ranged, "monsters": monsters,
        "ranged_hits": data.heroes()[hero_id]["fight_effects"].get("killshot", {}).get("ranged_hits", 0),
        "sin": state["options"]["sin"], "sin_card": state["sin"]["played"],
        "apocalypse_level": apocalypse.level(state), "apocalypse_cards": list(state["apocalypse"]["cards"]),
        "most_upgrades": held.get(hero_id, 0) == max(held.values(), default=0) and held.get(hero_id, 0) > 0,
        "reaction": by == "sin", "dead_monsters": sum(state["monsters"].get("dead", {}).values()),
        # A fight in the hero's own space takes its dead from that space's count.
        "space": None if ranged else hero.get("space"),
        "story_type": data.stories()[state["options"]["story"]]["type"],
        "hazard_here": not ranged and hazard(state, hero.get("space")),
    }


def hazard(state: dict, space_id) -> bool:
    """A fire or corruption token (printed or not) in the tracked space."""
    where = state.get("spaces", {}).get(space_id or "")
    return where is not None and any(spaces.count(where, kind) for kind in ("fire", "corruption"))


def check_wounds_placed(hero: dict, payload: dict) -> None:
    """Voluntary corruption lends the bonuses left visible: the wound tokens
    waiting to be placed must be on the track first."""
    if payload.get("voluntary") and hero["pending_wounds"]:
        raise ActionError(N_("Place the waiting wound tokens before taking voluntary corruption."), field="voluntary")


def _stat(state: dict, hero_id: str, stat: str) -> int:
    value = hero_fact(state, hero_id, stat)
    if value is None:
        raise ActionError(N_("Enter the %(stat)s value of %(hero)s first."), field="hero", stat=Msg(STATS[stat]),
                          hero=data.heroes()[hero_id]["name"])
    return value


def acolyte_ability(state: dict, ranged: bool) -> None:
    """Once per round, before a non-ranged roll, a dead acolyte joins."""
    if ranged:
        raise ActionError(N_("The acolyte ability works only in fights that are not ranged."), field="acolyte_ability")
    if state["sin"]["acolyte_mark"]:
        raise ActionError(N_("The acolyte ability was used this round."), field="acolyte_ability")
    dead = state["monsters"].setdefault("dead", {})
    if dead.get("acolyte", 0) < 1:
        raise ActionError(N_("No dead acolyte is left to join the fight."), field="acolyte_ability")
    dead["acolyte"] -= 1
    state["sin"]["acolyte_mark"] = True


def acolyte_joined(state: dict, hero_id: str, setup: dict) -> None:
    """What the acolyte board says happens to the current hero; effects on
    the board (tokens, face-down upgrades) are done by hand."""
    effect = data.acolytes()[state["options"]["acolyte"]]["after_joining"]
    if effect == "mark_no_healing":
        state["heroes"][hero_id]["no_healing"] = True
    elif effect == "isolated_hero_wound" and setup["others_in_space"] == 0:
        heroes.take_wounds(state, hero_id, 1)


def fight_window(state: dict) -> tuple[str, str]:
    """(hero, by) of the fight that may start now: the current hero in their
    turn (their one action), or the hero who just ended their turn, in the
    SIN's reaction; refused otherwise."""
    if state["turn"] is not None:
        if state["turn"]["action_taken"]:
            raise ActionError(N_("A hero takes one action per turn: one fight or one cleanse."), field="type")
        return state["turn"]["hero"], "hero"
    reaction = state["reaction"]
    if reaction is not None and reaction["spent"]:
        if reaction.get("fought"):
            raise ActionError(N_("One fight per reaction."), field="type")
        return reaction["hero"], "sin"
    raise ActionError(N_("Fights start in a hero's turn or in the SIN's reaction to it."), field="type")


def who_fights(state: dict, act: Act) -> tuple[str, str]:
    """(hero, by) of the fight that may start now, started by the seat that may:
    the hero's player in their turn, the SIN in a reaction."""
    hero_id, by = fight_window(state)
    if by == "hero":
        require_hero_player(state, act, hero_id)
    else:
        require_sin(act)
    return hero_id, by


# -- rolling ------------------------------------------------------------------------------------
def roll_or_read(state: dict, payload: dict, draws: Draws, side: str, count: int) -> dict:
    """The roll of `count` dice of `side`: entered faces win; else the app
    rolls (recorded under "hero_roll" / "sin_roll"), once the table knows
    the dice's sides."""
    sin_die, hero_die, known = table_dice(state)
    die = sin_die if side == "sin" else hero_die
    entered = _entered(payload).get(side)
    if entered is not None:
        return Roll.from_entered(Pool({die: count}), {die.kind: entered}, field_prefix="entered.").to_json()
    key = f"{side}_roll"
    if draws.recorded(key) is None and not known:
        raise ActionError(N_("Enter the physical results (the dice's sides are not entered yet)."),
                          field=f"entered.{die.kind}")
    record = draws.take(key, lambda rng: roll_pool(dice.pool(die, count), rng).to_json())
    return dice.read_roll(record, die).to_json()


def _entered(payload: dict) -> dict:
    entered = payload.get("entered") or {}
    if not isinstance(entered, dict):
        raise ActionError(N_("Enter the results of the hero and SIN dice by kind."), field="entered")
    return entered


def results(state: dict, record: dict | None, side: str) -> dict[str, int]:
    if record is None:
        return {}
    sin_die, hero_die, _ = table_dice(state)
    return dice.totals(dice.read_roll(record, sin_die if side == "sin" else hero_die))


# -- fights ---------------------------------------------------------------------------------------
def start_fight(act: Act) -> None:
    """A fight rolled at once (the API's one step; the phones prepare first)."""
    state, payload = act.state, given(act)
    if state["fight"] is not None:
        raise ActionError(N_("Finish the fight going on first."), field="type")
    hero_id, by = who_fights(state, act)
    state.pop("preparing", None)
    roll_fight(act, hero_id, by, payload)


def roll_fight(act: Act, hero_id: str, by: str, payload: dict) -> None:
    """Roll the fight `payload` describes: the pools as they stand now (a sin
    card played since counts), the dice, what starting a fight does."""
    state = act.state
    if by == "sin" and payload.get("ranged"):
        raise ActionError(N_("Only a hero starts a ranged fight."), field="ranged")
    setup = fight_setup(state, hero_id, payload, by)
    computed = fight.pools(setup)
    hero_roll = roll_or_read(state, payload, act.draws, "hero", computed["hero_dice"]["total"])
    sin_roll = None if setup["ranged"] else roll_or_read(state, payload, act.draws, "sin",
                                                         computed["sin_dice"]["total"])
    if setup["voluntary"]:
        heroes.take_corruption(state, hero_id, 1)  # its bonuses are already in `computed`
    if payload.get("acolyte_ability"):
        acolyte_joined(state, hero_id, setup)
    if state["heroes"][hero_id]["innocents"]:  # Grin (redemption) hurts a hero holding an innocent
        for monster in setup["monsters"]:
            heroes.take_wounds(state, hero_id, effects.apocalypse_effect(state, monster.get("hell_club"),
                                                                            "wounds_at_start_with_innocent"))
    if by == "hero" and state["options"]["sin"] == "sloth" and "slowed" not in state["heroes"][hero_id]["marks"]:
        state["heroes"][hero_id]["marks"].append("slowed")  # Sloth's power: 1 space less until round end
    state["fight"] = {"hero": hero_id, "by": by, "setup": setup, "computed": computed, "hero_roll": hero_roll,
                      "sin_roll": sin_roll, "stage": "hits" if setup["ranged"] else "resolve"}
    if by == "hero":
        state["turn"]["action_taken"] = True
    else:
        state["reaction"]["fought"] = True


# -- a fight in the rulebook's order: the hero prepares, the SIN prepares, the roll ------------------------
#: The hero's choices in a fight's preparation (voluntary corruption, abilities and effects); the rest of a
#: prepared fight (monsters, pentagrams, the acolyte ability, the SIN's effects) is the starter's.
HERO_CHOICES = ("voluntary", "extra_hero_dice", "extra_hero_defense", "extra_hero_hits")
#: When a sin card may be played in a fight's preparation (by its timing, and what the fight holds).
FIGHT_TIMINGS = {"fight_start": None, "before_roll": None, "before_avatar_fight": "avatar",
                 "before_controller_fight": "controller", "before_isolated_monster_attacks": 1}


def preparing(state: dict) -> dict | None:
    """The fight being prepared (absent from the state when none is: tables
    made before the rulebook's order replay unchanged)."""
    return state.get("preparing")


def prepared_payload(prep: dict) -> dict:
    return {**prep["setup"], **prep["choices"]}


def prepare(act: Act) -> None:
    """Declare a fight without rolling it: in a hero's turn the hero's player
    (monsters and the hero's own choices), in a reaction the SIN (monsters and
    the SIN's effects), then the hero chooses. A new preparation replaces the
    one going on."""
    state, payload = act.state, given(act)
    if state["fight"] is not None:
        raise ActionError(N_("Finish the fight going on first."), field="type")
    hero_id, by = who_fights(state, act)
    choices = {key: payload.pop(key) for key in HERO_CHOICES if key in payload}
    if by == "sin":
        choices = {}  # the hero makes their own choices on their own phone
    payload.pop("entered", None)
    payload.pop("hero", None)
    prep = {"hero": hero_id, "by": by, "setup": payload, "choices": choices,
            "hero_ready": by == "hero", "sin_ready": False}
    check_prepared(state, prep)
    state["preparing"] = prep


def check_prepared(state: dict, prep: dict) -> None:
    """Refuse now what the roll would refuse (no monster, a ranged fight from a
    district, voluntary corruption out of reach), on a scratch copy."""
    if prep["by"] == "sin" and prep["setup"].get("ranged"):
        raise ActionError(N_("Only a hero starts a ranged fight."), field="ranged")
    fight_setup(copy.deepcopy(state), prep["hero"], prepared_payload(prep), prep["by"])


def current_preparation(state: dict) -> dict:
    prep = preparing(state)
    if prep is None or state["fight"] is not None:
        raise ActionError(N_("No fight is being prepared."), field="type")
    return prep


def choose(act: Act) -> None:
    """The hero's player makes (or changes) the hero's choices, until the roll."""
    state, payload = act.state, given(act)
    prep = current_preparation(state)
    require_hero_player(state, act, prep["hero"])
    prep_choices = {key: payload[key] for key in HERO_CHOICES if payload.get(key)}
    changed = {**prep, "choices": prep_choices}
    check_prepared(state, changed)
    prep["choices"], prep["hero_ready"] = prep_choices, True


def sin_ready(act: Act) -> None:
    """The SIN plays no (more) fight-start card: the dice may be rolled."""
    state = act.state
    prep = current_preparation(state)
    require_sin(act)
    if not prep["hero_ready"]:
        raise ActionError(N_("%(hero)s makes their choices first."), field="type",
                          hero=data.heroes()[prep["hero"]]["name"])
    prep["sin_ready"] = True


def roll_prepared(act: Act) -> None:
    """Roll the prepared fight, once the hero has chosen and the SIN has played
    its fight-start card or said none; dice rolled at the table may be entered."""
    state, payload = act.state, given(act)
    prep = current_preparation(state)
    if not prep["hero_ready"]:
        raise ActionError(N_("%(hero)s makes their choices first."), field="type",
                          hero=data.heroes()[prep["hero"]]["name"])
    if not sin_done(state, prep):
        raise ActionError(N_("The SIN may play a fight-start card first."), field="type")
    hero_id, by = who_fights(state, act)  # the one who started it rolls
    state.pop("preparing")
    act.draws.note("monsters", prep["setup"].get("monsters"))  # for the history line
    act.draws.note("hero", hero_id)
    roll_fight(act, hero_id, by, {**prepared_payload(prep), "entered": payload.get("entered") or {}})


def sin_done(state: dict, prep: dict) -> bool:
    """The SIN's preparation is over: it said so, or its one sin card of this
    turn (and its reaction) is played."""
    window = state["turn"] or state["reaction"] or {}
    return bool(prep["sin_ready"] or window.get("sin_card"))


def withdraw(act: Act) -> None:
    """The one who prepared the fight calls it off before the roll."""
    state = act.state
    prep = current_preparation(state)
    if prep["by"] == "hero":
        require_hero_player(state, act, prep["hero"])
    else:
        require_sin(act)
    state.pop("preparing")


def fight_start_cards(state: dict, prep: dict, hand: list[str]) -> list[str]:
    """The cards of `hand` the SIN may play in this fight's preparation."""
    monsters = (prep["setup"].get("monsters") or {})
    kinds = {kind for kind, n in monsters.items() if n} if isinstance(monsters, dict) else set()
    alone = isinstance(monsters, dict) and sum(n for n in monsters.values() if isinstance(n, int)) == 1
    known = {card["id"]: card for card in data.sins()[state["options"]["sin"]]["cards"]}
    out = []
    for card_id in hand:
        timing = known.get(card_id, {}).get("timing")
        if timing not in FIGHT_TIMINGS:
            continue
        needs = FIGHT_TIMINGS[timing]
        if needs is None or (needs == 1 and alone) or needs in kinds:
            out.append(card_id)
    return out


def prepared_pools(state: dict) -> dict | None:
    """The prepared fight's pools as they stand (the hero's choices and any
    sin card played), without and with voluntary corruption: what the roll
    will ask for."""
    prep = preparing(state)
    if prep is None or state["fight"] is not None:
        return None
    out = {"hero": prep["hero"], "by": prep["by"]}
    for key, voluntary in (("without", False), ("with", True)):
        try:
            setup = fight_setup(copy.deepcopy(state), prep["hero"],
                                {**prepared_payload(prep), "voluntary": voluntary}, prep["by"])
            out[key], out[f"{key}_refused"] = fight.pools(setup), None
        except ActionError as refusal:
            out[key], out[f"{key}_refused"] = None, {"message": refusal.message, "params": refusal.params}
    return out


def current_fight(state: dict, stage: str) -> dict:
    battle = state["fight"]
    if battle is None or battle["stage"] != stage:
        raise ActionError(N_("No fight is waiting for that."), field="type")
    return battle


def assign_hits(act: Act) -> dict:
    """The hero's player turns faiths and assigns hits; monsters die."""
    state, payload = act.state, given(act)
    battle = state["fight"]
    if battle is None or battle["stage"] not in ("hits", "resolve"):
        raise ActionError(N_("No fight is waiting for that."), field="type")
    require_hero_player(state, act, battle["hero"])
    hero_results = results(state, battle["hero_roll"], "hero")
    turned = fight.check_turned(payload.get("turned"), hero_results.get("faith", 0), battle["computed"]["free_results"])
    hits = hero_results.get("hit", 0) + turned.get("hit", 0) + battle["computed"]["hero_hits"]["total"]
    monsters = battle["setup"]["monsters"]
    assigned = payload.get("assigned") or [0] * len(monsters)
    killed = fight.kills(hits, monsters, assigned, battle["setup"])
    battle["turned"], battle["killed"] = turned, killed
    for index in killed:
        monster_killed(state, monsters[index])
    if killed:
        powers.monsters_killed(state, battle["hero"])  # Wrath
    return battle


def monster_killed(state: dict, monster: dict) -> None:
    if monster["kind"] == "hell_club":
        cards.hell_club_killed(state, monster["hell_club"])
        story.monster_killed(state, "hell_club", in_fight=True)
        return
    dead = state["monsters"].setdefault("dead", {})
    dead[monster["kind"]] = dead.get(monster["kind"], 0) + 1
    story.monster_killed(state, monster["kind"], in_fight=True)
    where = state.get("spaces", {}).get(state["fight"]["setup"].get("space") or "")
    if where is not None and where["monsters"].get(monster["kind"], 0) > 0:
        where["monsters"][monster["kind"]] -= 1


def resolve(act: Act) -> None:
    """A fight in the hero's space: faiths, hits, then wounds and corruption."""
    state, payload = act.state, given(act)
    battle = current_fight(state, "resolve")
    if battle["setup"]["ranged"]:
        raise ActionError(N_("No fight is waiting for that."), field="type")
    assign_hits(act)
    apply_harm(state, battle, results(state, battle["sin_roll"], "sin"), payload, act.draws)


def ranged_hits(act: Act) -> None:
    """A ranged fight, step 1: the hero's roll kills first."""
    state = act.state
    battle = current_fight(state, "hits")
    assign_hits(act)
    battle["stage"] = "counter"


def counter_attack(act: Act) -> None:
    """A ranged fight, step 2: survivors that reach the hero, with the
    monsters already there, roll against the hero's original roll."""
    state, payload = act.state, given(act)
    battle = current_fight(state, "counter")
    require_sin(act)
    monsters = monsters_from(state, payload.get("monsters") or {})
    if monsters:
        setup = {**battle["setup"], "monsters": monsters, "pentagrams": _count(payload.get("pentagrams"), "pentagrams")}
        computed = fight.pools(setup)
        battle["counter"] = computed
        battle["sin_roll"] = roll_or_read(state, payload, act.draws, "sin", computed["sin_dice"]["total"])
        apply_harm(state, {**battle, "computed": computed}, results(state, battle["sin_roll"], "sin"), payload,
                   act.draws)
    state["fight"] = None


def protector_beside(state: dict, hero_id: str) -> bool:
    """Thorley's Protector: Thorley alive and another hero's fight in his
    space (where both stand on tracked spaces; else the group's word)."""
    thorley = state["heroes"].get("thorley")
    if thorley is None or thorley["dead"] or "thorley" not in state["order"] or hero_id == "thorley":
        return False
    here, his = state["heroes"][hero_id].get("space"), thorley.get("space")
    return here is None or his is None or here == his


def apply_harm(state: dict, battle: dict, sin_results: dict, payload: dict, draws: Draws) -> None:
    hero_results = results(state, battle["hero_roll"], "hero")
    protector = _count(payload.get("protector"), "protector", 1)
    if protector and not protector_beside(state, battle["hero"]):
        raise ActionError(N_("Only Thorley, beside the fighting hero, can protect them."), field="protector")
    result = fight.outcome(battle["computed"], hero_results, sin_results, battle.get("turned"), protector)
    setup, computed = battle["setup"], battle["computed"]
    # What the page tells of it: who fought what, where, the dice and how each number came out.
    state["last_fight"] = {"hero": battle["hero"], **result, "killed": [setup["monsters"][i]["name"]
                                                                        for i in battle.get("killed", [])]}
    if not state.get("short_records"):
        state["last_fight"] |= {
            "by": battle.get("by", "hero"), "space": setup.get("space"),
            "monsters": [monster["name"] for monster in setup["monsters"]],
            "hero_roll": battle["hero_roll"], "sin_roll": battle["sin_roll"],
            "rolled": {"hero": dict(hero_results), "sin": dict(sin_results)},
            "turned": dict(battle.get("turned") or {}),
            "before": {key: computed[key]["total"] for key in
                       ("hero_hits", "hero_defense", "defense_cancelled", "sin_hits", "sin_corruption")}}
    state["fight"] = None
    heroes.take_corruption(state, battle["hero"], result["corruption"])
    heroes.take_wounds(state, battle["hero"], result["wounds"])
    effects.after_fight(state, battle, result, draws)


# -- cleansing and checks --------------------------------------------------------------------
def others_here(state: dict, hero_id: str, payload: dict) -> int:
    """Other heroes in the hero's space: counted from the tracked spaces,
    else as the group enters it."""
    where = state["heroes"][hero_id].get("space")
    if payload.get("others_in_space") is None and where in state.get("spaces", {}):
        return len(spaces.heroes_in(state, where)) - 1
    return _count(payload.get("others_in_space"), "others_in_space")


def cleanse_size(state: dict, hero_id: str, payload: dict) -> int:
    return sum(item["amount"] for item in cleanse_lines(state, hero_id, payload))


def cleanse_lines(state: dict, hero_id: str, payload: dict) -> list[dict]:
    """The cleanse's dice with their working: skill value, +1 per other hero
    in the space, upgrades, and the dice voluntary corruption lends."""
    hero = state["heroes"][hero_id]
    check_wounds_placed(hero, payload)
    lines = [line(N_("Skill value of %(hero)s"), _stat(state, hero_id, "skill"), hero=data.heroes()[hero_id]["name"])]
    others = others_here(state, hero_id, payload)
    if others:
        lines.append(line(N_("Other heroes in the space"), others))
    for upgrade in hero["upgrades"]:
        dice = data.upgrades().get(upgrade, {}).get("effect", {}).get("skill_dice", 0)
        if dice:
            lines.append(line(N_("Upgrade %(name)s"), dice, name=data.upgrades()[upgrade]["name"]))
    bonus = cleanse_bonus(hero, payload)["dice"]
    if bonus:
        lines.append(line(N_("Voluntary corruption to level %(level)d"), bonus, level=hero["corruption"] + 1))
    return lines


def cleanse_bonus(hero: dict, payload: dict) -> dict:
    if not payload.get("voluntary"):
        return {"dice": 0, "choice": 0}
    return corruption.voluntary(hero)[1]


def cleanse(act: Act) -> None:
    """Skill dice (+1 per other hero, + voluntary corruption); each skill
    removes a face-up token there: faiths may become skills, and level 7's
    result of choice may be one."""
    state, payload = act.state, given(act)
    hero_id, by = who_fights(state, act)
    if by != "hero":
        raise ActionError(N_("Only the hero whose turn it is cleanses."), field="type")
    hero = state["heroes"][hero_id]
    size = cleanse_size(state, hero_id, payload)
    free = cleanse_bonus(hero, payload)["choice"]
    record = roll_or_read(state, payload, act.draws, "hero", size)
    state.pop("preparing", None)  # the turn's action is the cleanse, not the fight prepared
    if payload.get("voluntary"):
        heroes.take_corruption(state, hero_id, 1)
    rolled = results(state, record, "hero")
    state["roll"] = {"kind": "cleanse", "hero": hero_id, "record": record, "space": hero.get("space"),
                     "removed": rolled.get("skill", 0) + rolled.get("faith", 0) + free}
    if not state.get("short_records"):
        state["roll"] |= {"rolled": dict(rolled), "free": free}
    state["turn"]["action_taken"] = True


def check(act: Act) -> None:
    """Fire or corruption check when a hero enters or leaves such a space:
    one SIN die per token; fire wounds ignore defense; Proxy ignores one."""
    state, payload = act.state, given(act)
    kind = payload.get("kind")
    if kind not in ("fire", "corruption"):
        raise ActionError(N_("Choose one of the listed options."), field="kind")
    hero_id = payload.get("hero")
    hero = heroes.alive(state, hero_id)
    tokens = _count(payload.get("tokens"), "tokens", 12)
    if tokens < 1:
        raise ActionError(N_("Enter a whole number from %(low)d to %(high)d."), field="tokens", low=1, high=12)
    record = roll_or_read(state, payload, act.draws, "sin", tokens)
    rolled = results(state, record, "sin")
    amount = rolled.get("hit" if kind == "fire" else "corruption", 0)
    ignored = [helper for helper, held in (("proxy", hero["npcs"]), ("hazmat_suit", hero["upgrades"]))
               if helper in held]
    for _helper in ignored:  # Proxy, the Hazmat Suit: one result each ignored
        amount = max(0, amount - 1)
    state["roll"] = {"kind": kind, "hero": hero_id, "record": record, "amount": amount}
    if not state.get("short_records"):
        state["roll"] |= {"space": hero.get("space"), "tokens": tokens, "rolled": dict(rolled), "ignored": ignored}
    due = state.get("checks_due") or []
    for index, entry in enumerate(due):
        if entry["hero"] == hero_id and entry["kind"] == kind:
            del due[index]  # the step's check, rolled by hand
            break
    if kind == "fire":
        heroes.take_wounds(state, hero_id, amount)
    else:
        heroes.take_corruption(state, hero_id, amount)


# -- planning -----------------------------------------------------------------------------------
def plan(act: Act) -> None:
    """Set up a fight to see its pools and chances before anyone rolls."""
    state, payload = act.state, given(act)
    hero_id = payload.get("hero")
    heroes.alive(state, hero_id)
    scratch = copy.deepcopy(state)
    fight_setup(scratch, hero_id, {**payload, "voluntary": False}, "sin" if payload.get("reaction") else "hero")
    state["plan"] = {key: value for key, value in payload.items() if key != "entered"}


def planned(state: dict) -> dict | None:
    """The planned fight's pools, with and without voluntary corruption,
    while it can still be fought (see plan_current); where the rules refuse
    a variant, why (`without_refused`, `with_refused`: message and params)."""
    wanted = state.get("plan")
    if not plan_current(state, wanted):
        return None
    out = {"hero": wanted["hero"]}
    for key, voluntary in (("without", False), ("with", True)):
        scratch = copy.deepcopy(state)
        try:
            setup = fight_setup(scratch, wanted["hero"], {**wanted, "voluntary": voluntary},
                                "sin" if wanted.get("reaction") else "hero")
            out[key], out[f"{key}_refused"] = fight.pools(setup), None
        except ActionError as refusal:
            out[key], out[f"{key}_refused"] = None, {"message": refusal.message, "params": refusal.params}
    return out


def plan_current(state: dict, wanted: dict | None) -> bool:
    """A planned fight is shown until it is fought or passed by: in its
    hero's turn before the turn's action, in the SIN's reaction to its hero,
    or between turns when its hero plays next. (The state keeps the last
    plan as logged tables made it; whether it still applies is read here.)"""
    if not wanted or wanted.get("hero") not in state["heroes"] or state["heroes"][wanted["hero"]]["dead"]:
        return False
    if phase_of(state) != "hero_turns" or state["fight"] is not None:
        return False
    turn, reaction = state["turn"], state["reaction"]
    if turn is not None:
        return turn["hero"] == wanted["hero"] and not turn["action_taken"]
    if reaction is not None and reaction["spent"]:
        return reaction["hero"] == wanted["hero"] and not reaction.get("fought")
    return next_hero(state) == wanted["hero"]
