"""A monster ability card resolved against its type's stats (rulebook,
"Monster ability cards", p. 10; "Monster turns", pp. 29-32).

A card says "Move +1, Attack -1": each number is added to the stat card's
own for the rank that acts, so one card reads differently for normals and
elites ("Move 3 · Attack 4 (elite 5) · Range 3"). A card with a printed
number and no sign (Shield 1, Heal 2) means that number. The stat card's
attack extras (pierce, targets, conditions) go onto every attack.
"""

from __future__ import annotations

from companion.rules import N_

LABELS = {
    "move": N_("Move %(amount)s"), "attack": N_("Attack %(amount)s"), "range": N_("Range %(amount)s"),
    "heal": N_("Heal %(amount)s"), "shield": N_("Shield %(amount)s"), "retaliate": N_("Retaliate %(amount)s"),
    "targets": N_("Target %(amount)s"), "pierce": N_("Pierce %(amount)s"), "push": N_("Push %(amount)s"),
    "pull": N_("Pull %(amount)s"), "loot": N_("Loot %(amount)s"), "suffer_damage": N_("Suffer %(amount)s damage"),
    "infuse": N_("Infuse %(element)s"), "consume": N_("Consume %(element)s:"), "jump": N_("Jump"),
}
STAT_OF = {"move": "move", "attack": "attack", "range": "range"}


def _amount(action: dict, stats: dict, field: str = "value", delta_field: str = "delta", stat: str | None = None):
    if delta_field in action:
        return (stats.get(stat or action["kind"]) or 0) + action[delta_field]
    return action.get(field)


def resolve_action(action: dict, by_rank: dict[str, dict], parent: dict | None = None) -> dict:
    """One action with its numbers for every rank in `by_rank` (rank -> stats)."""
    kind = action["kind"]
    resolved = {"kind": kind}
    if kind in ("infuse", "consume"):
        resolved["element"] = action["element"]
        if kind == "consume":
            resolved["gives"] = [resolve_gain(g, by_rank, parent) for g in action.get("gives", [])]
        return resolved
    if kind == "text":
        resolved["text"] = action.get("text", "")
    elif kind == "summon":
        resolved["monsters"] = action.get("monsters", [])
    elif kind == "special":
        resolved["number"] = action.get("number")
    elif "value" in action or "delta" in action:
        resolved["amount"] = {rank: _amount(action, stats, stat=STAT_OF.get(kind)) for rank, stats in by_rank.items()}
        if "delta" in action and kind in STAT_OF:
            # The working: the stat card's number and the card's change to it.
            resolved["base"] = {rank: stats.get(kind) or 0 for rank, stats in by_rank.items()}
            resolved["delta"] = action["delta"]
    if kind == "attack":
        _attack_extras(action, by_rank, resolved)
    else:
        for extra in ("range", "targets", "pierce", "push", "pull"):
            if extra in action:
                resolved[extra] = {rank: action[extra] for rank in by_rank}
    for copied in ("area", "affects", "jump", "conditions"):
        if copied in action and copied not in resolved:
            resolved[copied] = action[copied]
    consumes = [resolve_action(c, by_rank, action) for c in action.get("consume", [])]
    if consumes:
        resolved["consume"] = consumes
    then = [resolve_action(t, by_rank) for t in action.get("then", [])]
    if then:
        resolved["then"] = then
    return resolved


def _attack_extras(action: dict, by_rank: dict[str, dict], resolved: dict) -> None:
    """Range (the card's, or the stat's plus the card's change), and the stat card's attack extras."""
    if "range" in action or "range_delta" in action or any(s.get("range") for s in by_rank.values()):
        # A ranged monster's attack keeps its stat range unless the card changes it.
        resolved["range"] = {rank: action["range"] if "range" in action
                             else (stats.get("range") or 0) + action.get("range_delta", 0)
                             for rank, stats in by_rank.items()}
    for extra in ("targets", "pierce", "push", "pull"):
        values = {rank: action.get(extra, stats.get(extra)) for rank, stats in by_rank.items()}
        if any(v for v in values.values()):
            resolved[extra] = values
    conditions = {rank: sorted(set(action.get("conditions", [])) | set(stats.get("conditions", [])))
                  for rank, stats in by_rank.items()}
    if any(conditions.values()):
        resolved["conditions_by_rank"] = conditions


def resolve_gain(gain: dict, by_rank: dict[str, dict], parent: dict | None) -> dict:
    """What consuming an element gives: a change to the action it belongs to
    ("+1 Attack") or an action of its own."""
    if "delta" in gain and parent is not None and gain["kind"] == parent["kind"]:
        return {"kind": gain["kind"], "bonus": gain["delta"]}
    return resolve_action(gain, by_rank)


def consumed_gains(resolved: dict, consumed: list[str]) -> list[tuple[str, dict]]:
    """(element, gain) for every gain of the resolved action's own consumes
    ("Attack +0, Range 2 · Consume ice: +1 Range") whose element was consumed."""
    return [(consume["element"], gain) for consume in resolved.get("consume", [])
            if consume.get("element") in consumed for gain in consume.get("gives", [])]


def self_heal(actions: list[dict], rank: str, consumed: list[str]) -> int:
    """What the card heals the monster itself: its "Heal X, self" raised by
    the elements it consumed ("Consume ice: +3 Heal"), plus any "Consume
    light: Heal 3, self" of its own; 0 when it heals itself nothing."""
    total = 0
    for action in actions:
        if action["kind"] == "heal" and _heals_self(action, rank):
            total += action["amount"][rank] + sum(
                gain["bonus"] for _, gain in consumed_gains(action, consumed)
                if gain["kind"] == "heal" and isinstance(gain.get("bonus"), int))
        elif action["kind"] == "consume" and action.get("element") in consumed:
            total += sum(gain["amount"][rank] for gain in action.get("gives", [])
                         if gain["kind"] == "heal" and _heals_self(gain, rank))
    return total


def _heals_self(action: dict, rank: str) -> bool:
    return (action.get("affects") or {}).get("who") == "self" and \
        isinstance((action.get("amount") or {}).get(rank), int)


def resolve_card(card: dict, by_rank: dict[str, dict]) -> dict:
    """The card with every action resolved for each rank."""
    return {"number": card.get("number"), "initiative": card["initiative"], "shuffle": card["shuffle"],
            "actions": [resolve_action(a, by_rank) for a in card["actions"]]}


# -- a plain-text reading (history lines, tests, the API) -------------------------
def amount_text(amount: dict, translate=lambda s: s) -> str:
    ranks = list(amount)
    if len(ranks) == 2 and amount["normal"] != amount["elite"]:
        return translate(N_("%(normal)s (elite %(elite)s)")) % {"normal": amount["normal"], "elite": amount["elite"]}
    return str(amount[ranks[0]])


def action_text(resolved: dict, translate=lambda s: s) -> str:
    kind = resolved["kind"]
    if kind == "text":
        return resolved["text"]
    if kind in ("infuse", "consume"):
        head = translate(LABELS[kind]) % {"element": resolved["element"]}
        if kind == "consume":
            head += " " + ", ".join(_gain_text(g, translate) for g in resolved["gives"])
        return head
    parts = []
    if kind in LABELS and "amount" in resolved:
        parts.append(translate(LABELS[kind]) % {"amount": amount_text(resolved["amount"], translate)})
    elif kind in LABELS and kind == "jump":
        parts.append(translate(LABELS[kind]))
    for extra in ("range", "targets", "pierce", "push", "pull"):
        if extra in resolved:
            parts.append(translate(LABELS[extra]) % {"amount": amount_text(resolved[extra], translate)})
    for sub in resolved.get("consume", []) + resolved.get("then", []):
        parts.append(action_text(sub, translate))
    return " · ".join(parts) if parts else kind


def _gain_text(gain: dict, translate) -> str:
    if "bonus" in gain:
        return "%+d %s" % (gain["bonus"], (translate(LABELS[gain["kind"]]) % {"amount": ""}).strip())
    return action_text(gain, translate)


def card_text(resolved_card: dict, translate=lambda s: s) -> str:
    return " · ".join(action_text(a, translate) for a in resolved_card["actions"])
