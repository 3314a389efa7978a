"""The table app (Flet), in three parts that import in one direction only
(tests/test_layers.py; docs/architecture.md):

- **the drawing**: :mod:`scorer.ui.screens` (one module per screen), :mod:`scorer.ui.entry`
  (each game's deal inputs), :mod:`scorer.ui.boards` (scoreboards), and what they share
  (:mod:`~scorer.ui.widgets`, :mod:`~scorer.ui.theme`, :mod:`~scorer.ui.present`,
  :mod:`~scorer.ui.reuse`, :mod:`~scorer.ui.new_game_form`, :mod:`~scorer.ui.qr`). A screen
  knows the shell only as :class:`scorer.ui.screens.host.App`;
- **the shell**, :mod:`scorer.ui.shell`: one app per browser tab, the route table, the session
  (what is saved when);
- **the delivery**: :mod:`scorer.ui.serve` (``scorer run`` and ``scorer serve``: a window or a
  web server) and :mod:`scorer.ui.site` (``scorer publish``: the offline phone site, and the
  module that starts the app inside it).
"""
