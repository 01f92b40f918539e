"""History lines (English msgids with params). Never an elder sign's value
before it is revealed: only how many were drawn."""

from __future__ import annotations

from companion.rules import N_, Action, Seat

LINES = {
    "setup.gates": N_("%(faction)s placed the two gates"),
    "setup.starts": N_("%(faction)s picked the start areas"),
    "power.gather": N_("%(faction)s gathered power for everyone"),
    "first_player.choose": N_("%(faction)s chose the first player"),
    "direction.choose": N_("%(faction)s chose the direction of play"),
    "ritual.perform": N_("%(faction)s performed the Ritual of Annihilation and drew %(signs)d elder signs"),
    "ritual.skip": N_("%(faction)s declined the ritual"),
    "events.blood_sacrifice": N_("%(faction)s made a Blood Sacrifice and drew an elder sign"),
    "events.done": N_("%(faction)s finished their special events"),
    "recruit": N_("%(faction)s recruited a cultist"),
    "gate.build": N_("%(faction)s built a gate"),
    "move": N_("%(faction)s moved %(units)d units"),
    "capture": N_("%(faction)s captured a cultist"),
    "summon": N_("%(faction)s summoned"),
    "awaken": N_("%(faction)s awakened a Great Old One"),
    "unique": N_("%(faction)s took a unique action"),
    "gate.control": N_("%(faction)s took control of an abandoned gate"),
    "gate.abandon": N_("%(faction)s abandoned a gate"),
    "pass": N_("%(faction)s passed (power to 0)"),
    "turn.end": N_("%(faction)s ended their turn"),
    "battle.declare": N_("%(faction)s declared a battle"),
    "battle.adjust": N_("%(faction)s adjusted their side of the battle"),
    "battle.roll": N_("%(faction)s rolled the battle"),
    "harbinger": N_("%(faction)s used The Harbinger"),
    "spellbook.earn": N_("%(faction)s took a spellbook"),
    "elder_signs.reveal": N_("%(faction)s revealed elder signs for %(doom)d doom"),
    "counts.set": N_("%(faction)s updated their counts"),
    "counts.adjust": N_("%(faction)s updated their counts"),
    "abandoned.set": N_("%(faction)s set the abandoned gates"),
    "great_old_one.set": N_("%(faction)s moved a Great Old One"),
    "default.correct": N_("%(faction)s corrected a default from the printed components"),
    "game.settle": N_("%(faction)s revealed every elder sign and settled the game"),
}


def describe(action: Action, seats: dict[str, Seat], state: dict) -> tuple[str, dict]:
    seat = seats.get(action.seat) if action.seat else None
    who = seat.name if seat else "?"
    payload = action.payload
    drawn = payload.get("drawn")
    params = {
        "faction": who,
        "signs": len(drawn) if isinstance(drawn, list) else payload.get("drawn_count", 0),
        "units": payload.get("units") if isinstance(payload.get("units"), int) else 0,
        "doom": sum(v for v in payload.get("values", []) if isinstance(v, int)) if isinstance(payload.get("values"), list) else 0,
    }
    return LINES.get(action.type, "%(faction)s"), params
