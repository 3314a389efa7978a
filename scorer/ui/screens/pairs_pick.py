"""A phone picks its table (``/pairs/:id/tables``, issue 32): the evening's tables, and apart
from them the director's view. A table's Back leads here, so a wrong table pick is mended
with Back and a tap, and a table's phone is never one Back away from the director's powers
(adjusted scores, conflicts, deleting the evening: decision 482)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import flet as ft

from ...rules import InvalidInput
from ...rules.pairs.labels import evening_title
from ...store import StoreError
from .. import widgets as w
from . import addresses, home
from .frame import Screen, screen
from .pairs_text import say

if TYPE_CHECKING:
    from .host import App, Route

__all__ = ["build", "table_buttons"]


def table_buttons(app: App, session_id: str, numbers: list[int]) -> list[ft.Control]:
    """'Tables: open yours on this phone', its help, and a button for each table."""
    t = app.t
    return [w.heading(t("pairs.app_pick_table")), w.note(say(t, "pairs.app_pick_table_help")),
            ft.Row([w.tap(str(n), t("ui.table_n", n=n),
                          partial(app.go, addresses.pairs_table(session_id, n)), min_width=56)
                    for n in numbers], wrap=True, spacing=0)]


def build(app: App, route: Route) -> Screen:
    t = app.t
    assert route.game_id is not None
    try:
        record = app.keeper.pairs.load(route.game_id)
    except (StoreError, OSError, InvalidInput):
        app.message = t("pairs.app_gone")  # deleted by the director (decision 485)
        return home.build(app, route)
    numbers = sorted({s.table for s in record.session.movement.seatings})
    director = t("pairs.app_director_view")
    controls = [*table_buttons(app, record.id, numbers),
                w.heading(t("pairs.app_director")),
                w.note(say(t, "pairs.app_director_help")),
                w.tap(director, director, partial(app.go, addresses.pairs_session(record.id)))]
    title = t.render(evening_title(record.session))  # its name (decision 513)
    return Screen(screen(addresses.pairs_tables(record.id), title, controls), "/")
