"""Which pages may act as an evening's director (issue 32, decision 516): on ``scorer serve``,
a page that has typed the evening's director's code or made the evening; elsewhere (the
published build, ``scorer run``: one device, the director's own) and for an evening made
without a code, every page. The screens that ask for the code: :mod:`.pairs_gate`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...rules import InvalidInput
from ...store import StoreError
from ...store.pairs import UnknownSession

if TYPE_CHECKING:
    from .host import App

__all__ = ["DirectorCodes", "asks_code", "director_may"]


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
