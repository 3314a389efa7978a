"""What every screen shares: the frame of a screen, the question before an act the table cannot
take back, and the house-rule pickers of New game and Check a score."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

import flet as ft

from ...game import Game
from ...rules import VARIANTS
from .. import widgets as w
from ..entry import entry_for

if TYPE_CHECKING:
    from ..app import ScorerApp

__all__ = ["CHECK_GAMES", "GAMES", "Screen", "confirm", "copy_view", "points", "rule_pickers",
           "rules_line", "screen", "show_rules", "totals_rows"]

GAMES = tuple(VARIANTS)  # every game: New game, deal entry, rules
# the games Check a score holds one deal of (a team match's board needs both tables)
CHECK_GAMES = tuple(name for name in VARIANTS if entry_for(name).draft.checkable)


class Screen(NamedTuple):
    """A screen drawn for a route."""

    view: ft.View
    back: str | None = None  # where the app bar's back button leads (None: no back button)


def screen(route: str, title: str, controls: list[ft.Control], **options: Any) -> ft.View:
    """A screen: app bar with its title, contents stretched to the width, scrolling."""
    return ft.View(route=route, appbar=ft.AppBar(title=ft.Text(title),
                                                 automatically_imply_leading=False),
                   controls=controls,
                   horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
                   scroll=ft.ScrollMode.AUTO, **options)


def copy_view(source: ft.View, target: ft.View) -> None:
    """The app is one View whose contents change (see :meth:`ScorerApp.show`)."""
    for name in ("controls", "appbar", "bottom_appbar", "horizontal_alignment", "scroll",
                 "route"):
        setattr(target, name, getattr(source, name))


def confirm(app: ScorerApp, title: str, text: str, keep: str, act: str,
            then: Callable[[], Any]) -> None:
    """Ask before something the table cannot take back by accident."""
    def confirmed() -> None:
        app.page.pop_dialog()
        then()

    app.page.show_dialog(ft.AlertDialog(
        modal=True, title=ft.Text(title), content=ft.Text(text),
        actions=[w.text_button(keep, app.page.pop_dialog), w.text_button(act, confirmed)]))


def points(game: Game, value: int) -> str:
    """A deal's or game's points as the table writes them (Call Break: also as 2.3)."""
    return game.variant.points_words(value)


def totals_rows(app: ScorerApp, game: Game, leaders: set[int] | None = None) -> list[ft.Control]:
    """Each party's total, large, the leaders' names in bold."""
    return [ft.Row([ft.Text(party, size=18, expand=True,
                            weight=ft.FontWeight.BOLD if i in (leaders or ()) else None),
                    ft.Text(points(game, total), size=26, weight=ft.FontWeight.BOLD,
                            semantics_label=app.t("ui.total_of", party=party, total=total))])
            for i, (party, total) in enumerate(zip(game.parties, game.totals, strict=True))]


def rules_line(app: ScorerApp, game: Game) -> str:
    return app.t("ui.rules_used", rules="; ".join(app.t.render(m) for m in game.rules_described()))


def show_rules(app: ScorerApp, game: str, rule: str | None = None) -> None:
    """The rules of ``game`` (at ``rule``); their back button returns here."""
    app.rules_back = app.route
    app.go(f"/rules/{game}" + (f"/{rule}" if rule else ""))


def rule_pickers(app: ScorerApp, v: Any, current: dict[str, str],
                 on_pick: Callable[[str, str], None]) -> list[ft.Control]:
    """One line of explanation and a choice of values per house rule."""
    t = app.t
    controls: list[ft.Control] = []
    for rule in v.house_rules:
        title = t(f"houserule_title.{rule.name}")
        controls.append(ft.Text(t("ui.rule_explained", name=title,
                                  explanation=t(f"houserule.{rule.name}")), size=13))
        words = {c: t(f"choice.{c}") for c in rule.choices}
        controls.append(w.ChoiceGroup(
            list(rule.choices),
            [t("ui.choice_default", choice=words[c]) if c == rule.default else words[c]
             for c in rule.choices],
            [t("ui.rule_label", name=title, choice=words[c]) for c in rule.choices],
            current.get(rule.name, rule.default),
            lambda c, name=rule.name: on_pick(name, c), per_row=3).control)
        controls.append(w.tap(t("ui.rule_more"), t("ui.rule_more_label", name=title),
                              lambda name=rule.name: show_rules(app, v.name, name)))
    return controls
