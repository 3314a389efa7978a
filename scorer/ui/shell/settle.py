"""A table's next board is drawn once the moment's saves have settled (issue 32, decision
503): when 15 tables tap Accept at once, every save is made and the director's view told of
it before the first of the 15 next boards (about 33 ms of the loop each) is drawn.

Every session of `scorer serve` shares one event loop. A save tells the director at once (its
answer is a coroutine queued on the loop, decision 421) and leaves its own screen to a task;
but the 15 Accepts reach the loop one connection after another, so without a pause each
table's redraw ran before the next table's Accept was even read, and the director's view of
the last save waited behind 14 redraws. Now a redraw left by a save waits until no save has
been made for :data:`SETTLE` seconds, and never longer than :data:`LONGEST` (a stream of
saves cannot hold a table's screen back)."""

from __future__ import annotations

import asyncio
import time

__all__ = ["LONGEST", "SETTLE", "saved", "settled"]

SETTLE = 0.03  # s with no save before a redraw a save left is made
LONGEST = 0.5  # s at most such a redraw waits
_last = [0.0]  # when the last save was made, in any session of this process


def saved() -> None:
    """A save was made now (any session: they share the loop)."""
    _last[0] = time.monotonic()


async def settled(settle: float = SETTLE, longest: float = LONGEST) -> None:
    """Returns once no save has been made for ``settle`` seconds, or ``longest`` after the
    call, whichever comes first."""
    began = time.monotonic()
    while True:
        now = time.monotonic()
        calm, waited = now - _last[0], now - began
        if calm >= settle or waited >= longest:
            return
        await asyncio.sleep(min(settle - calm, longest - waited))
