"""The domination step of the corruption phase (rulebook, 堕落阶段 ①).

Each god's domination in a region is the domination value of the chaos cards
it played there plus the figures it controls there. The single highest
scores the region's conquest value at once if it is higher than the
resistance; a tie for highest scores nothing.
"""

from __future__ import annotations

from companion.games.chaos.board import card_domination, controlled_figures, effective_conquest, effective_resistance
from companion.games.chaos.working import line
from companion.rules import N_


def domination_scores(region: dict, gods: list[str]) -> dict[str, dict]:
    scores = {}
    for god in gods:
        cards, figures = card_domination(region, god), len(controlled_figures(region, god))
        scores[god] = {"cards": cards, "figures": figures, "total": cards + figures}
    return scores


def dominate(region: dict, gods: list[str]) -> dict:
    """Who dominates the region and what it scores, with the working."""
    scores = domination_scores(region, gods)
    resistance, conquest = effective_resistance(region), effective_conquest(region)
    working = [
        line(N_("%(god)s: %(cards)d from cards + %(figures)d figures = %(total)d"), god=god, **score)
        for god, score in scores.items()
        if score["total"]
    ]
    working.append(line(N_("Resistance %(printed)d − %(skaven)d skaven = %(value)d"),
                        printed=region["resistance"], skaven=region["skaven"], value=resistance))
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
