"""Cthulhu Wars (table type "cthulhu-wars"): power, doom, rituals, elder
signs, spellbooks, first player and battles on every phone; seed 004 is the
authority, the numbers are in data/cthulhu_wars/.

rules.py wiring · actions.py the action table (fields, what is open now,
history lines, secrecy) · effects.py what the actions do (battles.py a
battle's) · state.py a new state (the set-up), the facts it plays with,
check_state and upgrades · flow.py the round on the kit's phases, first
player and turn order · the rulebook's chapters: board.py the map, power.py,
doom.py, elder_signs.py, spellbooks.py (requirements.py: those the board
and the tracks show met), costs.py, combat.py (the die),
battles.py, victory.py · view.py what each seat sees (the map drawn too) ·
names.py display names · data.py the data · convert/ build-time conversion
(never imported by the server).
"""
