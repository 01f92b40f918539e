"""python -m companion.games.cthulhu_wars.convert --reference DIR [--out DIR] [--check]
(the one command shape of companion.kit.convert)."""

import sys

from companion.games.cthulhu_wars.convert import main

sys.exit(main())
