"""What a session hears of other sessions' changes, answered on the session's own event
loop, between its events, in the order the changes were made (decisions 361, 420, 421).

Flet's hub hands a plain function to a thread of its own, but runs a coroutine on the loop
directly. Answered from Flet's threads, a table's screen compared what it had drawn with the
store while its own Accept was half done (saved, not yet drawn), found them different and
was drawn twice at once from two threads; the second drawing replaced the controls the
player's next tap was aimed at, and that tap was lost (decision 420). And the detour through
the threads put the answers behind everything the saves had left to do on the loop: the
director's view was drawn after all 15 tables' next boards. As a coroutine, what a save
tells the others is answered before what that save left to draw later (decision 421).

Each message is answered: the screens answer cheaply when nothing they show changed (the
director's view, a session's revision it has drawn; a table, its own results), so 15 saves
at once draw the director's view about once (decision 361's aim, kept)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["Hearing"]


class Hearing:
    """Flet's pubsub handler (:meth:`heard`, a coroutine: run on the session's loop) calling
    ``answer(id)`` for each change heard."""

    def __init__(self, answer: Callable[[Any], None]) -> None:
        self._answer = answer

    async def heard(self, topic: str, game_id: Any) -> None:
        self._answer(game_id)
