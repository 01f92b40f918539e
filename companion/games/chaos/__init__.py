"""Chaos in the Old World at the table (table type `chaos-old-world`): the
four Ruinous Powers' books, the end-phase maths and the round's phases.

rules.py wires the parts; actions.py is the action table (effects, draws,
history lines, secrecy, what is open now); state.py the new state and its
checks; flow.py the round; one module per chapter of the rulebook's maths
(setup_phase, old_world, chaos_cards, summoning, battle and battle_phase,
domination, corruption, ruination, scoring_phases, dial, endgame, upgrades;
corrections by hand); view.py what each seat sees; names.py, data.py;
web.py the template helpers; convert/ builds data/chaos/ (never imported by
the server). Templates are in templates/games/chaos/.
"""
