"""Spellbook requirements the board and the tracks show met (the factions'
cards in seed 004, 第六章; 咒术书): on a table that keeps the board each is
offered the moment it is met, and every requirement stays tickable by hand.

What the app sees: areas held and shared, gates (in oceans too) or power,
a captive, an awakened Great Old One, the first doom phase and a doom phase
with five books (Great Cthulhu), enemy units killed or devoured in the
faction's last battle, and a desecrated area with a glyph (with two players:
a desecration next to no other one, 第八章 C). What it can't: the "as your
action" requirements (pay power, remove two cultists, give doom) are the
faction's own action: those are ticked by hand.
"""

from __future__ import annotations

from companion.games.cthulhu_wars import board, data, flow

#: Great Cthulhu's battle requirements and the kills each needs: one battle
#: with 3 kills gives both books, one with 2 gives either (the card's note).
KILLS = {"gc_kill1": 1, "gc_kill2": 2}


def last_battle(state: dict) -> dict | None:
    """The faction's last battle, or the one called off before the dice
    after a Devour (FAQ: the battle is off; what was devoured still counts)."""
    return state.get("battle") or state.get("called_off_battle")


def battle_kills(state: dict, faction: str) -> int:
    """Enemy units killed or devoured in `faction`'s last battle: the units
    Devour took (FAQ: pre-battle effects happen "in the battle"), then, once
    its enemy's results are carried out, the 6s and a pained unit eliminated
    for want of a retreat (the seed calls both 消灭)."""
    battle = last_battle(state)
    if not battle or faction not in (battle["attacker"], battle["defender"]):
        return 0
    devoured = battle.get("devoured", 0) if faction == "great_cthulhu" else 0
    enemy = "defender" if battle["attacker"] == faction else "attacker"
    hit = (battle.get("losses") or {}).get(enemy)
    if not hit:
        return devoured
    return devoured + sum(hit["killed"].values()) + (1 if hit.get("eliminated") else 0)


def kills_left(state: dict, faction: str) -> int:
    """The last battle's kills not yet spent on a book."""
    battle = last_battle(state) or {}
    spent = sum(KILLS[r] for r in battle.get("kill_books", []))
    return battle_kills(state, faction) - spent


def note_taken(state: dict, faction: str, requirement: str) -> None:
    """A battle requirement taken is spent from the last battle's kills."""
    if requirement in KILLS and battle_kills(state, faction) >= KILLS[requirement]:
        last_battle(state).setdefault("kill_books", []).append(requirement)


def desecrated_glyph(state: dict, faction: str, requirement: str) -> bool:
    glyph = data.requirements(faction)[requirement].get("glyph")
    if state["players"] == 2:  # 第八章 C: each lone desecration gives any book
        mine = state["factions"][faction]
        used = sum(1 for r in mine["requirements_met"] if data.requirements(faction)[r].get("glyph"))
        return mine.get("lone_desecrations", 0) > used
    areas = board.areas(state)
    return any(areas[area]["glyph"] == glyph for area in state.get("desecrated", []))


def met(state: dict, faction: str) -> set[str]:
    """The faction's requirements not yet given a book that the board and the
    tracks show met right now; the rest are ticked by hand."""
    mine = state["factions"][faction]
    held = board.areas_with(state, faction)
    enemies = [f for f in state["factions"] if f != faction]
    gates = board.controlled_gates(state, faction)
    ocean = {a for a, area in board.areas(state).items() if area["ocean"]}
    on_board = {goo for goo, where in mine["great_old_ones"].items() if where in ("map", "submerged")}
    doom_phase = flow.phase_of(state) == "doom"
    checks = {
        "bg_units4": len(held) >= 4, "bg_units6": len(held) >= 6, "bg_units8": len(held) >= 8,
        "bg_share": bool(enemies) and all(any(board.present(state, a, e) for a in held) for e in enemies),
        "bg_awaken": "shub_niggurath" in on_board,
        "cc_gates3_or_12": len(gates) >= 3 or mine["power"] >= 12,
        "cc_gates4_or_15": len(gates) >= 4 or mine["power"] >= 15,
        "cc_capture": board.captives_held(state, faction) > 0,
        "cc_awaken": "nyarlathotep" in on_board,
        # Round one has no doom phase: the first is round two's.
        "gc_first_doom": doom_phase and flow.round_of(state) == 2,
        "gc_five_books": doom_phase and len(mine["spellbooks"]) == 5,
        "gc_kill1": kills_left(state, faction) >= KILLS["gc_kill1"],
        "gc_kill2": kills_left(state, faction) >= KILLS["gc_kill2"],
        "gc_awaken": "cthulhu" in on_board,
        "gc_ocean_gates": (sum(1 for a in gates if a in ocean) >= 3
                           or sum(1 for a in state["board"]["gates"] if a in ocean) >= 4),
        "ys_awaken_king": "king_in_yellow" in on_board,
        "ys_awaken_hastur": "hastur" in on_board,
    }
    out = set()
    for requirement, facts in data.requirements(faction).items():
        if requirement in mine["requirements_met"]:
            continue
        if checks.get(requirement) or "glyph" in facts and desecrated_glyph(state, faction, requirement):
            out.add(requirement)
    return out
