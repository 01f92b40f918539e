"""Build-time conversion of Cthulhu Wars reference facts into data/cthulhu_wars/
(reference.py; run as `python -m companion.games.cthulhu_wars.convert`). The
server never uses it: this file stays empty so finding table types, which
looks into every sub-package, loads nothing of it."""
