"""What a session hears of other sessions' changes, answered once each (decision 361).

Flet hands each pubsub message to a thread of its own, so 15 tables saving at once had the
director's view drawn 15 times over, at once, each from the session as stored. Now what is
heard while the session is answering is gathered and answered once more after it (each id
once), from the store as it is then: no change is missed, none drawn twice over."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

__all__ = ["Hearing"]


class Hearing:
    """A pubsub handler calling ``answer(id)`` for what is heard, never in two threads at
    once: what arrives meanwhile is answered after, in order, each id once."""

    def __init__(self, answer: Callable[[Any], None]) -> None:
        self._answer = answer
        self._lock = threading.Lock()
        self._busy = False  # a thread is answering
        self._heard: dict[Any, None] = {}  # heard meanwhile, in order, each once

    def __call__(self, topic: str, game_id: Any) -> None:
        with self._lock:
            self._heard[game_id] = None
            if self._busy:
                return
            self._busy = True
        try:
            while True:
                with self._lock:
                    heard = list(self._heard)
                    self._heard.clear()
                    if not heard:
                        self._busy = False
                        return
                for one in heard:
                    self._answer(one)
        except BaseException:
            with self._lock:
                self._busy = False
            raise
