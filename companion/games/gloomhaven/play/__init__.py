"""The scenario being played, one module per part of it: set-up, figures on
the map and the turn they are in (`placing`), figures changed by hand,
attacks and elements, damage waiting and settled, rests, the special rules
and the end (the round itself is `gloomhaven/flow.py`). Each
action's effect changes a private copy of the state, or raises ActionError
and changes nothing (declared in `companion.games.gloomhaven.actions`)."""
