"""The director's adjusted scores on a board's traveller (issue 32, Law 12C2), and the
results each table's line replaced.

A board not played at a table (a slow table, a fouled board, a pair absent) gets an
artificial adjusted score from the director: A+ (60%), A (50%) or A- (40%) for each side, on
its own. Under the traveller the director picks the table, each side's award and taps *Save
the adjusted score*: a table with no result gets it entered, a table with one has it
corrected (the played result goes into the history, shown on the traveller and printed,
decision 342). The core scores it (``Adjusted``); the store keeps it as every change, on
the session as stored (``save_change``).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import flet as ft

from ...rules.pairs.labels import result_line
from ...rules.pairs.scoring import ADJUSTED, Adjusted
from ...rules.pairs.session import PairsSession, TableResult
from ...store.pairs import now
from .. import widgets as w
from .pairs_gate import director_change
from .pairs_text import say

if TYPE_CHECKING:
    from .host import App

__all__ = ["AdjustDraft", "adjust_controls", "replaced_lines"]


class AdjustDraft:
    """The adjusted score being given: session, board, table, and each side's award."""

    def __init__(self) -> None:
        self.key: tuple[str, int, int] | None = None
        self.ns = "A"
        self.ew = "A"


def replaced_lines(app: App, session: PairsSession, board: int, table: int) -> list[ft.Control]:
    """What the result of ``board`` at ``table`` replaced (corrections, an adjusted score,
    a conflict resolved), oldest first."""
    t = app.t
    return [w.suited(t("pairs.print_replaced", table=table, at=e.at[:16].replace("T", " "),
                       result=t.render(result_line(e.result))), 12)
            for e in session.history if e.result.key == (board, table)]


def adjust_controls(app: App, session_id: str, session: PairsSession,
                    board: int) -> list[ft.Control]:
    """The director's adjusted score for ``board``: a table, then each side's award. A tap
    changes the panel in place (the chips restyle, the awards and Save show), so the focus
    stays on the chip tapped (decision 479)."""
    t, draft = app.t, app.state(AdjustDraft)
    tables = sorted(s.table for s in session.movement.seatings if board in s.boards)
    if not tables:
        return []
    picked = draft.key[2] if draft.key is not None and draft.key[:2] == (session_id,
                                                                           board) else None
    below = ft.Column(spacing=6, visible=picked is not None)
    awards = {side: w.ChoiceGroup(list(ADJUSTED), list(ADJUSTED),
                                  [t("pairs.app_award", side=t(key), award=a)
                                   for a in ADJUSTED],
                                  getattr(draft, side), partial(_award, app, side, below))
              for side, key in (("ns", "side.NS"), ("ew", "side.EW"))}
    below.controls = [awards["ns"].control, awards["ew"].control]
    names = [t("pairs.app_adjust_table", table=n) for n in tables]
    roots: list[ft.Control] = [below]  # what a tap changes: the awards and the table chips
    chooser = w.ChoiceGroup(tables, names, names, picked,
                            partial(_pick, app, (session_id, board), roots, awards), per_row=2)
    roots.append(chooser.control)
    _buttons(app, below)
    return [w.heading(t("pairs.app_adjust")), w.note(say(t, "pairs.app_adjust_help")),
            chooser.control, below]


def _buttons(app: App, below: ft.Column) -> None:
    """Save (named with the table and awards chosen) and Leave, under the awards."""
    t, draft = app.t, app.state(AdjustDraft)
    if draft.key is None:
        return
    table = draft.key[2]
    label = t("pairs.app_adjust_save", table=table, ns=draft.ns, ew=draft.ew)
    leave = t("pairs.app_adjust_leave", table=table)  # no result there to keep (F-f)
    below.controls[2:] = [w.tap(label, label, partial(_save, app), primary=True),
                          w.tap(leave, leave, partial(_leave, app))]


def _pick(app: App, where: tuple[str, int], roots: list[ft.Control],
          awards: dict[str, w.ChoiceGroup], table: int) -> None:
    draft, below = app.state(AdjustDraft), roots[0]
    draft.key, draft.ns, draft.ew = (*where, table), "A", "A"
    for group in awards.values():
        group.select("A")
    below.visible = True
    assert isinstance(below, ft.Column)
    _buttons(app, below)
    w.update_changed(app.page, *roots)


def _leave(app: App) -> None:
    app.state(AdjustDraft).key = None
    app.show()


def _award(app: App, side: str, below: ft.Column, award: str) -> None:
    setattr(app.state(AdjustDraft), side, award)
    _buttons(app, below)
    w.update_changed(app.page, below)


def _save(app: App) -> None:
    draft = app.state(AdjustDraft)
    if draft.key is None:
        return
    session_id, board, table = draft.key
    result = TableResult(board, table, adjusted=Adjusted(draft.ns, draft.ew))
    at = now()
    # A table with a result has it corrected (kept in the history); else it is entered. The
    # view moves on once the change is kept (the browser's storage too: decision 350).

    def saved(_record: object) -> None:
        draft.key = None
        app.show()

    if not director_change(app, session_id, lambda s: s.correct(result, at), saved):
        app.show()
