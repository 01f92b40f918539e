"""The tally table: named shared tracks and per-seat counters for any game
this app does not know yet, plus a private note per seat.

The smallest game package, and the worked example of the layout every game
follows: `rules.py` wires the parts, `actions.py` is the action table (each
action's fields, effect, history line, secrecy and what is open now),
`state.py` the new state, a joining seat's counters and the checks, `view.py`
what each seat sees, `names.py` its title and roles. It has no round (anyone
moves anything at any time), so no `flow.py`, and no reference data, so no
`data.py` or `convert/`. Templates are in templates/games/tally/.
"""
