"""A pairs result's Accept in the published site (issue 32, decision 350): how long a table
waits from E-W's tap on *E-W accept board N* until the board shows as saved, now that the
screen moves on only once the result is in the browser's storage (IndexedDB), as a game's
Save does.

Run: python benchmarks/bench_pairs_web.py [--runs 3] [--accepts 5] [--site FOLDER]

It publishes the site (or serves ``--site``, a folder `scorer publish` made), serves it on
loopback and opens it in headless Chromium at phone size with a fresh profile (the first
visit, not measured); the director's form starts a 3-table Howell, and table 1's screen
enters boards one after another: *Passed out* (not timed), then the Accept, timed as a mouse
click at the button's centre (once it holds still) until the page's accessibility tree shows
"Correct board N" (or, for a round's last board, "Round R finished"), polled at every frame.
Each run prints the median and the largest of its Accepts, with the machine's load average
(1, 5, 15 min) at its start: a figure taken under load says little.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from browser import (  # noqa: E402
    CHROMIUM_ARGS,
    PHONE,
    SHOWN,
    Phone,
    StaticSite,
    block_other_hosts,
    chromium_path,
)

from scorer.ui.site.publish import publish  # noqa: E402

FIRST_VISIT = 600_000  # ms: Pyodide's first start on a loaded 2-core machine


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def timed_accept(phone: Phone, board: int, per_round: int) -> float:
    """Seconds from the Accept's click until the board shows as saved."""
    target = phone.button(f"E-W accept board {board}").first
    phone.shown(target, f"the Accept of board {board}")
    phone.scroll_to(target, tries=20)
    box = phone.steady_box(target)
    assert box is not None, "the Accept never held still"
    done = (f"Round {(board - 1) // per_round + 1} finished" if board % per_round == 0
            else f"Correct board {board}")
    start = time.perf_counter()
    phone.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    phone.page.wait_for_function(SHOWN, arg=done, polling="raf", timeout=120_000)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--accepts", type=int, default=5, help="Accepts timed per run")
    parser.add_argument("--site", type=Path, help="a site `scorer publish` made")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        folder = args.site
        if folder is None:
            folder = Path(tmp) / "site"
            publish(folder)
        site = StaticSite(folder).start()
        failures: list[str] = []
        try:
            with sync_playwright() as p:
                context = p.chromium.launch_persistent_context(
                    str(Path(tmp) / "profile"), executable_path=chromium_path(),
                    args=CHROMIUM_ARGS, headless=True, viewport=PHONE)
                block_other_hosts(context, failures)
                page = context.pages[0] if context.pages else context.new_page()
                phone = Phone(page, site.url)
                page.goto(site.url)
                phone.ready(FIRST_VISIT).see("Pairs evening", timeout=FIRST_VISIT)
                phone.tap("Pairs evening")
                phone.tap("Start the evening")  # 3 tables, a Howell, 3 boards a round
                phone.tap("Table 1")
                phone.see("Round 1 of 5")
                board = 0
                print(f"Accept until shown as saved, published site, Chromium {PHONE}")
                for run in range(1, args.runs + 1):
                    before = load()
                    times = []
                    for _ in range(args.accepts):
                        board += 1
                        phone.tap("Passed out")
                        phone.see("N-S 0 · E-W 0")
                        times.append(timed_accept(phone, board, 3))
                    print(f"run {run}: median {statistics.median(times) * 1000:.0f} ms, "
                          f"largest {max(times) * 1000:.0f} ms of {len(times)} Accepts; "
                          f"load average at the start {before}, at the end {load()}")
                context.close()
        finally:
            site.stop()
        assert failures == [], f"requests to other hosts: {failures}"


if __name__ == "__main__":
    main()
