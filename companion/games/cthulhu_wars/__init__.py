"""Cthulhu Wars (table type "cthulhu-wars"): power, doom, rituals, elder
signs, spellbooks, first player and battles on every phone; seed 004 is the
authority, the numbers are in data/cthulhu_wars/.

rules.py wiring · actions.py the action table (what is open now too) ·
effects.py and battles.py what each action does · state.py a new state and
check_state · setup.py the set-up · flow.py the round on the kit's phases · power.py, doom.py,
elder_signs.py, spellbooks.py, costs.py, combat.py, victory.py the rulebook's
chapters · view.py what each seat sees · names.py display names · data.py and
facts.py the data · convert/ build-time conversion (never imported by the server).
"""
