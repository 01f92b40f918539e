"""python -m companion.games.chaos.convert REFERENCE_DIR [OUT_DIR]"""

import sys

from companion.games.chaos.convert.build import main

sys.exit(main())
