"""The route table: which screen each address shows. Every address, in the table's order
(``tests/test_routes.py`` checks this list against :data:`ROUTES`):

    /                          home: games in progress and finished
    /new                       new game
    /check                     score any hand without recording it
    /join                      address and QR code to join from another phone
    /stats                     each player's record
    /rules/:game/:rule?        the rules of a game (at a house rule)
    /game/:id                  scoreboard (and game over)
    /game/:id/qr               show to the table: the game's link as a QR code, full screen
    /g/:data                   a game opened from a link, read-only until kept
    /game/:id/deal             new deal
    /game/:id/deal/:n          why this score, history, correct or remove
    /game/:id/deal/:n/edit     correct a deal
    /pairs-new                 a new pairs evening
    /pairs/:id                 a pairs evening: the director's view
    /pairs/:id/table/:table    a pairs evening: a table's phone
    /pairs/:id/tables          a pairs evening: a phone picks its table (a table's Back)
    /pairs/:id/board/:n        a pairs evening: a board's traveller
    /pairs/:id/pair/:pair      a pairs evening: a pair's score card
    /pairs/:id/qr/:table       a pairs evening: the director's QR code for a table
    /pairs/:id/table/:table/qr  a table's results as a QR code
    /p/:data                   a pairs evening opened from a link
    /game/:id/rooms            a team match's other table: its QR code, waiting, conflicts
    /room/:id/:table           a team match's other table: its phone's boards
    /room/:id/:table/qr        a team match's other table: its results as a QR code
    /r/:data                   a team match's table opened from a link

An address that names nothing shows Home; a game that cannot be opened shows Home with a note.
The templates, and one builder of addresses per route, are in
:mod:`scorer.ui.screens.addresses` (the only place an address is made); they are matched with
Flet's :class:`flet.TemplateRoute` (``repath``'s syntax: ``:name`` a part, ``:name?`` an
optional one); what each part may be is :data:`PARTS`. The page's ``history.js`` is given the
shapes it needs from this table (:func:`page_shapes`).

A screen is a module of :mod:`scorer.ui.screens` and one :class:`Row` here. The module has
``build(app, route) -> Screen`` (or ``build(app, route, game)`` for a screen of one game, the
row's ``of_game``) and may have:

- a state class (any class made with no arguments): what the screen keeps between drawings in
  one session, ``app.state(TheClass)``, made the first time it is asked for;
- ``changed_elsewhere(app, route, game_id)``: another session changed ``game_id`` ("*": any
  game) while this screen is shown (redraw, or say so).

:class:`scorer.ui.shell.app.ScorerApp` calls these and never names a screen (tests/test_routes.py).
A screen is given the app as :class:`scorer.ui.screens.host.App` and the address read as a
:class:`scorer.ui.screens.host.Route` (:func:`parse`), so no screen imports the shell.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType

import flet as ft

from ...game import Game
from ...rules.values import whole_number
from ..screens import (
    addresses,
    check,
    deal,
    detail,
    home,
    join,
    linked,
    new_game,
    pairs_director,
    pairs_linked,
    pairs_new,
    pairs_pick,
    pairs_table,
    rules,
    scoreboard,
    stats,
    team_rooms,
)
from ..screens.frame import Screen, variant_names
from ..screens.host import App, Route

__all__ = ["PARTS", "ROUTES", "Row", "page_shapes", "parse", "row_of", "screen_for"]


def parse(address: str) -> Route:
    """The route an address names (Home where it names nothing). The query is ignored and so
    are empty parts ('//game//abc/' is '/game/abc')."""
    path = "/" + "/".join(p for p in address.split("?")[0].split("/") if p)
    found = ft.TemplateRoute(path)
    for row in ROUTES:
        if not found.match(row.template):
            continue
        values: dict[str, str | int] = {}
        for part in _PART.findall(row.template):
            text = getattr(found, part)
            if text is None:  # an optional part, not given
                continue
            field, read = PARTS[part]
            value = read(text)
            if value is None:  # e.g. a deal number that is not one: names nothing
                return _HOME
            values[field] = value
        return Route(row.name, **values, row=row)  # type: ignore[arg-type]
    return _HOME


def _deal_number(text: str) -> int | None:
    number = whole_number(text)  # '३' is 3; not '²': isdigit() took it, int() did not
    return number if number is not None and number >= 0 else None


# A template's part -> (the Route field it fills, what reads it: None when the text is not one)
PARTS: dict[str, tuple[str, Callable[[str], str | int | None]]] = {
    "id": ("game_id", lambda text: text),
    "game": ("game_id", lambda text: text if text in variant_names() else None),
    "rule": ("rule", lambda text: text),
    "n": ("deal", _deal_number),
    "data": ("data", lambda text: text),
    "table": ("table", _deal_number),  # a pairs evening's table
    "pair": ("pair", _deal_number),  # a pairs evening's pair
}
_PART = re.compile(r":(\w+)")

ScreenBuilder = Callable[[App, Route], Screen]
GameScreenBuilder = Callable[[App, Route, Game], Screen]
ChangedElsewhere = Callable[[App, Route, str], None]


@dataclass(frozen=True)
class Row:
    """One address of the table: its template, its route's name, the screen module (its
    hooks), an example address (made by the route's builder: tests), and what draws it; and
    whether it is a form that is done with once it opens a game (``history.js``)."""

    template: str
    name: str
    screen: ModuleType
    example: str
    build: ScreenBuilder
    changed_elsewhere: ChangedElsewhere | None
    opens_a_game: bool = False

    @classmethod
    def of(cls, template: str, name: str, screen: ModuleType, example: str, *,
           build: Callable[..., Screen] | None = None, of_game: bool = False,
           opens_a_game: bool = False) -> Row:
        """A row for ``screen`` (its ``build`` unless another builder is named; ``of_game``:
        a screen of the game the address names, drawn from the game as stored now)."""
        builder = build if build is not None else screen.build
        return cls(template, name, screen, example,
                   _of_game(builder) if of_game else builder,
                   getattr(screen, "changed_elsewhere", None), opens_a_game)


def _of_game(build: GameScreenBuilder) -> ScreenBuilder:
    """A screen of one game, drawn from the game as stored now."""
    def screen_of_game(app: App, route: Route) -> Screen:
        assert route.game_id is not None
        game = app.keeper.open(route.game_id)
        if game is None:
            app.message = app.t("ui.no_such_game", id=route.game_id)
            return home.build(app, route)
        return build(app, route, game)

    return screen_of_game


ROUTES: tuple[Row, ...] = (
    Row.of(addresses.HOME, "home", home, addresses.HOME),
    Row.of(addresses.NEW, "new", new_game, addresses.NEW, opens_a_game=True),
    Row.of(addresses.CHECK, "check", check, addresses.CHECK),
    Row.of(addresses.JOIN, "join", join, addresses.JOIN),
    Row.of(addresses.STATS, "stats", stats, addresses.STATS),
    Row.of(addresses.RULES, "rules", rules, addresses.rules(variant_names()[0], "a-rule")),
    Row.of(addresses.GAME, "game", scoreboard, addresses.game("abc"), of_game=True),
    Row.of(addresses.QR, "qr", linked, addresses.qr("abc"), build=linked.build_qr,
           of_game=True),
    Row.of(addresses.LINK, "link", linked, addresses.link("1~abc"), build=linked.build_opened,
           opens_a_game=True),
    Row.of(addresses.DEAL, "deal", deal, addresses.deal("abc"), of_game=True),
    Row.of(addresses.DETAIL, "detail", detail, addresses.detail("abc", 3), of_game=True),
    Row.of(addresses.EDIT, "edit", deal, addresses.edit("abc", 3), of_game=True),
    # A pairs evening (issue 32).
    Row.of(addresses.PAIRS_NEW, "pairs-new", pairs_new, addresses.pairs_new()),
    Row.of(addresses.PAIRS_SESSION, "pairs", pairs_director,
           addresses.pairs_session("p1")),
    Row.of(addresses.PAIRS_TABLE, "pairs-table", pairs_table,
           addresses.pairs_table("p1", 2)),
    Row.of(addresses.PAIRS_TABLES, "pairs-tables", pairs_pick, addresses.pairs_tables("p1")),
    Row.of(addresses.PAIRS_BOARD, "pairs-board", pairs_director,
           addresses.pairs_board("p1", 3), build=pairs_director.build_board),
    Row.of(addresses.PAIRS_CARD, "pairs-card", pairs_director,
           addresses.pairs_card("p1", 4), build=pairs_director.build_card),
    Row.of(addresses.PAIRS_TABLE_QR, "pairs-table-qr", pairs_linked,
           addresses.pairs_table_qr("p1", 2), build=pairs_linked.build_table_qr),
    Row.of(addresses.PAIRS_RESULTS_QR, "pairs-results-qr", pairs_linked,
           addresses.pairs_results_qr("p1", 2), build=pairs_linked.build_results_qr),
    Row.of(addresses.PAIRS_LINK, "pairs-link", pairs_linked,
           addresses.pairs_link("1~abc"), build=pairs_linked.build_opened),
    # A team match's other table on its own phone (issue 32).
    Row.of(addresses.ROOMS, "rooms", team_rooms, addresses.rooms("abc"), of_game=True),
    Row.of(addresses.ROOM, "room", team_rooms, addresses.room("abc", 2),
           build=team_rooms.build_room),
    Row.of(addresses.ROOM_QR, "room-qr", team_rooms, addresses.room_qr("abc", 2),
           build=team_rooms.build_qr),
    Row.of(addresses.ROOM_LINK, "room-link", team_rooms, addresses.room_link("1~abc"),
           build=team_rooms.build_opened),
)
_HOME = Route("home", row=ROUTES[0])


def row_of(route: Route) -> Row:
    """The row of ``route`` (its screen's hooks): the one ``parse`` found, else the row of its
    name."""
    if isinstance(route.row, Row):
        return route.row
    return next(row for row in ROUTES if row.name == route.name)


def page_shapes() -> dict[str, list[str] | str]:
    """What ``history.js`` needs of the table, as regular expressions' sources: the forms that
    are done with once they open a game (``opensAGame``), and a game's scoreboard
    (``game``), whose back then leads to the games, not to the form."""
    forms = addresses.shapes({row.name: row.template for row in ROUTES if row.opens_a_game})
    return {"opensAGame": sorted(forms.values()),
            "game": addresses.shapes({"game": addresses.GAME})["game"]}


def screen_for(app: App, route: Route) -> Screen:
    """The screen for ``route``."""
    return row_of(route).build(app, route)
