"""The Others: 7 Sins at the table: one SIN player against F.A.I.T.H. heroes.

The package, by role:
  rules.py     the table type: wiring only
  actions.py   the action table: each action's fields, effect, history line, secrecy and what is open now
               (and the pages' flat form fields made the shape the JSON API sends)
  state.py     a new table's state, its check and upgrades, what the set-up still needs
  flow.py      the round as the kit's data: its phases, the game's start, the turns, the SIN's reaction and
               the round's end; seats.py who acts for which hero, and whose turn it is
  heroes.py    the team and the players' heroes, a hero's dashboard (wounds, corruption, tokens, NPCs) and death;
               city.py the city actions; numbers.py the numbers a group enters, kept across tables
  battle.py    dice at the table (fights, cleanses, checks), with the maths in fight.py, odds.py, dice.py,
               corruption.py and apocalypse.py
  cards.py     the decks; effects.py what cards, powers and the story do; powers.py the sins' powers;
               spaces.py the board the group tracks; story.py the missions
  (lower modules never import higher ones: seats < story < heroes < spaces < powers < cards < effects < the rest)
  view.py      what each seat sees, working.py the working of the numbers it shows; names.py display names
  data.py      reading data/the_others/, written by convert/ (build time only); web.py the server's numbers
"""
