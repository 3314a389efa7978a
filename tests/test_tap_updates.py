"""A tap in deal entry sends what it changed and nothing more is left to send (issue 21).

Deal entry updates only the controls a tap changed (``widgets.changed``), found without Flet's
comparison of the whole screen. If a change were missed the player would see a stale control;
so after every tap on every input of every game's entry, the whole page is compared as Flet
would and must have nothing left to send."""

from __future__ import annotations

import asyncio
from typing import Any

import flet as ft
import flet_page
import pytest
from controls import walk
from flet.messaging.protocol import MessageAction
from flet_page import scorer_app

from scorer.game import Game
from scorer.rules import Contract
from scorer.rules.draw_bridge import DrawBridgeDeal
from scorer.ui import widgets as w

GAMES = {
    "draw-bridge": (["Ana", "Ben"], "target=1000"),
    "minibridge": (["Ana", "Ben", "Cleo", "Dan"], "open"),
    "rubber-bridge": (["Ana", "Ben", "Cleo", "Dan"], "open"),
    "chicago": (["Ana", "Ben", "Cleo", "Dan"], "open"),
    "call-break": (["Ana", "Ben", "Cleo", "Dan"], "deals=12"),
    "team-match": (["Reds", "Blues"], "open"),
}


def on_screen(app) -> list[ft.Control]:
    """The controls a player can see on the app's screen (hidden branches left out)."""
    return list(walk(app.page.views[-1].controls, visible_only=True))


@pytest.fixture
def sent(monkeypatch):
    messages: list[Any] = []
    original = flet_page.Connection.send_message

    def record(self, message):
        original(self, message)
        messages.append(message)
    monkeypatch.setattr(flet_page.Connection, "send_message", record)
    return messages


def tap(app, button: ft.BaseControl) -> None:
    loop = asyncio.new_event_loop()
    try:
        loop.run_until_complete(app.page.session.dispatch_event(button._i, "click", None))
    finally:
        loop.close()


def show_entry(app, variant: str) -> None:
    """A new game's deal entry of ``variant``, or Check a score (``"check"``)."""
    if variant == "check":
        app.route = "/check"
    else:
        players, end = GAMES[variant]
        game = app.keeper.store.save(Game.new(variant, players, first_dealer=0, end=end))
        app.route = f"/game/{game.id}/deal"
    app.show()


@pytest.mark.parametrize("variant", [*GAMES, "check"])
def test_after_every_tap_in_deal_entry_nothing_is_left_to_send(tmp_path, sent, variant):
    """Each game's deal entry, and Check a score (its games picked in turn)."""
    with scorer_app(tmp_path) as app:
        show_entry(app, variant)
        taps = 0
        for _ in range(4):  # every input, four times: each state reached shows others
            tapped: set[str] = set()
            while True:
                cells = [c for c in on_screen(app)
                         if isinstance(c, ft.Semantics) and c.button and c.label not in tapped
                         and getattr(c.content, "on_click", None) is not None
                         and not c.content.disabled]
                if not cells:
                    break
                tapped.add(cells[0].label)
                sent.clear()
                tap(app, cells[0].content)
                # (a tap that goes to another screen sends nothing here: navigation is dropped)
                taps += any(m.action == MessageAction.PATCH_CONTROL for m in sent)
                sent.clear()
                app.page.update()  # the whole page, compared as Flet does
                left = str([m.body for m in sent if m.action == MessageAction.PATCH_CONTROL])
                assert left == "[]", f"{variant}: {cells[0].label!r} left unsent: {left[:400]}"
        assert taps >= 15, taps


def test_changed_finds_a_property_a_new_child_list_and_nothing_else(tmp_path):
    """The rule itself, on controls as Flet keeps them after a send."""
    with scorer_app(tmp_path) as app:
        page = app.page
        text, row = ft.Text("old"), ft.Row([ft.Text("a")])
        column = ft.Column([text, ft.Container(row)])
        page.views.append(ft.View(route="/x", controls=[column]))
        page.update()
        assert w.changed(column) == []
        text.value = "new"
        assert w.changed(column) == [text]
        page.update(text)
        row.controls = [*row.controls, ft.Text("more")]
        assert w.changed(column) == [row]
        page.update(row)
        row.controls[0] = ft.Text("in place")  # a list changed in place is seen too
        assert w.changed(column) == [row]
        page.update(row)
        assert w.changed(column) == []
        w.update_changed(page, column)  # nothing changed: nothing sent, not the whole page


def test_the_preview_keeps_its_controls_when_only_its_words_change(tmp_path, sent):
    """Tricks 8 then 9: the same card and texts, their words changed in place (one message,
    no new branch for Flutter to build)."""
    with scorer_app(tmp_path) as app:
        game = app.keeper.store.save(Game.new("chicago", GAMES["chicago"][0], first_dealer=0,
                                               end="open"))
        app.route = f"/game/{game.id}/deal"
        app.show()

        def press(label: str) -> None:
            [cell] = [c for c in on_screen(app)
                      if isinstance(c, ft.Semantics) and c.label == label]
            tap(app, cell.content)

        for label in ("Declarer Ana", "Level 1", "Clubs", "Tricks 8"):
            press(label)
        preview = [c for c in on_screen(app) if isinstance(c, ft.Card)]
        texts = [c for c in walk(preview, visible_only=True) if isinstance(c, ft.Text)]
        press("Tricks 9")
        after = [c for c in on_screen(app) if isinstance(c, ft.Card)]
        assert [id(c) for c in after] == [id(c) for c in preview]
        kept = [c for c in walk(after, visible_only=True) if isinstance(c, ft.Text)]
        assert [id(c) for c in kept] == [id(c) for c in texts]
        assert any("made +2" in str(c.value or c.semantics_label) for c in texts)


# Flet's buttons: Flutter draws ink on them (a ripple, a pressed overlay) for about 0.4 s
# after each press, in colours of their own style.
INKED = (ft.FilledButton, ft.OutlinedButton, ft.TextButton, ft.IconButton, ft.Button)


@pytest.mark.parametrize("variant", [*GAMES, "check"])
def test_nothing_a_player_taps_in_deal_entry_draws_a_splash(tmp_path, variant):
    """Decision 124, as decisions 194 and 571 keep it: every input of each game's entry (and
    of Check a score) is a button of widgets.key, reached by the keyboard (Flutter's InkWell)
    but whose press draws nothing (a layer without ink takes it; the theme's highlight and
    splash are transparent too), and stays one as taps restyle it."""
    with scorer_app(tmp_path) as app:
        for theme in (app.page.theme, app.page.dark_theme):
            assert theme is not None
            assert theme.splash_color == theme.highlight_color == ft.Colors.TRANSPARENT
        show_entry(app, variant)
        for round_ in range(2):
            shown = on_screen(app)
            inked = [c for c in shown if isinstance(c, INKED)]
            assert inked == [], f"{variant}: Flet's own buttons: {inked}"
            cells = [c for c in shown if isinstance(c, ft.Semantics) and c.button
                     and getattr(c.content, "on_click", None) is not None]
            assert cells and all(isinstance(c.content, ft.Container) for c in cells)
            # Decision 571: what a finger presses has no ink at all, the keyboard's InkWell
            # under it takes no pointer, and both run the same handler.
            assert not any(c.content.ink for c in cells), f"{variant}: a press draws ink"
            keyboard = [w.inked(c) for c in cells]
            assert all(k.ink and k.ink_color == ft.Colors.TRANSPARENT and k.ignore_interactions
                       for k in keyboard), f"{variant}: a key out of the keyboard's reach"
            assert all(k.on_click is c.content.on_click
                       for k, c in zip(keyboard, cells, strict=True))
            if round_ == 0:
                for cell in cells[:6]:
                    if not cell.content.disabled:
                        tap(app, cell.content)


def test_the_apps_colours_replace_flets_at_once(tmp_path):
    """Decision 597: the app's theme is not faded in from Flet's own over Flutter's 200 ms
    (the first screen was drawn once in Flet's blue, then again in Scorer's colours)."""
    with scorer_app(tmp_path) as app:
        style = app.page.theme_animation_style
        assert style is not None
        assert style.duration == style.reverse_duration == ft.Duration()


def test_a_key_is_coloured_as_it_is_selected_and_enabled():
    """The colours Flutter's buttons gave (Material 3), set by widgets.key itself; the body is
    opaque, so that the focus colour under it shows only as a ring (decision 194)."""
    chip = w.tap("8", "Tricks 8", lambda: None, choice=True)
    face = w.face(chip)
    assert w.body(chip).bgcolor == ft.Colors.SURFACE and face.color == ft.Colors.PRIMARY
    assert chip.checked is False  # a choice says whether it is checked
    w.restyle(chip, True)
    assert chip.selected and chip.checked and w.body(chip).bgcolor == ft.Colors.PRIMARY
    assert face.color == ft.Colors.ON_PRIMARY
    save = w.tap("Save deal", "Save deal", lambda: None, primary=True)
    assert save.checked is None  # not a choice: a plain button
    assert w.body(save).bgcolor == ft.Colors.PRIMARY
    assert w.body(save).border == ft.Border.all(w.BORDER, ft.Colors.TRANSPARENT)
    w.set_enabled(save, False)
    assert save.content.disabled and w.body(save).bgcolor == w.FADED_FILL
    assert save.disabled  # the node says so to a screen reader (aria-disabled)
    assert w.face(save).color == w.FADED_TEXT
    w.set_enabled(save, True)
    assert not save.disabled and w.body(save).bgcolor == ft.Colors.PRIMARY
    assert w.face(save).color == ft.Colors.ON_PRIMARY
    assert w.face(save).semantics_label == ""  # the label is the only name


def test_a_keys_face_is_read_out_only_where_it_says_more_than_its_label():
    """A chip is one name ('Tricks 8', not also '8'); a face that tells what the label does
    not (Check a score's house rules: which are on) stays readable, as it was before
    decision 124 (the browser test of Check a score reads it)."""
    assert w.face(w.tap("8", "Tricks 8", lambda: None)).semantics_label == ""
    assert w.face(w.tap(w.Symbol("♥"), "Hearts", lambda: None)).semantics_label == ""
    fold = w.tap("House rules: undertricks score on", "Show or hide the house rules",
                 lambda: None, read=True)
    node = w.face(fold)  # a node of its own: the button's name stays its label
    assert isinstance(node, ft.Semantics) and node.container
    assert node.content.semantics_label is None and node.content.color == ft.Colors.PRIMARY


async def _kept() -> None:
    """The browser build's persist (here nothing to wait for)."""


@pytest.mark.parametrize(("button", "persist"), [("New deal", None), ("Save deal", None),
                                                 ("Save deal", _kept)])
def test_a_tap_that_goes_to_another_screen_leaves_the_page_uncompared(tmp_path, monkeypatch,
                                                                      button, persist):
    """After a tap, Flet compares the whole page unless the tap sent an update itself. A tap
    that goes to another screen has that screen drawn by a task it starts (``app.go``; the
    browser build's Save first waits for the browser's storage): comparing the page it leaves
    was for nothing, and with a game's scoreboard kept under deal entry it was most of a
    Save's Python (issue 21). The tasks are not run here: nothing may be compared."""
    from flet.messaging.session import Session

    compared: list[Any] = []
    original = Session.patch_control

    def record(self, control, *args, **kwargs):
        compared.append(control)
        return original(self, control, *args, **kwargs)

    with scorer_app(tmp_path, persist=persist) as app:
        game = Game.new("draw-bridge", ["Ana", "Ben"], first_dealer=0, end="target=1000")
        for tricks in (7, 9, 8):
            game = game.add_deal(DrawBridgeDeal(0, Contract.parse("1C"), tricks))
        game = app.keeper.store.save(game)
        app.route = f"/game/{game.id}" + ("/deal" if button == "Save deal" else "")
        app.show()
        if button == "Save deal":
            for name in ("Declarer Ana", "Level 1", "Clubs", "Tricks 7"):
                tap(app, _button(app, name).content)
        monkeypatch.setattr(Session, "patch_control", record)
        tap(app, _button(app, button).content)
        assert compared == []
        if persist is None:  # the tap went on: its task draws the screen
            assert app.route == f"/game/{game.id}" + ("/deal" if button == "New deal" else "")
        else:  # waiting for the browser's storage, then it goes on
            assert app.keeper.saving
        if button == "Save deal":
            assert len(app.keeper.store.load(game.id).deals) == 4


def _button(app, label: str) -> ft.Semantics:
    view = app.page.views[-1]
    found = [c for c in walk([*view.controls, view.bottom_appbar], visible_only=True)
             if isinstance(c, ft.Semantics) and c.label == label]
    assert found, f"no button {label!r} on the screen"
    return found[0]


def test_a_screen_drawn_again_shows_its_own_controls_not_equal_ones_drawn_before(tmp_path):
    """Issue 30 item 1: Check a score drawn again (its game tapped again) built a bottom bar
    equal to the one shown, Flet kept the one shown, and the taps after it changed a bar that
    was not on the page: the bottom line stayed 'Not complete' under a scored hand."""
    with scorer_app(tmp_path) as app:
        show_entry(app, "check")
        first = app.page.views[0].bottom_appbar
        app.show()
        bar = app.page.views[0].bottom_appbar
        assert bar is not first and bar == first  # a new bar, equal to the one drawn before
        level = next(c for c in walk(app.page.views[0].controls)
                     if getattr(c, "label", None) == "Level 4")
        tap(app, level.content)
        result = next(c for c in walk([bar]) if isinstance(c, ft.Text))
        assert "choose the contract's level" not in (result.value or "")
        assert app.page.views[0].bottom_appbar is bar


@pytest.mark.parametrize("deals", [3, 40])
def test_a_save_scores_its_deal_once_whatever_the_games_length(tmp_path, monkeypatch, deals):
    """Issue 33: the Save takes the deal as the entry evaluated it at the last tap, and the
    game's replay is extended by that deal, not redone: one scoring per Save, in a 3-deal
    game as in a 40-deal one."""
    from scorer.rules.draw_bridge import DrawBridge

    with scorer_app(tmp_path) as app:
        game = Game.new("draw-bridge", ["Ana", "Ben"], first_dealer=0, end="target=100000")
        for _ in range(deals):
            game = game.add_deal(DrawBridgeDeal(0, Contract.parse("1C"), 7))
        game = app.keeper.store.save(game)
        app.route = f"/game/{game.id}/deal"
        app.show()
        for name in ("Declarer Ana", "Level 1", "Clubs", "Tricks 8"):
            tap(app, _button(app, name).content)
        scored: list[Any] = []
        original = DrawBridge.score

        def counted(self, *args, **kwargs):
            scored.append(args[0])
            return original(self, *args, **kwargs)

        monkeypatch.setattr(DrawBridge, "score", counted)
        tap(app, _button(app, "Save deal").content)
        assert app.keeper.game is not None and len(app.keeper.game.deals) == deals + 1
        assert scored == [DrawBridgeDeal(0, Contract.parse("1C"), 8)]


def test_a_games_card_on_home_is_pressed_without_ink_and_read_as_its_label(tmp_path):
    """Decision 575: a game's card is pressed as a key is (decision 571): a finger on a layer
    without ink, the keyboard on the InkWell under it, which takes no pointer and draws its
    focus as a ring; one node, named by the card's label alone (its texts carry no words of
    their own), whose press opens the game."""
    with scorer_app(tmp_path) as app:
        game = app.keeper.store.save(
            Game.new("draw-bridge", ["Ana", "Ben"], first_dealer=0, end="target=500")
            .add_deal(DrawBridgeDeal(0, Contract.parse("1C"), 7)))
        app.route = "/"
        app.show()
        [card] = [c for c in on_screen(app) if isinstance(c, ft.Card)
                  and isinstance(c.content, ft.Semantics)
                  and (c.content.label or "").startswith("Open Draw Bridge: Ana, Ben")]
        node = card.content
        press = node.content
        assert node.button and node.container
        assert isinstance(press, ft.Container) and not press.ink and press.on_click is not None
        keyboard = press.content
        assert isinstance(keyboard, ft.Container) and keyboard.ink
        assert keyboard.ignore_interactions and keyboard.on_click is press.on_click
        # The focus ring as a key's: the InkWell's focus fill shows only as a ring around a
        # body of the card's own colour (the focused card was a block hiding its words).
        body = keyboard.content
        assert keyboard.padding == w.RING and keyboard.ink_color == ft.Colors.TRANSPARENT
        assert isinstance(body, ft.Container) and body.bgcolor == w.CARD_COLOUR == card.bgcolor
        texts = [c for c in walk([keyboard]) if isinstance(c, ft.Text)]
        assert texts and all(t.semantics_label == "" for t in texts)
        press.on_click(None)
        assert app.route == f"/game/{game.id}"
