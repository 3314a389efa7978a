"""A tap in the published site, split on the page's and the Python worker's clocks (issue 33).

Run: python benchmarks/bench_tap_py.py [--site DIR] [--taps 40] [--profile N] [--page-profile]
         [--touch] [--browser-arg=ARG ...]

The site (``scorer publish``, or ``--site`` built before) in headless Chromium at phone size,
driven as ``bench_web.py`` drives it: a 50-deal game of ``--variant`` is imported and opened,
a deal entered up to its timed taps, and then ``--taps`` taps alternate between the two chips
of ``bench_web``'s tap pair (Tricks 8 / Tricks 7 in Draw Bridge), each until its preview is
shown. Hooks on both sides of the worker's messages (Playwright's handle on the worker) give,
in ms after the press (both clocks on the epoch): the page posts the event, the worker has it,
the worker's first and last message back, the page has the first and the last, the text is
drawn; and:
- worker ms: from the event reaching the worker until its last message back;
- python ms: Flet's ``_trigger_event`` of the tap (the handler, its preview, Flet's comparison
  and the messages' encoding; without the event's decoding);
- frames the page copies off its canvas (``transferToImageBitmap``) from the press until
  150 ms after the text is drawn (and, before the taps, in 2 s with nothing pressed);
- the messages and bytes each tap sends.
``--touch``: the taps are a finger's, on a page with a touch screen (as ``bench_web.py
--touch``), else a mouse's. ``--browser-arg=ARG``: a flag for Chromium, e.g.
``--browser-arg=--disable-features=DeferRendererTasksAfterInput`` (decision 609: after a
finger's tap, Chromium holds the page's tasks, the worker's answer among them, until its
next frame).
``--profile N``: cProfile's profiler (``_lsprof``: Pyodide has no ``cProfile`` module) over
the last N taps, its Python function calls per tap (a figure no load changes) and top
functions. ``--page-profile``: DevTools' profiler on the page's main thread over the taps,
its time by file. The first quarter of the taps (Pyodide warming up) and the profiled ones
are left out of the medians. Times are wall clocks: on a busy machine they swing; the calls,
frames and bytes do not.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import bench_web as b  # noqa: E402
import bench_where  # noqa: E402

# In the worker: each message in and out, on the worker's clock.
WORKER_HOOK = """() => {
  const log = self.scorerWorkerLog = [];
  const onmessage = self.onmessage;
  self.onmessage = e => { log.push(['in', performance.now(), 0]); return onmessage(e); };
  const post = self.postMessage.bind(self);
  self.postMessage = (d, t) => {
    log.push(['out', performance.now(), d && d.byteLength !== undefined ? d.byteLength : -1]);
    return post(d, t);
  };
  return true;
}"""

# In the worker's Python: each event's _trigger_event timed; cProfile when asked.
PY_HOOK = r"""
import io, time
import flet.controls.base_control as _bc
_scorer_flets = _bc.BaseControl._trigger_event
SCORER_TIMES = []
SCORER_PROF = [None, 0]

async def _scorer_timed(self, event_name, event_data, e=None):
    prof = SCORER_PROF[0]
    start = time.perf_counter()
    if prof is not None:
        prof.enable()
    try:
        return await _scorer_flets(self, event_name, event_data, e)
    finally:
        if prof is not None:
            prof.disable()
            SCORER_PROF[1] += 1
        SCORER_TIMES.append((event_name, (time.perf_counter() - start) * 1000))

_bc.BaseControl._trigger_event = _scorer_timed

def _scorer_where(code):
    if isinstance(code, str):
        return code
    name = code.co_filename.split("site-packages/")[-1].split("/lib/python")[-1]
    return f"{name}:{code.co_firstlineno}({code.co_name})"

def scorer_profile_text(top):
    taps = max(1, SCORER_PROF[1])
    entries = SCORER_PROF[0].getstats()
    calls = sum(e.callcount for e in entries)
    lines = [f"Python function calls per tap: {calls / taps:.0f}; "
             f"ms per tap by function (Pyodide, profiled, so slower than unprofiled):"]
    for title, key in (("cumulative", lambda e: e.totaltime),
                       ("own time", lambda e: e.inlinetime)):
        lines.append(f"  by {title}: calls/tap  own ms  cumulative ms  function")
        for e in sorted(entries, key=key, reverse=True)[:top]:
            lines.append(f"    {e.callcount / taps:8.1f} {e.inlinetime * 1000 / taps:7.3f} "
                         f"{e.totaltime * 1000 / taps:7.3f}  {_scorer_where(e.code)}")
    return "\n".join(lines)
"""


def python_worker(page: Any) -> Any:
    for _ in range(100):
        for worker in page.workers:
            if worker.url.endswith("python-worker.js"):
                return worker
        time.sleep(0.1)
    raise AssertionError("no Python worker on the page")


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a site built before (else published now)")
    parser.add_argument("--taps", type=int, default=40)
    parser.add_argument("--profile", type=int, default=0, help="cProfile over the last N taps")
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--page-profile", action="store_true",
                        help="DevTools' profiler on the page's main thread over the taps")
    parser.add_argument("--variant", default="draw-bridge", choices=sorted(b.GAMES))
    parser.add_argument("--touch", action="store_true", help="a finger's taps (else a mouse's)")
    parser.add_argument("--browser-arg", action="append", default=[],
                        help="a flag for Chromium (may be given more than once)")
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="bench-tap-py-"))
    site = args.site or b.publish(tmp / "site", renderer="auto")
    print(f"{site}: load average at start: {b.load()}", flush=True)
    case = b.GAMES[args.variant]
    rows: list[dict[str, float]] = []
    with sync_playwright() as p:
        visits = b.Visits(p.chromium, site, tmp / "profile", touch=args.touch,
                          extra_args=tuple(args.browser_arg))
        try:
            context, page, table = bench_where.hooked_table(visits, tmp, args)
            if case.big:
                table.import_file(b.export_file(tmp, "game.json", [case.make()]),
                                  case.open_name)
                table.phone.tap(case.open_name, exact=False)
                table.phone.tap(f"New {case.unit}")
            else:
                table.phone.tap("New game")
                raise SystemExit("only the variants with a stored game are driven here")
            for name in case.tap_setup:
                table.phone.tap(name)
            table.phone.see(case.tap_pair[-1][1])
            worker = python_worker(page)
            worker.evaluate(WORKER_HOOK)
            worker.evaluate("code => self.pyodide.runPython(code)", PY_HOOK)
            page.evaluate("""() => { const c = window.scorerFrames = {n: 0};
              const made = OffscreenCanvas.prototype.transferToImageBitmap;
              OffscreenCanvas.prototype.transferToImageBitmap = function () {
                c.n++; return made.apply(this, arguments); };
              return true; }""")
            page.wait_for_timeout(500)
            page.evaluate("window.scorerFrames.n = 0")
            page.wait_for_timeout(2000)
            print(f"frames copied in 2 s with no tap: {page.evaluate('window.scorerFrames.n')}")
            cdp = context.new_cdp_session(page) if args.page_profile else None
            if cdp is not None:
                cdp.send("Profiler.enable")
                cdp.send("Profiler.setSamplingInterval", {"interval": 200})
                cdp.send("Profiler.start")
            for n in range(args.taps):
                if args.profile and n == args.taps - args.profile:
                    worker.evaluate("() => self.pyodide.runPython("
                                    "'import _lsprof; SCORER_PROF[0] = _lsprof.Profiler()')")
                chip, text = case.tap_pair[n % len(case.tap_pair)]
                page.evaluate("window.scorerLog.length = 0")
                worker.evaluate("() => { self.scorerWorkerLog.length = 0; "
                                "self.pyodide.runPython('SCORER_TIMES.clear()'); }")
                page.evaluate("window.scorerFrames.n = 0")
                table.timed_tap(table.phone.button(chip).first, text)
                page.wait_for_timeout(150)  # the tap's last messages are in the logs
                copied = page.evaluate("window.scorerFrames.n")
                log = worker.evaluate("() => self.scorerWorkerLog.map(e => "
                                      "[e[0], e[1] + performance.timeOrigin, e[2]])")
                origin = page.evaluate("performance.timeOrigin")
                down, drawn = (origin + t for t in page.evaluate(
                    "[window.scorerTap.down, window.scorerTap.drawn]"))
                page_log = [(e[0], e[1] + origin, e[2])
                            for e in page.evaluate("window.scorerLog")]
                posted = [e[1] for e in page_log if e[0] == "out"]
                back = [e[1] for e in page_log if e[0] == "in" and e[1] <= drawn]
                back_all = [e[1] for e in page_log if e[0] == "in"]
                times = worker.evaluate(
                    "() => self.pyodide.runPython('[t for n, t in SCORER_TIMES "
                    "if n == \"click\"]').toJs()")
                ins = [e for e in log if e[0] == "in"]
                outs = [e for e in log if e[0] == "out" and ins and e[1] >= ins[0][1]]
                nan = float("nan")
                rows.append({
                    "press -> page posts the event": posted[0] - down if posted else nan,
                    "-> worker has it": ins[0][1] - down if ins else nan,
                    "-> worker's first message": outs[0][1] - down if outs else nan,
                    "-> worker's last message": outs[-1][1] - down if outs else nan,
                    "-> page has the first": back_all[0] - down if back_all else nan,
                    "-> page has the last": back[-1] - down if back else nan,
                    "-> drawn (page ms)": drawn - down,
                    "worker ms": outs[-1][1] - ins[0][1] if outs else nan,
                    "python ms": sum(times),
                    "frames copied, press to drawn + 150 ms": copied,
                    "messages out": len(outs), "bytes out": sum(e[2] for e in outs)})
            if cdp is not None:
                spent = bench_where.by_file(cdp.send("Profiler.stop")["profile"])
                print("the page's main thread during the taps, ms per tap by file:")
                for name, ms in spent.most_common(10):
                    print(f"  {name}: {ms / args.taps:.1f}")
            if args.profile:
                print(worker.evaluate("top => self.pyodide.runPython("
                                      "`scorer_profile_text(${top})`)", args.top))
            context.close()
        finally:
            visits.site.stop()
    warm = rows[len(rows) // 4:]  # the first taps warm Pyodide's caches up
    profiled = args.profile
    plain = warm[:len(warm) - profiled] if profiled < len(warm) else warm
    by = "a finger" if args.touch else "a mouse"
    flags = f", Chromium with {' '.join(args.browser_arg)}" if args.browser_arg else ""
    print(f"tap -> preview by {by}{flags}, {case.title}, {len(plain)} taps (of {len(rows)}; "
          f"first quarter left out{', profiled ones too' if profiled else ''}):")
    for key in rows[0]:
        values = [row[key] for row in plain]
        print(f"  {key}: median {statistics.median(values):.1f} (min {min(values):.1f}, "
              f"max {max(values):.1f})")
    print(f"load average at end: {b.load()}", flush=True)


if __name__ == "__main__":
    main()
