"""The domination step of the corruption phase (rulebook, 堕落阶段 ①).

Each god's domination in a region is the domination value of the chaos cards
it played there plus the figures it controls there. The single highest
scores the region's conquest value at once if it is higher than the
resistance; a tie for highest scores nothing.
"""

from __future__ import annotations

from companion.games.chaos.board import (
    card_domination,
    controlled_figures,
    effective_conquest,
    effective_resistance,
    lowered_by,
)
from companion.games.chaos.chaos_cards import card, effects_here
from companion.games.chaos.working import line
from companion.rules import N_


def card_effects(region: dict, god: str, units: dict | None) -> tuple[int, list]:
    """Domination the known effects of the cards here add to (or, for figures
    counted by their attack dice, change in) `god`'s figures' and cards' sum,
    with a working line per card."""
    extra, working = 0, []
    throne = [held for held in effects_here(region, "attack_domination") if held["god"] == god]
    if throne and units:  # one such card is enough: the figures count their dice once
        figures = controlled_figures(region, god)
        dice = sum(units[owner][kind]["attack"] for owner, kind in figures)
        extra += dice - len(figures)
        working.append(line(N_("%(card)s: %(god)s's %(count)d figures here count their %(dice)d attack dice "
                               "instead of 1 each"), card=throne[0]["card"], god=god, count=len(figures), dice=dice))
    aura = [held for held in effects_here(region, "corruption_domination") if held["god"] == god]
    if aura:
        unless = card(god, aura[0]["card"])["does"]["unless"]
        cancelling = [held for held in region["slots"] if held and held.get("card") == unless]
        tokens = region["corruption"].get(god, 0)
        if cancelling:
            working.append(line(N_("%(card)s: %(other)s is here too, so %(god)s's corruption adds nothing"),
                                card=aura[0]["card"], other=cancelling[0]["card"], god=god))
        else:
            extra += tokens
            working.append(line(N_("%(card)s: +%(count)d for %(god)s's corruption here"), card=aura[0]["card"],
                                count=tokens, god=god))
    for held in effects_here(region, "token_domination"):
        if held["god"] != god:
            continue
        does = card(god, held["card"])["does"]
        tokens = sum(region[token] for token in does["tokens"])
        extra += does["amount"] * tokens
        working.append(line(N_("%(card)s: +%(amount)d × %(count)d heroes and nobles here = +%(total)d"),
                            card=held["card"], amount=does["amount"], count=tokens, total=does["amount"] * tokens))
    return extra, working


def domination_scores(region: dict, gods: list[str], units: dict | None = None) -> dict[str, dict]:
    scores = {}
    for god in gods:
        cards, figures = card_domination(region, god), len(controlled_figures(region, god))
        extra, working = card_effects(region, god, units)
        scores[god] = {"cards": cards, "figures": figures, "total": max(0, cards + figures + extra)}
        if working:
            scores[god].update(effects=extra, working=working)
    return scores


def resistance_line(region: dict, value: int) -> dict:
    """How the resistance domination must beat is reached."""
    lowered = lowered_by(region)
    if not lowered:
        return line(N_("Resistance %(printed)d − %(skaven)d skaven = %(value)d"),
                    printed=region["resistance"], skaven=region["skaven"], value=value)
    return line(N_("Resistance %(printed)d − %(skaven)d skaven − %(lowered)d from %(card)s = %(value)d (never below "
                   "0)"), printed=region["resistance"], skaven=region["skaven"],
                lowered=sum(amount for _, amount in lowered), card=lowered[0][0]["card"], value=value)


def dominate(region: dict, gods: list[str], units: dict | None = None) -> dict:
    """Who dominates the region and what it scores, with the working. With
    `units` (the unit stats as they count now) a card counting attack dice
    is carried out."""
    scores = domination_scores(region, gods, units)
    resistance, conquest = effective_resistance(region), effective_conquest(region)
    working = []
    for god, score in scores.items():
        if "effects" in score:
            working += score["working"]
            working.append(line(N_("%(god)s: %(cards)d from cards + %(figures)d figures, %(effects)d from card "
                                   "effects = %(total)d"), god=god, **score))
        elif score["total"]:
            working.append(line(N_("%(god)s: %(cards)d from cards + %(figures)d figures = %(total)d"),
                                god=god, **score))
    working.append(resistance_line(region, resistance))
    best = max((score["total"] for score in scores.values()), default=0)
    leaders = [god for god, score in scores.items() if score["total"] == best]
    winner, vp = None, 0
    if len(leaders) > 1:
        working.append(line(N_("%(count)d gods tie for the highest domination: nobody scores."), count=len(leaders)))
    elif best <= resistance:
        working.append(line(N_("The highest domination, %(best)d, is not above the resistance: nobody scores."),
                            best=best))
    else:
        winner, vp = leaders[0], conquest
        working.append(line(N_("Conquest %(printed)d + %(nobles)d nobles = %(value)d"),
                            printed=region["conquest"], nobles=region["nobles"], value=conquest))
        working.append(line(N_("%(god)s dominates and scores %(vp)d VP."), god=winner, vp=vp))
    return {"scores": scores, "resistance": resistance, "conquest": conquest,
            "winner": winner, "vp": vp, "working": working}
