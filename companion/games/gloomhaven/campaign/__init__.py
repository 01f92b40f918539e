"""The Gloomhaven campaign table (`gloomhaven-campaign`): the party, the city,
the character sheets, the shop and the scenario tree kept between scenarios,
each scenario played on a linked `gloomhaven` table. It has no round of its
own (town and scenarios alternate as the party chooses), so no flow.py.

A map of the package, laid out as the game's:
  rules.py      the table type: wiring only
  actions.py    its action table: fields, effect, history line, what is open now
  state.py      the new campaign, its checks and schema upgrades
  progression.py, deck.py, shop.py, tree.py   the rulebook's maths, a chapter each
                (levels, perks and prosperity; the modifier deck; the shop; the scenario tree)
  town.py, dues.py, outcome.py, offers.py, links.py   town actions, what a scenario's end
                leaves to hand out, its result taken back, the scenarios offered, linked tables
  view.py       what each seat sees, every number with its working (the kit's worked numbers)
  names.py      display names in the reader's language
  data.py       what it reads of data/gloomhaven/ (the game's one reader)"""
