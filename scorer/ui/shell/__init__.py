"""The shell: :mod:`~scorer.ui.shell.app` (one :class:`~scorer.ui.shell.app.ScorerApp` per
browser tab: draws the screen its address names), :mod:`~scorer.ui.shell.routes` (the route
table: which screen each address shows) and :mod:`~scorer.ui.shell.keeper` (the store, the game
and the draft of a tab, and when each change is saved)."""
