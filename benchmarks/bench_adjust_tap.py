"""What one tap of the director's adjust panel sends to the browser (issue 32, decision 479):
the bytes of the messages Flet encodes for "Adjust at table 3", "N-S A+" and "E-W A-" on a
board's traveller of a 3-table Howell (2 rounds of 3 boards, round 1 played). A count, not a
time: the machine's load does not change it. Before decision 479 each tap drew the whole
traveller again; now it sends the chips and buttons it changes.

The real app over a real data folder (tests/flet_page.py), no browser. Run from the
repository (its tests/ on the path):

    PYTHONPATH=.:tests .venv/bin/python benchmarks/bench_adjust_tap.py
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import msgpack
from flet_page import ENCODE, Connection, scorer_app
from test_pairs_app import go, played, tap

from scorer.rules.pairs.session import PairsSession, PairsSettings

SENT: list[int] = []


def counted(self: Connection, message: object) -> None:
    SENT.append(len(msgpack.packb([message.action, message.body],  # type: ignore[attr-defined]
                                  default=ENCODE)))


def main() -> None:
    Connection.send_message = counted  # type: ignore[method-assign]
    session = PairsSession(PairsSettings("howell", 3, 3, 2))
    for table in (1, 2, 3):
        for board in (1, 2, 3):
            session = session.enter(played(board, table, 0, "4H", 10), "t")
    with tempfile.TemporaryDirectory() as folder, scorer_app(Path(folder) / "data") as app:
        record = app.keeper.store.pairs.create(session)
        go(app, f"/pairs/{record.id}/board/4")
        for label in ("Adjust at table 3", "N-S A+", "E-W A-"):
            SENT.clear()
            tap(app, label)
            print(f"{label!r}: {len(SENT)} messages, {sum(SENT)} bytes")


if __name__ == "__main__":
    main()
