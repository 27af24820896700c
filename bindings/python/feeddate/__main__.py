"""``python3 -m feeddate``: the same as the ``feeddate`` command."""

import sys

from .cli import main

sys.exit(main())
