"""Scoreboards: :mod:`~scorer.ui.boards.text` (what each board says, pure text, tested without
Flet), :mod:`~scorer.ui.boards.views` (the rubber sheet, the Chicago cycle, the team match's
boards; one builder per game kind, ``register_board``), :mod:`~scorer.ui.boards.grid` (the
deal-by-deal grid of the other games) and :mod:`~scorer.ui.boards.chart` (running totals)."""
