"""Where a repeat visit's CPU goes, by process and thread of Chromium (issue 33, decision 451),
and which WebAssembly modules Chromium keeps compiled code for (decision 550).

Run: python benchmarks/bench_visit_cpu.py SITE [--repeats N] [--stay S] [--no-omnibox-webui]
(SITE: a folder built by ``scorer publish``; default 3 repeat visits)

The first visit (online) is made and its Python snapshot kept; then each repeat visit, offline,
launches the browser and counts the CPU seconds every thread of its processes used from the
navigation to the home screen (``bench_web.browser_threads``, Linux /proc), then keeps the page
open ``--stay`` seconds (0), time in which V8 may write its code caches. Prints each visit's
time and CPU (and the page's thread pool, main thread and Python worker apart), the bytes of
compiled code Chromium keeps beside each ``.wasm`` of the site's Cache Storage after it, then the
mean CPU per visit of each (process type, thread name), largest first. CPU seconds and the
cache's bytes are what the other work of a shared machine changes least; the wall-clock times
are printed only beside them.
"""

from __future__ import annotations

import argparse
import collections
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_web import (  # noqa: E402
    NO_OMNIBOX_WEBUI,
    Visits,
    browser_threads,
    home,
    load,
    wasm_code_caches,
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path, help="a folder built by scorer publish")
    parser.add_argument("--repeats", type=int, default=3, help="repeat visits (3)")
    parser.add_argument("--stay", type=float, default=0.0,
                        help="seconds each page stays open after its home screen (0)")
    parser.add_argument("--no-omnibox-webui", action="store_true",
                        help="Chromium without its WebUI address-bar popup (decision 551)")
    args = parser.parse_args()
    extra = (NO_OMNIBOX_WEBUI,) if args.no_omnibox_webui else ()
    print(f"load average at start: {load()}")
    total: collections.Counter[tuple[str, str]] = collections.Counter()
    with tempfile.TemporaryDirectory(prefix="bench-visit-cpu-") as tmp, \
            sync_playwright() as playwright:
        profile = Path(tmp) / "profile"
        visits = Visits(playwright.chromium, args.site, profile, extra_args=extra)
        seconds, sent = visits.first()
        print(f"first visit: {sent / 1e6:.1f} MB sent, home in {seconds:.1f} s; compiled code "
              f"kept: {wasm_code_caches(profile)}")
        for n in range(args.repeats):
            context, page = visits.launch()
            before = browser_threads()
            seconds = home(page, visits.site.url)
            used = browser_threads()
            used.subtract(before)
            time.sleep(args.stay)
            context.close()
            total.update(used)
            pool = sum(cpu for (kind, thread), cpu in used.items()
                       if kind == "renderer" and thread.startswith("ThreadPool"))
            print(f"repeat visit {n + 1}: home in {seconds:.2f} s, "
                  f"{sum(used.values()):.2f} s of CPU (page: thread pool {pool:.2f}, main "
                  f"{used[('renderer', 'chromium')]:.2f}, Python worker "
                  f"{used[('renderer', 'DedicatedWorker')]:.2f}); compiled code kept: "
                  f"{wasm_code_caches(profile)}", flush=True)
    print(f"mean CPU seconds per repeat visit, {sum(total.values()) / args.repeats:.2f} in all:")
    for (kind, thread), used_s in total.most_common():
        if used_s / args.repeats >= 0.005:
            print(f"  {used_s / args.repeats:6.2f}  {kind}: {thread}")
    print(f"load average at end: {load()}")


if __name__ == "__main__":
    main()
