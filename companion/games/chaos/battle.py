"""Battles (rulebook, 战斗阶段): dice due, legal targets, hit assignment.

Every figure a god controls in the region rolls its attack dice, figures
killed earlier in this battle included (they leave at its end); figures
killed by first strike are removed at once and roll no more. Each
assignment must be enough to kill its target on its own: hits of different
sources are never pooled (the same source's first-strike hits may be added
to its normal hits on one target), extra hits are lost, and while hits left
over could kill a legal target they must be assigned. Legal targets are
figures other gods control (one's own figure under another's control
included) and peasants (defense 1); a figure a Warp Shield protects is no
target this round.
"""

from __future__ import annotations

from collections import Counter

from companion.games.chaos.board import controlled_figures, shielded_figures
from companion.rules import N_, ActionError

PEASANT = "peasant"
HITS_NOT_POOLED = N_(
    "Each assignment must be enough to kill its target on its own (%(needed)d hits here); hits are never pooled.")


def dice_due(region: dict, god: str, units: dict[str, dict], removed: list[dict] = ()) -> int:
    """Attack dice of every figure `god` controls here, less figures already
    removed by first strike (`removed`: {"owner", "unit"} each)."""
    gone = Counter((entry["owner"], entry["unit"]) for entry in removed)
    total = 0
    for owner, kind in controlled_figures(region, god):
        if gone[(owner, kind)]:
            gone[(owner, kind)] -= 1
            continue
        total += units[owner][kind]["attack"]
    return total


def legal_targets(region: dict, attacker: str, gods: list[str], units: dict[str, dict], fallen: list[dict],
                  peasant_defense: int) -> dict[tuple[str, str], dict]:
    """(owner, unit) -> {"count", "defense"} the attacker may assign hits to;
    peasants are ("peasant", "peasant")."""
    pool = Counter()
    for controller in gods:
        if controller != attacker:
            pool.update(controlled_figures(region, controller))
    pool.subtract(Counter((entry["owner"], entry["unit"]) for entry in fallen))
    pool.subtract(Counter(shielded_figures(region)))  # a Warp Shield's figure takes no hits
    targets = {key: {"count": count, "defense": units[key[0]][key[1]]["defense"]}
               for key, count in pool.items() if count > 0}
    peasants = region["peasants"] - sum(1 for entry in fallen if entry["owner"] == PEASANT)
    if peasants > 0:
        targets[(PEASANT, PEASANT)] = {"count": peasants, "defense": peasant_defense}
    return targets


def check_assignment(hits: int, assignments: list[dict], targets: dict[tuple[str, str], dict],
                     wounds: dict[tuple[str, str], int] | None = None, first_strike: bool = False) -> dict:
    """{"kills", "wounds"} an assignment makes; refuses one that breaks the
    rules. `assignments`: [{"owner", "unit", "hits"}]; `wounds`: hits this
    same source dealt each target by first strike (they add up). In a first
    strike, hits too few to kill stay on the target as wounds."""
    wounds = dict(wounds or {})
    left = {key: dict(target) for key, target in targets.items()}
    spent = 0
    kills, wounded = [], {}
    for entry in assignments:
        key = (entry["owner"], entry["unit"])
        target = left.get(key)
        if not target or target["count"] <= 0 or entry["hits"] < 1:
            raise ActionError(N_("There is no such target left in this region."), field="assignments")
        needed = max(1, target["defense"] - wounds.get(key, 0))
        spent += entry["hits"]
        target["count"] -= 1
        if entry["hits"] >= needed:
            kills.append({"owner": entry["owner"], "unit": entry["unit"]})
        elif first_strike:
            wounded[key] = wounded.get(key, 0) + entry["hits"]
        else:
            raise ActionError(HITS_NOT_POOLED, field="assignments", needed=needed)
    if spent > hits:
        raise ActionError(N_("That assigns %(spent)d hits; the roll made %(hits)d."),
                          field="assignments", spent=spent, hits=hits)
    needs = [1 if first_strike else max(1, t["defense"] - wounds.get(k, 0)) for k, t in left.items() if t["count"] > 0]
    if needs and hits - spent >= min(needs):
        raise ActionError(N_("%(left)d hits are left and could still kill a target: they must be assigned."),
                          field="assignments", left=hits - spent)
    return {"kills": kills, "wounds": wounded}


def khorne_earns_token(kills: list[dict], attacker: str) -> bool:
    """Khorne's condition: he killed at least one figure of another god in
    this region's battle (peasants do not count)."""
    return attacker == "khorne" and any(kill["owner"] not in (PEASANT, "khorne") for kill in kills)
