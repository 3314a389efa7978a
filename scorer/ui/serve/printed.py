"""Pages `scorer serve` opens in a tab of their own for the director to print (issue 32): a
pairs evening's table cards or results, made by the session at the tap and served once asked
for at ``/print/<token>``, to the phones the table admits (the same cookie as every request).

A token is 128 random bits; the pages are kept in memory, the last :data:`KEPT` of them (a
page is a few hundred kB at most: a 15-table evening's results), never written to disk.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict

__all__ = ["KEPT", "PREFIX", "keep", "kept"]

PREFIX = "/print/"
KEPT = 16  # pages kept: a director's taps of an evening, with room for a second phone's

_pages: OrderedDict[str, bytes] = OrderedDict()
_lock = threading.Lock()  # sessions run in threads of their own


def keep(served: str, page: bytes) -> str:
    """Keep ``page`` (an HTML document) and give the address that serves it, at ``served``
    (this server's address, as the phones open it)."""
    token = secrets.token_urlsafe(16)
    with _lock:
        _pages[token] = page
        while len(_pages) > KEPT:
            _pages.popitem(last=False)
    return served.rstrip("/") + PREFIX + token


def kept(path: str) -> bytes | None:
    """The page kept for ``path`` (``/print/<token>``), or None."""
    with _lock:
        return _pages.get(path[len(PREFIX):]) if path.startswith(PREFIX) else None
