"""Issue 32's load test: 15 tables of a Mitchell saving at once on `scorer serve`, each
table and the director a client of Flet's websocket protocol (tests/pairs_load.py says why
not 16 browsers). Nothing lost, nothing twice, no conflict, and the director's view ends
complete. How fast the director's view follows each save is measured in
benchmarks/bench_pairs.py, never here."""

from __future__ import annotations

from browser import served
from pairs_load import play, result_of

from scorer.rules.pairs.session import PairsSession, PairsSettings
from scorer.store import Store

TABLES, ROUNDS, BOARDS = 15, 2, 2


def test_fifteen_tables_saving_at_once_lose_nothing(tmp_path):
    data = tmp_path / "data"
    with Store(data) as store:
        record = store.pairs.create(PairsSession(PairsSettings(
            "mitchell", TABLES, BOARDS, rounds=ROUNDS)))
    seatings = list(record.session.movement.seatings)
    with served(data) as url:
        run = play(url, record.id, seatings, TABLES, ROUNDS, BOARDS)
    assert run.errors == []
    # No tap lost: no table had to reload and enter a board again, no handler failed
    # (decision 420: what another table's save changes is answered between taps).
    assert run.retaps == 0 and run.crashed == []
    with Store(data) as store:
        session = store.pairs.load(record.id).session
    played = {(b, s.table) for s in seatings for b in s.boards}
    keys = [entry.result.key for entry in session.entries]
    assert sorted(keys) == sorted(played)  # every result kept, each exactly once
    assert session.conflicts == () and session.history == ()
    for entry in session.entries:
        board, table = entry.result.key
        seat, level, strain, tricks = result_of(table, board)
        deal = entry.result.deal
        assert deal is not None and deal.contract is not None
        assert (deal.declarer, deal.contract.level, deal.tricks) == (seat, level, tricks)
        assert deal.contract.strain.value == ("C", "D", "H", "S", "NT")[strain]
    # The director's view ended showing every table's every board entered.
    expected = {(s.round, s.table, k) for s in seatings for k in range(1, len(s.boards) + 1)}
    assert expected <= set(run.seen)
