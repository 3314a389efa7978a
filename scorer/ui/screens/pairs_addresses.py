"""The addresses of a pairs evening's screens (issue 32): each route's template and one builder
per route, used wherever one of these addresses is made (no flet; the route table matches
addresses against the templates). Beside :mod:`scorer.ui.screens.addresses` of issue 31, to be
folded into it when both are in."""

from __future__ import annotations

__all__ = ["PAIRS_BOARD", "PAIRS_CARD", "PAIRS_LINK", "PAIRS_NEW", "PAIRS_RESULTS_QR",
           "PAIRS_SESSION", "PAIRS_TABLE", "PAIRS_TABLE_QR", "board", "card", "link", "new",
           "results_qr", "session", "table", "table_qr"]

PAIRS_NEW = "/pairs-new"  # a new pairs evening: its form
PAIRS_SESSION = "/pairs/:id"  # the director's view
PAIRS_TABLE = "/pairs/:id/table/:table"  # a table's phone: its round, its boards
PAIRS_BOARD = "/pairs/:id/board/:n"  # a board's traveller
PAIRS_CARD = "/pairs/:id/pair/:pair"  # a pair's personal score card
PAIRS_TABLE_QR = "/pairs/:id/qr/:table"  # the director's QR code for a table (no network)
PAIRS_RESULTS_QR = "/pairs/:id/table/:table/qr"  # a table's results as a QR code
PAIRS_LINK = "/p/:data"  # a pairs session (or a table's results) opened from a link


def new() -> str:
    """The form of a new pairs evening."""
    return PAIRS_NEW


def session(session_id: str) -> str:
    """The director's view of the session ``session_id``."""
    return f"/pairs/{session_id}"


def table(session_id: str, number: int) -> str:
    """Table ``number``'s screen: its round and boards."""
    return f"{session(session_id)}/table/{number}"


def board(session_id: str, number: int) -> str:
    """The traveller of board ``number``."""
    return f"{session(session_id)}/board/{number}"


def card(session_id: str, pair: int) -> str:
    """The personal score card of pair ``pair``."""
    return f"{session(session_id)}/pair/{pair}"


def table_qr(session_id: str, number: int) -> str:
    """The director's QR code carrying the session to table ``number``."""
    return f"{session(session_id)}/qr/{number}"


def results_qr(session_id: str, number: int) -> str:
    """Table ``number``'s results as a QR code, for the director's phone."""
    return f"{table(session_id, number)}/qr"


def link(data: str) -> str:
    """A pairs session opened from a link carrying ``data`` (:mod:`scorer.pairs_link`)."""
    return f"/p/{data}"
