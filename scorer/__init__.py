"""Scorer: score keeping for bridge-family card games played at a real table.

Layers, lowest first: ``scorer.rules`` (pure scoring), ``scorer.game`` (a whole game),
``scorer.store`` (durable storage), ``scorer.ui`` (the Flet app), ``scorer.cli`` (the command
line). Package data (catalogs, rules pages, fonts) is in ``scorer/assets``.
"""
