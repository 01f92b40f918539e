"""The Others: 7 Sins at the table: one SIN player against F.A.I.T.H. heroes.

Facts (sins, heroes, monsters, cards, stories) are in data/the_others/, made
by `python -m companion.games.the_others.convert`; the rules maths are small
pure modules (corruption, apocalypse, dice, fight); rules.py wires them into a
table type.
"""
