"""Where a pairs session stands (scorer.rules.pairs.progress): the director's view of rounds
and tables, what is missing, and the round a table's phone shows."""

from __future__ import annotations

import pytest

from scorer.rules import InvalidInput
from scorer.rules.bridge_games import BridgeDeal
from scorer.rules.contract import Contract
from scorer.rules.pairs.progress import current_round, missing, rounds_status
from scorer.rules.pairs.session import PairsSession, PairsSettings, TableResult

AT = "2026-12-05T20:00:00Z"


def made(board: int, table: int, tricks: int = 10) -> TableResult:
    return TableResult(board, table, BridgeDeal(0, Contract.parse("4S"), tricks))


def test_a_fresh_session_misses_everything_and_each_table_starts_at_round_one():
    session = PairsSession(PairsSettings("mitchell", 3, 2))
    assert len(missing(session)) == 3 * 3 * 2  # rounds x tables x boards
    row, card = current_round(session, 2)
    assert (row.seating.round, row.seating.table, row.missing) == (1, 2, (3, 4))
    assert (row.seating.ns, row.seating.ew) == (2, 5)
    assert card.ew_next == (3, 1) and card.boards_next == 1


def test_a_table_moves_on_when_its_round_is_entered_and_finishes():
    session = PairsSession(PairsSettings("mitchell", 3, 1))
    # table 1 plays board 1, then 2, then 3 (the boards come down from table 2, then 3)
    for board in (1, 2, 3):
        row, _ = current_round(session, 1)
        assert row.missing == (board,)
        session = session.enter(made(board, 1), AT)
    assert current_round(session, 1) is None
    status = rounds_status(session)
    assert [[row.done for row in rows] for rows in status] == [[True, False, False]] * 3
    assert missing(session) == ((1, 2, 2), (1, 3, 3), (2, 2, 3), (2, 3, 1), (3, 2, 1),
                                (3, 3, 2))


def test_a_conflict_holds_the_round_open_and_is_not_missing():
    settings = PairsSettings("mitchell", 3, 1)
    clash = PairsSession(settings).enter(made(1, 1), AT).merge(
        PairsSession(settings).enter(made(1, 1, 9), AT))
    row, _ = current_round(clash, 1)
    assert (row.seating.round, row.in_conflict, row.missing, row.done) == (1, (1,), (), False)
    assert (1, 1, 1) not in missing(clash)


def test_the_table_of_a_missing_pair_and_bad_tables():
    session = PairsSession(PairsSettings("mitchell", 3, 1, pairs=5))
    with pytest.raises(InvalidInput, match="table: 3 has no pair in any round"):
        current_round(session, 3)
    with pytest.raises(InvalidInput, match="table: 4 is not between 1 and 3"):
        current_round(session, 4)
