"""A pairs session as an address, for the evening with no network (issue 32): the director's
phone gives each table a link (a QR code) carrying the session and the table's number; the
table's phone keeps it, scores its boards, and gives back a link carrying its own results,
which the director's phone merges (the core's ``merge``: the same result is one, a different
one is a conflict to resolve, nothing is overwritten).

``<data>`` is made as a game's link is (:mod:`scorer.link`: version, ``~``, base64url of raw
deflate against that version's preset dictionary) and read with the same caps on every step;
what it carries is ``{"pairs": <session id>, "table": <n or null>, "session": <the core's
to_dict()>}``, read back through the core's checks (:meth:`PairsSession.from_dict`). A table's
link carries only that table's results (and their history and conflicts), so it stays small.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from .link import InvalidLink, decode, fitted, pack, start_of
from .rules import InvalidInput
from .rules.pairs.session import PairsSession
from .rules.values import Msg
from .store.errors import InvalidImport
from .store.transfer import load_document

__all__ = ["PAIRS_ROUTE", "PairsLink", "pairs_link", "read_pairs_link", "table_part"]

PAIRS_ROUTE = "/p/"
_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")


@dataclass(frozen=True)
class PairsLink:
    """What a link carries: the session's id, the table it is for (None: the director's
    whole session) and the session (or a table's part of it)."""

    session_id: str
    table: int | None
    session: PairsSession
    to_table: bool  # the director's link for a table (it opens that table's screen)


def table_part(session: PairsSession, table: int) -> PairsSession:
    """Only ``table``'s results, history and conflicts: what a table's phone sends back (not
    the evening's name: the director's is kept at the merge)."""
    def mine(entries: tuple) -> tuple:  # type: ignore[type-arg]
        return tuple(e for e in entries if e.result.table == table)

    return replace(session, entries=mine(session.entries), history=mine(session.history),
                   conflicts=tuple(c for c in session.conflicts if c[0].result.table == table),
                   name="")  # the director's phone has the name (decision 512)


def encode_pairs(session_id: str, session: PairsSession, table: int | None,
                 to_table: bool = False) -> str:
    doc = {"pairs": session_id, "table": table, "to_table": to_table,
           "session": session.to_dict()}
    return pack(doc)


def pairs_link(session_id: str, session: PairsSession, table: int | None, site_url: str,
               fragment: bool = True, to_table: bool = False) -> str:
    """The address of ``site_url`` carrying the session (``#/p/<data>``; ``fragment`` False:
    ``/p/<data>``, for ``scorer serve``). InvalidInput when it does not fit in a link."""
    return fitted(start_of(site_url, PAIRS_ROUTE, fragment)
                  + encode_pairs(session_id, session, table, to_table), "session", session_id)


def read_pairs_link(data: str) -> PairsLink:
    """The session a link's ``<data>`` carries, every step capped and checked; InvalidLink
    (one sentence) otherwise. Nothing is stored."""
    raw = decode(data.strip())
    try:
        doc = load_document(raw)
    except InvalidImport as error:
        raise InvalidLink("link", "data", error.allowed, Msg.of("link.not_game")) from None
    if not isinstance(doc, dict) or not isinstance(doc.get("pairs"), str) \
            or not _ID.match(doc["pairs"]):
        raise InvalidLink("link", "data", "is not a pairs session", Msg.of("pairs.link_not"))
    table = doc.get("table")
    if table is not None and (not isinstance(table, int) or isinstance(table, bool)
                              or not 1 <= table <= 15):
        raise InvalidLink("link", "table", "is not a table from 1 to 15",
                          Msg.of("pairs.link_not"))
    try:
        session = PairsSession.from_dict(doc.get("session"))  # type: ignore[arg-type]
    except (InvalidInput, TypeError, AttributeError, KeyError) as error:
        raise InvalidLink("link", "session", f"is not readable ({error})",
                          Msg.of("pairs.link_not")) from None
    return PairsLink(doc["pairs"], table, session, doc.get("to_table") is True)
