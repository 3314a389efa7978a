"""Players' statistics across stored games, per player name and game. Pure.

A game contributes one :class:`PlayerStats` per player; the store keeps them in its index so
that the statistics screen never has to open every game. Names are matched ignoring case.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import astuple, dataclass, fields
from operator import is_
from typing import Any

from .game import DealRecord, Game
from .rules.parts import stats_of

__all__ = ["PlayerStats", "game_stats", "combine"]


@dataclass(frozen=True)
class PlayerStats:
    """One player's record. ``points`` are their side's points over the ``deals`` they sat in
    (the deals their game counts: a deal dealt again by the same dealer is not one);
    ``declared``/``made`` count bridge contracts they declared; ``exact``/``over``/``failed``
    count Call Break calls met exactly, met with extra tricks, and failed."""

    name: str
    variant: str = ""  # the game these figures are for: points mean different things in each
    games: int = 0
    won: int = 0
    deals: int = 0
    points: int = 0
    declared: int = 0
    made: int = 0
    exact: int = 0
    over: int = 0
    failed: int = 0

    @property
    def average(self) -> float:
        return self.points / self.deals if self.deals else 0.0

    def __add__(self, other: PlayerStats) -> PlayerStats:
        return PlayerStats(self.name, self.variant,
                           *(getattr(self, n) + getattr(other, n) for n in _COUNTS))

    def to_list(self) -> list[Any]:
        """Compact form for the store's index: [name, variant, games, won, deals, ...]."""
        return list(astuple(self))

    @classmethod
    def from_list(cls, data: Sequence[Any], variant: str = "") -> PlayerStats:
        """A row of :meth:`to_list`; a row written before rows named their game (no variant)
        takes ``variant``, the game it came from."""
        name, *rest = data
        if len(rest) == len(_COUNTS):  # an index written by an earlier Scorer
            rest = [variant, *rest]
        if len(rest) != len(_COUNTS) + 1:
            raise ValueError("not a player statistics row")
        return cls(str(name), str(rest[0]), *(int(c) for c in rest[1:]))


_COUNTS = tuple(f.name for f in fields(PlayerStats) if f.name not in ("name", "variant"))


def game_stats(game: Game) -> tuple[PlayerStats, ...]:
    """What one game adds to each of its players' statistics."""
    winners = set(game.outcome.winners) if game.outcome else set()
    v = game.variant
    closing = game.closing
    rows = []
    for player, (name, counted) in enumerate(zip(game.players, _deal_counts(game),
                                                 strict=True)):
        party = v.party_of(player)
        counts = dict(counted)
        counts.update(games=1, won=int(party in winners))
        if closing is not None:  # an unfinished rubber's premiums are the side's points too
            counts["points"] += closing.points[party]
        rows.append(PlayerStats(name, game.variant_name, **counts))
    return tuple(rows)


# The deals' counts of the last few games counted, each under its last record (``id``; the
# entry holds the records, so the id is not reused while it is kept). A Save adds one deal to
# a game, and ``Game.add_deal`` keeps the game's earlier records, the same objects: the counts
# kept for them stand, and only the new deal is counted (issue 33, decision 373). A game whose
# records are not, object for object, a kept game's plus new ones (read from its file, a deal
# corrected or removed) is counted whole.
_KEPT = 16
_kept: dict[int, tuple[tuple[DealRecord, ...], str, tuple[dict[str, int], ...]]] = {}
_DEAL_COUNTS = tuple(name for name in _COUNTS if name not in ("games", "won"))


def _deal_counts(game: Game) -> tuple[dict[str, int], ...]:
    """Each player's counts over the game's counted deals (not games, won, closing)."""
    records = game.records
    rows: tuple[dict[str, int], ...] | None = None
    start = 0
    if len(records) > 1:
        kept = _kept.get(id(records[-2]))
        if kept is not None:
            before, variant, sums = kept
            if variant == game.variant_name and len(sums) == len(game.players) \
                    and len(before) < len(records) and all(map(is_, before, records)):
                rows, start = tuple(dict(c) for c in sums), len(before)
    if rows is None:
        rows = tuple(dict.fromkeys(_DEAL_COUNTS, 0) for _ in game.players)
    v = game.variant
    deal_stats = stats_of(v).deal_stats
    for record in records[start:]:
        # A deal counts as the game counts its deals: not one dealt again by the same
        # dealer (a MiniBridge redeal, a passed-out Chicago deal), whatever it scored.
        if not record.counted:
            continue
        for player, counts in enumerate(rows):
            added = deal_stats(record.deal, record.score, player)
            if added is None:
                continue
            counts["deals"] += 1
            counts["points"] += record.score.points[v.party_of(player)]
            for key, value in added.items():
                counts[key] += value
    if records:
        last = id(records[-1])
        _kept.pop(last, None)
        _kept[last] = (records, game.variant_name, tuple(dict(c) for c in rows))
        while len(_kept) > _KEPT:  # the oldest kept first
            _kept.pop(next(iter(_kept)), None)
    return rows


def combine(per_game: Iterable[Iterable[PlayerStats]]) -> list[PlayerStats]:
    """Statistics per player name (ignoring case) and game: a point in Call Break and a point
    in MiniBridge are not the same thing, so they are never averaged together. Players with
    the most games first, then by name; each player's games with the most played first."""
    totals: dict[tuple[str, str], PlayerStats] = {}
    for rows in per_game:
        for row in rows:
            key = (row.name.casefold(), row.variant)
            totals[key] = totals[key] + row if key in totals else row
    games: dict[str, int] = {}
    for (name, _variant), row in totals.items():
        games[name] = games.get(name, 0) + row.games
    return sorted(totals.values(), key=lambda s: (-games[s.name.casefold()], s.name.casefold(),
                                                  -s.games, s.variant))
