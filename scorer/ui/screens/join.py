"""Join (``/join``): the address, table code and QR code another phone opens to join this
table (not offered in the browser build: there is no server to join)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from .. import widgets as w
from ..qr import qr_png
from . import addresses
from .frame import Screen, screen

if TYPE_CHECKING:
    from .host import App, Route

__all__ = ["build"]


def build(app: App, route: Route | None = None) -> Screen:
    t = app.t
    if app.keeper.serverless:
        return Screen(screen(addresses.JOIN, t("ui.join"), [w.note(t("ui.join_needs_server"))]),
                      addresses.HOME)
    url = app.join_url or (app.page.url or "")
    here = addresses.only_here(url)  # served on 127.0.0.1: said first (decision 391)
    controls: list[ft.Control] = [
        w.note(t("ui.only_here" if here else "ui.join_help"), error=here),
        ft.Text(url, size=18, selectable=True, semantics_label=t("ui.address", url=url)),
    ]
    if app.table_code:
        code = t("ui.table_code", code=app.table_code)
        controls.append(ft.Text(code, size=18, selectable=True, semantics_label=code))
    if url:
        controls.append(ft.Image(src=qr_png(url), width=240, height=240,
                                 semantics_label=t("ui.qr", url=url)))
    return Screen(screen(addresses.JOIN, t("ui.join"), controls), addresses.HOME)
