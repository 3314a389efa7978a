"""A new pairs evening (``/pairs-new``, issue 32): tables (2-15), the movements the core makes
for that many tables, boards per round, rounds (the full movement by default), one pair short
(a sit-out), the scoring, and the pairs' names (optional: numbers otherwise). Start stays at
the bottom with the first problem, named, or what it will make (decision 481). Also Home's
section of pairs evenings."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from functools import partial
from typing import TYPE_CHECKING, Any

import flet as ft

from ...rules import InvalidInput
from ...rules.pairs.labels import evening_kind, evening_title
from ...rules.pairs.session import SCORINGS, PairsSession, PairsSettings, check_director_code
from ...rules.values import Msg
from ...store import StoreError
from .. import widgets as w
from ..entry.base import problem_of
from . import addresses
from .frame import Screen, screen
from .pairs_codes import asks_code, remember
from .pairs_text import (
    BOARDS_OFFERED,
    TABLES_OFFERED,
    PairsForm,
    default_name,
    kinds_for,
    makes_msg,
    say,
)

if TYPE_CHECKING:
    from .host import App, Route

__all__ = ["PairsFilling", "build", "home_section"]


class PairsFilling:
    """What the form keeps between redraws in a session."""

    def __init__(self) -> None:
        self.form = PairsForm()


def build(app: App, route: Route | None = None) -> Screen:
    t, form = app.t, app.state(PairsFilling).form
    settings, problem, _name = _made(app)
    reason = w.note("", error=True)
    _bar_line(app, reason, settings, problem)
    start = w.tap(t("pairs.app_start"), t("pairs.app_start"), lambda: _create(app),
                  primary=True, disabled=settings is None)
    parts = _Parts(app, reason, start)
    # The evening's name first, as a director names the night (decision 510).
    controls: list[ft.Control] = [
        ft.TextField(label=t("pairs.app_evening_name"),
                     value=_default(app) if form.name is None else form.name,
                     on_change=lambda e: _named(app, e.control.value, reason, start)),
        w.note(say(t, "pairs.app_evening_name_help"))]
    if asks_code(app):  # scorer serve: the director's code (decision 517)
        noted = w.note(_code_note(app, form.code))  # read without focus (decision 569)
        controls += [ft.TextField(label=t("pairs.code_label"), value=form.code,
                                  keyboard_type=ft.KeyboardType.NUMBER,
                                  on_change=lambda e: _coded(app, e.control.value, reason,
                                                             start, noted)),
                     noted, w.note(say(t, "pairs.code_set_help"))]
    controls.append(w.heading(t("pairs.app_tables")))
    controls.append(w.ChoiceGroup(list(TABLES_OFFERED), [str(n) for n in TABLES_OFFERED],
                                  [t("pairs.app_tables_n", n=n) for n in TABLES_OFFERED],
                                  form.tables, parts.tables_picked).control)
    controls.append(parts.movement)
    controls.append(w.heading(t("pairs.app_boards_per_round")))
    controls.append(w.ChoiceGroup(list(BOARDS_OFFERED), [str(n) for n in BOARDS_OFFERED],
                                  [t("pairs.app_boards_per_round_n", n=n)
                                   for n in BOARDS_OFFERED],
                                  form.boards_per_round, parts.in_place("boards_per_round"),
                                  per_row=8).control)
    controls.append(parts.rounds)
    controls.append(w.Toggle(t("pairs.app_short"), t("pairs.app_short"), form.short,
                             parts.in_place("short")).control)
    controls.append(w.heading(t("pairs.app_scoring")))
    controls.append(w.ChoiceGroup(list(SCORINGS), [t(f"pairs.app_scoring_{s}") for s in SCORINGS],
                                  [t("pairs.app_scoring_is", kind=t(f"pairs.app_scoring_{s}"))
                                   for s in SCORINGS], form.scoring, parts.in_place("scoring"),
                                  per_row=3).control)
    controls.append(parts.names)
    parts.roots = controls  # what a choice may change: sent, the controls that changed
    bar = w.bottom_bar(reason, start, stacked=True)  # a sentence: above Start (decision 481)
    return Screen(screen(addresses.pairs_new(), t("pairs.app_new"), controls,
                         bottom_appbar=bar), "/")


def _box() -> ft.Column:
    """A part of the form drawn again on its own, spaced as the screen's own rows."""
    return ft.Column(spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


class _Parts:
    """The parts of the form a choice changes: the movements offered follow the tables; the
    rounds offered and the pairs' names (Mitchell: N-S 1, E-W 1) the movement. A choice
    draws only those again, in place, and its own chip stays the control tapped: the
    keyboard's focus stays on it (it went back to the title: decision 490)."""

    def __init__(self, app: App, reason: ft.Text, start: ft.Semantics) -> None:
        self.app, self.reason, self.start = app, reason, start
        self.movement, self.rounds, self.names = _box(), _box(), _box()
        self.roots: list[ft.Control] = []
        self._fill_movement()
        self._fill_rest()

    def tables_picked(self, tables: int) -> None:
        if tables == self.app.state(PairsFilling).form.tables:  # the chip already chosen: its
            return  # movements are not drawn anew under a quick next tap (decision 567)
        self.app.state(PairsFilling).form.set_tables(tables)
        self._fill_movement()
        self._fill_rest()
        self._refresh()

    def movement_picked(self, movement: str) -> None:
        if movement == self.app.state(PairsFilling).form.movement:  # as tables_picked
            return
        self.app.state(PairsFilling).form.set_movement(movement)
        self._fill_rest()
        self._refresh()

    def in_place(self, name: str) -> Callable[[Any], None]:
        """A pick that changes only the form's value: the chip restyles itself and the
        bottom line follows (a quick next tap finds its control; decision 314)."""
        def picked(value: Any) -> None:
            form = self.app.state(PairsFilling).form
            if name == "rounds":
                value = None if value == form.full_rounds else value
            setattr(form, name, value)
            self._refresh()
        return picked

    def _refresh(self) -> None:
        _refresh(self.app, self.reason, self.start, *self.roots)

    def _fill_movement(self) -> None:
        t, form = self.app.t, self.app.state(PairsFilling).form
        kinds = kinds_for(form.tables)
        self.movement.controls = [
            w.heading(t("pairs.app_movement")),
            w.ChoiceGroup(list(kinds), [t(f"pairs.kind_{k}") for k in kinds],
                          [t("pairs.app_movement_is", kind=t(f"pairs.kind_{k}"))
                           for k in kinds], form.movement, self.movement_picked,
                          per_row=2).control]

    def _fill_rest(self) -> None:
        """The rounds offered (up to the full movement) and the pairs' names."""
        t, form = self.app.t, self.app.state(PairsFilling).form
        full = form.full_rounds
        rounds = list(range(1, full + 1))
        self.rounds.controls = [
            w.heading(t("pairs.app_rounds")),
            w.ChoiceGroup(rounds, [str(n) for n in rounds],
                          [t("pairs.app_rounds_n", n=n) for n in rounds],
                          form.rounds or full, self.in_place("rounds"), per_row=8).control,
            w.note(say(t, "pairs.app_rounds_full", n=full))]
        settings = form.settings_or_problem()[0]
        try:
            plan = settings.plan() if settings is not None else None
        except ValueError:
            plan = None
        names: list[ft.Control] = [w.heading(t("pairs.app_names")),
                                   w.note(say(t, "pairs.app_names_help"))]
        for pair in form.pair_numbers():
            label = t.render(plan.pair_label(pair)) if plan is not None else t("pairs.pair",
                                                                                n=pair)
            names.append(ft.TextField(
                label=label[:1].upper() + label[1:], value=form.names.get(pair, ""),
                on_change=lambda e, pair=pair: _name(self.app, pair, e.control.value,
                                                     self.reason, self.start)))
        self.names.controls = names


def _default(app: App) -> str:
    """The name offered: 'Pairs evening 2026-12-05' in the director's language, today."""
    return app.t.render(default_name(date.today()))


def _made(app: App) -> tuple[PairsSettings | None, Msg | None, str | None]:
    """The settings and the evening's name Start makes, or the form's first problem."""
    form = app.state(PairsFilling).form
    settings, problem = form.settings_or_problem()
    name, wrong = form.evening_name(_default(app))
    if name is None and problem is None:
        return None, wrong, None
    if asks_code(app) and problem is None:
        try:
            check_director_code(form.code)
        except InvalidInput as error:
            return None, problem_of(error), None
    return settings, problem, name


def _coded(app: App, value: str, reason: ft.Text, start: ft.Semantics,
           noted: ft.Text) -> None:
    app.state(PairsFilling).form.code = value
    noted.value = _code_note(app, value)
    _refresh(app, reason, start, noted)


def _code_note(app: App, value: str) -> str:
    """The code as it will be kept, digit by digit ("4 8 3 1"), in a plain text beside its
    field: a screen reader reads a text field's value only once it has the focus, and the
    director must note this one down (decision 569); "" while it is not 4-8 digits."""
    try:
        code = check_director_code(value)
    except InvalidInput:
        return ""
    return say(app.t, "pairs.code_now", code=" ".join(code))


def _named(app: App, value: str, reason: ft.Text, start: ft.Semantics) -> None:
    app.state(PairsFilling).form.name = value
    _refresh(app, reason, start)


def _name(app: App, pair: int, value: str, reason: ft.Text, start: ft.Semantics) -> None:
    app.state(PairsFilling).form.names[pair] = value
    _refresh(app, reason, start)


def _refresh(app: App, reason: ft.Text, start: ft.Semantics, *parts: ft.Control) -> None:
    """The bottom line (the first problem) and Start, after a change of the form; what
    changed under them and ``parts`` is sent, the rest of the form is not."""
    settings, problem, _name = _made(app)
    _bar_line(app, reason, settings, problem)
    w.set_enabled(start, settings is not None)
    w.update_changed(app.page, reason, start, *parts)


def _bar_line(app: App, line: ft.Text, settings: PairsSettings | None,
              problem: Msg | None) -> None:
    """The bottom bar's line (a live region): the first problem, or what Start will make
    (decision 481)."""
    error = settings is None or problem is not None
    try:
        said = problem if problem is not None else None if settings is None \
            else makes_msg(settings)
    except (InvalidInput, ValueError):  # a plan the core refuses: Start says why on a tap
        said, error = None, True
    line.value = "" if said is None else app.t.sentence(said)
    line.color, line.italic = (ft.Colors.ERROR, False) if error else (None, True)


def _create(app: App) -> None:
    form = app.state(PairsFilling).form
    settings, _problem, name = _made(app)
    if settings is None or name is None or app.keeper.saving:  # saving: a second tap while
        return  # the first keeps
    code = check_director_code(form.code) if asks_code(app) else ""
    try:
        record = app.keeper.pairs.create(PairsSession(settings, name=name), code=code)
    except (StoreError, OSError) as error:
        app.snack(app.t("ui.not_saved", reason=str(error)))
        return
    app.state(PairsFilling).form = PairsForm()
    remember(app, record)  # the phone that made it is the director's, after a reload too
    # Kept in the browser's storage (the published build) before the director's view opens.
    app.keeper.written_then(record.id, partial(app.go, addresses.pairs_session(record.id)))


def home_section(app: App) -> list[ft.Control]:
    """Home's entry to a new pairs evening and the evenings kept, newest first."""
    t = app.t
    controls: list[ft.Control] = [w.tap(t("pairs.app_new"), t("pairs.app_new"),
                                         lambda: app.go(addresses.pairs_new()))]
    records = app.keeper.pairs.list()
    if records:
        controls.append(w.heading(t("pairs.app_home", n=len(records))))
    for record in records:
        session = record.session
        title = t.render(evening_title(session))  # its name (decision 513)
        entered = len(session.entries)
        total = sum(len(x.boards) for x in session.movement.seatings)
        facts = t("pairs.app_facts", n=entered, total=total, changed=record.updated_at[:16]
                  .replace("T", " "))
        if session.name:  # what it is, under its name: "Howell, 3 tables · 4 of 15 ..."
            facts = t("pairs.app_named_facts", title=t.render(evening_kind(session)),
                      facts=facts)
        controls.append(w.card(ft.Text(title, weight=ft.FontWeight.BOLD), ft.Text(facts,
                                                                                  size=12),
                               on_tap=partial(app.go, addresses.pairs_session(record.id)),
                               label=t("ui.open", title=f"{title}, {facts}")))
    return controls
