"""python -m companion.games.gloomhaven.convert --reference DIR [--out DIR] [--check]
(the one command shape of companion.kit.convert)."""

import sys

from companion.games.gloomhaven.convert import main

sys.exit(main())
