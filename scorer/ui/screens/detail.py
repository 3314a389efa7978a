"""A deal (``/game/<id>/deal/<n>``): why it scored what it did, line by line, its history,
and Correct or Remove."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from ...game import Game
from .. import widgets as w
from ..present import history_texts
from . import addresses, scoreboard
from .frame import Screen, points, rules_line, screen, variant_names

if TYPE_CHECKING:
    from .host import App, Route

__all__ = ["build", "changed_elsewhere", "view"]

changed_elsewhere = scoreboard.changed_elsewhere  # drawn again, as the scoreboard


def build(app: App, route: Route, game: Game) -> Screen:
    """The deal; the scoreboard if there is no such deal."""
    if route.deal is not None and 1 <= route.deal <= len(game.deals):
        return Screen(scoreboard.keep_under(app, game.id, view(app, game, route.deal)),
                      addresses.game(game.id))
    return scoreboard.build(app, route, game)


def view(app: App, game: Game, number: int) -> ft.View:
    t = app.t
    record = game.records[number - 1]
    unit = game.variant.deal_word  # a team match's boards
    controls: list[ft.Control] = [
        ft.Text(t("ui.dealt_by", name=game.variant.dealer_name(record.dealer, game.players)),
                size=14),
        w.suited(t.summary(record.score), size=18, weight=ft.FontWeight.BOLD),
        w.heading(t("ui.why")),
        *[w.suited(t.line(line), size=14) for line in record.score.lines],
        ft.Text(t("ui.points_are", points=" · ".join(
            f"{p} {points(game, v)}" for p, v in
            zip(game.parties, record.score.points, strict=True))), size=15),
        ft.Text(t("ui.totals_after", unit=unit, totals=" · ".join(
            f"{p} {v}" for p, v in zip(game.parties, record.totals, strict=True))), size=15),
        ft.Text(rules_line(app, game), size=12),
    ]
    changes = history_texts(game, number, t)
    if changes:
        controls.append(w.heading(t("ui.history")))
    controls += [w.suited(text, size=13) for text in changes]
    if game.variant_name in variant_names():
        controls.append(w.tap(t("ui.correct", unit=unit), t("ui.correct", unit=unit),
                              lambda: _edit(app, game, number), primary=True))
    if number == len(game.deals):
        controls.append(w.tap(t("ui.remove", unit=unit), t("ui.remove", unit=unit),
                              lambda: scoreboard.confirm_remove(app, game)))
    return screen(addresses.detail(game.id, number),
                  t("ui.deal_n", n=record.table_number, unit=unit), controls)


def _edit(app: App, game: Game, number: int) -> None:
    app.keeper.forget_draft()
    app.go(addresses.edit(game.id, number))
