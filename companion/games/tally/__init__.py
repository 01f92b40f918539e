"""The tally table: named shared tracks and per-seat counters for any game
this app does not know yet, plus a private note per seat.

The smallest game package, and the worked example of the layout every game
follows: `rules.py` wires the parts, `actions.py` is the action table (each
action's fields, effect, history line and secrecy), `state.py` the new state
and its checks. Templates are in templates/games/tally/.
"""
