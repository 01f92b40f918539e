"""python -m companion.games.chaos.convert --reference DIR [--out DIR] [--check]
(the one command shape of companion.kit.convert)."""

import sys

from companion.games.chaos.convert import main

sys.exit(main())
