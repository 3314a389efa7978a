"""Where a pairs session stands: for each round and table, which boards have a result, which
are missing and which wait in a conflict (the director's view), and the round a table is on
with its card (what a table's phone shows: its boards, the opponents, where to go next).
Worked out from the session's results every time. Pure, standard library only."""

from __future__ import annotations

from dataclasses import dataclass

from ..values import InvalidInput, check_int
from .movement import Seating, TableCard, table_cards
from .session import PairsSession

__all__ = ["TableRound", "board_order", "current_round", "missing", "pass_to", "rounds_status"]


@dataclass(frozen=True, slots=True)
class TableRound:
    """One table in one round: its seating, and its boards entered, missing or in conflict."""

    seating: Seating
    entered: tuple[int, ...]
    missing: tuple[int, ...]
    in_conflict: tuple[int, ...]

    @property
    def done(self) -> bool:
        return not self.missing and not self.in_conflict


def rounds_status(session: PairsSession) -> tuple[tuple[TableRound, ...], ...]:
    """Every round (in order) with each of its tables' state (tables in play, in order)."""
    current = session.current()
    disputed = {c[0].result.key for c in session.conflicts}
    plan = session.movement
    status = []
    for number in range(1, plan.rounds + 1):
        tables = []
        for seating in plan.round_of(number):
            keys = [(board, seating.table) for board in seating.boards]
            tables.append(TableRound(
                seating,
                tuple(b for b, t in keys if (b, t) in current),
                tuple(b for b, t in keys if (b, t) not in current and (b, t) not in disputed),
                tuple(b for b, t in keys if (b, t) in disputed)))
        status.append(tuple(tables))
    return tuple(status)


def missing(session: PairsSession) -> tuple[tuple[int, int, int], ...]:
    """Every (round, table, board) still without a result (conflicts not counted)."""
    return tuple((row.seating.round, row.seating.table, board)
                 for rows in rounds_status(session) for row in rows for board in row.missing)


def current_round(session: PairsSession, table: object) -> tuple[TableRound, TableCard] | None:
    """The first round at ``table`` that is not done (its boards to enter, with the card
    that says who plays there and where everyone goes next), or None when the table has
    finished every round."""
    number = check_int("table", table, 1, session.movement.tables)
    cards = {(c.seating.round, c.seating.table): c for c in table_cards(session.movement)}
    found = False
    for rows in rounds_status(session):
        for row in rows:
            if row.seating.table != number:
                continue
            found = True
            if not row.done:
                return row, cards[(row.seating.round, number)]
    if not found:
        raise InvalidInput("table", number, "has no pair in any round (a sit-out table)")
    return None


def _group(seating: Seating) -> tuple[int, ...]:
    return tuple(sorted((seating.table, *seating.shared_with)))


def board_order(seating: Seating) -> tuple[int, ...]:
    """The order a table plays its round's boards in: its own set from its first board; a set
    shared by k tables (a 2- or 3-table Howell) from the board at the table's place among them
    (the first table board 1 of the set, the second board 2...), so that no two tables wait
    for one board (decision 410)."""
    start = _group(seating).index(seating.table) % len(seating.boards)
    return seating.boards[start:] + seating.boards[:start]


def pass_to(seating: Seating) -> int | None:
    """Where a table passes each board of a shared set once played: the table before it
    among the tables sharing it (the first: the last), which plays that board next or keeps
    it until it does. None: the set is the table's own."""
    if not seating.shared_with:
        return None
    group = _group(seating)
    return group[group.index(seating.table) - 1]
