"""The scenario being played, one module per part of the round: set-up,
rounds and turns, figures (standees, characters, summons), attacks and
elements, and the end of the scenario. Each action is a function that
changes a private copy of the state, or raises ActionError and changes
nothing (`companion.games.gloomhaven.rules` runs them)."""
