"""A finger's tap holds a worker's answer until the next frame, in any page (decision 609).

Run: python benchmarks/bench_touch_defer.py [--taps 15] [--busy 3,8,14] [--runs 2]

Not Scorer: a page of one grey box and a Web Worker, to tell Chromium's part of a tap from
the app's. A click on the box posts a message to the worker, which works ``--busy`` ms (each
of the list in turn; Scorer's Python worker takes 5-10 ms for a tap) and answers; the page
notes when the answer's message runs, in ms after the click (the click event's time): an
answer ready before the frame that follows a finger's tap waits for it. Timed for taps by a
finger (``page.touchscreen``, on a page with a touch screen) and by a mouse, alternated
``--runs`` times, with Chromium as it is and with
``--disable-features=DeferRendererTasksAfterInput`` (Chromium's feature that, after a
discrete input that asked for a frame, holds the page's other tasks until that frame has
run). The first three taps of each run are left out.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from browser import CHROMIUM_ARGS, PHONE, StaticSite, chromium_path  # noqa: E402

PAGE = """<!doctype html><html><head><meta name="viewport" content="width=device-width"></head>
<body style="margin:0"><div id="box" style="width:200px;height:100px;background:#ccc">tap</div>
<script>
const worker = new Worker("worker.js");
let clicked = 0;
window.answers = [];
worker.onmessage = () => window.answers.push(performance.now() - clicked);
document.getElementById("box").addEventListener("click", (event) => {
  clicked = event.timeStamp;
  worker.postMessage(null);
});
</script></body></html>
"""
WORKER = """onmessage = () => {
  const start = performance.now();
  while (performance.now() - start < BUSY) {}
  postMessage(null);
};
"""
FLAG = "--disable-features=DeferRendererTasksAfterInput"


def taps(browser, url: str, touch: bool, count: int) -> list[float]:
    """Ms from each click until the worker's answer runs on the page (the first three left
    out)."""
    context = browser.new_context(viewport=PHONE, has_touch=touch)
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("() => document.getElementById('box') !== null")
    page.wait_for_timeout(500)
    for n in range(count):
        if touch:
            page.touchscreen.tap(100, 50)
        else:
            page.mouse.click(100, 50)
        page.wait_for_function(f"() => window.answers.length > {n}")
        page.wait_for_timeout(100)
    answers: list[float] = page.evaluate("window.answers")
    context.close()
    return answers[3:]


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=15)
    parser.add_argument("--busy", default="3,8,14",
                        help="the worker's work per tap, ms (a comma-separated list)")
    parser.add_argument("--runs", type=int, default=2)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-touch-defer-"))
    busy = [int(ms) for ms in args.busy.split(",")]
    for ms in busy:
        (folder / f"{ms}.html").write_text(PAGE.replace("worker.js", f"worker{ms}.js"))
        (folder / f"worker{ms}.js").write_text(WORKER.replace("BUSY", str(ms)))
    site = StaticSite(folder).start()
    print("load average at start: " + ", ".join(f"{n:.2f}" for n in os.getloadavg()), flush=True)
    try:
        with sync_playwright() as p:
            for flags in ([], [FLAG]):
                browser = p.chromium.launch(executable_path=chromium_path(),
                                            args=[*CHROMIUM_ARGS, *flags])
                said = " ".join(flags) or "Chromium as it is"
                for ms in busy:
                    for run in range(args.runs):
                        for touch in (True, False):
                            times = taps(browser, f"{site.url}{ms}.html", touch, args.taps)
                            print(f"{said}, worker {ms} ms, run {run + 1}, by "
                                  f"{'a finger' if touch else 'a mouse'}: click -> worker's "
                                  f"answer on the page: median {statistics.median(times):.1f} "
                                  f"ms (min {min(times):.1f}, max {max(times):.1f})",
                                  flush=True)
                browser.close()
    finally:
        site.stop()


if __name__ == "__main__":
    main()
