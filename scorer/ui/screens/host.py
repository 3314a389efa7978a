"""What every screen is drawn with: the :class:`App` it is drawn in (the shell's
:class:`scorer.ui.shell.app.ScorerApp`, as far as screens use it) and the :class:`Route` that
named it.

The screens know the shell only through this protocol, so the shell (which imports every
screen through its route table) is never imported back (tests/test_layers.py: no import
circle)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol, TypeVar

import flet as ft

from ...i18n import Translator

if TYPE_CHECKING:
    from ..shell.keeper import Keeper

__all__ = ["App", "ReadPicked", "Route"]

State = TypeVar("State")
# The browser build's reader of a picked file (scorer.ui.site.browser.read_picked): given the
# name and size the picker told, the bytes read so far after each slice, then the bytes.
ReadPicked = Callable[[str, int], AsyncIterator[int | bytes]]


@dataclass(frozen=True)
class Route:
    """What an address names (read by :func:`scorer.ui.shell.routes.parse`)."""

    name: str
    game_id: str | None = None  # for "rules": the game whose rules are shown
    deal: int | None = None
    rule: str | None = None
    data: str | None = None  # "link": what the link carries (scorer.link)
    table: int | None = None  # a pairs evening: the table whose phone this is
    pair: int | None = None  # a pairs evening: the pair whose score card is shown
    # The route table's row that ``parse`` matched (a ``scorer.ui.shell.routes.Row``), kept so
    # the screen is found without reading the table again; not part of what the address names.
    row: object = field(default=None, compare=False, repr=False)


class App(Protocol):
    """The session's app, as a screen uses it."""

    page: ft.Page
    t: Translator
    keeper: Keeper
    message: str  # shown on top of the next screen drawn
    message_is_news: bool  # the message is good news, not a problem (one screen)
    route: str  # the address shown
    join_url: str | None  # scorer serve: the address other phones join at
    table_code: str | None  # scorer serve: the table's code, if it asks one
    # Where a game's link opens: (site address, hash routes); None: this page's address.
    link_site: tuple[str, bool] | None
    files: ft.FilePicker  # downloads and imports
    read_picked: ReadPicked | None  # the browser build: a picked file is read by the page
    # scorer serve and the browser build: the address at which a page (an HTML document)
    # opens in a tab of its own (a printable page, issue 32); None where there is none.
    open_page: Callable[[bytes], str] | None
    share: ft.Share  # the phone's share sheet
    text_size: int  # the app's own text size, in percent of the phone's (100: the phone's)

    def state(self, kind: type[State]) -> State:
        """What a screen keeps between redraws in this session: one ``kind()``, made when
        first asked for."""

    def go(self, route: str) -> None:
        """Show ``route`` (the browser's address first)."""

    def show(self) -> None:
        """Draw the current route's screen again."""

    def show_soon(self) -> None:
        """Draw it again by a task, after what already waits on the page's loop."""

    def snack(self, text: str) -> None:
        """A short note at the bottom of the screen."""

    def when_taken(self, then: Callable[[], None]) -> None:
        """``then()`` once the page has taken the screen being drawn and begun to draw it."""

    @property
    def screen_is_new(self) -> bool:
        """The screen being drawn is not the one on the page: the page builds all of it."""

    def set_language(self, lang: str) -> None:
        """Speak ``lang`` from now on (and remember it on this device)."""

    @property
    def text_scale(self) -> float:
        """The text's size against the usual: the phone's times the app's."""

    def set_text_size(self, percent: int) -> None:
        """Draw text at ``percent`` of the phone's size (and remember it on this device)."""
