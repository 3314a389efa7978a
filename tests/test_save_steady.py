"""A Save's work that does not change (issue 33, decisions 460 and 461): the scoreboard's parts
that show the same after a Save are the controls drawn before it, acting on the game as it is
now; and each event's type is worked out once per control class, as Flet works it out."""

from __future__ import annotations

import asyncio
from typing import Any

import flet as ft
from controls import walk
from flet_page import scorer_app

from scorer.game import Game
from scorer.rules import Contract
from scorer.rules.draw_bridge import DrawBridgeDeal
from scorer.ui.screens.scoreboard import unfold
from scorer.ui.shell import events

STEADY = ("New deal", "Undo the last deal", "Rules of Draw Bridge", "Share the scoresheet",
          "Copy the scoresheet", "Download CSV", "Download JSON", "Show to the table",
          "Share link", "End the game now", "Delete this game")


def buttons(app: Any) -> dict[str, ft.Semantics]:
    """The buttons on the screen shown, by name."""
    view = app.page.views[-1]
    return {c.label: c for c in walk([*view.controls, view.bottom_appbar], visible_only=True)
            if isinstance(c, ft.Semantics) and c.button and c.label}


def tap(app: Any, name: str) -> None:
    loop = asyncio.new_event_loop()
    try:
        loop.run_until_complete(app.page.session.dispatch_event(
            buttons(app)[name].content._i, "click", None))
    finally:
        loop.close()


def played(app: Any, deals: int) -> Game:
    game = Game.new("draw-bridge", ["Ana", "Ben"], first_dealer=0, end="target=100000")
    for _ in range(deals):
        game = game.add_deal(DrawBridgeDeal(0, Contract.parse("1C"), 7))
    return app.keeper.store.save(game)


def save_a_deal(app: Any, game_id: str) -> None:
    """Deal entry, a deal entered by taps, Save deal, and the scoreboard the Save moves to."""
    app.route = f"/game/{game_id}/deal"
    app.show()
    for name in ("Declarer Ana", "Level 1", "Clubs", "Tricks 8"):
        tap(app, name)
    tap(app, "Save deal")
    app.show()  # the task the Save started: the scoreboard drawn
    unfold(app)  # and the one that shows its part below the fold (decision 598)
    assert app.route == f"/game/{game_id}"


def on_scoreboard(app: Any, deals: int) -> Game:
    """A stored game of ``deals`` deals, its scoreboard shown."""
    game = played(app, deals)
    app.route = f"/game/{game.id}"
    app.show()
    unfold(app)
    return game


def confirmed(app: Any, button: str) -> str:
    """Tap ``button``, then the dialog's second action (Remove, End the game); its words."""
    tap(app, button)
    [dialog] = [d for d in app.page._dialogs.controls if d.open]
    act = dialog.actions[1]
    act.on_click(None)
    return str(act.content)


def test_after_a_save_the_scoreboards_buttons_are_the_same_controls(tmp_path):
    with scorer_app(tmp_path) as app:
        game = on_scoreboard(app, 5)
        before = buttons(app)
        save_a_deal(app, game.id)
        after = buttons(app)
        assert [name for name in STEADY if after[name] is not before[name]] == []
        assert "Deal 6: 1C by Ana: made +1; Ana total 140, Ben total 0" in after  # the new row


def test_undo_after_a_save_removes_the_deal_just_saved(tmp_path):
    with scorer_app(tmp_path) as app:
        game = on_scoreboard(app, 3)
        save_a_deal(app, game.id)
        assert confirmed(app, "Undo the last deal") == "Remove"
        stored = app.keeper.store.load(game.id)
        assert stored.deals == game.deals  # the deal just saved is the one removed


def test_a_kept_button_acts_on_the_game_with_the_deal_just_saved(tmp_path):
    """The download after a Save is of the game with that deal (a kept button that held the
    game drawn before would download it without)."""
    with scorer_app(tmp_path) as app:
        game = on_scoreboard(app, 3)
        save_a_deal(app, game.id)
        save_a_deal(app, game.id)
        started: list[tuple[str, tuple[Any, ...]]] = []
        app.page.run_task = lambda handler, *args: started.append((handler.__name__, args))
        tap(app, "Download JSON")
        [(name, (_app, downloaded, kind))] = started
        assert (name, kind, len(downloaded.deals)) == ("download", "json", 5)
        assert downloaded == app.keeper.store.load(game.id)


def test_ending_the_game_after_a_save_keeps_the_deal_just_saved(tmp_path):
    with scorer_app(tmp_path) as app:
        game = on_scoreboard(app, 3)
        save_a_deal(app, game.id)
        assert confirmed(app, "End the game now") == "End the game"
        stored = app.keeper.store.load(game.id)
        assert stored.outcome is not None and len(stored.deals) == 4


def test_flet_still_has_what_the_events_memo_relies_on():
    """A Flet upgrade that moves the event type's resolver fails here, by name."""
    assert events.check() == []


def test_each_events_type_is_flets_own_answer_worked_out_once_per_class(tmp_path,
                                                                         monkeypatch):
    asked: list[tuple[type, str]] = []

    def flets(control: Any, field: str) -> Any:
        asked.append((type(control), field))
        return events.control_event.get_event_field_type(control, field)

    monkeypatch.setattr(events, "_FLETS", flets)
    monkeypatch.setattr(events, "_KNOWN", {})
    with scorer_app(tmp_path) as app:
        game = played(app, 2)
        for _ in range(3):
            save_a_deal(app, game.id)
        app.route = f"/game/{game.id}/deal"
        app.show()
        for name in ("Declarer Ben", "Level 2", "Hearts", "Tricks 9", "Tricks 10", "Tricks 9"):
            tap(app, name)
        assert buttons(app)["Tricks 9"].selected
        by_taps = list(asked)
        # Every control on deal entry and the scoreboard with a handler: the memo's answer
        # is Flet's own.
        view = app.page.views[-1]
        handled = [(c, name) for c in walk([*view.controls, view.bottom_appbar])
                   for name in ("on_click", "on_long_press") if getattr(c, name, None)]
        assert handled
        for control, name in handled:
            assert events.event_type(control, name) == \
                events.control_event.get_event_field_type(control, name)
    # 3 Saves of 5 taps each and 6 taps more: Flet's resolver asked once per (class,
    # event), not per tap
    assert len(by_taps) == len(set(by_taps)) and 0 < len(by_taps) <= 4


def test_a_tap_in_deal_entry_with_the_memo_still_reaches_its_handler(tmp_path):
    events.install()
    with scorer_app(tmp_path) as app:
        game = played(app, 1)
        app.route = f"/game/{game.id}/deal"
        app.show()
        assert buttons(app)["Save deal"].disabled
        for chip in ("Declarer Ana", "Level 1", "Clubs", "Tricks 9"):
            tap(app, chip)
        assert buttons(app)["Tricks 9"].selected and not buttons(app)["Save deal"].disabled
