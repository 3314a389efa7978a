"""What the director's correction sends to the browser (issue 32, decisions 495-498): the
bytes of the messages Flet encodes for drawing board 1's traveller of a 3-table Howell (2
rounds of 3 boards, all played), then for "Correct table 2's result", "Tricks 9" and
"Correct table 3's result". A count, not a time: the machine's load does not change it. The
correction opens in place (decision 498): only its inputs are sent, not the traveller.

The real app over a real data folder (tests/flet_page.py), no browser. Run from the
repository (its tests/ on the path):

    PYTHONPATH=.:tests .venv/bin/python benchmarks/bench_fix_tap.py
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from bench_adjust_tap import SENT, counted
from flet_page import Connection, scorer_app
from test_pairs_app import go, played, tap

from scorer.rules.pairs.session import PairsSession, PairsSettings


def main() -> None:
    Connection.send_message = counted  # type: ignore[method-assign]
    session = PairsSession(PairsSettings("howell", 3, 3, 2))
    for seating in session.movement.seatings:
        for board in seating.boards:
            session = session.enter(played(board, seating.table, 0, "4H", 10), "t")
    with tempfile.TemporaryDirectory() as folder, scorer_app(Path(folder) / "data") as app:
        record = app.keeper.store.pairs.create(session)
        SENT.clear()
        go(app, f"/pairs/{record.id}/board/1")
        print(f"the traveller: {len(SENT)} messages, {sum(SENT)} bytes")
        for label in ("Correct table 2's result", "Tricks 9", "Correct table 3's result"):
            SENT.clear()
            tap(app, label)
            print(f"{label!r}: {len(SENT)} messages, {sum(SENT)} bytes")


if __name__ == "__main__":
    main()
