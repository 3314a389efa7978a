"""A club's pairs evening on `scorer serve` under load (issue 32): a 15-table Mitchell, every
table on its own connection, all 15 tapping Accept at the same moment for each board of each
round; the director's view open on a 16th connection. Reports, per run: the time from a
table's Accept to the director's view showing that board entered (median, 90th percentile,
max), the server's resident memory (start, end) and the CPU seconds it used, results kept
(exactly once each) and conflicts, with the load average beside each run.

The phones are clients of Flet's websocket protocol (tests/pairs_load.py: why not 16
Chromium contexts on 2 cores). Run:

    .venv/bin/python benchmarks/bench_pairs.py [--runs 3] [--rounds 3] [--tables 15]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))

import browser  # noqa: E402
from pairs_load import play  # noqa: E402
from test_serve import cpu_and_memory, server_process  # noqa: E402

from scorer.rules.pairs.session import PairsSession, PairsSettings  # noqa: E402
from scorer.store import Store  # noqa: E402


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def once(tables: int, rounds: int, boards: int) -> str:
    with tempfile.TemporaryDirectory(prefix="bench-pairs-") as tmp:
        data = Path(tmp) / "data"
        with Store(data) as store:
            record = store.pairs.create(PairsSession(PairsSettings(
                "mitchell", tables, boards, rounds=rounds)))
        seatings = list(record.session.movement.seatings)
        with contextlib.redirect_stdout(io.StringIO()), browser.served(data) as url:
            process = server_process(url)
            cpu0, rss0 = cpu_and_memory(process)
            began = time.monotonic()
            run = play(url, record.id, seatings, tables, rounds, boards)
            took = time.monotonic() - began
            cpu1, rss1 = cpu_and_memory(process)
        with Store(data) as store:
            session = store.pairs.load(record.id).session
    keys = [e.result.key for e in session.entries]
    delays = sorted(run.delays())
    expected = tables * rounds * boards
    tenth = delays[int(0.9 * (len(delays) - 1))] if delays else float("nan")
    own = sorted(run.table_delays())
    own_tenth = own[int(0.9 * (len(own) - 1))] if own else float("nan")
    return (f"{len(keys)} of {expected} results kept ({len(set(keys))} distinct), "
            f"{len(session.conflicts)} conflicts, errors: {run.errors or 'none'}, boards "
            f"entered again after a reload (a lost Accept): {run.retaps}, handlers failed: "
            f"{len(run.crashed)}, taps said to be too late: {run.late}; "
            f"save -> director's view over {len(delays)} saves: median "
            f"{statistics.median(delays):.2f} s, 90% {tenth:.2f} s, max {delays[-1]:.2f} s; "
            f"save -> the table's next board: median {statistics.median(own):.2f} s, 90% "
            f"{own_tenth:.2f} s, max {own[-1]:.2f} s; "
            f"server RSS {rss0 / 1024:.0f} -> {rss1 / 1024:.0f} MB, CPU {cpu1 - cpu0:.1f} s "
            f"({1000 * (cpu1 - cpu0) / max(1, len(keys)):.0f} ms a save, the 16 sessions' "
            f"opening included) in {took:.0f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--tables", type=int, default=15)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--boards", type=int, default=2)
    args = parser.parse_args()
    for number in range(1, args.runs + 1):
        print(f"run {number}: load average at start {load()}", flush=True)
        print("  " + once(args.tables, args.rounds, args.boards), flush=True)
        print(f"run {number}: load average at end {load()}", flush=True)


if __name__ == "__main__":
    main()
