"""The Others: 7 Sins at the table: one SIN player against F.A.I.T.H. heroes.

The package, by role:
  rules.py     the table type: wiring only
  actions.py   the action table: each action's fields, effect, history line, secrecy and what is open now
  state.py     a new table's state and its check
  flow.py      the round's phases, whose turn it is and who may act; turns.py the turns, reactions and
               the round's end
  heroes.py    a hero's dashboard (wounds, corruption, tokens, NPCs) and death; city.py the city actions;
               setup.py the game's set-up
  battle.py    dice at the table (fights, cleanses, checks), with the maths in fight.py, odds.py, dice.py,
               corruption.py and apocalypse.py
  cards.py     the decks; effects.py what cards, powers and the story do; powers.py the sins' powers;
               spaces.py the board the group tracks; story.py the missions
  (lower modules never import higher ones: story < heroes < spaces < powers < cards < effects < the rest)
  view.py      what each seat sees, working.py the working of the numbers it shows; names.py display names
  data.py      reading data/the_others/, written by convert/ (build time only); forms.py, web.py the pages
"""
