"""Deal entry (``/game/<id>/deal``) and correcting a deal (``/game/<id>/deal/<n>/edit``): the
variant's input, the score as it is entered, and Save with the entry's status beside it.

What is typed is kept with the game a moment after each change and when the player leaves
(see :class:`scorer.ui.shell.keeper.Keeper`), by the app bar's Back or the browser's alike,
without asking: the scoreboard then offers to continue it or discard it (decision 150)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from ...game import Game
from .. import widgets as w
from ..entry import new_entry
from . import addresses, scoreboard
from .frame import Screen, screen, variant_names

if TYPE_CHECKING:
    from .host import App, Route

__all__ = ["StatusLine", "build", "changed_elsewhere", "view"]


class StatusLine:
    """What deal entry keeps between redraws in a session: its status beside Save, where a
    change made elsewhere is said."""

    def __init__(self) -> None:
        self.text: ft.Text | None = None


def build(app: App, route: Route, game: Game) -> Screen:
    """A new deal (``route.deal`` None) or a correction; the scoreboard where there is none
    to enter (the game is over, the deal does not exist, the game has no entry yet)."""
    home = addresses.game(game.id)
    if game.variant_name in variant_names():
        if route.deal is None and not game.is_over:
            return Screen(scoreboard.keep_under(app, game.id, view(app, game, None)), home)
        if route.deal is not None and 1 <= route.deal <= len(game.deals):
            return Screen(scoreboard.keep_under(app, game.id, view(app, game, route.deal)),
                          f"{home}/deal/{route.deal}")
    return scoreboard.build(app, route, game)


def view(app: App, game: Game, number: int | None) -> ft.View:
    t, keeper = app.t, app.keeper
    draft = keeper.draft_for(game, number)
    unit = game.variant.deal_word  # a team match's boards
    save = w.tap(t("ui.save_deal", unit=unit), t("ui.save_deal", unit=unit),
                 lambda: keeper.save_deal(number, entry.evaluation), primary=True)
    status = ft.Text(size=15, weight=ft.FontWeight.BOLD)

    def changed() -> None:
        evaluation = entry.evaluation  # evaluated once by the entry, after the tap
        w.set_suited(status, entry.status(evaluation))
        status.color = ft.Colors.ERROR if evaluation.problem else None
        w.set_enabled(save, evaluation.can_save)
        # Only what a tap changed is compared and sent: not the whole page, which holds the
        # game's scoreboard too (hidden: scoreboard.keep_under, for after the Save), and not every
        # input either (their comparison took most of a tap's time).
        w.update_changed(app.page, *entry.controls, entry.preview, status, save)
        keeper.draft_changed(keeper.game or game, number)

    entry = new_entry(draft, changed, t, on_calls=None if number else keeper.keep_calls,
                      scale=app.text_scale)
    evaluation = entry.evaluation
    w.set_suited(status, entry.status(evaluation))
    status.color = ft.Colors.ERROR if evaluation.problem else None
    w.set_enabled(save, evaluation.can_save)
    app.state(StatusLine).text = status
    controls: list[ft.Control] = []
    dealer = game.variant.dealer_name(draft.dealer, game.players)
    controls.append(ft.Text(t("ui.dealer_is", name=dealer), size=14))
    controls += entry.controls
    controls.append(entry.preview)
    title = (t("ui.correct_deal_n", n=game.records[number - 1].table_number, unit=unit)
             if number else t("ui.deal_n", n=game.deals_counted + 1, unit=unit))
    bar = w.bottom_bar(status, save)
    route = addresses.deal_form(game.id, number)
    return screen(route, title, controls, bottom_appbar=bar)


def changed_elsewhere(app: App, route: Route, game_id: str) -> None:
    """Another phone changed the game being entered: keep what the player is entering (and the
    game it was based on), their save will be checked against the store. Said in the bottom
    bar's status line, which has a fixed height: nothing moves under the player's finger."""
    status = app.state(StatusLine).text
    if route.game_id == game_id and status is not None:
        w.set_suited(status, app.t("ui.changed_elsewhere"))
        status.color = ft.Colors.ERROR
        app.page.update()

