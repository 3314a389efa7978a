"""Where a Save's and a tap's time goes in the published site (issue 33, decision 462).

Run: python benchmarks/bench_where.py [--site DIR] [--opens 0] [--saves 6] [--taps 6] [--profile]

The site (``scorer publish``, or ``--site`` built before) in headless Chromium at phone size,
as ``bench_web.py`` drives it (its ``Visits`` and ``Table``): a 50-deal Draw Bridge game is
imported and opened, then Saves and taps are timed on the page's own clock, each split by a
hook on the Python worker's messages:
- press -> worker: from the press (``pointerdown``) until the page posts the event to
  Python's worker (Flutter's part before Python);
- worker answer: until the last message back from the worker that came before the text
  was shown (Python, Flet's comparison, and for a Save IndexedDB's write);
- drawn: until the new text is in Flutter's semantics tree (the page's part after Python);
- whole (a Save, an opening): until the scoreboard's last button is in the tree too (its
  part below the fold comes a frame after its top: decision 598), polled at each frame;
with the bytes of each message in and out, and each one's answer / drawn on a line of its
own. ``--opens N``: first N openings of the game from home (the tap on its card until its
total is drawn), split the same way. ``--profile``: DevTools' sampling profiler on the
page's main thread over the Saves, its time by file (Flutter's Dart ``main.dart.wasm``,
``skwasm.wasm``, ``transferToImageBitmap``: a rendered frame copied off the canvas, ...).
``--worker``: each Save split inside Python's worker too, on the worker's clock, by marks put
in its Python (:data:`MARKS`): from the event's message in to the store's write, the write,
until the scoreboard is being drawn (IndexedDB's copy started, the tasks between), the screen
built, Flet's comparison and sending (held while IndexedDB writes), then until the held
messages go out (decision 599).
Figures on a busy machine are several times a quiet one's; the split is what to read.
"""

from __future__ import annotations

import argparse
import collections
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import bench_web as b  # noqa: E402

# The scoreboard's last button: once it is in the tree, the whole screen is (decision 598 draws
# the part below the fold a frame after the top).
LAST = "Delete this game"

# Every message to and from Python's worker, with its time and size (page's clock).
HOOK = """(() => {
  const Made = window.Worker;
  const log = window.scorerLog = [];
  const size = d => d && d.byteLength !== undefined ? d.byteLength
    : (typeof d === 'string' ? d.length : -1);
  window.Worker = function (url, options) {
    const worker = new Made(url, options);
    const post = worker.postMessage.bind(worker);
    worker.postMessage = (d, t) => { log.push(['out', performance.now(), size(d)]);
                                     return post(d, t); };
    worker.addEventListener('message', e => log.push(['in', performance.now(), size(e.data)]));
    return worker;
  };
  window.Worker.prototype = Made.prototype;
})();"""


# A page function: the time (page's clock) once the scoreboard's last button is in the
# accessibility tree, else null (polled at each frame).
WHOLE = "() => (" + b.SHOWN + ")(" + repr(LAST) + ") ? performance.now() : null"


def split(table: Any, page: Any, whole: bool = False) -> dict[str, float]:
    """The last timed tap's parts (ms after the press) and bytes. ``whole``: a tap that shows
    the scoreboard (a Save, an opening), also until its last button is in the tree."""
    down, drawn = page.evaluate("[window.scorerTap.down, window.scorerTap.drawn]")
    last = page.wait_for_function(WHOLE, polling="raf").json_value() if whole else None
    log = page.evaluate("window.scorerLog")
    out = [e for e in log if e[0] == "out"]
    back = [e for e in log if e[0] == "in" and e[1] <= drawn]
    parts = {"to worker": out[0][1] - down if out else float("nan"),
             "answer": back[-1][1] - down if back else float("nan"),
             "drawn": drawn - down}
    if last is not None:
        parts["whole"] = last - down
    return {**parts, "bytes in": sum(e[2] for e in back), "messages in": len(back)}


def by_file(profile: dict[str, Any]) -> collections.Counter[str]:
    """Milliseconds of a DevTools CPU profile by script file (or native function)."""
    nodes = {n["id"]: n for n in profile["nodes"]}
    spent: collections.Counter[str] = collections.Counter()
    for sample, delta in zip(profile["samples"][:-1], profile["timeDeltas"][1:], strict=True):
        frame = nodes[sample]["callFrame"]
        spent[frame["url"].split("/")[-1] or frame["functionName"]] += delta / 1000
    return spent


def report(name: str, rows: list[dict[str, float]]) -> None:
    print(f"{name} (median of {len(rows)}, ms after the press):")
    print("  each: " + "; ".join(f"{row['answer']:.0f}/{row['drawn']:.0f}" for row in rows))
    for key in rows[0]:
        values = [row[key] for row in rows]
        print(f"  {key}: {statistics.median(values):.0f} (min {min(values):.0f}, "
              f"max {max(values):.0f})")


# Python in the worker, run once: marks at the edges of a Save's steps, on the worker's clock
# (performance.now()), read back by worker_split(); the worker's messages in, marked by JS.
MARKS = """
import builtins, functools, inspect, js
from flet.messaging.session import Session
from scorer.ui.shell.app import ScorerApp
from scorer.ui.shell.keeper import Keeper
marks = builtins.scorer_marks = []

def _marked(cls, name):
    call = getattr(cls, name)
    if inspect.iscoroutinefunction(call):  # _persist_then: marked when it is done
        async def step(*args, **kwargs):
            try:
                return await call(*args, **kwargs)
            finally:
                marks.append((name + "<", js.performance.now()))
    else:
        def step(*args, **kwargs):
            marks.append((name + ">", js.performance.now()))
            try:
                return call(*args, **kwargs)
            finally:
                marks.append((name + "<", js.performance.now()))
    setattr(cls, name, functools.wraps(call)(step))

for cls, name in ((Keeper, "write"), (ScorerApp, "show"), (Session, "patch_control"),
                  (Keeper, "_persist_then")):
    _marked(cls, name)
js.eval("self.scorerIn = []; addEventListener('message', "
        "() => self.scorerIn.push(performance.now()), {capture: true})")
"""
WORKER_STEPS = ("event in -> write", "the store's write", "-> drawing (IndexedDB started)",
                "screen built", "compared and sent", "-> released (IndexedDB done)",
                "event in -> released")


CLEAR = """() => { pyodide.runPython('import builtins; builtins.scorer_marks.clear()');
                   self.scorerIn.length = 0; }"""


def worker_split(worker: Any) -> dict[str, float]:
    """The steps in the worker (see :data:`MARKS`) of the Save since :data:`CLEAR`, in ms."""
    marks, arrived = worker.evaluate("""() => [JSON.parse(pyodide.runPython(
      'import builtins, json; json.dumps(builtins.scorer_marks)')), self.scorerIn.slice()]""")
    at: dict[str, float] = {}
    for name, t in marks:
        at.setdefault(name, t)  # the first of each: the Save's own, not the part drawn later
    start = max((t for t in arrived if t <= at["write>"]), default=at["write>"])
    compared = min(t for name, t in marks if name == "patch_control>" and t >= at["show>"])
    steps = (start, at["write>"], at["write<"], at["show>"], compared, at["show<"],
             at["_persist_then<"])
    split = {name: steps[n + 1] - steps[n] for n, name in enumerate(WORKER_STEPS[:-1])}
    split[WORKER_STEPS[-1]] = steps[-1] - start
    return split


def hooked_table(visits: Any, tmp: Path, args: Any) -> tuple[Any, Any, Any]:
    """A first visit, then a repeat visit kept open with :data:`HOOK` in its page (the press's
    and the page's marks): its context, its page and the bench's ``Table`` on it."""
    launch = visits.launch

    def hooked() -> Any:
        context, page = launch()
        context.add_init_script(HOOK)
        return context, page

    visits.launch = hooked
    visits.first()
    _, context, page = visits.repeat(keep=True)
    args.started = time.perf_counter()
    return context, page, b.Table(page, visits.site.url, tmp, args, print)


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a site built before (else published now)")
    parser.add_argument("--saves", type=int, default=6)
    parser.add_argument("--taps", type=int, default=6)
    parser.add_argument("--opens", type=int, default=0,
                        help="timed openings of the game from home first (0)")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--worker", action="store_true",
                        help="each Save split inside Python's worker too (MARKS)")
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="bench-where-"))
    site = args.site or b.publish(tmp / "site", renderer="auto")
    print(f"load average at start: {b.load()}", flush=True)
    with sync_playwright() as p:
        visits = b.Visits(p.chromium, site, tmp / "profile")
        try:
            context, page, table = hooked_table(visits, tmp, args)
            case = b.GAMES["draw-bridge"]
            table.import_file(b.export_file(tmp, "game.json", [case.make()]), case.open_name)
            mirror = case.make()
            opens = []
            for _ in range(args.opens):
                page.evaluate("window.scorerLog.length = 0")
                table.timed_tap(table.phone.button(case.open_name, exact=False).first,
                                case.totals.format(party="Ana", total=mirror.totals[0]))
                opens.append(split(table, page, whole=True))
                page.go_back()
                table.phone.see("New game")
            table.phone.tap(case.open_name, exact=False)
            cdp = context.new_cdp_session(page) if args.profile else None
            if cdp is not None:
                cdp.send("Profiler.enable")
                cdp.send("Profiler.setSamplingInterval", {"interval": 200})
            worker = None
            if args.worker:
                worker = next(w for w in page.workers if "python-worker" in w.url)
                worker.evaluate("code => pyodide.runPython(code)", MARKS)
            saves, spent, inside = [], collections.Counter[str](), []
            for _ in range(args.saves):
                table.phone.tap("New deal")
                for name in case.save_taps:
                    table.phone.tap(name)
                table.phone.see(case.save_preview)
                mirror = mirror.add_deal(case.save_deal)
                page.evaluate("window.scorerLog.length = 0")
                if worker is not None:
                    worker.evaluate(CLEAR)
                if cdp is not None:
                    cdp.send("Profiler.start")
                table.timed_tap(table.phone.button("Save deal").first,
                                case.totals.format(party="Ana", total=mirror.totals[0]),
                                in_bar=True)
                if cdp is not None:
                    spent.update(by_file(cdp.send("Profiler.stop")["profile"]))
                saves.append(split(table, page, whole=True))
                if worker is not None:
                    inside.append(worker_split(worker))
            table.phone.tap("New deal")
            for name in case.tap_setup:
                table.phone.tap(name)
            taps = []
            for n in range(args.taps):
                chip, text = case.tap_pair[n % len(case.tap_pair)]
                page.evaluate("window.scorerLog.length = 0")
                table.timed_tap(table.phone.button(chip).first, text)
                taps.append(split(table, page))
            context.close()
        finally:
            visits.site.stop()
    if opens:
        report("opening the 50-deal game from home", opens)
    if saves:
        report("Save -> scoreboard, 50 deals", saves)
    if inside:
        print("a Save inside Python's worker (the first Save left out), median ms:")
        for name in WORKER_STEPS:
            spread = [round(one[name]) for one in inside[1:] or inside]
            print(f"  {name}: {statistics.median(spread):.1f} ({spread})")
    if taps:
        report("tap -> preview", taps)
    if spent:
        print("the page's main thread during the Saves, ms per Save by file:")
        for name, ms in spent.most_common(8):
            print(f"  {name}: {ms / len(saves):.0f}")
    print(f"load average at end: {b.load()} ({os.cpu_count()} cores)")


if __name__ == "__main__":
    main()
