"""The corruption step (rulebook, 堕落阶段 ②), one region at a time.

Each cultist a god controls in the region places one of that god's
corruption tokens. Right after the region's placement, its tokens are
counted with warpstone (次元石: a corruption token for this check only); at
12 or more the region is ruined, unless the ruination cards have run out,
and every god that placed a token there in this step scores the ruiners'
VP of the ruination card taken.
"""

from __future__ import annotations

from companion.games.chaos.board import card_magic, controlled_figures, figures_of, magic_symbols, total_tokens
from companion.games.chaos.chaos_cards import card, effects_here
from companion.games.chaos.working import line
from companion.rules import N_


def corruption_placed(region: dict, gods: list[str]) -> dict[str, int]:
    """Tokens each god places here: one per cultist it controls."""
    return {god: sum(1 for _, kind in controlled_figures(region, god) if kind == "cultist") for god in gods}


def earns_dial_token(condition: dict, placed: int, region: dict, populous: bool) -> bool:
    """A god's corruption-phase dial-token condition (the rulebook's 威胁轮盘
    section); Khorne's is in battle.py."""
    kind = condition["kind"]
    if kind == "kills_in_battle" or placed < condition.get("at_least", 2):
        return False
    if kind == "corruption_in_populous":
        return populous
    if kind == "corruption_with_magic":
        return magic_symbols(region) + region["warpstone"] >= condition["magic_at_least"]
    if kind == "corruption_with_hero_or_noble":
        return region["heroes"] + region["nobles"] > 0
    raise ValueError(f"unknown dial condition {kind!r}")


def consume(region: dict, gods: list[str], tokens: dict[str, int], blocked: bool, working: list) -> dict:
    """A card that turns its god's figures here into corruption, after the
    placement and before the ruin check: god -> {"removed": {unit kind:
    count}, "placed": tokens}; `tokens` gains them (none where a card stops
    corruption here)."""
    consumed = {}
    for held in effects_here(region, "consume_figures"):
        god = held["god"]
        if god not in gods or god in consumed:
            continue
        removed = {kind: n for kind, n in figures_of(region, god).items() if n}
        count = sum(removed.values())
        per = card(god, held["card"])["does"]["per"]
        adds = 0 if blocked else count // per
        tokens[god] += adds
        consumed[god] = {"removed": removed, "placed": adds}
        working.append(line(N_("%(card)s: %(god)s's %(count)d figures here leave the board and place %(placed)d "
                               "corruption (1 for every %(per)d)"), card=held["card"], god=god, count=count,
                            placed=adds, per=per))
    return consumed


def corrupt_region(region: dict, gods: list[str], conditions: dict[str, dict], populous: bool,
                   ruination_left: list[dict], ruin_at: int) -> dict:
    """Place this region's corruption and check for ruin. Returns what
    happened; the caller writes it into the state. `ruination_left` is the
    stack of ruination cards still on the board, top first."""
    placed = corruption_placed(region, gods)
    working = []
    blocking = effects_here(region, "no_corruption")
    if blocking and any(placed.values()):
        working.append(line(N_("%(card)s of %(god)s here: nobody places corruption in this region this round "
                               "(%(count)d cultists place none)."), card=blocking[0]["card"], god=blocking[0]["god"],
                            count=sum(placed.values())))
        placed = dict.fromkeys(placed, 0)
    working += [line(N_("%(god)s places %(count)d corruption (one per cultist)."), god=god, count=count)
                for god, count in placed.items() if count]
    tokens = {god: region["corruption"].get(god, 0) + placed[god] for god in gods}
    dial_tokens = [god for god in gods if earns_dial_token(conditions[god], placed[god], region, populous)]
    for god in gods:
        if conditions[god]["kind"] == "corruption_with_magic" and placed[god] >= conditions[god].get("at_least", 2):
            working.append(line(N_("Magic here: %(cards)d from cards + %(figures)d from upgraded figures + "
                                   "%(warpstone)d warpstone = %(total)d"), cards=card_magic(region),
                                figures=region.get("upgrade_magic", 0), warpstone=region["warpstone"],
                                total=magic_symbols(region) + region["warpstone"]))
    for god in dial_tokens:
        working.append(line(N_("%(god)s earns a dial token here."), god=god))
    consumed = consume(region, gods, tokens, bool(blocking), working)
    total = total_tokens({**region, "corruption": tokens})
    working.append(line(
        N_("Tokens here: %(corruption)d corruption + %(warpstone)d warpstone = %(total)d (ruin at %(ruin_at)d)"),
        corruption=sum(tokens.values()), warpstone=region["warpstone"], total=total, ruin_at=ruin_at))
    result = {"placed": placed, "corruption": tokens, "dial_tokens": dial_tokens, "total": total,
              "ruined": False, "card": None, "ruiners": [], "ruiners_vp": 0, "working": working}
    if consumed:
        result["consumed"] = consumed
    if total < ruin_at:
        return result
    if not ruination_left:
        working.append(line(N_("The ruination cards have run out: no region can be ruined.")))
        return result
    card = ruination_left[0]
    ruiners = [god for god in gods if placed[god] or consumed.get(god, {}).get("placed")]
    result.update(ruined=True, card=card["number"], ruiners=ruiners, ruiners_vp=card["ruiners"])
    working.append(line(N_("Ruined! Ruination card %(card)d is taken."), card=card["number"]))
    for god in ruiners:
        working.append(line(N_("%(god)s placed corruption here this step: +%(vp)d VP as a ruiner."),
                            god=god, vp=card["ruiners"]))
    return result
