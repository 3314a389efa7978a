"""The rules of a game (``/rules/<game>`` and ``/rules/<game>/<house rule>``), from the
rulebook; back returns to the screen that opened them (:func:`show_rules`, which the house-rule
pickers of New game and Check a score use too)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

import flet as ft

from ...rulebook import has_rules_page, rules_page
from .. import widgets as w
from . import addresses
from .frame import Screen, screen

if TYPE_CHECKING:
    from .host import App, Route

__all__ = ["RulesBack", "build", "rule_pickers", "show_rules"]


@dataclass
class RulesBack:
    """Where the rules screen's back button returns: the screen that opened them."""

    route: str = addresses.HOME


def build(app: App, route: Route) -> Screen:
    game, rule = route.game_id, route.rule
    assert game is not None
    title = app.t(f"game.{game}")
    shown: ft.Control = (ft.Markdown(rules_page(game, app.t.lang,
                                                house_rules_first=rule is not None),
                                     selectable=True,
                                     extension_set=ft.MarkdownExtensionSet.GITHUB_WEB)
                         if has_rules_page(game) else w.note(app.t("ui.no_rules_page",
                                                                   game=title)))
    view = screen(addresses.rules(game), app.t("ui.rules_of", game=title), [shown])
    return Screen(view, app.state(RulesBack).route)


def show_rules(app: App, game: str, rule: str | None = None) -> None:
    """The rules of ``game`` (at ``rule``); their back button returns here."""
    app.state(RulesBack).route = app.route
    app.go(addresses.rules(game, rule))


def rule_pickers(app: App, v: Any, current: dict[str, str],
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
            partial(on_pick, rule.name), per_row=3).control)
        controls.append(w.tap(t("ui.rule_more"), t("ui.rule_more_label", name=title),
                              partial(show_rules, app, v.name, rule.name)))
    return controls
