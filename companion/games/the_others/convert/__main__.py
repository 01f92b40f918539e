"""python -m companion.games.the_others.convert --reference DIR [--out DIR] [--check]
(the one command shape of companion.kit.convert)."""

import sys

from companion.games.the_others.convert import main

sys.exit(main())
