"""A repeat visit with the boot screen held back and without, on the same phones (issue 33,
decision 596).

Run: python benchmarks/bench_hold.py SITE [--profiles N] [--visits N] [--cpu-budget CORES]
(SITE: a folder built by ``scorer publish``)

Why the same phones: what V8 keeps of each wasm's compiled code differs from one browser profile
to the next (decision 582) and moved a repeat visit by more than the hold does, so an A/B of two
sites, each on profiles of its own (``bench_web.py --site A --site B``), mixes the two. Here each
profile makes its first visit and one visit in which 5 deals are played (``bench_web.py
--played``), then its repeat visits alternate: with the hold (the site as it is) and without it
(the same site, ``boot-pace.js`` told by an init script that no service worker controls the page,
as on a first visit: Flet's boot screen drawn from Flutter's first frame at decision 585's pace,
as before decision 596; the page's own start, which asks the same, starts the app at once either
way). Prints, for each way, the median time to home, the browser's CPU seconds to home and
Python's "home sent" mark, with the machine's load before and after.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
from pathlib import Path

from bench_web import CpuBudget, Visits, load
from playwright.sync_api import sync_playwright

# Before the page's scripts: boot-pace.js reads navigator.serviceWorker.controller once, at the
# start of the page's head.
NO_HOLD = """(() => {
  if (navigator.serviceWorker) {
    Object.defineProperty(navigator.serviceWorker, "controller",
                          {get: () => null, configurable: true});
  }
})()"""
HELD = "Scorer: no frame until the first screen is up"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", type=Path)
    parser.add_argument("--profiles", type=int, default=3, help="browser profiles (3)")
    parser.add_argument("--visits", type=int, default=6,
                        help="repeat visits each way per profile (6)")
    parser.add_argument("--cpu-budget", type=float, metavar="CORES",
                        help="run Chromium in a cgroup CPU quota of CORES (e.g. 1)")
    args = parser.parse_args()
    print(f"load average at start: {load()} ({os.cpu_count()} cores)", flush=True)
    ways: dict[str, dict[str, list[float]]] = {
        way: {"home": [], "cpu": [], "sent": []} for way in ("held", "not held")}
    with sync_playwright() as p, tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        budget = CpuBudget(args.cpu_budget, tmp) if args.cpu_budget else None
        executable = str(budget.executable) if budget else None
        phones = [Visits(p.chromium, args.site, tmp / f"profile{i}", executable=executable)
                  for i in range(args.profiles)]
        try:
            for phone in phones:
                phone.first()
                phone.played(5, tmp, 5.0)
            for visit in range(args.visits):
                order = ("held", "not held") if visit % 2 == 0 else ("not held", "held")
                for way in order:
                    for phone in phones:
                        launch = phone.launch
                        seen: list[str] = []  # the page's word that it held its frames

                        def launched(way=way, launch=launch, seen=seen):
                            context, page = launch()
                            if way == "not held":
                                context.add_init_script(NO_HOLD)
                            page.on("console", lambda message: HELD in message.text and
                                    seen.append(message.text))
                            return context, page

                        phone.launch = launched
                        phone.stages = {}
                        seconds = phone.repeat()
                        phone.launch = launch
                        if bool(seen) != (way == "held"):
                            raise SystemExit(f"bench_hold: a visit {way} said {seen}")
                        ways[way]["home"].append(seconds)
                        ways[way]["cpu"].append(phone.cpu[-1])
                        ways[way]["sent"].extend(phone.stages.get("home sent", [])[:1])
        finally:
            for phone in phones:
                phone.site.stop()
            if budget:
                budget.remove()
    for way, figures in ways.items():
        print(f"{way}: home median {statistics.median(figures['home']):.2f} s "
              f"(runs {', '.join(f'{s:.2f}' for s in figures['home'])}); the browser's CPU to "
              f"home {statistics.median(figures['cpu']):.2f} s; home sent "
              f"{statistics.median(figures['sent']):.2f} s")
    held, free = (statistics.median(ways[w]["home"]) for w in ("held", "not held"))
    print(f"held / not held: {held / free:.2f}x")
    print(f"load average at end: {load()}")


if __name__ == "__main__":
    main()
