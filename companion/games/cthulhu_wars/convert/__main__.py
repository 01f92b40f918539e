"""python -m companion.games.cthulhu_wars.convert REFERENCE_DIR [OUT_DIR]"""

import sys

from companion.games.cthulhu_wars.convert.reference import main

sys.exit(main())
