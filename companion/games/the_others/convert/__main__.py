"""python -m companion.games.the_others.convert REFERENCE_DIR [OUT_DIR]"""

import sys

from companion.games.the_others.convert import main

sys.exit(main())
