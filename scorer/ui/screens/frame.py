"""What every screen shares: the frame of a screen, the question before an act the table cannot
take back, totals and the rules used."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

import flet as ft

from ...game import Game
from ...rules import VARIANTS, InvalidInput, sheet_of
from .. import widgets as w
from ..entry import entry_for, problem_of
from . import addresses

if TYPE_CHECKING:
    from .host import App

__all__ = ["Screen", "checkable_variant_names", "confirm", "link_failed", "party_totals", "points",
           "rules_line", "screen", "variant_names"]


def variant_names() -> tuple[str, ...]:
    """The name of every game, as the registry offers them now (New game, deal entry,
    rules): read when a screen is drawn, so a game registered later (``register_variant``) is
    offered too."""
    return tuple(VARIANTS)


def checkable_variant_names() -> tuple[str, ...]:
    """The names of the games Check a score holds one deal of (a team match's board needs
    both tables), found through each game's input module (``DealDraft.checkable``)."""
    return tuple(name for name in VARIANTS if entry_for(name).draft.checkable)


class Screen(NamedTuple):
    """A screen drawn for a route."""

    view: ft.View
    back: str | None = None  # where the app bar's back button leads (None: no back button)


def screen(route: str, title: str, controls: list[ft.Control], **options: Any) -> ft.View:
    """A screen: app bar with its title, contents stretched to the width, scrolling.

    The title (a heading) takes the keyboard's focus when a new screen is drawn (its
    KeyboardListener's autofocus; Flutter gives it only where nothing on the page has the
    focus, as after a screen change): a screen reader says where the player is, and Tab goes
    on from the top of the new screen rather than from the page's start (issue 29)."""
    title_bar = ft.KeyboardListener(ft.Text(title), autofocus=True)
    return ft.View(route=route, appbar=ft.AppBar(title=title_bar,
                                                 automatically_imply_leading=False),
                   controls=list[ft.BaseControl](controls),
                   horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
                   scroll=ft.ScrollMode.AUTO, **options)


def link_failed(app: App, route: str, title: str, error: InvalidInput) -> Screen:
    """A link that cannot be read (a game's, a pairs evening's, a team match's table): why,
    in one sentence, and Back to Home; reading it wrote nothing (decision 360)."""
    t = app.t
    back = t("ui.back")
    return Screen(screen(route, title, [
        w.card(w.note(t("ui.link_failed", reason=t.render(problem_of(error))), error=True)),
        w.tap(back, back, lambda: app.go(addresses.HOME), primary=True)]), addresses.HOME)


def confirm(app: App, title: str, text: str, keep: str, act: str,
            then: Callable[[], Any]) -> None:
    """Ask before something the table cannot take back by accident. Escape (or a tap beside
    the dialog) is ``keep``: nothing done, the focus back where it was (decision 402)."""
    def confirmed() -> None:
        app.page.pop_dialog()
        then()

    app.page.show_dialog(ft.AlertDialog(
        modal=False, title=ft.Text(title), content=ft.Text(text),
        actions=[w.text_button(keep, app.page.pop_dialog), w.text_button(act, confirmed)]))


def ask_delete(app: App, question: str, explain: str, download: Callable[[], Any],
               delete: Callable[[], Any]) -> None:
    """Ask before deleting (a game, a pairs evening): keep it, download a copy (the way to
    bring it back: an import), or delete."""
    t = app.t
    app.page.show_dialog(ft.AlertDialog(
        modal=True, title=ft.Text(question), content=ft.Text(explain),
        actions=[w.text_button(t("ui.keep_it"), app.page.pop_dialog),
                 w.text_button(t("ui.download_copy"), download),
                 w.text_button(t("ui.delete_button"), delete)]))


def points(game: Game, value: int) -> str:
    """A deal's or game's points as the table writes them (Call Break: also as 2.3)."""
    return sheet_of(game.variant).points_words(value)


def party_totals(app: App, game: Game, leaders: set[int] | None = None) -> ft.Control:
    """Each party's total, large, the leaders' names in bold, on a card read out as one line
    ("Ana total 330, Ben total 120": a name was read twice, "Ana Ana total 330", issue 29)
    and said again when it changes (a live region: the totals after a Save)."""
    rows = [ft.Row([ft.Text(party, size=18, expand=True,
                            weight=ft.FontWeight.BOLD if i in (leaders or ()) else None),
                    ft.Text(points(game, total), size=26, weight=ft.FontWeight.BOLD)])
            for i, (party, total) in enumerate(zip(game.parties, game.totals, strict=True))]
    said = ", ".join(app.t("ui.total_of", party=party, total=total)
                     for party, total in zip(game.parties, game.totals, strict=True))
    return ft.Semantics(container=True, live_region=True, label=said, exclude_semantics=True,
                        content=w.card(*rows))


def rules_line(app: App, game: Game) -> str:
    """'Rules: ...' (a game without house rules: as its rules say)."""
    said = "; ".join(app.t.render(m) for m in game.rules_described())
    return app.t("ui.rules_used", rules=said or app.t("ui.rules_default"))
