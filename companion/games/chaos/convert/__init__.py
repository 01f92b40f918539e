"""Build-time conversion of the reference data into data/chaos/ (build.py);
`python -m companion.games.chaos.convert`. The server never imports it."""

from companion.games.chaos.convert.build import main

__all__ = ["main"]
