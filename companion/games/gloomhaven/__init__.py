"""Gloomhaven: two table types. `gloomhaven` is one scenario played with the
physical map while the phones keep the books; `gloomhaven-campaign`
(campaign/) keeps the party, the city and the character sheets between
scenarios and starts each scenario as a linked table.

A map of the package:
  rules.py      the scenario's table type: wiring only
  actions.py    its action table: fields, effect, history line, secrecy, what is open now
  state.py      the shape of its state
  flow.py       the round: its phases (the kit's Round), card selection, turns in initiative
                order, the end of the round
  play/         the scenario being played, one module per part of it (set-up, placing
                figures, figures by hand, combat, damage, rests, special rules, the end)
  view.py       what each seat and the table display see, with the working
  map/          the map in the state, its actions, the drawing, the solver's input
  solver/       the monster solver (also over HTTP and the command line)
  <topic>.py    the rulebook's maths: level, modifiers, abilities, attacks,
                conditions, elements, initiative, standees, objectives, ...
  names.py      names in the reader's language (data/gloomhaven/names.json)
  data.py, catalog.py  reading data/gloomhaven/
  web.py, cli.py       the web and command-line adapters
  convert/      build-time conversion of the reference data (never imported by the server)
  campaign/     the campaign table type, laid out the same way
"""
