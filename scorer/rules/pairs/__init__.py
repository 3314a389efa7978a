"""A club's pairs session (issue 32): movements, matchpoints, cross-IMPs and Butler, the
session's results and their merging. Pure, standard library only (docs/pairs.md)."""
