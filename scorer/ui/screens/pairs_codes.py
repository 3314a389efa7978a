"""Which pages may act as an evening's director (issue 32, decision 516): on ``scorer serve``,
a page that has typed the evening's director's code or made the evening; elsewhere (the
published build, ``scorer run``: one device, the director's own) and for an evening made
without a code, every page. The screens that ask for the code: :mod:`.pairs_gate`."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, cast

import flet as ft

from ...rules import InvalidInput
from ...rules.pairs.labels import evening_title
from ...store import StoreError
from ...store.pairs import UnknownSession

if TYPE_CHECKING:
    from ...store import PairsRecord
    from .host import App

__all__ = ["REMEMBERED", "DirectorCodes", "asks_code", "director_may", "imported_codes", "prefs_of",
           "refuse_in", "remember"]


class DirectorCodes:
    """The evenings whose director's code this page has been given (or whose evening it
    made): their ids."""

    def __init__(self) -> None:
        self.opened: set[str] = set()
        self.asked: set[str] = set()  # the phone's storage asked (decision 518)


def asks_code(app: App) -> bool:
    """Is a director's code asked here? Only on ``scorer serve``, where other phones join."""
    return app.join_url is not None


def director_may(app: App, session_id: str) -> bool:
    """May this page do what only the director does with the evening ``session_id``?"""
    if not asks_code(app) or session_id in app.state(DirectorCodes).opened:
        return True
    try:
        return not app.keeper.pairs.load(session_id).director
    except UnknownSession:
        return True  # not kept here: nothing of it to guard (a link keeps it anew)
    except (StoreError, OSError, InvalidInput):
        return False


# The phone keeps, per evening, the store's grant (an HMAC keyed by the server's own secret, which
# no export carries): not the code, and nothing a table's phone or a JSON copy makes (decision 561).
REMEMBERED = "scorer.director."


def remember(app: App, record: PairsRecord) -> None:
    """This page is the director's of ``record`` (the code typed, the evening made or imported
    here), kept in the phone's storage: not asked again after a reload or a restart."""
    app.state(DirectorCodes).opened.add(record.id)
    prefs = prefs_of(app)
    if prefs is not None and record.director:
        app.page.run_task(prefs.set, REMEMBERED + record.id, app.keeper.pairs.grant(record))


def prefs_of(app: App) -> Any:
    """The phone's own storage (``scorer serve``'s pages; None in tests and elsewhere)."""
    return getattr(app, "prefs", None)


def imported_codes(app: App, codes: dict[str, str]) -> list[str]:
    """Evenings imported on this page with their new director's codes (decision 562): this
    page is their director's; on ``scorer serve`` each code is said once, to be noted."""
    if not asks_code(app):  # the published build, scorer run: every page is the director's
        return []
    said: list[str] = []
    for session_id, code in codes.items():
        try:
            record = app.keeper.pairs.load(session_id)
        except (StoreError, OSError, InvalidInput):
            continue
        remember(app, record)
        said.append(app.t("pairs.app_imported_code", code=code,
                          name=app.t.render(evening_title(record.session))))
    return said


def refuse_in(app: App, field: ft.TextField, said: str, empty: bool = False) -> None:
    """A value refused in ``field`` (a wrong code, a refused name: finding 3): said as the
    field's own error text (red under it, and read with it), the field emptied where asked
    (a wrong code), the keyboard's focus kept in it, ready for another try, and the
    error announced to a screen reader (decision 563)."""
    if empty:
        field.value = ""
    field.error = said
    field.update()
    app.page.run_task(cast(Callable[[], Awaitable[None]], field.focus))  # untyped in Flet
    app.page.run_task(ft.SemanticsService().announce_message, said)  # said at once, too
