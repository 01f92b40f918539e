"""The whole card, ability by ability in printed order, for the acting figure.

Each move is worked out with the attack that follows it on the card (before
any other move); a move with no attack after it moves as for a melee attack
(the rulebook's rule for a card with a move and no attack). An attack printed
before any move is made from where the figure stands. The focus is found at
the first move or attack and kept for the rest of the card while it can
still be attacked. Targets are assumed to survive: when one dies the table
asks again from the new board.

Where the rules leave a choice (ties, push and pull directions, whom a heal
picks, where a summon goes), each way is an option when a later ability
depends on where figures stand; otherwise the choice is listed inside its
step. Every consumed element's bonus is applied before the figure moves, so
a longer range or a bigger area also decides where it goes.
"""

from __future__ import annotations

from copy import deepcopy
from dataclasses import dataclass, field, replace
from itertools import product

from . import explain
from .attack import Attacks
from .board import Board, geometry_for
from .card import with_bonuses
from .engine import Worked
from .forced import forced_paths
from .scenario import ALL_TARGETS, Action, Attack, Figure, Scenario

#: More options than this and further choices are listed inside their steps.
MOST_OPTIONS = 200
#: Abilities whose outcome depends on where the other figures stand.
POSITIONAL = ("move", "attack", "summon", "condition", "heal")
NEGATIVE = ("trap", "hazardous")
OVERLAYS = ("obstacle", "trap", "hazardous", "difficult")


@dataclass
class Branch:
    """One way the turn has gone so far."""

    me: tuple  # the acting figure's hex
    places: dict  # figure id -> hex (everyone else)
    summoned: list = field(default_factory=list)  # Figures placed by its summons
    steps: list = field(default_factory=list)
    path: list = field(default_factory=list)
    focus: object = None
    attacked: list = field(default_factory=list)  # ids, in order
    pending: dict = field(default_factory=dict)  # card index -> group chosen with the move
    whys: list = field(default_factory=list)

    def copy(self) -> Branch:
        return Branch(self.me, dict(self.places), list(self.summoned), deepcopy(self.steps),
                      list(self.path), self.focus, list(self.attacked), dict(self.pending), list(self.whys))


def _shot(ability) -> Attack:
    return Attack(range=ability.range, targets=ability.targets, aoe=ability.aoe)


class Turn:
    def __init__(self, scenario: Scenario, translate):
        self.scenario = scenario
        self.translate = translate
        self.geometry = geometry_for(scenario)
        self.card = scenario.card
        available = set(scenario.elements) | set(scenario.consumed)
        self.performed = []
        self.taken = []
        self.skipped = {}  # card index -> why it is not done
        held = set(scenario.active.conditions)
        self.muddled = scenario.action.muddled or "muddle" in held
        self.strengthened = "strengthen" in held
        self.immobilized = "immobilize" in held
        for i, ability in enumerate(self.card):
            # Stunned: no ability at all; disarmed: no attack (and moves as
            # with none); immobilized: no move.
            if "stun" in held or ("disarm" in held and ability.kind == "attack"):
                self.skipped[i] = {"because": "stun" if "stun" in held else "disarm"}
                self.performed.append(ability)
                self.taken.append(())
                continue
            if ability.only_if:
                # "Consume X: <ability>": done only with the element to consume.
                if ability.only_if not in available:
                    self.skipped[i] = {"if_consumed": ability.only_if}
                    self.performed.append(ability)
                    self.taken.append(())
                    continue
                available.discard(ability.only_if)
            done, taken = with_bonuses(ability, available)
            self.performed.append(done)
            self.taken.append((ability.only_if,) + taken if ability.only_if else taken)
        me = scenario.active
        self.me = me
        self.monsters_act = me.side == "monster"
        self.deck = "monster" if self.monsters_act else (me.summoner or "summoner")
        obstacles = {h for h, kind in scenario.terrain.items() if kind == "obstacle"}
        self.obstacles = frozenset(obstacles)
        self.negative = frozenset(h for h, kind in scenario.terrain.items() if kind in NEGATIVE)
        self.by_id = {f.id: f for f in scenario.figures}

    # -- the card's shape ------------------------------------------------------------

    def _attack_after(self, i: int):
        for j in range(i + 1, len(self.card)):
            if j in self.skipped:
                continue
            kind = self.card[j].kind
            if kind == "move":
                return None
            if kind == "attack":
                return j
        return None

    def _positional_after(self, i: int) -> bool:
        return any(a.kind in POSITIONAL for j, a in enumerate(self.card) if j > i and j not in self.skipped)

    # -- the board of a branch ---------------------------------------------------------

    def _figures(self, branch: Branch) -> tuple:
        figures = []
        for f in self.scenario.figures:
            h = branch.me if f.id == self.me.id else branch.places[f.id]
            figures.append(f if f.hex == h else replace(f, hex=h))
        return tuple(figures) + tuple(branch.summoned)

    def _scenario(self, branch: Branch, move: int, movement: str, attack) -> Scenario:
        figures = self._figures(branch)
        active = next(f for f in figures if f.id == self.me.id)
        action = Action(move=move, movement=movement, muddled=self.muddled, attack=attack)
        return replace(self.scenario, figures=figures, active=active, action=action)

    def _hostile(self, figure) -> bool:
        return (figure.side == "monster") != self.monsters_act

    def _sees(self, a, b) -> bool:
        return a == b or self.geometry.sight.visible(a, b)

    def _within(self, origin, reach: int, h) -> bool:
        return self.geometry.wall_distances(origin, reach).get(h, reach + 1) <= reach

    # -- running it --------------------------------------------------------------------

    def run(self) -> dict:
        places = {f.id: f.hex for f in self.scenario.figures if f.id != self.me.id}
        branches = [Branch(self.me.hex, places, path=[self.me.hex])]
        for i, ability in enumerate(self.performed):
            if i in self.skipped:
                for branch in branches:
                    branch.steps.append(_echo({"kind": ability.kind, "skipped": True, **self.skipped[i]},
                                              ability))
                continue
            handler = getattr(self, "_" + ability.kind)
            grown = []
            for branch in branches:
                grown.extend(handler(i, ability, branch, len(branches) + len(grown) < MOST_OPTIONS))
            branches = grown
            for branch in branches:
                if branch.steps and branch.steps[-1].get("index") == i:
                    step = branch.steps[-1]
                    if self.taken[i]:
                        step["consumed"] = list(self.taken[i])
                    if ability.notes:
                        step["notes"] = list(ability.notes)
                    _echo(step, ability)
                    del step["index"]
        return self._answer(branches)

    def _answer(self, branches: list) -> dict:
        seen = set()
        options = []
        for b in branches:
            key = repr(b.steps)
            if key in seen:
                continue
            seen.add(key)
            options.append(b)
        count = len(options)
        out = []
        for b in options:
            if b.whys:
                why = b.whys[0]
                for extra in b.whys[1:]:
                    why = self.translate(explain.TWO_SENTENCES) % {"first": why, "second": extra}
            else:
                why = self.translate(explain.STAYS)
            if count > 1:
                why = self.translate(explain.TWO_SENTENCES) % {
                    "first": why, "second": self.translate(explain.PLAYERS_CHOOSE) % {"count": count}}
            out.append({
                "focus": b.focus,
                "destination": list(b.me),
                "path": [list(h) for h in b.path],
                "attacks": sorted(set(b.attacked)),
                "why": why,
                "steps": b.steps,
            })
        _say_how_they_differ(out)
        focus = []
        for o in out:
            if o["focus"] is not None and o["focus"] not in focus:
                focus.append(o["focus"])
        return {"focus": focus, "options": out}

    # -- moves and attacks --------------------------------------------------------------

    def _movement(self, ability) -> str:
        base = self.scenario.action.movement
        if base == "fly":
            return "fly"
        return "jump" if ability.jump else base

    def _move(self, i, ability, branch, may_branch):
        j = self._attack_after(i)
        shot = _shot(self.performed[j]) if j is not None else None
        points = 0 if self.immobilized else ability.value
        worked = Worked(self._scenario(branch, points, self._movement(ability), shot), branch.focus)
        if not worked.outcomes:
            b = branch.copy()
            b.steps.append({"index": i, "kind": "move", "value": ability.value, "destination": list(b.me),
                            "path": [list(b.me)], "points": 0})
            if not b.whys:
                b.whys.append(worked.reason(self.translate))
            return [b]
        found = []
        for outcome, (focus_text, action_text) in zip(worked.outcomes, worked.sentences(self.translate)):
            b = branch.copy()
            b.me = outcome.destination
            b.path.extend(outcome.path[1:])
            b.steps.append({"index": i, "kind": "move", "value": ability.value,
                            "destination": list(outcome.destination),
                            "path": [list(h) for h in outcome.path], "points": outcome.cost[1],
                            "traps": outcome.cost[0]})
            if j is not None:
                b.pending[j] = outcome.attacks
            if b.focus is None:
                b.focus = outcome.focus
                b.whys.append(self.translate(explain.TWO_SENTENCES) % {"first": focus_text, "second": action_text})
            else:
                b.whys.append(action_text)
            found.append(b)
        return found

    def _attack(self, i, ability, branch, may_branch):
        if i in branch.pending:
            return self._hit(i, ability, branch.copy(), sorted(branch.pending[i]), may_branch)
        # Printed before any move (or after another attack): from where it stands.
        worked = Worked(self._scenario(branch, 0, self.scenario.action.movement, _shot(ability)), branch.focus)
        if not worked.outcomes:
            b = branch.copy()
            if not b.whys:
                b.whys.append(worked.reason(self.translate))
            return self._hit(i, ability, b, [], may_branch)
        found = []
        seen = set()
        for outcome, texts in zip(worked.outcomes, worked.sentences(self.translate)):
            if (outcome.focus, outcome.attacks) in seen:
                continue
            seen.add((outcome.focus, outcome.attacks))
            b = branch.copy()
            if b.focus is None:
                b.focus = outcome.focus
                # An attack that reaches nobody says only why this is the focus.
                b.whys.append(texts[0] if not outcome.attacks else
                              self.translate(explain.TWO_SENTENCES) % {"first": texts[0], "second": texts[1]})
            found.extend(self._hit(i, ability, b, sorted(outcome.attacks), may_branch))
        return found

    def _hit(self, i, ability, branch, ids, may_branch):
        """The step for an attack (or a condition ability) on `ids`, with
        push and pull worked out."""
        links = self.geometry.links.get(branch.me, ())
        ranged = ability.kind == "attack" and ability.range > 0
        muddled = self.muddled and ability.kind == "attack"
        targets = []
        for fid in ids:
            h = branch.places[fid] if fid in branch.places else None
            entry = {"id": fid}
            if ability.kind == "attack":
                worse = bool(muddled or (ranged and h in links))
                # Advantage and disadvantage cancel out.
                entry["disadvantage"] = worse and not self.strengthened
                if self.strengthened and not worse:
                    entry["advantage"] = True
            if ability.conditions:
                entry["conditions"] = list(ability.conditions)
            targets.append(entry)
        step = {"index": i, "kind": ability.kind, "from": list(branch.me), "targets": targets}
        if ability.kind == "attack":
            step.update(value=ability.value, range=ability.range, draws=len(ids), deck=self.deck)
            if ability.aoe and ids:
                step["area"] = self._area(branch, ability, set(ids))
            if ability.pierce:
                step["pierce"] = ability.pierce
            branch.attacked.extend(ids)
        amount = ability.push or ability.pull
        ways = {}
        if amount:
            for entry in targets:
                ways[entry["id"]] = self._forced(branch, entry["id"], amount, bool(ability.pull))
                entry["push" if ability.push else "pull"] = {"amount": amount, "choices": ways[entry["id"]]}
        branch.steps.append(step)
        moving = [fid for fid in ids if ways.get(fid)]
        if not moving or not self._positional_after(i) or not may_branch:
            for fid in moving:
                if len(ways[fid]) == 1:  # no choice: it happens
                    branch.places[fid] = tuple(ways[fid][0]["destination"])
            return [branch]
        found = []
        for combo in product(*(ways[fid] for fid in moving)):
            ends = [tuple(w["destination"]) for w in combo]
            if len(set(ends)) < len(ends):
                continue  # two targets cannot end on one hex
            b = branch.copy()
            last = b.steps[-1]
            for fid, way in zip(moving, combo):
                b.places[fid] = tuple(way["destination"])
                entry = next(t for t in last["targets"] if t["id"] == fid)
                key = "push" if ability.push else "pull"
                entry[key] = {"amount": amount, "choices": [way]}
            found.append(b)
        return found or [branch]

    def _area(self, branch, ability, ids: set) -> list:
        """The hexes of one placement of the area that hits the most of `ids`
        and nobody else (for the table to draw)."""
        attacks = Attacks(Board(self._scenario(branch, 0, self.scenario.action.movement, _shot(ability))))
        spot = branch.me
        placements = attacks._ranged_placements(spot) if attacks.ranged else attacks._melee_placements(spot)
        best, most = [], 0
        for cells in placements:
            hit = attacks._hit(spot, cells)
            if hit <= ids and len(hit) > most:
                best, most = cells, len(hit)
        return sorted([list(c) for c in best])

    def _forced(self, branch, fid, amount, pull):
        target = self.by_id.get(fid)
        if target is None:
            return []
        h = branch.places[fid]
        blocking = set(self.obstacles) | {branch.me}
        occupied = set()
        for other in self._figures(branch):
            if other.id in (fid, self.me.id):
                continue
            if self._hostile(other):  # an ally of the target
                occupied.add(other.hex)
            else:
                blocking.add(other.hex)
        return forced_paths(self.geometry, branch.me, h, amount, pull, blocking, occupied, self.negative)

    # -- the rest of the card ----------------------------------------------------------

    def _condition(self, i, ability, branch, may_branch):
        b = branch.copy()
        if ability.self_only:
            b.steps.append({"index": i, "kind": "condition", "target": self.me.id,
                            "conditions": list(ability.conditions)})
            return [b]
        ids = []
        for f in self._figures(b):
            if f.id == self.me.id or not self._hostile(f) or f.invisible:
                continue
            if self._within(b.me, ability.range, f.hex) and self._sees(b.me, f.hex):
                ids.append(f.id)
        return self._hit(i, ability, b, sorted(ids), may_branch)

    def _heal(self, i, ability, branch, may_branch):
        b = branch.copy()
        me = next(f for f in self._figures(b) if f.id == self.me.id)
        candidates = [me]
        if not ability.self_only:
            for f in self._figures(b):
                if f.id != self.me.id and not self._hostile(f) and self._within(b.me, ability.range, f.hex) \
                        and self._sees(b.me, f.hex):
                    candidates.append(f)
        # The FAQ: it heals whichever of them has lost the most hit points.
        if all(f.damage is not None for f in candidates):
            most = max(f.damage for f in candidates)
            picked = [f.id for f in candidates if f.damage == most]
        else:
            picked = [f.id for f in candidates]
        step = {"index": i, "kind": "heal", "value": ability.value, "range": ability.range}
        if ability.conditions:
            step["conditions"] = list(ability.conditions)
        if len(picked) == 1:
            step["target"] = picked[0]
        else:
            step["target"] = None
            step["choices"] = sorted(picked)
        b.steps.append(step)
        return [b]

    def _shield(self, i, ability, branch, may_branch):
        b = branch.copy()
        b.steps.append({"index": i, "kind": "shield", "value": ability.value, "until": "end of round"})
        return [b]

    def _retaliate(self, i, ability, branch, may_branch):
        b = branch.copy()
        b.steps.append({"index": i, "kind": "retaliate", "value": ability.value, "range": max(ability.range, 1),
                        "until": "end of round"})
        return [b]

    def _loot(self, i, ability, branch, may_branch):
        b = branch.copy()
        near = self.geometry.wall_distances(b.me, ability.value)
        hexes = sorted(h for h, d in near.items() if d <= ability.value)
        coins = [list(h) for h in hexes if h in self.scenario.coins]
        b.steps.append({"index": i, "kind": "loot", "value": ability.value,
                        "hexes": [list(h) for h in hexes], "coins": coins})
        return [b]

    def _infuse(self, i, ability, branch, may_branch):
        b = branch.copy()
        b.steps.append({"index": i, "kind": "infuse", "element": ability.element})
        return [b]

    def _text(self, i, ability, branch, may_branch):
        b = branch.copy()
        b.steps.append({"index": i, "kind": "text", "text": ability.text})
        return [b]

    def _summon(self, i, ability, branch, may_branch):
        """Each summoned monster goes on an empty hex next to the summoner,
        the one closest to an enemy (fewest movement points, then proximity);
        ties are the players' choice. No empty hex: no summon."""
        found = [branch.copy()]
        for n in range(ability.count):
            grown = []
            for b in found:
                spots = self._summon_spots(b)
                if n == 0:
                    b.steps.append({"index": i, "kind": "summon", "monster": ability.monster,
                                    "count": ability.count, "placements": []})
                if not spots:
                    grown.append(b)
                    continue
                ways = spots if (self._positional_after(i) or n + 1 < ability.count) and may_branch else spots[:1]
                for spot in ways:
                    c = b.copy() if len(ways) > 1 else b
                    placed = Figure(id="%s (summoned %d)" % (ability.monster, len(c.summoned) + 1),
                                    side=self.me.side, hex=spot, summoner=None)
                    c.summoned.append(placed)
                    c.steps[-1]["placements"].append(
                        {"hex": list(spot), "choices": [list(h) for h in spots] if len(ways) == 1 else [list(spot)]})
                    grown.append(c)
            found = grown
        return found

    def _summon_spots(self, branch) -> list:
        figures = self._figures(branch)
        taken = {f.hex for f in figures}
        overlay = {h for h, kind in self.scenario.terrain.items() if kind in OVERLAYS}
        empty = [h for h in self.geometry.links.get(branch.me, ())
                 if h not in taken and h not in overlay and h not in self.scenario.coins]
        enemies = [f for f in figures if f.id != self.me.id and self._hostile(f) and not f.invisible]
        if not empty or not enemies:
            return sorted(empty)
        blocked = set(self.obstacles) | {f.hex for f in figures if not self._hostile(f)}
        difficult = {h for h, kind in self.scenario.terrain.items() if kind == "difficult"}
        points = _points_to(self.geometry.links, {e.hex for e in enemies}, blocked, difficult)
        near = {}
        for e in enemies:
            for h, d in self.geometry.wall_distances(e.hex).items():
                if d < near.get(h, 10 ** 6):
                    near[h] = d
        keys = {h: (points.get(h, 10 ** 6), near.get(h, 10 ** 6)) for h in empty}
        best = min(keys.values())
        return sorted(h for h in empty if keys[h] == best)


def _echo(step: dict, ability) -> dict:
    if ability.source is not None:
        step["source"] = ability.source
    return step


def _points_to(links, goals: set, blocked: set, difficult: set) -> dict:
    """Movement points from each hex to the nearest of `goals` (stepping onto a
    goal counts its cost; difficult terrain costs 2)."""
    import heapq

    best = {g: 0 for g in goals}
    heap = [(0, g) for g in goals]
    heapq.heapify(heap)
    while heap:
        d, h = heapq.heappop(heap)
        if d != best.get(h):
            continue
        step = 2 if h in difficult else 1
        for n in links.get(h, ()):
            if n in blocked and n not in goals:
                continue
            nd = d + step
            if nd < best.get(n, 10 ** 6):
                best[n] = nd
                heapq.heappush(heap, (nd, n))
    return best


def _say_how_they_differ(options: list) -> None:
    """Options that look alike name what sets them apart: the final hex, the
    targets of each attack, and the choices made inside steps."""
    if len(options) < 2:
        return
    summaries = [_summary(o) for o in options]
    keys = [k for k in summaries[0] if len({repr(s[k]) for s in summaries}) > 1]
    for option, summary in zip(options, summaries):
        option["differs"] = {k: summary[k] for k in keys}


def _summary(option: dict) -> dict:
    summary = {"focus": option["focus"], "destination": option["destination"]}
    attacks = [s for s in option["steps"] if s["kind"] == "attack"]
    summary["targets"] = [[t["id"] for t in s["targets"]] for s in attacks]
    forced = []
    for s in option["steps"]:
        for t in s.get("targets", []) if isinstance(s.get("targets"), list) else []:
            for key in ("push", "pull"):
                if key in t and len(t[key]["choices"]) == 1:
                    forced.append([t["id"], t[key]["choices"][0]["destination"]])
    summary["forced"] = forced
    summary["summoned"] = [p["hex"] for s in option["steps"] if s["kind"] == "summon" for p in s["placements"]]
    return summary


def run_card(scenario: Scenario, translate) -> dict:
    return Turn(scenario, translate).run()


__all__ = ["run_card", "ALL_TARGETS"]
