"""The director's correction of a table's result on a board's traveller (issue 32, Law 79C).

A wrong trick count found after the table has moved on can be mended at the table only for
the round just played (decision 474). Within the correction period the director corrects any
table's result: under each result of the traveller, *Correct table N's result* opens the
inputs a table uses (``result_inputs``), filled with the saved result, and one tap saves it:
no E-W accept, it is the director's correction (decision 495). The core keeps the result it
replaces in the history (``PairsSession.correct``), which the traveller shows as replaced.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import flet as ft

from ...rules.pairs.session import TableResult
from ...store.pairs import now
from .. import widgets as w
from .pairs_gate import director_change
from .pairs_table import result_inputs
from .pairs_text import ResultDraft, say

if TYPE_CHECKING:
    from .host import App

__all__ = ["FixDraft", "fix_controls"]


class FixDraft:
    """The correction being made: session, board and table, the result as edited, and the
    panel its inputs are drawn in."""

    def __init__(self) -> None:
        self.key: tuple[str, int, int] | None = None
        self.draft: ResultDraft | None = None
        self.panel: ft.Column | None = None


def fix_controls(app: App, session_id: str, saved: TableResult) -> list[ft.Control]:
    """Under one table's result on the traveller: the button that opens the correction and,
    once opened, the result's inputs filled with ``saved``, the save and the cancel. The
    button opens them in place below it and stays, so a button pressed by keyboard keeps
    the focus and Tab leads into the inputs (as the adjust panel, decision 479)."""
    t, state = app.t, app.state(FixDraft)
    key = (session_id, *saved.key)
    panel = ft.Column(spacing=6, visible=False)
    label = t("pairs.app_fix_open", table=saved.table)
    opener = w.tap(label, label, partial(_open, app, key, saved, panel))
    if state.key == key and state.draft is not None:
        _fill(app, panel)
    return [opener, panel]


def _fill(app: App, panel: ft.Column) -> None:
    state = app.state(FixDraft)
    assert state.key is not None and state.draft is not None
    label = app.t("pairs.app_fix_save", table=state.key[2])
    panel.controls = result_inputs(app, state.draft, label, partial(_save, app),
                                   say(app.t, "pairs.app_fix_help"), partial(_leave, app))
    panel.visible, state.panel = True, panel


def _open(app: App, key: tuple[str, int, int], saved: TableResult, panel: ft.Column) -> None:
    state = app.state(FixDraft)
    if state.key == key and state.panel is panel:
        return  # open already
    before = state.panel
    _shut(state)
    state.key, state.draft = key, ResultDraft(key[1], key[2])
    if saved.deal is not None:  # an adjusted score has no contract to start from
        state.draft.fill(saved.deal)
    _fill(app, panel)
    w.update_changed(app.page, *(p for p in (before, panel) if p is not None))


def _shut(state: FixDraft) -> None:
    """Close the correction open (one at a time: its Save saves what it shows)."""
    if state.panel is not None:
        state.panel.controls, state.panel.visible = [], False
    state.key, state.draft, state.panel = None, None, None


def _leave(app: App) -> None:
    state = app.state(FixDraft)
    panel = state.panel
    _shut(state)
    if panel is not None:
        w.update_changed(app.page, panel)


def _save(app: App) -> None:
    state = app.state(FixDraft)
    if state.key is None or state.draft is None:
        return
    result, _problem = state.draft.result()
    if result is None:
        return
    at = now()

    def kept(_record: object) -> None:
        _shut(state)
        app.show()

    if not director_change(app, state.key[0], lambda s: s.correct(result, at), kept):
        app.show()
