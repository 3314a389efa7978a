"""A pairs session scored from its results: a traveller per board (every result with its
score for both sides and its lines), a personal score card per pair, each pair's total and
percentage, and the ranking (overall for a Howell, per direction for a Mitchell; equal
totals share a place). Worked out again from the results every time (decision 278).

Pure, standard library only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..values import Line, Msg
from .movement import MITCHELL, Movement
from .scoring import (
    Adjusted,
    BoardScore,
    butler,
    cross_imps,
    imps_unmatched,
    matchpoints,
    percent,
)
from .session import PairsSession, TableResult

__all__ = ["CardRow", "PairTotal", "Standings", "TravellerRow", "rank", "standings"]


@dataclass(frozen=True, slots=True)
class TravellerRow:
    """One table's line on a board's traveller."""

    round: int
    table: int
    ns_pair: int
    ew_pair: int
    result: TableResult
    ns_score: int | None  # None: adjusted
    ns: Fraction
    ew: Fraction
    lines: tuple[Line, ...]


@dataclass(frozen=True, slots=True)
class CardRow:
    """One board on a pair's personal score card, from that pair's side."""

    board: int
    round: int
    table: int
    direction: int  # 0 = N-S, 1 = E-W
    opponents: int
    result: TableResult
    score: int | None  # the pair's own score (None: adjusted)
    points: Fraction  # its matchpoints or IMPs
    top: Fraction | None


@dataclass(frozen=True, slots=True)
class PairTotal:
    pair: int
    points: Fraction  # matchpoints or IMPs
    top: Fraction | None  # matchpoints: the most the pair could have had on its boards
    boards: int
    place: int = 0
    shared: bool = False

    @property
    def percent(self) -> Fraction | None:
        return None if self.top is None else percent(self.points, self.top)


@dataclass(frozen=True, slots=True)
class Standings:
    travellers: dict[int, tuple[BoardScore, tuple[TravellerRow, ...]]]
    cards: dict[int, tuple[CardRow, ...]]
    ranking: tuple[tuple[PairTotal, ...], ...]  # one list (Howell) or N-S and E-W (Mitchell)


def _score_board(method: str, scores: Sequence[int | Adjusted], scale: str,
                 expected: int) -> BoardScore | None:
    real = [s for s in scores if isinstance(s, int)]
    if method == "matchpoints":
        return matchpoints(scores, scale, max(expected, len(scores))) if scores else None
    if not scores:
        return None
    if len(real) < 2:
        return imps_unmatched(scores, method)
    return cross_imps(scores) if method == "cross-imps" else butler(scores)


def standings(session: PairsSession) -> Standings:
    """Score every board with the results entered so far and rank the pairs."""
    settings = session.settings
    plan = session.movement
    expected = max(plan.times_played().values())
    current = session.current()
    travellers: dict[int, tuple[BoardScore, tuple[TravellerRow, ...]]] = {}
    cards: dict[int, list[CardRow]] = {p: [] for p in plan.pair_numbers}
    for board in range(1, plan.boards + 1):
        seats = [s for s in plan.seatings if board in s.boards]
        played = [(s, current[(board, s.table)]) for s in seats if (board, s.table) in current]
        scored = [(s, e.result, *e.result.ns_score()) for s, e in played]
        board_score = _score_board(settings.scoring, [x[2] for x in scored], settings.scale,
                                   expected)
        if board_score is None:
            continue
        rows = []
        for (seating, result, ns_points, lines), mark in zip(scored, board_score.results,
                                                              strict=True):
            ns_score = ns_points if isinstance(ns_points, int) else None
            rows.append(TravellerRow(seating.round, seating.table, seating.ns, seating.ew,
                                     result, ns_score, mark.ns, mark.ew,
                                     (*lines, *mark.lines)))
            for pair, direction, other, points in ((seating.ns, 0, seating.ew, mark.ns),
                                                   (seating.ew, 1, seating.ns, mark.ew)):
                own = None if ns_score is None else (ns_score if direction == 0 else -ns_score)
                cards[pair].append(CardRow(board, seating.round, seating.table, direction,
                                           other, result, own, points, board_score.top))
        travellers[board] = (board_score, tuple(rows))
    totals = [PairTotal(pair, sum((r.points for r in rows), Fraction(0)),
                        None if settings.scoring != "matchpoints"
                        else sum((r.top or Fraction(0) for r in rows), Fraction(0)),
                        len(rows)) for pair, rows in cards.items()]
    groups = _groups(plan, totals)
    return Standings(travellers, {p: tuple(r) for p, r in cards.items()},
                     tuple(rank(group) for group in groups))


def _groups(plan: Movement, totals: list[PairTotal]) -> list[list[PairTotal]]:
    if plan.kind != MITCHELL:
        return [totals]
    return [[t for t in totals if t.pair <= plan.tables], [t for t in totals
                                                            if t.pair > plan.tables]]


def rank(totals: Sequence[PairTotal]) -> tuple[PairTotal, ...]:
    """Best first, by percentage where there is one (matchpoints), else by points; a place
    shared by equal results ('2=' twice, then 4)."""
    def value(total: PairTotal) -> Fraction:
        found = total.percent
        return total.points if found is None else found

    ordered = sorted(totals, key=lambda t: (-value(t), t.pair))
    placed = []
    for total in ordered:
        better = sum(1 for other in ordered if value(other) > value(total))
        same = sum(1 for other in ordered if value(other) == value(total))
        placed.append(PairTotal(total.pair, total.points, total.top, total.boards,
                                better + 1, same > 1))
    return tuple(placed)


def place_msg(total: PairTotal) -> Msg:
    """'1', '2=' (a shared place)."""
    return Msg.of("pairs.place_shared" if total.shared else "pairs.place", n=total.place)
