"""A new pairs evening (``/pairs-new``, issue 32): tables (2-15), the movements the core makes
for that many tables, boards per round, rounds (the full movement by default), one pair short
(a sit-out), the scoring, and the pairs' names (optional: numbers otherwise). Start stays at
the bottom with the first problem, named, or what it will make (decision 481). Also Home's
section of pairs evenings."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import flet as ft

from ...rules import InvalidInput
from ...rules.pairs.session import SCORINGS, PairsSession, PairsSettings
from ...rules.values import Msg
from ...store import StoreError
from .. import widgets as w
from . import addresses
from .frame import Screen, screen
from .pairs_text import BOARDS_OFFERED, TABLES_OFFERED, PairsForm, kinds_for, makes_msg, say

if TYPE_CHECKING:
    from .host import App, Route

__all__ = ["PairsFilling", "build", "home_section"]


class PairsFilling:
    """What the form keeps between redraws in a session."""

    def __init__(self) -> None:
        self.form = PairsForm()


def build(app: App, route: Route | None = None) -> Screen:
    t, form = app.t, app.state(PairsFilling).form
    settings, problem = form.settings_or_problem()
    full = form.full_rounds
    reason = w.note("", error=True)
    _bar_line(app, reason, settings, problem)
    start = w.tap(t("pairs.app_start"), t("pairs.app_start"), lambda: _create(app),
                  primary=True, disabled=settings is None)

    def redraw(setter: str) -> Callable[[Any], None]:
        """A pick that changes what the form offers (tables, movement): drawn again."""
        def picked(value: Any) -> None:
            getattr(form, setter)(value)
            app.show()
        return picked

    def in_place(name: str) -> Callable[[Any], None]:
        """A pick that changes only the form's value: the chip restyles itself and the
        bottom line follows, the screen is not drawn again (a quick next tap finds its
        control; decision 314)."""
        def picked(value: Any) -> None:
            if name == "rounds":
                value = None if value == full else value
            setattr(form, name, value)
            _refresh(app, reason, start)
        return picked

    controls: list[ft.Control] = [w.heading(t("pairs.app_tables"))]
    controls.append(w.ChoiceGroup(list(TABLES_OFFERED), [str(n) for n in TABLES_OFFERED],
                                  [t("pairs.app_tables_n", n=n) for n in TABLES_OFFERED],
                                  form.tables, redraw("set_tables")).control)
    kinds = kinds_for(form.tables)
    controls.append(w.heading(t("pairs.app_movement")))
    controls.append(w.ChoiceGroup(list(kinds), [t(f"pairs.kind_{k}") for k in kinds],
                                  [t("pairs.app_movement_is", kind=t(f"pairs.kind_{k}"))
                                   for k in kinds], form.movement,
                                  redraw("set_movement"), per_row=2).control)
    controls.append(w.heading(t("pairs.app_boards_per_round")))
    controls.append(w.ChoiceGroup(list(BOARDS_OFFERED), [str(n) for n in BOARDS_OFFERED],
                                  [t("pairs.app_boards_per_round_n", n=n)
                                   for n in BOARDS_OFFERED],
                                  form.boards_per_round, in_place("boards_per_round"),
                                  per_row=8).control)
    rounds = list(range(1, full + 1))
    controls.append(w.heading(t("pairs.app_rounds")))
    controls.append(w.ChoiceGroup(rounds, [str(n) for n in rounds],
                                  [t("pairs.app_rounds_n", n=n) for n in rounds],
                                  form.rounds or full, in_place("rounds"), per_row=8).control)
    controls.append(w.note(say(t, "pairs.app_rounds_full", n=full)))
    controls.append(w.Toggle(t("pairs.app_short"), t("pairs.app_short"), form.short,
                             in_place("short")).control)
    controls.append(w.heading(t("pairs.app_scoring")))
    controls.append(w.ChoiceGroup(list(SCORINGS), [t(f"pairs.app_scoring_{s}") for s in SCORINGS],
                                  [t("pairs.app_scoring_is", kind=t(f"pairs.app_scoring_{s}"))
                                   for s in SCORINGS], form.scoring, in_place("scoring"),
                                  per_row=3).control)
    controls.append(w.heading(t("pairs.app_names")))
    controls.append(w.note(say(t, "pairs.app_names_help")))
    try:
        plan = settings.plan() if settings is not None else None
    except ValueError:
        plan = None
    for pair in form.pair_numbers():
        label = t.render(plan.pair_label(pair)) if plan is not None else t("pairs.pair", n=pair)
        controls.append(ft.TextField(
            label=label[:1].upper() + label[1:], value=form.names.get(pair, ""),
            on_change=lambda e, pair=pair: _name(app, pair, e.control.value, reason, start)))
    bar = w.bottom_bar(reason, start)
    return Screen(screen(addresses.pairs_new(), t("pairs.app_new"), controls,
                         bottom_appbar=bar), "/")


def _name(app: App, pair: int, value: str, reason: ft.Text, start: ft.Semantics) -> None:
    app.state(PairsFilling).form.names[pair] = value
    _refresh(app, reason, start)


def _refresh(app: App, reason: ft.Text, start: ft.Semantics) -> None:
    """The bottom line (the first problem) and Start, after a change of the form."""
    form = app.state(PairsFilling).form
    settings, problem = form.settings_or_problem()
    _bar_line(app, reason, settings, problem)
    w.set_enabled(start, settings is not None)
    app.page.update()


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
    settings, problem = form.settings_or_problem()
    if settings is None or app.keeper.saving:  # saving: a second tap while the first keeps
        return
    try:
        record = app.keeper.pairs.create(PairsSession(settings))
    except (StoreError, OSError) as error:
        app.snack(app.t("ui.not_saved", reason=str(error)))
        return
    app.state(PairsFilling).form = PairsForm()
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
        s = record.session.settings
        title = t("pairs.app_title", kind=t(f"pairs.kind_{s.movement}"), tables=s.tables)
        entered = len(record.session.entries)
        total = sum(len(x.boards) for x in record.session.movement.seatings)
        facts = t("pairs.app_facts", n=entered, total=total, changed=record.updated_at[:16]
                  .replace("T", " "))
        controls.append(w.card(ft.Text(title, weight=ft.FontWeight.BOLD), ft.Text(facts,
                                                                                  size=12),
                               on_tap=partial(app.go, addresses.pairs_session(record.id)),
                               label=t("ui.open", title=f"{title}, {facts}")))
    return controls
