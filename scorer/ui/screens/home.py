"""Home (``/``): a new game, Check a score, Join, Import, Stats, the games in progress and
finished, and the language."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import flet as ft

from ...i18n import LANGUAGES
from ...store import GameSummary
from .. import widgets as w
from ..new_game_form import NewGameForm
from ..present import deal_word, game_title, short_time
from . import addresses, new_game, pairs_new
from .frame import Screen, screen
from .sharing import import_games

if TYPE_CHECKING:
    from .host import App, Route

__all__ = ["HOME_LIST", "Unfolded", "build", "changed_elsewhere"]

HOME_LIST = 20  # games shown per section of the home screen before "Show all"


class Unfolded:
    """What Home keeps between redraws in a session: the sections showing every game."""

    def __init__(self) -> None:
        self.sections: set[str] = set()


def build(app: App, route: Route | None = None) -> Screen:
    t = app.t
    keeper = app.keeper
    controls: list[ft.Control] = []
    for notice in keeper.notices:
        controls.append(w.card(w.note(t.sentence(notice), error=True)))
    controls.append(w.tap(t("ui.new_game"), t("ui.new_game"),
                          lambda: new_game.start(app, NewGameForm()), primary=True))
    if app.keeper.serverless:  # nothing here serves other phones
        controls.append(w.tap(t("ui.check"), t("ui.check"), lambda: app.go(addresses.CHECK)))
    else:
        controls.append(ft.Row([
            w.tap(t("ui.check"), t("ui.check"), lambda: app.go(addresses.CHECK), expand=1),
            w.tap(t("ui.join"), t("ui.join"), lambda: app.go(addresses.JOIN), expand=1),
        ], spacing=8))
    controls.append(ft.Row([
        w.tap(t("ui.import"), t("ui.import"), lambda: app.page.run_task(import_games, app),
              expand=1),
        w.tap(t("ui.stats"), t("ui.stats"), lambda: app.go(addresses.STATS), expand=1)],
        spacing=8))
    controls += pairs_new.home_section(app)  # a pairs evening (issue 32)
    summaries = keeper.list_games()
    for status in ("in progress", "finished"):
        group = [s for s in summaries if s.status == status]
        if not group:
            continue
        key = "progress" if status == "in progress" else "finished"
        controls.append(w.heading(t(f"ui.home_{key}", n=len(group))))
        shown = group if status in app.state(Unfolded).sections else group[:HOME_LIST]
        controls += [_game_card(app, s) for s in shown]
        if len(shown) < len(group):
            controls.append(w.tap(t("ui.show_all", n=len(group)),
                                  t(f"ui.show_all_{key}"),
                                  partial(_expand, app, status)))
    if not summaries:
        controls.append(w.note(t("ui.no_games")))
    controls.append(w.heading(t("ui.language")))
    controls.append(w.ChoiceGroup(list(LANGUAGES), list(LANGUAGES.values()),
                                  list(LANGUAGES.values()), t.lang, app.set_language,
                                  per_row=2).control)
    # The app's own text size, for a phone that does not pass its own to the browser: on top
    # of the phone's, remembered on this device (the page applies it: a11y.js, decision 195).
    controls.append(w.heading(t("ui.text_size")))
    controls.append(w.ChoiceGroup(list(w.TEXT_SIZES), [f"{n}%" for n in w.TEXT_SIZES],
                                  [t("ui.text_size_label", n=n) for n in w.TEXT_SIZES],
                                  app.text_size, app.set_text_size, per_row=4).control)
    if app.keeper.serverless:
        controls.append(w.note(t("ui.join_needs_server")))
    return Screen(screen(addresses.HOME, t("ui.app_title"), controls))


def _game_card(app: App, s: GameSummary) -> ft.Control:
    t = app.t
    totals = " · ".join(f"{p} {n}" for p, n in zip(s.parties, s.totals, strict=True))
    title = game_title(t, s)
    changed = short_time(s.updated_at)
    facts = t("ui.card_facts", n=s.deals, changed=changed, unit=deal_word(s.variant))
    if s.winners:
        facts = t("ui.card_winner", facts=facts,
                  winners=t("ui.and").join(s.parties[i] for i in s.winners))
    return w.card(ft.Text(title, weight=ft.FontWeight.BOLD), ft.Text(totals),
                  ft.Text(facts, size=12), on_tap=lambda: app.go(addresses.game(s.id)),
                  # what the card shows, so that two games of the same players differ to a
                  # screen reader too (decision 404)
                  label=t("ui.open", title=f"{title}, {totals} · {facts}"))


def _expand(app: App, status: str) -> None:
    app.state(Unfolded).sections.add(status)
    app.show()


def changed_elsewhere(app: App, route: Route, game_id: str) -> None:
    """Another phone changed a game (or imported some): the lists are drawn again."""
    app.show()
