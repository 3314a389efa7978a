"""The CPU a pairs evening's taps cost the server, measured in-process (issue 32, decision
421): the real app on a real Flet session (its messages encoded as `scorer serve` sends them,
then dropped) over a real data folder, a 15-table Mitchell of 3 rounds of 2 boards; every
table enters its boards. Reported: CPU milliseconds (``time.process_time``, so the machine's
load hardly moves them) of a chip's tap, an Accept (with the next board drawn) and the
director's changing part built (its rounds, missing results and ranking), median and mean,
with the load average beside.

    PYTHONPATH=. .venv/bin/python benchmarks/bench_pairs_cpu.py [--runs 3]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))

from controls import walk  # noqa: E402
from flet_page import scorer_app  # noqa: E402
from test_pairs_app import event, go, on_screen  # noqa: E402

from scorer.rules.pairs.session import PairsSession, PairsSettings  # noqa: E402
from scorer.ui.screens import addresses, pairs_director  # noqa: E402


def cpu_ms(call: Callable[[], Any]) -> float:
    began = time.process_time()
    call()
    return (time.process_time() - began) * 1000


def holder(app: Any, label: str) -> Any:
    """The control a tap on the button named ``label`` reaches (found before the clock)."""
    found = [c for c in on_screen(app) if getattr(c, "label", None) == label
             and getattr(c, "button", False)]
    assert found, label
    return found[0].content


def once() -> dict[str, list[float]]:
    took: dict[str, list[float]] = {"chip": [], "accept": [], "director": []}
    with tempfile.TemporaryDirectory(prefix="bench-pairs-cpu-") as tmp, \
            scorer_app(Path(tmp) / "data") as app:
        record = app.keeper.store.pairs.create(PairsSession(PairsSettings(
            "mitchell", 15, 2, rounds=3)))
        for table in range(1, 16):
            go(app, addresses.pairs_table(record.id, table))
            for _ in range(6):
                for name in ("Declarer North", "Level 2", "Hearts", "Tricks 9"):
                    control = holder(app, name)
                    took["chip"].append(cpu_ms(lambda c=control: event(app, c, "click")))
                accept = next(c.label for c in walk(app.page.views[0].controls)
                              if str(getattr(c, "label", "")).startswith("E-W accept"))
                control = holder(app, accept)

                def accepted(c: Any = control) -> None:
                    event(app, c, "click")
                    if app.drawn is None:  # the next board, left to a task (decision 421)
                        app.show()
                took["accept"].append(cpu_ms(accepted))
                stored = app.keeper.pairs.load(record.id)
                took["director"].append(cpu_ms(lambda r=stored: pairs_director._live(app, r)))
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    for number in range(1, args.runs + 1):
        load = " ".join(f"{x:.2f}" for x in os.getloadavg())
        took = once()
        print(f"run {number} (load {load}): " + "; ".join(
            f"{name} median {statistics.median(v):.1f} ms, mean {statistics.mean(v):.1f} ms "
            f"({len(v)})" for name, v in took.items()), flush=True)


if __name__ == "__main__":
    main()
