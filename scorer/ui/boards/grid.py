"""The scoreboard as a grid: a row per deal, a column per player or side with the running
total and the deal's part, readable at a glance on a 360 px phone (long games scroll with the
screen). Rows come from the pure presenter ``present.grid_rows``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

import flet as ft

from .. import widgets as w
from ..present import GridRow
from ..reuse import Reuse

__all__ = ["deal_grid"]

CELL = 64  # px per party column: "-1240" and "4/13 +43" fit at these sizes
NUMBER = 28


def deal_grid(parties: Sequence[str], rows: Sequence[GridRow],
              on_open: Callable[[int], None], reuse: Reuse | None = None) -> ft.Control:
    """Header (parties), then ``rows``; tapping a row opens that deal. With ``reuse`` (one
    game's, see scorer/ui/reuse.py), a row that shows what it showed last time is the same
    control again."""
    reuse = reuse or Reuse()
    wide = any(row.what for row in rows)  # room for what happened (games of two parties)
    # Every control handed back carries a key of its own: Flet pairs unkeyed siblings by
    # place, and a kept control paired with another one takes over that one's id (decision 78).
    lines: list[ft.Control] = [reuse.get(("grid header", tuple(parties), wide),
                                         lambda: _header(parties, wide)),
                               reuse.get(("grid line", None),
                                         lambda: ft.Divider(height=1, key="line/top"))]
    for row in rows:  # each row with the line under it (a new deal: two controls added)
        lines.append(reuse.get(("grid row", row, wide), partial(_row, row, wide, on_open)))
        lines.append(reuse.get(("grid line", row.number),
                               partial(ft.Divider, height=1, key=f"line/{row.number}")))
    return ft.Container(ft.Column(lines, spacing=0), padding=ft.Padding.only(right=8))


def _header(parties: Sequence[str], wide: bool) -> ft.Control:
    return ft.Row([ft.Container(ft.Text("#", size=12), width=NUMBER),
                   ft.Container(expand=True) if wide else ft.Container(width=0),
                   *(ft.Container(ft.Text(p, size=12, weight=ft.FontWeight.BOLD,
                                          max_lines=_lines(p), overflow=ft.TextOverflow.ELLIPSIS,
                                          text_align=ft.TextAlign.RIGHT),
                                  width=CELL, alignment=ft.Alignment.CENTER_RIGHT)
                     for p in parties)],
                  spacing=4, expand=not wide, key="header",
                  alignment=ft.MainAxisAlignment.END if not wide else
                  ft.MainAxisAlignment.START)


def _lines(name: str) -> int:
    """Lines a party's name may take in the header: two where its words break between them
    ("Ana & Cleo"); one, ending in an ellipsis, where a word is too long for the column
    (about nine letters at this size), which would otherwise break mid-word ("Bartholom /
    ew"). The full name is read out all the same."""
    return 2 if max(map(len, name.split() or [""])) <= 9 else 1


def _row(row: GridRow, wide: bool, on_open: Callable[[int], None]) -> ft.Control:
    # Few controls per row: each control carries its own width and expansion instead of a
    # Container around it.
    cells = [ft.Column([ft.Text(total, size=16, weight=ft.FontWeight.BOLD),
                        ft.Text(part, size=w.SMALLEST)],
                       width=CELL, spacing=0, horizontal_alignment=ft.CrossAxisAlignment.END)
             for total, part in row.cells]
    what: ft.Control = ft.Container(expand=True)
    if wide:
        what = w.suited(row.what, size=13)
        what.expand = True
    line = ft.Container(
        ft.Row([ft.Text(f"{row.table_number}.", size=13, width=NUMBER), what, *cells],
               spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        padding=ft.Padding.symmetric(vertical=4), ink=True,
        **w.pressed(partial(on_open, row.number)))
    return w.sheet_row(line, row.label, button=True,  # the label says it all
                       key=f"deal/{row.number}")  # a new deal: one row added
