"""The director's code (issue 32, decisions 516-519): on ``scorer serve`` an evening made with a
code shows its director's screens (the view, a traveller, a score card) and does the director's
irreversible actions (adjusted scores, corrections, resolving a conflict, renaming, deleting
the evening, merging a table's results) only on a phone that has typed the code, once (kept
for the page's life in the app's state; the phone that made the evening has it). Any other
phone gets the evening's tables to pick its own and the code's field instead. The check is
made where the screen is built and again where each action writes, on the server: a table's
phone has no way around it. The published build and ``scorer run`` (one device, the
director's own) and an evening made without a code ask nothing."""

from __future__ import annotations

import asyncio
import hmac
import math
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import flet as ft

from ...rules import InvalidInput
from ...rules.pairs.labels import evening_title
from ...rules.pairs.session import PairsSession, check_director_code
from ...store import PairsRecord
from .. import widgets as w
from .frame import Screen, screen
from .pairs_codes import (
    REMEMBERED,
    DirectorCodes,
    director_may,
    prefs_of,
    refuse_in,
    remember,
)
from .pairs_pick import table_buttons
from .pairs_table import save_change
from .pairs_text import say

if TYPE_CHECKING:
    from .host import App, Route

__all__ = ["code_controls", "director_change", "gate"]


def director_change(app: App, session_id: str, how: Callable[[PairsSession], PairsSession],
                    then: Callable[[PairsRecord], None]) -> bool:
    """A director's change (``save_change``), refused by name on a page without the code:
    nothing is written (a table's phone cannot reach it by any address or late tap)."""
    if not director_may(app, session_id):
        app.snack(say(app.t, "pairs.code_needed"))
        return False
    return save_change(app, session_id, how, then)


def gate(app: App, route: Route, record: PairsRecord, address: str) -> Screen:
    """The evening's tables (a table's phone picks its own here) and the director's code,
    asked before the director's screen at ``address`` (drawn again once it is given)."""
    t = app.t
    numbers = sorted({s.table for s in record.session.movement.seatings})
    codes = app.state(DirectorCodes)
    if prefs_of(app) is not None and record.id not in codes.asked:  # typed before on this phone?
        codes.asked.add(record.id)
        app.page.run_task(_remembered, app, record)
    controls: list[ft.Control] = [
        *table_buttons(app, record.id, numbers),
        w.heading(t("pairs.app_director")), w.note(say(t, "pairs.code_help")),
        *code_controls(app, record, t("pairs.code_open"))]
    return Screen(screen(address, t.render(evening_title(record.session)), controls), "/")


clock = time.monotonic  # the waits' clock (decision 568), fixed by a test


def code_controls(app: App, record: PairsRecord, label: str) -> list[ft.Control]:
    """The director's code's field and its button ``label``: the right code makes this page
    the director's and draws the screen again (the gate, a link's *Keep and merge*)."""
    field = ft.TextField(label=app.t("pairs.code_label"), password=True,
                         keyboard_type=ft.KeyboardType.NUMBER)
    field.on_submit = lambda _e: _try(app, record, field)
    return [field, w.tap(label, label, lambda: _try(app, record, field), primary=True)]


def _try(app: App, record: PairsRecord, field: ft.TextField) -> None:
    """The code typed: right, the director's screen; wrong, said, and the field emptied for
    another try (no lockout: after ten wrong codes each try waits a little longer, at most a
    minute: decision 568)."""
    try:
        code = check_director_code(field.value or "")
    except InvalidInput:  # not 4-8 digits: no try of the code, nothing counted
        refuse_in(app, field, say(app.t, "pairs.code_wrong"), empty=True)
        return
    fits, wait = app.keeper.pairs.code_try(record, code, clock())
    if fits:
        remember(app, record)
        app.show()
        return
    said = (say(app.t, "pairs.code_wait", seconds=math.ceil(wait)) if wait > 0
            else say(app.t, "pairs.code_wrong"))
    refuse_in(app, field, said, empty=True)


async def _remembered(app: App, record: PairsRecord) -> None:
    """The director's screen, drawn at once, where this phone was given the code before."""
    try:
        kept = await asyncio.wait_for(prefs_of(app).get(REMEMBERED + record.id), 5)
    except (TimeoutError, RuntimeError, OSError):
        return  # a phone that does not answer types the code
    if record.director and isinstance(kept, str) and hmac.compare_digest(
            kept, app.keeper.pairs.grant(record)):
        app.state(DirectorCodes).opened.add(record.id)
        app.show()
