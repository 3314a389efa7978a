"""Every address of the app, in one place: each route's template (the route table,
:mod:`scorer.ui.shell.routes`, matches addresses against them) and one builder per route with
parts, used wherever an address is made (tests/test_routes.py fails on an address made by hand
anywhere else, and checks that every builder's address is read back by ``parse`` as built).

A template's parts are ``:name`` (one part of the address) and ``:name?`` (an optional one),
in ``repath``'s syntax, as Flet's :class:`flet.TemplateRoute` reads them. An address with
no parts is its template (``HOME``, ``NEW``, ...). No flet here: the shell and the screens use
it, and the builds write :func:`shapes` into the page for ``history.js``.
"""

from __future__ import annotations

import ipaddress
import re
from urllib.parse import urlsplit

__all__ = ["CHECK", "DEAL", "DETAIL", "EDIT", "GAME", "HOME", "JOIN", "LINK", "NEW", "QR",
           "RULES", "STATS", "deal", "deal_form", "detail", "edit", "game", "link", "qr",
           "rules", "shapes", "ROOM", "ROOMS", "ROOM_LINK", "ROOM_QR", "room", "room_link",
           "room_qr", "rooms", "PAIRS_BOARD", "PAIRS_CARD", "PAIRS_LINK", "PAIRS_NEW",
           "PAIRS_RESULTS_QR", "PAIRS_SESSION", "PAIRS_TABLE", "PAIRS_TABLES", "PAIRS_TABLE_QR",
           "pairs_board", "pairs_card", "pairs_link", "pairs_new", "pairs_results_qr",
           "pairs_session", "pairs_table", "pairs_table_qr", "pairs_tables"]

HOME = "/"  # games in progress and finished
NEW = "/new"  # new game
CHECK = "/check"  # score any hand without recording it
JOIN = "/join"  # address and QR code to join from another phone
STATS = "/stats"  # each player's record
RULES = "/rules/:game/:rule?"  # the rules of a game (at a house rule)
GAME = "/game/:id"  # scoreboard (and game over)
QR = "/game/:id/qr"  # show to the table: the game's link as a QR code, full screen
LINK = "/g/:data"  # a game opened from a link, read-only until kept
DEAL = "/game/:id/deal"  # new deal
DETAIL = "/game/:id/deal/:n"  # why this score, history, correct or remove
EDIT = "/game/:id/deal/:n/edit"  # correct a deal


def rules(game: str, rule: str | None = None) -> str:
    """The rules page of ``game`` (a variant's name), at house rule ``rule``."""
    return f"/rules/{game}" + (f"/{rule}" if rule else "")


def game(game_id: str) -> str:
    """The scoreboard of the game ``game_id``."""
    return f"/game/{game_id}"


def qr(game_id: str) -> str:
    """The game's link as a QR code, to show to the table."""
    return f"{game(game_id)}/qr"


def link(data: str) -> str:
    """A game opened from a link carrying ``data`` (:mod:`scorer.link`)."""
    return f"/g/{data}"


def deal(game_id: str) -> str:
    """A new deal of the game."""
    return f"{game(game_id)}/deal"


def detail(game_id: str, number: int) -> str:
    """Deal ``number`` of the game: why this score, its history."""
    return f"{deal(game_id)}/{number}"


def edit(game_id: str, number: int) -> str:
    """The correction of deal ``number``."""
    return f"{detail(game_id, number)}/edit"


def deal_form(game_id: str, number: int | None) -> str:
    """The deal form: a new deal (``number`` None or 0), else the correction of deal
    ``number``."""
    return edit(game_id, number) if number else deal(game_id)


# --- a pairs evening (issue 32) ---

PAIRS_NEW = "/pairs-new"  # a new pairs evening: its form
PAIRS_SESSION = "/pairs/:id"  # the director's view
PAIRS_TABLE = "/pairs/:id/table/:table"  # a table's phone: its round, its boards
PAIRS_TABLES = "/pairs/:id/tables"  # a phone picks its table (a table's Back: decision 482)
PAIRS_BOARD = "/pairs/:id/board/:n"  # a board's traveller
PAIRS_CARD = "/pairs/:id/pair/:pair"  # a pair's personal score card
PAIRS_TABLE_QR = "/pairs/:id/qr/:table"  # the director's QR code for a table (no network)
PAIRS_RESULTS_QR = "/pairs/:id/table/:table/qr"  # a table's results as a QR code
PAIRS_LINK = "/p/:data"  # a pairs session (or a table's results) opened from a link


def pairs_new() -> str:
    """The form of a new pairs evening."""
    return PAIRS_NEW


def pairs_session(session_id: str) -> str:
    """The director's view of the session ``session_id``."""
    return f"/pairs/{session_id}"


def pairs_tables(session_id: str) -> str:
    """The choice of a table for this phone, where a table's Back leads."""
    return f"{pairs_session(session_id)}/tables"


def pairs_table(session_id: str, number: int) -> str:
    """Table ``number``'s screen: its round and boards."""
    return f"{pairs_session(session_id)}/table/{number}"


def pairs_board(session_id: str, number: int) -> str:
    """The traveller of board ``number``."""
    return f"{pairs_session(session_id)}/board/{number}"


def pairs_card(session_id: str, pair: int) -> str:
    """The personal score card of pair ``pair``."""
    return f"{pairs_session(session_id)}/pair/{pair}"


def pairs_table_qr(session_id: str, number: int) -> str:
    """The director's QR code carrying the session to table ``number``."""
    return f"{pairs_session(session_id)}/qr/{number}"


def pairs_results_qr(session_id: str, number: int) -> str:
    """Table ``number``'s results as a QR code, for the director's phone."""
    return f"{pairs_table(session_id, number)}/qr"


def pairs_link(data: str) -> str:
    """A pairs session opened from a link carrying ``data`` (:mod:`scorer.pairs_link`)."""
    return f"/p/{data}"


def is_loopback(host: str) -> bool:
    """Whether ``host`` (a name or an address, IPv6 in brackets or not) reaches only this
    machine (``scorer serve``'s listening address, or a screen's: :func:`only_here`)."""
    if host.lower() in ("localhost", "localhost.localdomain"):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def only_here(url: str) -> bool:
    """Whether ``url`` names this machine alone (``scorer serve`` on 127.0.0.1, its default):
    no other phone can open it, so a screen that offers it to one says so instead."""
    return is_loopback(urlsplit(url).hostname or "")


# A team match's other table (issue 32): the match's phone's page for it, the other table's
# phone entering its boards, its results as a QR code, and such a link opened.
ROOMS = "/game/:id/rooms"  # the match's phone: the other table's QR code, waiting, conflicts
ROOM = "/room/:id/:table"  # the other table's phone: its boards of the match
ROOM_QR = "/room/:id/:table/qr"  # the other table's results as a QR code
ROOM_LINK = "/r/:data"  # a match's table (to score, or results to merge) opened from a link


def rooms(game_id: str) -> str:
    """The match's page for its other table."""
    return f"{game(game_id)}/rooms"


def room(game_id: str, table: int) -> str:
    """The other table's phone: table ``table``'s boards of match ``game_id``."""
    return f"/room/{game_id}/{table}"


def room_qr(game_id: str, table: int) -> str:
    """Table ``table``'s results as a QR code, for the match's phone."""
    return f"{room(game_id, table)}/qr"


def room_link(data: str) -> str:
    """A match's table opened from a link carrying ``data`` (:mod:`scorer.team_link`)."""
    return f"/r/{data}"


def shapes(templates: dict[str, str]) -> dict[str, str]:
    """Each named template as a JavaScript regular expression's source matching its addresses
    (``/game/:id`` -> ``^/game/[^/]+$``), for the page's scripts."""
    def source(template: str) -> str:
        parts = [p for p in template.split("/") if p]
        pattern = "".join(
            "(?:/[^/]+)?" if p.startswith(":") and p.endswith("?") else
            "/[^/]+" if p.startswith(":") else "/" + re.escape(p) for p in parts)
        return f"^{pattern or '/'}$"

    return {name: source(template) for name, template in templates.items()}
