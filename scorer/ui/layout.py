"""The page's layout: the bar at the bottom of a screen, and the readable column a screen keeps
on a tablet (issue 29, decision 231). Re-exported by :mod:`scorer.ui.widgets`, where the
screens find them."""

from __future__ import annotations

from typing import cast

import flet as ft

__all__ = ["BAR_PAD", "COLUMN", "PAGE_PAD", "bottom_bar", "fit_column"]


def bottom_bar(line: ft.Control, action: ft.Control | None = None,
               stacked: bool = False) -> ft.BottomAppBar:
    """What stays at the bottom of a screen: a line (the score so far, or why Save is off) and
    its action. As tall as its line needs: Flutter's BottomAppBar is of a fixed height, which
    cut the line after one row at a large text size (issue 29), so this is a plain container
    in its place (Flet's View takes any control there). The line is a live region: a screen
    reader says it when it changes. ``stacked``: the line above its action, the whole width
    each, for a line of a sentence or more (beside the action, at 200 % text, it wrapped into
    a bar taller than the screen left for the form)."""
    said = ft.Semantics(content=line, live_region=True, container=True, expand=not stacked)
    parts = [said] + ([action] if action is not None else [])
    row: ft.Control = (ft.Column(parts, spacing=BAR_PAD, tight=True,
                                 horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
                       if stacked else
                       ft.Row(parts, vertical_alignment=ft.CrossAxisAlignment.CENTER))
    bar = ft.Container(
        row,
        bgcolor=ft.Colors.SURFACE_CONTAINER,
        padding=ft.Padding.symmetric(horizontal=PAGE_PAD, vertical=BAR_PAD))
    return cast(ft.BottomAppBar, bar)  # typed as Flet's bar, drawn by Flutter as any control


# A tablet keeps a readable column (issue 29, decision 231): a screen's contents, and its
# bottom bar's line and action, are at most this wide, centred; a phone's are its width less
# PAGE_PAD each side, as before.
COLUMN = 680
PAGE_PAD = 10
BAR_PAD = 6  # the bottom bar's padding above and below its line


def fit_column(view: ft.View, width: float | None) -> None:
    """Pad ``view`` (and its bottom bar, :func:`bottom_bar`) so that on a page ``width`` px
    wide its contents keep to a centred column of at most :data:`COLUMN` px: a total stays
    near its name on a tablet (it was ~700 px away at 1280 px)."""
    side = max(float(PAGE_PAD), ((width or 0) - COLUMN) / 2)
    view.padding = ft.Padding.symmetric(horizontal=side, vertical=PAGE_PAD)
    bar = view.bottom_appbar
    if isinstance(bar, ft.Container):  # ours: a plain container in the bar's slot
        bar.padding = ft.Padding.symmetric(horizontal=side, vertical=BAR_PAD)
