"""Build-time conversion of Cthulhu Wars reference facts into data/cthulhu_wars/
(reference.py; run as `python -m companion.games.cthulhu_wars.convert`). The
server never imports it (finding table types imports only sub-packages that
hold a rules module)."""

from companion.games.cthulhu_wars.convert.reference import main

__all__ = ["main"]
