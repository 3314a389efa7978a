"""Every button the app draws does what its tap does when the press is held (decision 101):
Flet's buttons always claim a long press, and a press that turns into one is not a tap."""

from __future__ import annotations

import re
from pathlib import Path

import flet as ft
import pytest
from flet_page import controls, scorer_app

from scorer.game import Game
from scorer.rules import Contract
from scorer.rules.draw_bridge import DrawBridgeDeal

BUTTONS = (ft.FilledButton, ft.OutlinedButton, ft.TextButton, ft.IconButton, ft.Button)
UI = Path(__file__).parent.parent / "scorer" / "ui"


@pytest.fixture
def app(tmp_path):
    with scorer_app(tmp_path / "data") as app:
        yield app


def test_every_button_on_every_screen_answers_a_held_press(app):
    game = Game.new("draw-bridge", ["Ana", "Ben"], first_dealer=0, end="target=100")
    game = app.keeper.store.save(game.add_deal(DrawBridgeDeal(0, Contract.parse("2H"), 8)))
    routes = ["/", "/new", "/check", "/join", "/stats", "/rules/draw-bridge",
              f"/game/{game.id}", f"/game/{game.id}/deal", f"/game/{game.id}/deal/1",
              f"/game/{game.id}/deal/1/edit"]
    for route in routes:
        app.route = route
        app.show()
        on_screen = list(controls(app.page))
        # Flet's buttons, and those of widgets.tap: the layer a finger presses and the
        # keyboard's InkWell under it (decisions 194 and 571), each claiming a long press when
        # it has a handler, as Flutter's buttons do
        keys = [c for c in on_screen if isinstance(c, ft.Semantics) and c.button
                and isinstance(c.content, ft.Container)
                and isinstance(c.content.content, ft.Container)
                and c.content.content.ink_color == ft.Colors.TRANSPARENT]
        buttons = [c for c in on_screen if isinstance(c, BUTTONS)] + [
            layer for c in keys for layer in (c.content, c.content.content)]
        assert buttons, route
        for button in buttons:
            if button.on_click is not None and not button.disabled:
                assert button.on_long_press is button.on_click, (route, button)


def test_no_button_is_made_outside_the_widgets_that_give_it_both_handlers():
    """Dialogs' buttons are not on any screen above: they must come from scorer.ui.widgets."""
    made = re.compile(r"ft\.(TextButton|IconButton|FilledButton|OutlinedButton|Button)\(")
    elsewhere = [f"{path.relative_to(UI)}:{number}"
                 for path in UI.rglob("*.py") if path.name != "widgets.py"
                 for number, line in enumerate(path.read_text().splitlines(), 1)
                 if made.search(line) and "pressed(" not in line]
    assert elsewhere == [], "buttons made without widgets.pressed: " + ", ".join(elsewhere)


def test_a_save_the_browser_did_not_keep_is_said_at_once_with_a_download(app):
    """Issue 17 item 5: the dialog names the reason and offers the game as a download."""
    game = app.keeper.store.save(Game.new("draw-bridge", ["Ana", "Ben"], first_dealer=0,
                                           end="target=100"))
    downloads = []
    app.page.run_task = lambda handler, *args: downloads.append((handler.__name__, args))
    app.not_kept("the browser's storage did not answer the write in 20 s", game)
    [dialog] = [d for d in app.page._dialogs.controls if d.open]
    assert "The browser's storage did not answer" in dialog.content.value
    assert "download a copy now" in dialog.content.value
    keep, download = dialog.actions
    assert (keep.content, download.content) == ("Not now", "Download a copy")
    download.on_click(None)
    assert downloads == [("download", (app, game, "json"))] and not dialog.open
