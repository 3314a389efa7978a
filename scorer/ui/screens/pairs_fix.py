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
from .pairs_table import result_inputs, save_change
from .pairs_text import ResultDraft, say

if TYPE_CHECKING:
    from .host import App

__all__ = ["FixDraft", "fix_controls"]


class FixDraft:
    """The correction being made: session, board and table, and the result as edited."""

    def __init__(self) -> None:
        self.key: tuple[str, int, int] | None = None
        self.draft: ResultDraft | None = None


def fix_controls(app: App, session_id: str, saved: TableResult) -> list[ft.Control]:
    """Under one table's result on the traveller: the button that opens the correction, or,
    once opened, the result's inputs filled with ``saved``, the save and the cancel."""
    t, state = app.t, app.state(FixDraft)
    board, table = saved.key
    if state.key != (session_id, board, table) or state.draft is None:
        label = t("pairs.app_fix_open", table=table)
        return [w.tap(label, label, partial(_open, app, (session_id, board, table), saved))]
    label = t("pairs.app_fix_save", table=table)
    return result_inputs(app, state.draft, label, partial(_save, app), say(t, "pairs.app_fix_help"),
                         partial(_leave, app))


def _open(app: App, key: tuple[str, int, int], saved: TableResult) -> None:
    state = app.state(FixDraft)
    draft = ResultDraft(key[1], key[2])
    if saved.deal is not None:  # an adjusted score has no contract to start from
        draft.fill(saved.deal)
    state.key, state.draft = key, draft
    app.show()


def _leave(app: App) -> None:
    state = app.state(FixDraft)
    state.key, state.draft = None, None
    app.show()


def _save(app: App) -> None:
    state = app.state(FixDraft)
    if state.key is None or state.draft is None:
        return
    result, _problem = state.draft.result()
    if result is None:
        return
    at = now()

    def kept(_record: object) -> None:
        state.key, state.draft = None, None
        app.show()

    if not save_change(app, state.key[0], lambda s: s.correct(result, at), kept):
        app.show()
