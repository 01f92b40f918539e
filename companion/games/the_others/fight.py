"""The fight calculator: both dice pools with their working, the results each
side adds, and what the rolled dice do (rulebook "fight": hero preparation,
SIN preparation, resolution, ranged fights).

A fight is described by a plain dict (see `FightSetup` keys in `pools`); every
number shown comes with the lines that made it, as (English msgid, params,
amount), so a phone can show the working.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.games.the_others import apocalypse, corruption, data
from companion.games.the_others.dice import faiths_turned
from companion.rules import N_, ActionError

MONSTER_KINDS = ("abomination", "controller", "avatar", "acolyte", "hell_club")


def line(label: str, amount: int, **params) -> dict:
    return {"label": label, "params": params, "amount": amount}


def _total(lines: list[dict]) -> int:
    return sum(item["amount"] for item in lines)


# -- the hero's side ---------------------------------------------------------------------
def _upgrades(setup: Mapping) -> list[dict]:
    known = data.upgrades()
    return [known[upgrade] for upgrade in setup.get("upgrades", ()) if upgrade in known]


def _upgrade_applies(effect: str, setup: Mapping) -> bool:
    ranged = setup.get("ranged", False)
    if effect.startswith("own_space_"):
        return not ranged
    if effect == "dice_vs_two_or_more":
        return not ranged and len(setup.get("monsters", ())) >= 2
    if effect == "dice_if_alone":
        return setup.get("others_in_space", 0) == 0
    return effect in ("defense", "hit")


def voluntary_bonus(setup: Mapping) -> dict:
    """The bonuses voluntary corruption lends this roll (all zero without it)."""
    if not setup.get("voluntary"):
        return {"dice": 0, "defense": 0, "hit": 0, "choice": 0}
    track = {"corruption": setup["corruption"], "wounds": list(setup.get("wounds", ()))}
    corruption.check_voluntary(track)
    return corruption.bonuses(track["corruption"] + 1, track["wounds"])


def hero_dice(setup: Mapping) -> list[dict]:
    """Rulebook order: combat value, other heroes, Commissioner, abilities
    and upgrades, voluntary corruption; then any sin card that takes dice."""
    lines = [line(N_("Combat value of %(hero)s"), setup["combat"], hero=setup.get("hero_name", "?"))]
    if setup.get("others_in_space"):
        lines.append(line(N_("Other heroes in the space"), setup["others_in_space"]))
    if "commissioner" in setup.get("npcs", ()):
        lines.append(line(N_("Commissioner"), 1))
    for upgrade in _upgrades(setup):
        dice = sum(value for effect, value in upgrade["effect"].items()
                   if effect in ("own_space_dice", "dice_vs_two_or_more", "dice_if_alone")
                   and _upgrade_applies(effect, setup))
        if dice:
            lines.append(line(N_("Upgrade %(name)s"), dice, name=upgrade["name"]))
    if setup.get("extra_hero_dice"):
        lines.append(line(N_("Abilities and other effects"), setup["extra_hero_dice"]))
    bonus = voluntary_bonus(setup)
    if bonus["dice"]:
        lines.append(line(N_("Voluntary corruption to level %(level)d"), bonus["dice"],
                          level=setup["corruption"] + 1))
    card = _sin_card(setup)
    if card.get("hero_dice"):
        lines.append(line(N_("Sin card %(name)s"), card["hero_dice"], name=card["name"]))
    return lines


def hero_defense(setup: Mapping, sin_side: Mapping | None = None) -> list[dict]:
    """Defense added to the roll: base, upgrades, voluntary corruption, less
    what the SIN cancels."""
    card = _sin_card(setup)
    lines = []
    ignore_base = card.get("ignore_base_defense_if_extra_turn") and setup.get("extra_turns", 0) > 0
    if setup.get("defense") and not ignore_base:
        lines.append(line(N_("Base defense"), setup["defense"]))
    for upgrade in _upgrades(setup):
        value = sum(v for effect, v in upgrade["effect"].items()
                    if effect in ("defense", "own_space_defense") and _upgrade_applies(effect, setup))
        if value:
            lines.append(line(N_("Upgrade %(name)s"), value, name=upgrade["name"]))
    bonus = voluntary_bonus(setup)
    if bonus["defense"]:
        lines.append(line(N_("Voluntary corruption to level %(level)d"), bonus["defense"],
                          level=setup["corruption"] + 1))
    if setup.get("extra_hero_defense"):
        lines.append(line(N_("Abilities and other effects"), setup["extra_hero_defense"]))
    return lines


def hero_hits(setup: Mapping) -> list[dict]:
    lines = []
    for upgrade in _upgrades(setup):
        if upgrade["effect"].get("hit"):
            lines.append(line(N_("Upgrade %(name)s"), upgrade["effect"]["hit"], name=upgrade["name"]))
    bonus = voluntary_bonus(setup)
    if bonus["hit"]:
        lines.append(line(N_("Voluntary corruption to level %(level)d"), bonus["hit"], level=setup["corruption"] + 1))
    if setup.get("ranged") and setup.get("ranged_hits"):
        lines.append(line(N_("Ranged ability"), setup["ranged_hits"]))
    if setup.get("extra_hero_hits"):
        lines.append(line(N_("Abilities and other effects"), setup["extra_hero_hits"]))
    return lines


def free_results(setup: Mapping) -> int:
    """Results of the hero's choice: corruption level 7 and Angel's Tear."""
    free = voluntary_bonus(setup)["choice"]
    if not setup.get("voluntary"):
        free += sum(u["effect"].get("any_result_without_voluntary", 0) for u in _upgrades(setup))
    return free


# -- the SIN's side ----------------------------------------------------------------------
def _sin_card(setup: Mapping) -> dict:
    card_id = setup.get("sin_card")
    if not card_id:
        return {}
    sin = data.sins().get(setup.get("sin", ""), {})
    for card in sin.get("cards", ()):
        if card["id"] == card_id:
            return {"name": card["name"], **card["fight"]}
    return {}


def _apocalypse_cards(setup: Mapping) -> list[dict]:
    """The face-up apocalypse cards, from the story type's deck (two decks
    hold different cards of the same name)."""
    decks = data.load("apocalypse_cards")["decks"]
    if setup.get("story_type") in decks:
        decks = {setup["story_type"]: decks[setup["story_type"]]}
    wanted = set(setup.get("apocalypse_cards", ()))
    seen, out = set(), []
    for deck in decks.values():
        for card in deck:
            if card["id"] in wanted and card["id"] not in seen:
                seen.add(card["id"])
                out.append(card)
    return out


def _count(setup: Mapping, kind: str) -> int:
    return sum(1 for monster in setup.get("monsters", ()) if monster["kind"] == kind)


def sin_dice(setup: Mapping) -> list[dict]:
    """Rulebook order: the monsters' combat values, pentagrams, a sin card,
    apocalypse track, apocalypse cards and the sin's power."""
    lines = [line(N_("Monster: %(monster)s"), monster["combat"], monster=monster.get("name", monster["kind"]))
             for monster in setup.get("monsters", ())]
    if setup.get("pentagrams"):
        lines.append(line(N_("Pentagrams in the space"), setup["pentagrams"]))
    card = _sin_card(setup)
    card_dice = card.get("dice", 0)
    if card.get("dice_per_extra_turn_and_upgrade"):
        card_dice += setup.get("extra_turns", 0) + len(setup.get("upgrades", ()))
    if card.get("dice_if_not_isolated") and setup.get("others_in_space", 0) > 0:
        card_dice = card["dice_if_not_isolated"]
    if card_dice:
        lines.append(line(N_("Sin card %(name)s"), card_dice, name=card["name"]))
    level_dice = apocalypse.extra_fight_dice(setup.get("apocalypse_level", 0))
    if level_dice:
        lines.append(line(N_("Apocalypse level %(level)d"), level_dice, level=setup["apocalypse_level"]))
    power = data.sins().get(setup.get("sin", ""), {}).get("power_effect", {})
    if power.get("dice_vs_most_upgrades") and setup.get("most_upgrades"):
        lines.append(line(N_("Sin power"), power["dice_vs_most_upgrades"]))
    return lines + _other_effects(setup, "extra_sin_dice")


def _club_in_fight(setup: Mapping, apocalypse_card: Mapping) -> bool:
    """Whether a monster of the card's hell club is in the fight."""
    return any(m.get("hell_club") == apocalypse_card["hell_club"] for m in setup.get("monsters", ()))


def _apocalypse_card_lines(setup: Mapping, amount) -> list[dict]:
    """A line for each face-up apocalypse card that adds to this number:
    `amount(fight, club_in_fight)` from the card's fight effects."""
    lines = []
    for apocalypse_card in _apocalypse_cards(setup):
        added = amount(apocalypse_card["fight"], _club_in_fight(setup, apocalypse_card))
        if added:
            lines.append(line(N_("Apocalypse card %(name)s"), added, name=apocalypse_card["name"]))
    return lines


def _other_effects(setup: Mapping, key: str) -> list[dict]:
    """What the table entered by hand for effects the app does not know."""
    return [line(N_("Other effects"), setup[key])] if setup.get(key) else []


def sin_extra_hits(setup: Mapping) -> list[dict]:
    lines = []
    abominations = _count(setup, "abomination")
    card = _sin_card(setup)
    if card.get("hits_per_abomination") and abominations:
        lines.append(line(N_("Sin card %(name)s"), card["hits_per_abomination"] * abominations, name=card["name"]))
    if card.get("hits"):
        lines.append(line(N_("Sin card %(name)s"), card["hits"], name=card["name"]))
    corrupt, innocents = setup.get("corruption", 1) >= 4, setup.get("innocents", 0)
    lines += _apocalypse_card_lines(setup, lambda fight, club: (
        fight.get("hits_per_abomination", 0) * abominations
        + ((fight.get("hits_if_hero_corruption_4") or 0) if club and corrupt else 0)
        + ((fight.get("hits_with_innocent") or 0) if innocents else 0)))
    return lines + _other_effects(setup, "extra_sin_hits")


def sin_extra_corruption(setup: Mapping) -> list[dict]:
    lines = []
    card = _sin_card(setup)
    if card.get("corruption"):
        amount = card["corruption_if_upgrades"] if setup.get("upgrades") and card.get("corruption_if_upgrades") \
            else card["corruption"]
        lines.append(line(N_("Sin card %(name)s"), amount, name=card["name"]))
    acolytes, hazard, innocents = _count(setup, "acolyte"), setup.get("hazard_here"), setup.get("innocents", 0)
    lines += _apocalypse_card_lines(setup, lambda fight, club: (
        fight.get("corruption_per_acolyte", 0) * acolytes
        + ((fight.get("corruption_in_hazard") or 0) if club and hazard else 0)
        + ((fight.get("corruption_with_innocent") or 0) if innocents else 0)))
    return lines + _other_effects(setup, "extra_sin_corruption")


def defense_cancelled(setup: Mapping) -> list[dict]:
    lines = []
    power = data.sins().get(setup.get("sin", ""), {}).get("power_effect", {})
    if power.get("isolated_defense_cancelled") and setup.get("others_in_space", 0) == 0:
        lines.append(line(N_("Sin power: the hero fights alone"), power["isolated_defense_cancelled"]))
    card = _sin_card(setup)
    if card.get("defense_cancelled_per_dead_monster") and setup.get("dead_monsters"):
        lines.append(line(N_("Sin card %(name)s"), setup["dead_monsters"], name=card["name"]))
    return lines


def monster_defense(monster: Mapping, setup: Mapping) -> int:
    """The hits that kill this monster in this fight."""
    return _total(monster_defense_lines(monster, setup))


def monster_defense_lines(monster: Mapping, setup: Mapping) -> list[dict]:
    """The working of a monster's defense in this fight: its printed defense
    and the face-up apocalypse cards that raise it."""
    lines = [line(N_("The monster's defense"), monster["defense"])]
    for card in _apocalypse_cards(setup):
        added = card["fight"].get("acolyte_abomination_defense", 0) if monster["kind"] in ("acolyte", "abomination") \
            else 0
        if setup.get("reaction"):
            added += card["fight"].get("monster_defense_in_reaction", 0)
        if added:
            lines.append(line(N_("Apocalypse card %(name)s"), added, name=card["name"]))
    return lines


def pools(setup: Mapping) -> dict:
    """Everything computed before the roll, each with its working."""
    hero = hero_dice(setup)
    sin = sin_dice(setup)
    parts = {
        "hero_dice": hero, "hero_defense": hero_defense(setup), "hero_hits": hero_hits(setup),
        "sin_dice": sin, "sin_hits": sin_extra_hits(setup), "sin_corruption": sin_extra_corruption(setup),
        "defense_cancelled": defense_cancelled(setup),
    }
    out = {name: {"total": max(0, _total(lines)), "lines": lines} for name, lines in parts.items()}
    out["free_results"] = free_results(setup)
    return out


# -- after the roll ------------------------------------------------------------------------
def outcome(computed: Mapping, hero_roll: Mapping[str, int], sin_roll: Mapping[str, int],
            turned: Mapping[str, int] | None = None, protector: int = 0) -> dict:
    """Cancel and apply: wounds and corruption the hero takes, hits to assign.
    `hero_roll`/`sin_roll` are the rolled totals; `turned` is what the faiths
    and free results became (hit, defense, counter_corruption, skill)."""
    turned = dict(turned or {})
    defense = max(0, computed["hero_defense"]["total"] + hero_roll.get("defense", 0)
                  - computed["defense_cancelled"]["total"]) + turned.get("defense", 0)
    counter = hero_roll.get("counter_corruption", 0) + turned.get("counter_corruption", 0)
    sin_hits = sin_roll.get("hit", 0) + computed["sin_hits"]["total"]
    sin_corruption = sin_roll.get("corruption", 0) + computed["sin_corruption"]["total"]
    wounds = max(0, sin_hits - defense)
    return {
        "hits": hero_roll.get("hit", 0) + turned.get("hit", 0) + computed["hero_hits"]["total"],
        "defense": defense, "counter_corruption": counter,
        "sin_hits": sin_hits, "sin_corruption": sin_corruption,
        "wounds": max(0, wounds - protector), "protected": min(protector, wounds),
        "corruption": max(0, sin_corruption - counter),
    }


def check_turned(turned: Mapping | None, faith: int, free: int) -> dict[str, int]:
    """What the hero's faith and free results become: at most one each."""
    return faiths_turned(faith + free, turned, field="turned")


def kills(hits: int, monsters: list[Mapping], assigned: list[int], setup: Mapping) -> list[int]:
    """Indexes of the monsters killed by the hits the hero assigned to each;
    a monster dies only from hits equal to its defense in this fight, and
    hits don't carry over."""
    if not isinstance(assigned, list) or len(assigned) != len(monsters):
        raise ActionError(N_("Assign hits to each monster in the fight (0 for none)."), field="assigned")
    if any(isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in assigned):
        raise ActionError(N_("Assign a whole number of hits, 0 or more, to each monster."), field="assigned")
    if sum(assigned) > hits:
        raise ActionError(N_("Only %(hits)d hits to assign."), field="assigned", hits=hits)
    return [index for index, (monster, given) in enumerate(zip(monsters, assigned))
            if given >= monster_defense(monster, setup) and not immune(monster, setup)]


def immune(monster: Mapping, setup: Mapping) -> bool:
    """Gourd & Vex: heroes at corruption 5 or more can't damage them."""
    for card in _apocalypse_cards(setup):
        level = card["fight"].get("immune_from_corruption")
        if level and monster.get("hell_club") == card["hell_club"] and setup.get("corruption", 1) >= level:
            return True
    return False
