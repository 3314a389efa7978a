"""A pairs evening's printable pages and its JSON export/import (issue 32). Run:
python benchmarks/bench_pairs_print.py

The largest evening offered: a 15-table Mitchell, 15 rounds of 2 boards, every result entered
(450 results). Measures the HTML of every page (cards, movement, results), its size, and an
export then an import of the evening into another real data folder. No target: the figures
are for the report (a director waits once for each, on a phone in the published build).
Reading the evening back (the core's from_dict, which the store runs at every load) took
3.7 s before the movement was made once per settings (decision 347), 0.07 s after.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from scorer.i18n import Translator
from scorer.pairs_print import pairs_html
from scorer.rules.bridge_games import BridgeDeal
from scorer.rules.contract import Contract
from scorer.rules.pairs.session import PairsSession, PairsSettings, TableResult
from scorer.store import Store

CONTRACTS = ("4H", "3NT", "2S", "1NT", "4S", "3C")


def full_evening() -> PairsSession:
    session = PairsSession(PairsSettings("mitchell", 15, 2, names={1: "Ana & Ben"}))
    for index, seating in enumerate(session.movement.seatings):
        for board in seating.boards:
            deal = BridgeDeal(index % 4, Contract.parse(CONTRACTS[(index + board) % 6]),
                              7 + (index * 3 + board) % 6)
            session = session.enter(TableResult(board, seating.table, deal), "2026-12-05T20:00")
    return session


def timed(work, times: int = 5) -> float:
    took = []
    for _ in range(times):
        start = time.perf_counter()
        work()
        took.append(time.perf_counter() - start)
    return statistics.median(took)


def main() -> None:
    session = full_evening()
    t = Translator("en")
    html = pairs_html(session, t)
    print(f"results: {len(session.entries)}; HTML: {len(html) / 1024:.0f} KiB")
    print(f"every page (median of 5): {timed(lambda: pairs_html(session, t)) * 1000:.0f} ms")
    cards = timed(lambda: pairs_html(session, t, ("cards", "movement")))
    print(f"table cards and movement: {cards * 1000:.0f} ms")
    with tempfile.TemporaryDirectory() as folder:
        with Store(Path(folder) / "one") as store:
            record = store.pairs.create(session)
            text = store.export_json([], [record.id])
            export = timed(lambda: store.export_json([], [record.id]))
        print(f"export of the evening (JSON {len(text) / 1024:.0f} KiB): {export * 1000:.0f} ms")
        counter = iter(range(100))

        def into_new_folder() -> None:
            with Store(Path(folder) / f"to{next(counter)}") as other:
                assert other.import_data(text).evenings == [record.id]

        print(f"import into a new data folder: {timed(into_new_folder) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
