"""The index: one summary per game for the home screen and the statistics.

Derived data: rebuilt from the game files whenever it is missing, damaged or stale (each
summary keeps the modification time and size of its game file). Reading never depends on
being able to write it: on a full disk or a read-only folder the store keeps it in memory.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from tinydb.storages import Storage

from ..game import Game
from ..stats import PlayerStats, game_stats
from .errors import CorruptFile

__all__ = ["COPY_SUFFIX", "GameSummary", "UnreadableGame", "is_link_copy", "read_index",
           "write_index"]

COPY_SUFFIX = "-copy"


def is_link_copy(game_id: str) -> bool:
    """Is ``game_id`` the id :meth:`Store.keep_linked` gives a link's game kept beside the
    one it changed apart from (``<id>-copy``, ``<id>-copy2``, ...)?"""
    base, found, number = game_id.rpartition(COPY_SUFFIX)
    return bool(found and base) and (number == "" or (number.isdigit() and number[0] != "0"
                                                       and number != "1"))


@dataclass(frozen=True)
class GameSummary:
    """What the home screen shows of a game, kept in the index."""

    id: str
    variant: str
    players: tuple[str, ...]
    parties: tuple[str, ...]
    totals: tuple[int, ...]
    status: str  # "in progress" or "finished"
    winners: tuple[int, ...]
    deals: int
    updated_at: str
    revision: int
    stamp: tuple[int, int] = (0, 0)  # (mtime_ns, size) of the game file
    # Each player's statistics from this game, kept as JSON text: the home screen never needs
    # them, so opening a store of 10,000 games does not pay for parsing them.
    stats_json: str = "[]"

    @property
    def link_copy(self) -> bool:
        """A link's game kept beside the one it changed apart from (issue 30: listed as
        such, not under the same title twice)."""
        return is_link_copy(self.id)

    @property
    def players_stats(self) -> tuple[PlayerStats, ...]:
        return tuple(PlayerStats.from_list(row, self.variant)
                     for row in json.loads(self.stats_json))

    @classmethod
    def of(cls, game: Game, stamp: tuple[int, int]) -> GameSummary:
        outcome = game.outcome
        return cls(game.id, game.variant_name, game.players, game.parties, game.totals,
                   "finished" if outcome else "in progress",
                   outcome.winners if outcome else (), game.deals_counted,
                   game.updated_at, game.revision, stamp,
                   json.dumps([p.to_list() for p in game_stats(game)], ensure_ascii=False))

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "variant": self.variant, "players": list(self.players),
                "parties": list(self.parties), "totals": list(self.totals),
                "status": self.status, "winners": list(self.winners), "deals": self.deals,
                "updated_at": self.updated_at, "revision": self.revision,
                "stamp": list(self.stamp), "players_stats": self.stats_json}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameSummary:
        stats = data["players_stats"]
        if not isinstance(stats, str):
            raise ValueError("index field players_stats is not text")  # an old index
        return cls(str(data["id"]), str(data["variant"]), tuple(data["players"]),
                   tuple(data["parties"]), tuple(int(t) for t in data["totals"]),
                   str(data["status"]), tuple(int(w) for w in data["winners"]),
                   int(data["deals"]), str(data["updated_at"]), int(data["revision"]),
                   (int(data["stamp"][0]), int(data["stamp"][1])), stats)


# How the totals and players' statistics kept in the index were counted; an index of another
# rule is rebuilt from the game files. 2: a deal counts as its game counts deals (decision
# 108); 3: a team match's totals are the IMPs each team won (decision 201).
STATS_RULE = 3


class Why(Enum):
    """Why a stored game cannot be opened."""

    NEWER = "newer"  # written by a newer Scorer: its file is left untouched
    DAMAGED = "damaged"  # damaged (and its backup too, or it could not be moved aside)
    NO_ACCESS = "no access"  # its file cannot be read (permissions, a disk error)


@dataclass(frozen=True)
class UnreadableGame:
    """A stored game that cannot be opened, left where it is: why, and the reason in
    English."""

    id: str
    reason: str
    why: Why = Why.DAMAGED


def read_index(storage: Storage) -> dict[str, GameSummary]:
    """The stored summaries by game id; empty when the index is missing or damaged (it is
    rebuilt from the game files) or cannot be read."""
    try:
        raw = storage.read() or {}
        if raw and raw.get("meta", {}).get("stats_rule") != STATS_RULE:  # another rule: rebuilt
            return {}
        summaries = (GameSummary.from_dict(doc) for doc in raw.get("games", {}).values())
        return {s.id: s for s in summaries}
    except (CorruptFile, OSError, AttributeError, KeyError, TypeError, ValueError, IndexError):
        return {}


def write_index(storage: Storage, summaries: Iterable[GameSummary]) -> None:
    """Write the index (a file: atomically; OSError when the disk is full or read-only)."""
    docs = {str(i): s.to_dict() for i, s in enumerate(summaries, start=1)}
    storage.write({"games": docs, "meta": {"stats_rule": STATS_RULE}})
