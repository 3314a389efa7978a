"""What a session hears of other sessions' changes, answered once each, on the session's own
event loop (decisions 361, 420).

Flet hands each pubsub message to a thread of its own, so 15 tables saving at once had the
director's view drawn 15 times over, at once, each from the session as stored. Now what is
heard while an answer is due is gathered and answered once (each id once), from the store as
it is then: no change is missed, none drawn twice over.

And the answer runs on the page's event loop, where the taps' handlers run, never beside
one: answered from Flet's thread, a table's screen compared what it had drawn with the
store while its own Accept was half done (saved, not yet drawn), found them different and
was drawn twice at once from two threads; the second drawing replaced the controls the
player's next tap was aimed at, and that tap was lost (issue 32, decision 420)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

__all__ = ["Hearing"]


class Hearing:
    """A pubsub handler calling ``answer(id)`` for what is heard, through ``on_loop`` (which
    runs a call on the session's event loop, between its events), one call at a time: what
    arrives before it runs is answered by it, in order, each id once."""

    def __init__(self, answer: Callable[[Any], None],
                 on_loop: Callable[[Callable[[], None]], None]) -> None:
        self._answer = answer
        self._on_loop = on_loop
        self._lock = threading.Lock()
        self._due = False  # a call to answer is on its way or under way
        self._heard: dict[Any, None] = {}  # heard since, in order, each once

    def __call__(self, topic: str, game_id: Any) -> None:
        with self._lock:
            self._heard[game_id] = None
            if self._due:
                return
            self._due = True
        try:
            self._on_loop(self._answer_heard)
        except BaseException:  # the page went away: the next message tries again
            with self._lock:
                self._due = False
            raise

    def _answer_heard(self) -> None:
        while True:
            with self._lock:
                heard = list(self._heard)
                self._heard.clear()
                if not heard:
                    self._due = False
                    return
            for at, one in enumerate(heard):
                try:
                    self._answer(one)
                except BaseException:
                    with self._lock:  # the rest is answered at the next message
                        self._heard = dict.fromkeys([*heard[at + 1:], *self._heard])
                        self._due = False
                    raise
