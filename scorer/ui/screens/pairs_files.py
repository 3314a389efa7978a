"""What the director's view of a pairs evening gives as files, and its deletion (issue 32).

- *Table cards and movement (print)* and *Results (print)*: the printable pages of
  :mod:`scorer.pairs_print`, one self-contained HTML file each, downloaded (on a phone: saved
  or shared, then opened and printed from the browser's menu), in ``scorer serve`` and the
  published site alike (Flet's file service, as the games' downloads).
- *Print the table cards and movement* and *Print the results* (scorer serve and the
  published site, which can open a page: ``App.open_page``): the same page opened in a tab of
  its own, which asks the browser to print it at once (decision 432).
- *Download the results (CSV)*: :mod:`scorer.pairs_sheet`.
- *Download the evening (JSON)*: the evening as an export (``scorer import`` and the app's
  *Import* read it back).
- *Rename the evening* (decision 515): the name typed in the field above it, checked as on the
  new evening's form (a bad one refused by name, nothing written); an empty field takes the
  name away (the heading says what the evening is, as for an older file).
- *Delete this evening*: after asking, as a game is deleted (decision 341): the dialog offers
  the JSON copy first; there is no undo for a game either, the copy brings it back.

Every file is made from the session as stored at the tap, never from what was drawn.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import flet as ft

from ...pairs_print import PRINT_AT_ONCE, pairs_html
from ...pairs_sheet import pairs_csv
from ...rules import InvalidInput
from ...rules.pairs.session import check_evening_name
from ...store import StoreError
from .. import widgets as w
from ..entry.base import problem_of
from . import addresses
from .frame import ask_delete
from .pairs_codes import director_may, refuse_in
from .pairs_gate import director_change
from .pairs_text import say

if TYPE_CHECKING:
    from .host import App

__all__ = ["file_controls"]

# What each download is: (label key, file's suffix).
DOWNLOADS = (("pairs.app_print_cards", "cards.html"), ("pairs.app_print_results",
                                                       "results.html"),
             ("pairs.app_download_csv", "results.csv"), ("pairs.app_download_json", "json"))

# The printable pages opened in a tab of their own, which prints itself (decision 432).
PRINT_NOW = (("pairs.app_print_now_cards", "cards.html"),
             ("pairs.app_print_now_results", "results.html"))


def file_controls(app: App, session_id: str, name: str = "") -> list[ft.Control]:
    """The evening's name (renamed here), the director's files and the deletion, each a
    named button."""
    t = app.t
    field = ft.TextField(label=t("pairs.app_evening_name"), value=name)
    controls: list[ft.Control] = [
        w.heading(t("pairs.app_evening_name")), field,
        w.tap(t("pairs.app_rename"), t("pairs.app_rename"),
              lambda: _rename(app, session_id, field)),
        w.heading(t("pairs.app_files"))]
    if app.open_page is not None:  # scorer serve and the published site: print in one tap
        for key, kind in PRINT_NOW:
            controls.append(w.tap(t(key), t(key), partial(app.page.run_task, print_now, app,
                                                           session_id, kind)))
    for key, kind in DOWNLOADS:
        controls.append(w.tap(t(key), t(key), partial(app.page.run_task, download, app,
                                                       session_id, kind)))
    controls.append(w.tap(t("pairs.app_delete"), t("pairs.app_delete"),
                          partial(_confirm_delete, app, session_id)))
    return controls


def file_of(app: App, session_id: str, kind: str) -> tuple[str, bytes]:
    """The file ``kind`` (of :data:`DOWNLOADS`) of the session as stored: its name and bytes."""
    record = app.keeper.pairs.load(session_id)
    session, t = record.session, app.t
    if kind == "cards.html":
        text = pairs_html(session, t, ("cards", "movement"))
    elif kind == "results.html":
        text = pairs_html(session, t, ("results",))
    elif kind == "results.csv":
        text = pairs_csv(session, t.plain)
    else:
        text = app.keeper.export_json([], [record.id])
    name = f"scorer-pairs-{record.id}" + (".json" if kind == "json" else f"-{kind}")
    return name, text.encode("utf-8")


async def download(app: App, session_id: str, kind: str) -> None:
    try:
        name, data = file_of(app, session_id, kind)
    except (StoreError, OSError) as error:
        app.snack(app.t("ui.not_saved", reason=str(error)))
        return
    await app.files.save_file(file_name=name, src_bytes=data)


async def print_now(app: App, session_id: str, kind: str) -> None:
    """The printable page ``kind`` opened in a tab of its own, where it asks the browser to
    print it (its address ends in ``#print``); its own *Print* button prints it again."""
    assert app.open_page is not None
    try:
        data = file_of(app, session_id, kind)[1]
    except (StoreError, OSError) as error:
        app.snack(app.t("ui.not_saved", reason=str(error)))
        return
    await ft.UrlLauncher().launch_url(app.open_page(data) + "#" + PRINT_AT_ONCE)


def _rename(app: App, session_id: str, field: ft.TextField) -> None:
    """The evening under the name typed, on the session as stored; drawn again with it. A
    name refused is said (by name) as the field's error and stays in it to be mended, the
    focus kept there (decision 563)."""
    name = field.value or ""
    try:
        check_evening_name(name)
    except InvalidInput as error:
        refuse_in(app, field, app.t.sentence(problem_of(error)))
        return
    director_change(app, session_id, lambda s: s.named(name), lambda _record: app.show())


def _confirm_delete(app: App, session_id: str) -> None:
    """Delete the evening after asking; a downloaded copy (JSON) brings it back by Import."""
    t = app.t

    def delete() -> None:
        app.page.pop_dialog()
        if not director_may(app, session_id):  # the director's code (decision 516)
            app.snack(say(t, "pairs.code_needed"))
            return
        try:
            app.keeper.pairs.delete(session_id)
        except (StoreError, OSError) as error:
            app.snack(t("ui.not_saved", reason=str(error)))
            return
        app.keeper.sync_soon()  # the browser build: gone from the browser's storage too
        app.keeper.tell_others(session_id)  # the tables' phones leave it
        app.message, app.message_is_news = t("pairs.app_deleted"), True
        app.go(addresses.HOME)

    ask_delete(app, t("pairs.app_delete_question"), t("pairs.app_delete_explain"),
               lambda: app.page.run_task(download, app, session_id, "json"), delete)
