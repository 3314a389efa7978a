"""Where the store keeps its games: what :class:`~scorer.store.core.Store` asks of a shelf, and
a shelf of TinyDB storages of any class.

A shelf holds one TinyDB document per game (written by :mod:`.documents`, the one write path)
and the index document. ``GameFiles`` (:mod:`.gamefiles`) is the shelf of a data folder: JSON
files written atomically, with backups, quarantine and all-or-nothing imports.
:class:`StorageShelf` keeps each game in a storage of the class it is given: with TinyDB's
``MemoryStorage`` the store's own logic (index, revisions, migrations, import, export,
corrections history) runs in memory, which is how the tests run it over both.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Protocol

from tinydb.storages import Storage

from ..fields import check_game_id
from ..game import Game
from ..rules import InvalidInput
from ..rules.values import Msg
from .documents import read_game, write_game
from .errors import CorruptFile, NewerSchema, UnknownGame
from .index import UnreadableGame, Why

__all__ = ["Shelf", "Stamp", "StorageShelf"]

Stamp = tuple[int, int]  # what changes when a game's document changes: (mtime_ns, size) of a file


class Shelf(Protocol):
    """The games of a store (callers hold the store's lock)."""

    notices: list[Msg]  # what the player should hear about damaged or unreadable games
    unreadable: dict[str, UnreadableGame]  # by id.casefold()

    @property
    def index(self) -> Storage:
        """Where the index document is kept (derived data)."""

    def recover(self) -> None:
        """On opening: finish or undo what a crash interrupted."""

    def stamp(self, game_id: str) -> Stamp | None:
        """The stamp of a stored game; None if there is none."""

    def stamps(self) -> dict[str, Stamp | None]:
        """Every stored game's id and stamp (None where it cannot be had)."""

    def read(self, game_id: str) -> Game | None:
        """The stored game; None if there is none or it cannot be read (then it is in
        ``unreadable`` and a notice says why)."""

    def write(self, game: Game) -> None:
        """The whole game, at once (WriteFailed: nothing was written)."""

    def write_all(self, games: Sequence[Game]) -> None:
        """New games, all of them or none (OSError: none was written)."""

    def delete(self, game_id: str) -> None:
        """UnknownGame if there is no such game."""


class StorageShelf:
    """Each game in a storage of its own, made by ``storage()`` (TinyDB's ``MemoryStorage``:
    in memory). Nothing here is a file: no backups, no quarantine, no staging; a document that
    is not a readable game is listed as unreadable and left as it is."""

    def __init__(self, storage: Callable[[], Storage]) -> None:
        self._storage = storage
        self._games: dict[str, Storage] = {}  # by the game's id as stored
        self._stamps: dict[str, Stamp] = {}
        self._clock = itertools.count(1)  # a stamp: (the write's number, 0)
        self.notices: list[Msg] = []
        self.unreadable: dict[str, UnreadableGame] = {}
        self.index = storage()

    def recover(self) -> None:
        pass  # nothing outlives the process, so nothing is left half done

    def _known(self, game_id: str) -> str:
        try:
            return check_game_id(game_id)
        except InvalidInput:
            raise UnknownGame(f"there is no stored game {game_id!r}") from None

    def stamp(self, game_id: str) -> Stamp | None:
        try:
            return self._stamps.get(self._known(game_id))
        except UnknownGame:
            return None

    def stamps(self) -> dict[str, Stamp | None]:
        return dict(self._stamps)

    def read(self, game_id: str) -> Game | None:
        storage = self._games.get(self._known(game_id))
        if storage is None:
            return None
        try:
            game = read_game(storage, f"{game_id}.json")
        except NewerSchema as error:
            self._unreadable(game_id, str(error), Why.NEWER,
                             Msg.of("notice.newer", game=game_id, detail=str(error)))
            return None
        except (CorruptFile, InvalidInput) as error:
            self._unreadable(game_id, f"damaged ({error})", Why.DAMAGED,
                             Msg.of("notice.unreadable", game=game_id, detail=str(error)))
            return None
        self.unreadable.pop(game_id.casefold(), None)
        return game

    def _unreadable(self, game_id: str, reason: str, kind: Why, msg: Msg) -> None:
        self.unreadable[game_id.casefold()] = UnreadableGame(game_id, reason, kind)
        self.notices.append(msg)

    def put(self, game_id: str, document: dict[str, dict[str, object]]) -> None:
        """Store ``document`` as it is, as a file written by someone else would be (tests)."""
        storage = self._games.setdefault(self._known(game_id), self._storage())
        storage.write(document)
        self._stamps[game_id] = (next(self._clock), 0)

    def write(self, game: Game) -> None:
        storage = self._games.setdefault(self._known(game.id), self._storage())
        write_game(storage, game)
        self._stamps[game.id] = (next(self._clock), 0)

    def write_all(self, games: Sequence[Game]) -> None:
        for game in games:
            if game.id not in self._games:  # as a staged import keeps a game saved meanwhile
                self.write(game)

    def delete(self, game_id: str) -> None:
        if self._games.pop(self._known(game_id), None) is None:
            raise UnknownGame(f"there is no stored game {game_id}")
        del self._stamps[game_id]
        self.unreadable.pop(game_id.casefold(), None)
