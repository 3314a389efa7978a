"""The rules of a game (``/rules/<game>`` and ``/rules/<game>/<house rule>``), from the
rulebook; back returns to the screen that opened them."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from ...rulebook import rules_page
from .frame import Screen, screen

if TYPE_CHECKING:
    from ..app import ScorerApp
    from ..routes import Route

__all__ = ["build"]


def build(app: ScorerApp, route: Route) -> Screen:
    game, rule = route.game_id, route.rule
    assert game is not None
    page = rules_page(game, app.t.lang, house_rules_first=rule is not None)
    view = screen(f"/rules/{game}", app.t("ui.rules_of", game=app.t(f"game.{game}")),
                  [ft.Markdown(page, selectable=True,
                               extension_set=ft.MarkdownExtensionSet.GITHUB_WEB)])
    return Screen(view, app.rules_back)
