"""The tester's pairs evening, two last findings (issue 32, decisions 490-494): the new
evening's form drew itself again after a choice of tables or movement, so the keyboard's
focus went back to the title (finding #11); a merge conflict did not say which result came
from where (finding #7). The real app over a real data folder, no browser."""

from __future__ import annotations

from pathlib import Path

import flet as ft
from flet.messaging.protocol import MessageAction
from flet_page import scorer_app
from test_pairs_app import go, on_screen, tap, texts
from test_tap_updates import sent  # noqa: F401 (the fixture: what the app sends)

from scorer.ui.screens import addresses


def button(app, label: str) -> ft.Semantics:
    [found] = [c for c in on_screen(app) if isinstance(c, ft.Semantics) and c.button
               and c.label == label]
    return found


def test_the_new_evenings_chips_stay_the_controls_tapped(tmp_path: Path, sent):  # noqa: F811
    """Every chip of the form, tables and movement too (they change what the form offers),
    is the same control after its tap, chosen; what the choice changed is shown (the rounds
    offered, the pairs' names) and nothing is left unsent."""
    choices = ["4 tables", "Movement Mitchell", "4 boards per round", "2 rounds",
               "One pair short (a pair sits out each round)", "Scoring Cross-IMPs", "5 tables",
               "Movement Howell", "3 tables"]
    with scorer_app(tmp_path / "data") as app:
        go(app, addresses.pairs_new())
        for label in choices:
            chip = button(app, label)
            tap(app, label)
            assert button(app, label) is chip, f"{label!r} drawn anew"
            assert chip.selected, label
            sent.clear()
            app.page.update()  # the whole page, compared as Flet does: nothing left
            left = [m.body for m in sent if m.action == MessageAction.PATCH_CONTROL]
            assert left == [], f"{label!r} left unsent: {str(left)[:400]}"
            if label == "Movement Mitchell":  # what the movement changes: shown at once
                shown = texts(app)
                assert "E-W 4" in shown and "Pair 8" not in shown
                assert "3 rounds" in shown and "4 rounds" not in shown
        shown = texts(app)
        assert "Start will make: Howell, 3 tables, 2 rounds, 4 boards per round" in shown
        assert "Pair 5" in shown and "Pair 6" not in shown  # one pair short: 5 pairs
        assert app.keeper.store.pairs.list() == []
