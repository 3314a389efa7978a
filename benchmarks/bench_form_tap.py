"""What one tap of the new evening's form sends to the browser (issue 32, decision 490): the
bytes of the messages Flet encodes for "4 tables", "Movement Mitchell", "2 boards per round"
and "5 tables" on the form. A count, not a time: the machine's load does not change it.
Before decision 490 a choice of tables or movement drew the whole form again; now it sends
the parts it changes (the movements, the rounds, the names) and the chips restyled.

The real app over a real data folder (tests/flet_page.py), no browser. Run from the
repository (its tests/ and benchmarks/ on the path):

    PYTHONPATH=.:tests:benchmarks .venv/bin/python benchmarks/bench_form_tap.py
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from bench_adjust_tap import SENT, counted
from flet_page import Connection, scorer_app
from test_pairs_app import go, tap

from scorer.ui.screens import addresses


def main() -> None:
    Connection.send_message = counted  # type: ignore[method-assign]
    with tempfile.TemporaryDirectory() as folder, scorer_app(Path(folder) / "data") as app:
        go(app, addresses.pairs_new())
        for label in ("4 tables", "Movement Mitchell", "2 boards per round", "5 tables"):
            SENT.clear()
            tap(app, label)
            print(f"{label!r}: {len(SENT)} messages, {sum(SENT)} bytes")


if __name__ == "__main__":
    main()
