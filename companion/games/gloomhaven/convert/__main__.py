"""`python -m companion.games.gloomhaven.convert`: see the package."""

import sys

from companion.games.gloomhaven.convert.command import main

sys.exit(main())
