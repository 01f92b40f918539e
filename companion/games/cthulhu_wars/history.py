"""History lines (English msgids with params). Never an elder sign's value
before it is revealed: only how many were drawn."""

from __future__ import annotations

from companion.rules import N_, Action, Seat

LINES = {
    "setup.gates": N_("%(who)s placed the two gates"),
    "setup.starts": N_("%(who)s picked the start areas"),
    "power.gather": N_("%(who)s gathered power for everyone"),
    "first_player.choose": N_("%(who)s chose the first player"),
    "direction.choose": N_("%(who)s chose the direction of play"),
    "ritual.perform": N_("%(who)s performed the Ritual of Annihilation and drew %(signs)d elder signs"),
    "ritual.skip": N_("%(who)s declined the ritual"),
    "events.blood_sacrifice": N_("%(who)s made a Blood Sacrifice and drew an elder sign"),
    "events.done": N_("%(who)s finished their special events"),
    "recruit": N_("%(who)s recruited a cultist"),
    "gate.build": N_("%(who)s built a gate"),
    "move": N_("%(who)s moved %(units)d units"),
    "capture": N_("%(who)s captured a cultist"),
    "summon": N_("%(who)s summoned"),
    "awaken": N_("%(who)s awakened a Great Old One"),
    "unique": N_("%(who)s took a unique action"),
    "gate.control": N_("%(who)s took control of an abandoned gate"),
    "gate.abandon": N_("%(who)s abandoned a gate"),
    "pass": N_("%(who)s passed (power to 0)"),
    "turn.end": N_("%(who)s ended their turn"),
    "battle.declare": N_("%(who)s declared a battle"),
    "battle.adjust": N_("%(who)s adjusted their side of the battle"),
    "battle.roll": N_("%(who)s rolled the battle"),
    "harbinger": N_("%(who)s used The Harbinger"),
    "spellbook.earn": N_("%(who)s took a spellbook"),
    "elder_signs.reveal": N_("%(who)s revealed elder signs for %(doom)d doom"),
    "counts.set": N_("%(who)s updated their counts"),
    "counts.adjust": N_("%(who)s updated their counts"),
    "abandoned.set": N_("%(who)s set the abandoned gates"),
    "great_old_one.set": N_("%(who)s moved a Great Old One"),
    "default.correct": N_("%(who)s corrected a default from the printed components"),
    "ritual_track.correct": N_("%(who)s corrected the ritual track from the printed one"),
    "game.settle": N_("%(who)s revealed every elder sign and settled the game"),
}


def describe(action: Action, seats: dict[str, Seat], state: dict) -> tuple[str, dict]:
    seat = seats.get(action.seat) if action.seat else None
    who = seat.name if seat else "?"
    payload = action.payload
    drawn = payload.get("drawn")
    params = {
        "who": who,
        "signs": len(drawn) if isinstance(drawn, list) else payload.get("drawn_count", 0),
        "units": payload.get("units") if isinstance(payload.get("units"), int) else 0,
        "doom": sum(v for v in payload.get("values", []) if isinstance(v, int)) if isinstance(payload.get("values"), list) else 0,
    }
    return LINES.get(action.type, "%(who)s"), params
