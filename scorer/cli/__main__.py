"""`python -m scorer.cli`: the command line, as the `scorer` script runs it."""

import sys

from . import main

sys.exit(main())
