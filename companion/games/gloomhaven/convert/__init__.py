"""Build-time conversion of the Gloomhaven reference data (Gloomhaven
Secretariat's data files) into this project's own schema under
data/gloomhaven/ (docs/gloomhaven-data.md). Each module converts one topic;
`command` runs them all and writes the files. The server never imports it.

    python -m companion.games.gloomhaven.convert --reference DIR [--out DIR] [--check]
"""

from companion.games.gloomhaven.convert.command import conversions, convert, main

__all__ = ["conversions", "convert", "main"]
