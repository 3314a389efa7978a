"""A team match's other table (issue 32, item 2): the results one table's phone kept, board
by board, merged into the match on the match's phone.

Today a match is entered on one phone, both tables' results of a board at once. The other
table's phone now keeps only its own table's results (:class:`RoomResults`) and gives them as
a link; the match's phone merges them (:func:`merge_room`), and never silently overwrites:

- a board the match has already: the same result at that table is one result (nothing
  changes); a different one is a :class:`RoomConflict`, both kept until the director (or the
  captains) picks one (:func:`resolve`); picking the other table's result is a correction of
  the match's board, with its history;
- a board the match has not reached yet: the result waits (``MatchRooms.waiting``) and fills
  that table's part of the board when the match's phone enters it; a different result for a
  waiting board is a conflict too.

Pure: standard library and the team match's types only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .bridge_games import BridgeDeal
from .team_match import TeamBoard
from .values import InvalidInput

__all__ = ["MAX_BOARD", "MatchRooms", "Merged", "RoomConflict", "RoomResults", "merge_room",
           "resolve", "with_result"]

MAX_BOARD = 128  # boards of one match a link may carry (a match is rarely over 64)


def _table(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value not in (1, 2):
        raise InvalidInput("table", value, "is 1 or 2")
    return value


def _board(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_BOARD:
        raise InvalidInput("board", value, f"is a whole number from 1 to {MAX_BOARD}")
    return value


def _deal(value: Any) -> BridgeDeal:
    deal = BridgeDeal.from_dict(value)
    if deal.honours is not None:
        raise InvalidInput("honors", str(deal.honours), "are not scored in duplicate")
    return deal


@dataclass(frozen=True)
class RoomResults:
    """One table's results of a match: ``results`` maps board number -> that table's result
    (a passed-out board is ``BridgeDeal()``)."""

    table: int
    results: Mapping[int, BridgeDeal]

    def __post_init__(self) -> None:
        _table(self.table)
        for board, deal in self.results.items():
            _board(board)
            if not isinstance(deal, BridgeDeal):
                raise InvalidInput("result", type(deal).__name__, "is not a table's result")

    def to_dict(self) -> dict[str, Any]:
        return {"table": self.table,
                "results": [[b, d.to_dict()] for b, d in sorted(self.results.items())]}

    @classmethod
    def from_dict(cls, data: Any) -> RoomResults:
        if not isinstance(data, Mapping) or not isinstance(data.get("results"), list):
            raise InvalidInput("results", type(data).__name__, "are a table's results")
        results: dict[int, BridgeDeal] = {}
        for item in data["results"]:
            if not isinstance(item, list) or len(item) != 2:
                raise InvalidInput("result", item, "is [board, result]")
            board = _board(item[0])
            if board in results:
                raise InvalidInput("board", board, "appears once")
            results[board] = _deal(item[1])
        return cls(_table(data.get("table")), results)


@dataclass(frozen=True)
class RoomConflict:
    """Two different results of one board at one table: ``kept`` (the match's, or the one
    waiting) and ``other`` (from the other table's phone)."""

    board: int
    table: int
    kept: BridgeDeal
    other: BridgeDeal

    def to_dict(self) -> dict[str, Any]:
        return {"board": self.board, "table": self.table, "kept": self.kept.to_dict(),
                "other": self.other.to_dict()}

    @classmethod
    def from_dict(cls, data: Any) -> RoomConflict:
        if not isinstance(data, Mapping):
            raise InvalidInput("conflict", type(data).__name__, "is a conflict record")
        return cls(_board(data.get("board")), _table(data.get("table")),
                   _deal(data.get("kept")), _deal(data.get("other")))


@dataclass(frozen=True)
class MatchRooms:
    """What the match's phone keeps beside the match: results waiting for their board
    (``(board, table) -> result``) and the conflicts not yet resolved."""

    waiting: Mapping[tuple[int, int], BridgeDeal]
    conflicts: tuple[RoomConflict, ...] = ()

    @classmethod
    def empty(cls) -> MatchRooms:
        return cls({})

    def to_dict(self) -> dict[str, Any]:
        return {"waiting": [[b, t, d.to_dict()] for (b, t), d in sorted(self.waiting.items())],
                "conflicts": [c.to_dict() for c in self.conflicts]}

    @classmethod
    def from_dict(cls, data: Any) -> MatchRooms:
        if not isinstance(data, Mapping):
            raise InvalidInput("rooms", type(data).__name__, "are a match's waiting results")
        waiting: dict[tuple[int, int], BridgeDeal] = {}
        for item in data.get("waiting", []):
            if not isinstance(item, list) or len(item) != 3:
                raise InvalidInput("waiting", item, "is [board, table, result]")
            waiting[(_board(item[0]), _table(item[1]))] = _deal(item[2])
        conflicts = tuple(RoomConflict.from_dict(c) for c in data.get("conflicts", []))
        return cls(waiting, conflicts)


@dataclass(frozen=True)
class Merged:
    """A merge's outcome: the rooms kept after it, and which boards were the same (nothing
    to do), newly waiting, or became conflicts."""

    rooms: MatchRooms
    same: tuple[int, ...]
    waiting: tuple[int, ...]
    conflicts: tuple[int, ...]


def _at(board: TeamBoard, table: int) -> BridgeDeal:
    return board.table1 if table == 1 else board.table2


def with_result(board: TeamBoard, table: int, result: BridgeDeal) -> TeamBoard:
    """``board`` with ``table``'s result replaced."""
    return replace(board, table1=result) if table == 1 else replace(board, table2=result)


def merge_room(boards: Sequence[TeamBoard], rooms: MatchRooms,
               incoming: RoomResults) -> Merged:
    """The other table's results against the match's ``boards`` (board n is ``boards[n-1]``)
    and what the match's phone keeps: nothing is overwritten; merging the same link twice
    changes nothing (a conflict already recorded is not recorded again)."""
    waiting = dict(rooms.waiting)
    conflicts = list(rooms.conflicts)
    same: list[int] = []
    new_waiting: list[int] = []
    new_conflicts: list[int] = []
    table = incoming.table
    for number, result in sorted(incoming.results.items()):
        if number <= len(boards):
            kept: BridgeDeal | None = _at(boards[number - 1], table)
        else:
            kept = waiting.get((number, table))
        if kept is None:
            waiting[(number, table)] = result
            new_waiting.append(number)
        elif kept == result:
            same.append(number)
        else:
            conflict = RoomConflict(number, table, kept, result)
            if conflict not in conflicts:
                conflicts.append(conflict)
                new_conflicts.append(number)
    return Merged(MatchRooms(waiting, tuple(conflicts)), tuple(same), tuple(new_waiting),
                  tuple(new_conflicts))


def resolve(boards: Sequence[TeamBoard], rooms: MatchRooms, board: int, table: int,
            chosen: BridgeDeal) -> tuple[TeamBoard | None, MatchRooms]:
    """The conflict of ``board`` at ``table`` settled with ``chosen`` (one of its results):
    the match's board to correct (None: unchanged, or the board is not in the match yet: the
    chosen result waits) and the rooms kept after it."""
    found = [c for c in rooms.conflicts if (c.board, c.table) == (board, table)]
    if not found:
        raise InvalidInput("board", board, f"has no conflict at table {table}")
    if any(chosen not in (c.kept, c.other) for c in found):
        raise InvalidInput("result", "", "is one of the conflict's results")
    left = tuple(c for c in rooms.conflicts if (c.board, c.table) != (board, table))
    waiting = dict(rooms.waiting)
    corrected = None
    if board <= len(boards):
        current = boards[board - 1]
        if _at(current, table) != chosen:
            corrected = with_result(current, table, chosen)
    else:
        waiting[(board, table)] = chosen
    return corrected, MatchRooms(waiting, left)
