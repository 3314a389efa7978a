"""Where a repeat visit's CPU goes, by process and thread of Chromium (issue 33, decision 451).

Run: python benchmarks/bench_visit_cpu.py SITE [--repeats N]
(SITE: a folder built by ``scorer publish``; default 3 repeat visits)

The first visit (online) is made and its Python snapshot kept; then each repeat visit, offline,
launches the browser and counts the CPU seconds every thread of its processes used from the
navigation to the home screen (``bench_web.browser_threads``, Linux /proc). Prints each visit's
time and CPU, then the mean CPU per visit of each (process type, thread name), largest first.
CPU seconds are what the other work of a shared machine changes least; the wall-clock times
are printed only beside them.
"""

from __future__ import annotations

import argparse
import collections
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_web import Visits, browser_threads, home, load  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path, help="a folder built by scorer publish")
    parser.add_argument("--repeats", type=int, default=3, help="repeat visits (3)")
    args = parser.parse_args()
    print(f"load average at start: {load()}")
    total: collections.Counter[tuple[str, str]] = collections.Counter()
    with tempfile.TemporaryDirectory(prefix="bench-visit-cpu-") as tmp, \
            sync_playwright() as playwright:
        visits = Visits(playwright.chromium, args.site, Path(tmp) / "profile")
        seconds, sent = visits.first()
        print(f"first visit: {sent / 1e6:.1f} MB sent, home in {seconds:.1f} s")
        for n in range(args.repeats):
            context, page = visits.launch()
            before = browser_threads()
            seconds = home(page, visits.site.url)
            used = browser_threads()
            used.subtract(before)
            context.close()
            total.update(used)
            print(f"repeat visit {n + 1}: home in {seconds:.2f} s, "
                  f"{sum(used.values()):.2f} s of CPU", flush=True)
    print(f"mean CPU seconds per repeat visit, {sum(total.values()) / args.repeats:.2f} in all:")
    for (kind, thread), used_s in total.most_common():
        if used_s / args.repeats >= 0.005:
            print(f"  {used_s / args.repeats:6.2f}  {kind}: {thread}")
    print(f"load average at end: {load()}")


if __name__ == "__main__":
    main()
