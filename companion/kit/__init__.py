"""The game kit: pure parts every game builds from (typed action fields, tracks
and dials, per-seat counters, decks, rounds and phases, board regions, hexes).
No Flask, no SQLite: rules modules import it freely."""
