"""A pairs evening with no network (issue 32): the director's QR code for each table
(``/pairs/:id/qr/:table``: the session, to open on that table's phone), a table's results as a
QR code (``/pairs/:id/table/:table/qr``: only its own results, for the director's phone), and
a session opened from such a link (``/p/:data``): what it carries, which table it is for or
from (decision 483), and *Keep and merge*, which keeps the evening on this phone or merges
its results into the one kept (the core's ``merge``: the same result is one, a difference
becomes a conflict for the director)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from ...link import InvalidLink
from ...pairs_link import PairsLink, pairs_link, read_pairs_link, table_part
from ...rules import InvalidInput
from ...rules.pairs.labels import evening_title
from ...store import StoreError
from .. import widgets as w
from ..entry.base import problem_of
from ..qr import qr_png
from . import addresses, home
from .frame import Screen, link_failed, screen
from .pairs_codes import director_may
from .pairs_gate import code_controls
from .pairs_text import say

if TYPE_CHECKING:
    from .host import App, Route

__all__ = ["build_opened", "build_results_qr", "build_table_qr"]


def _site(app: App) -> tuple[str, bool]:
    """Where a link opens: the published site (or ``--site-url``), else this server."""
    if app.link_site is not None:
        return app.link_site
    return app.page.url or "", True


def _qr_screen(app: App, route: Route, *, whole: bool) -> Screen:
    t = app.t
    assert route.game_id is not None and route.table is not None
    try:
        record = app.keeper.pairs.load(route.game_id)
    except (StoreError, OSError, InvalidInput):
        app.message = t("pairs.app_gone")  # deleted by the director (decision 485)
        return home.build(app, route)
    number = route.table
    session = record.session if whole else table_part(record.session, number)
    title = t("pairs.app_qr_table", table=number) if whole else t("pairs.app_qr_results")
    path = addresses.pairs_table_qr(record.id, number) if whole \
        else addresses.pairs_results_qr(record.id, number)
    back = addresses.pairs_session(record.id) if whole else addresses.pairs_table(record.id, number)
    site, fragment = _site(app)
    try:
        made = pairs_link(record.id, session, number, site, fragment=fragment, to_table=whole)
    except InvalidInput as error:
        return Screen(screen(path, title, [w.note(t.sentence(problem_of(error)), error=True)]),
                      back)
    code = ft.Container(
        ft.Image(src=qr_png(made, error="l", scale=10), fit=ft.BoxFit.CONTAIN,
                 semantics_label=t("pairs.app_link_qr"), filter_quality=ft.FilterQuality.NONE),
        bgcolor=ft.Colors.WHITE, padding=12, alignment=ft.Alignment.CENTER)
    # Who scans it: the table's phone (the evening), the director's (a table's results).
    help_text = (say(t, "pairs.app_qr_help_table", table=number) if whole
                 else say(t, "pairs.app_qr_help_results"))
    copy = t("pairs.app_copy_link")  # a phone with no camera: the link by message (486)
    controls: list[ft.Control] = [code, ft.Text(help_text, size=14),
                                  w.tap(copy, copy, lambda: app.page.run_task(_copy, app, made)),
                                  ft.Text(made, size=w.SMALLEST, selectable=True,
                                          semantics_label=t("ui.address", url=made))]
    return Screen(screen(path, title, controls), back)


async def _copy(app: App, made: str) -> None:
    await ft.Clipboard().set(made)
    app.snack(app.t("pairs.app_link_copied"))


def build_table_qr(app: App, route: Route) -> Screen:
    return _qr_screen(app, route, whole=True)


def build_results_qr(app: App, route: Route) -> Screen:
    return _qr_screen(app, route, whole=False)


def build_opened(app: App, route: Route) -> Screen:
    t = app.t
    path = addresses.pairs_link(route.data or "")
    try:
        linked = read_pairs_link(route.data or "")
    except InvalidLink as error:
        return link_failed(app, path, t("pairs.app_link_title"), error)
    title = t.render(evening_title(linked.session))  # a table's results carry no name
    controls: list[ft.Control] = [
        ft.Text(t("pairs.app_link_what", title=title, n=len(linked.session.entries)), size=16,
                weight=ft.FontWeight.BOLD)]
    if linked.table is not None:  # whose results, or for whom (decision 483)
        key, values = _whose(linked)
        controls.append(ft.Text(say(t, key, **values), size=15))
    label = t("pairs.app_link_keep")
    controls.append(w.tap(label, label, lambda: _keep(app, linked), primary=True))
    if not director_may(app, linked.session_id):  # the way to the code (finding 4)
        controls += _code_asked(app, linked.session_id)
    return Screen(screen(path, t("pairs.app_link_title"), controls), "/")


def _code_asked(app: App, session_id: str) -> list[ft.Control]:
    """An evening kept here with a director's code this page was not given: merging is the
    director's, so its code is asked here, below *Keep and merge* (decision 564)."""
    try:
        record = app.keeper.pairs.load(session_id)
    except (StoreError, OSError, InvalidInput):
        return []
    return [w.note(say(app.t, "pairs.code_needed")),
            *code_controls(app, record, app.t("pairs.code_use"))]


def _whose(linked: PairsLink) -> tuple[str, dict[str, int]]:
    """The key and values that say which table a link is for (the director's link for a
    table) or from (a table's results, up to the last round they reach)."""
    table = linked.table
    assert table is not None
    if linked.to_table:
        return "pairs.app_link_for_table", {"table": table}
    session = linked.session
    rounds = [s.round for s in session.movement.seatings if s.table == table
              and any(e.result.key == (b, table) for b in s.boards for e in session.entries)]
    if not rounds:
        return "pairs.app_link_from_none", {"table": table}
    return "pairs.app_link_from_table", {"table": table, "round": max(rounds)}


def _keep(app: App, linked: PairsLink) -> None:
    if app.keeper.saving:  # a second tap while the browser build keeps the first
        return
    if not director_may(app, linked.session_id):  # merging is the director's (decision 516)
        app.snack(say(app.t, "pairs.code_needed"))
        return
    try:
        # A table's results merged on the director's phone: a conflict says which is which.
        came = ("director", "table") if linked.table is not None and not linked.to_table \
            else ("", "")
        record, added = app.keeper.pairs.keep(linked.session_id, linked.session, came=came)
    except InvalidInput as error:
        app.snack(app.t.sentence(problem_of(error)))
        return
    except (StoreError, OSError) as error:
        app.snack(app.t("ui.not_saved", reason=str(error)))
        return
    def kept() -> None:  # in the browser's storage (the published build): then shown
        app.message = say(app.t, "pairs.app_link_added" if added else "pairs.app_link_merged")
        app.message_is_news = True
        if linked.to_table and linked.table is not None:
            app.go(addresses.pairs_table(record.id, linked.table))
        else:
            app.go(addresses.pairs_session(record.id))

    app.keeper.written_then(record.id, kept)
