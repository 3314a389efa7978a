"""A team match's two tables on two phones (issue 32, item 2): ``rooms/<match id>.json``.

One document per match, on each phone that has a part in it::

    {"rooms": {"1": {"schema_version": 1, "match": <id>, "names": [..., ...],
                     "own": RoomResults.to_dict() or null,
                     "kept": MatchRooms.to_dict()}}}

- on the other table's phone, ``own``: that table's results, entered board by board, which
  it gives back as a link (``scorer.team_link``);
- on the match's phone, ``kept``: the other table's results waiting for their board, and the
  conflicts not yet resolved (``scorer.rules.team_rooms``).

Every change is one atomic write (``AtomicJSONStorage``, with ``.bak``) under the store's
lock; a merge reads the match as stored, and a conflict resolved in favour of the other
table's result is a correction of the match (its history keeps the old result).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tinydb.storages import Storage

from ..fields import check_game_id
from ..game import Game
from ..rules import InvalidInput
from ..rules.bridge_games import BridgeDeal
from ..rules.team_match import TeamBoard
from ..rules.team_rooms import MatchRooms, Merged, RoomResults, merge_room, resolve
from .errors import CorruptFile, NewerSchema, UnknownGame, WriteFailed
from .files import AtomicJSONStorage, make_dirs

__all__ = ["ROOMS_TABLE", "RoomsRecord", "RoomsShelf"]

ROOMS_TABLE = "rooms"
SCHEMA_VERSION = 1


@dataclass(frozen=True)
class RoomsRecord:
    """What a phone keeps of a match's tables (empty when it keeps nothing yet)."""

    match: str
    teams: tuple[str, ...]
    own: RoomResults | None
    kept: MatchRooms

    def to_dict(self) -> dict[str, Any]:
        return {"schema_version": SCHEMA_VERSION, "match": self.match,
                "names": list(self.teams),
                "own": None if self.own is None else self.own.to_dict(),
                "kept": self.kept.to_dict()}

    @classmethod
    def from_dict(cls, data: Any, name: str) -> RoomsRecord:
        if not isinstance(data, dict) or not isinstance(data.get("match"), str):
            raise CorruptFile(f"{name} is not a match's tables")
        version = data.get("schema_version")
        if isinstance(version, int) and version > SCHEMA_VERSION:
            raise NewerSchema(f"{name} was written by a newer Scorer (schema {version})")
        own = data.get("own")
        try:
            return cls(data["match"], tuple(str(t) for t in data.get("names", [])),
                       None if own is None else RoomResults.from_dict(own),
                       MatchRooms.from_dict(data.get("kept", {})))
        except InvalidInput as error:
            raise CorruptFile(f"{name} is not readable ({error})") from None


class RoomsShelf:
    """The matches' tables of a data folder; ``load_game``/``save_game`` are the store's."""

    def __init__(self, folder: Path, lock: threading.RLock, load_game: Callable[[str], Game],
                 save_game: Callable[[Game], Game],
                 storage: type[Storage] = AtomicJSONStorage) -> None:
        self.folder = folder / "rooms"
        self._lock = lock
        self._load_game, self._save_game = load_game, save_game
        self._in_files = issubclass(storage, AtomicJSONStorage)
        self._storage = storage
        self._kept: dict[str, Storage] = {}

    def _storage_of(self, match: str) -> Storage:
        check_game_id(match)
        if self._in_files:
            return AtomicJSONStorage(self.folder / f"{match}.json", backup=True)
        return self._kept.setdefault(match, self._storage())

    def load(self, match: str) -> RoomsRecord:
        """What this phone keeps of ``match``'s tables (an empty record: nothing yet)."""
        match = match.casefold()
        with self._lock:
            document = self._storage_of(match).read()
            docs = (document or {}).get(ROOMS_TABLE, {})
            if not docs:
                return RoomsRecord(match, (), None, MatchRooms.empty())
            return RoomsRecord.from_dict(next(iter(docs.values())), f"match {match}'s tables")

    def _write(self, record: RoomsRecord) -> None:
        try:
            if self._in_files:
                make_dirs(self.folder)
            self._storage_of(record.match).write({ROOMS_TABLE: {"1": record.to_dict()}})
        except OSError as error:
            raise WriteFailed(f"match {record.match}'s tables were not saved: "
                              f"{error.strerror or error}") from None

    def keep_own(self, match: str, teams: Sequence[str], table: int) -> RoomsRecord:
        """The other table's phone takes its part: ``table`` of ``match`` (its results so far
        kept when it had taken it already)."""
        with self._lock:
            record = self.load(match)
            if record.own is not None and record.own.table == table:
                return record
            if record.own is not None and record.own.results:
                raise InvalidInput("table", table, f"is {record.own.table} on this phone")
            new = RoomsRecord(record.match, tuple(teams), RoomResults(table, {}), record.kept)
            self._write(new)
            return new

    def enter_own(self, match: str, teams: Sequence[str], table: int, board: int,
                  result: BridgeDeal) -> RoomsRecord:
        """The other table's phone: ``table``'s result of ``board`` (again: replaced, as a
        player corrects a board on their own card before giving it)."""
        with self._lock:
            record = self.load(match)
            if record.own is not None and record.own.table != table:
                raise InvalidInput("table", table, f"is {record.own.table} on this phone")
            results = {} if record.own is None else dict(record.own.results)
            results[board] = result
            new = RoomsRecord(record.match, tuple(teams), RoomResults(table, results),
                              record.kept)
            self._write(new)
            return new

    def _boards(self, match: str) -> tuple[Game, Sequence[TeamBoard]]:
        try:
            game = self._load_game(match)
        except UnknownGame:
            raise InvalidInput("match", match, "is not kept on this phone") from None
        if not all(isinstance(deal, TeamBoard) for deal in game.deals) or not game.variant.teams:
            raise InvalidInput("match", match, "is not a team match")
        return game, game.deals

    def merge(self, match: str, incoming: RoomResults) -> Merged:
        """The other table's results merged into the match kept here (nothing overwritten:
        the same result is one, a difference is a conflict, a board not reached waits)."""
        with self._lock:
            _game, boards = self._boards(match)
            record = self.load(match)
            merged = merge_room(boards, record.kept, incoming)
            if merged.rooms != record.kept:
                self._write(RoomsRecord(record.match, record.teams, record.own, merged.rooms))
            return merged

    def resolve(self, match: str, board: int, table: int, chosen: BridgeDeal) -> RoomsRecord:
        """A conflict settled: the match corrected when the other table's result is chosen
        (its history keeps the old one), then the conflict removed."""
        with self._lock:
            game, boards = self._boards(match)
            record = self.load(match)
            corrected, kept = resolve(boards, record.kept, board, table, chosen)
            if corrected is not None:
                self._save_game(game.correct(board, corrected))
            new = RoomsRecord(record.match, record.teams, record.own, kept)
            self._write(new)
            return new
