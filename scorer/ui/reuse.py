"""Controls kept from one drawing of a screen to the next, by what they show.

After a Save, the scoreboard is drawn again with one more deal: eleven of its twelve rows and
all but one point of each chart line show exactly what they showed before. Built anew, each of
those controls costs Flet a comparison with its predecessor and a re-registration (about 400
controls on a 50-deal game, most of a Save's Python time, three times slower in the browser
build). Handed back the same instance, Flet sees that nothing changed and moves on.

A control is kept under a key made of everything it shows (and, for a row one can tap, what
the tap does), so a kept control is always what a new one would be. Kept controls are never
changed in place. One ``Reuse`` belongs to one page (a control lives in one page only) and
keeps only what the latest drawing used.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

__all__ = ["Reuse"]

C = TypeVar("C")


class Reuse:
    """Controls by key, from the last drawing that asked for them (see the module's text)."""

    def __init__(self) -> None:
        self._kept: dict[Hashable, object] = {}
        self._used: dict[Hashable, object] = {}
        self.reused = 0  # how many controls were handed back (tests read it)

    def begin(self, scope: Hashable) -> None:
        """A new drawing of ``scope`` (a game's scoreboard): what the previous drawing of the
        same scope used can be handed back; anything else is dropped."""
        same = self._used.get(("scope",)) == scope
        self._kept = self._used if same else {}
        self._used = {("scope",): scope}

    def get(self, key: Hashable, make: Callable[[], C]) -> C:
        """The control kept under ``key``, or a new one from ``make``."""
        found = self._used.get(key, self._kept.get(key))
        if found is None:
            found = make()
        else:
            self.reused += 1
        self._used[key] = found
        return found  # type: ignore[return-value]
