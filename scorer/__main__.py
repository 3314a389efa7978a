"""`python -m scorer`: the command line, as the `scorer` script runs it (`scorer.cli`)."""

import sys

from .cli import main

sys.exit(main())
