"""The published site (``scorer publish``) as a phone's browser sees it (issue 8).

Run: python benchmarks/bench_web.py [--renderer canvaskit|skwasm|both]
- first visit: bytes sent by the static server (loopback, uncompressed) and time from
  navigation to the home screen (service worker precache, Pyodide, store);
- repeat visit with the server stopped: time to the home screen (target <= 3 s) and bytes from
  the network (target 0);
- Save -> updated scoreboard in a 50-deal game, median of 15 saves (target <= 150 ms), timed
  from the tap (a mouse click at the button) to the new total drawn.
Chromium is headless with no GPU; every request to another host is refused.

The repeat visits also give where their time went, from the marks the site's Python worker
logs ("Scorer mark: NAME EPOCH_MS", see scorer/assets/web/python-start.js): worker started,
snapshot read, Pyodide restored (or loaded), archive unpacked, app started, connected.
After the first visit the bench waits until the site has kept its Python snapshot.

A/B runs on a busy machine: ``--site DIR`` (repeatable) benches folders built before (e.g. by
an older checkout's ``scorer publish``), their repeat visits alternating A, B, A, B, ...
``--repeats N`` sets how many repeat visits each gets; ``--no-saves`` skips the saves.
"""

from __future__ import annotations

import argparse
import contextlib
import re
import shutil
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

from scorer.game import Game  # noqa: E402
from scorer.rules import Contract  # noqa: E402
from scorer.rules.draw_bridge import DrawBridgeDeal  # noqa: E402
from scorer.store import Store  # noqa: E402
from scorer.ui.publish import publish  # noqa: E402

WAIT = 300_000


def big_game_file(folder: Path) -> Path:
    """A 50-deal Draw Bridge game as an export file (the phone imports it)."""
    with Store(folder / "data") as store:
        game = Game.new("draw-bridge", ["Ana", "Ben"], first_dealer=0, end="target=1000000")
        for _ in range(50):
            game = game.add_deal(DrawBridgeDeal(0, Contract.parse("1C"), 7))
        saved = store.save(game)
        path = folder / "big.json"
        path.write_text(store.export_json([saved.id]), encoding="utf-8")
    return path


# What the page says on the way (Flet's python.js, Flutter's loader): where the time goes.
STAGES = {"flutter": "Flutter app loaded", "python": "Python worker initialized"}


MARK = re.compile(r"Scorer mark: (.*) (\d{13})$")


def home(page, url: str, stages: dict[str, list[float]] | None = None) -> float:
    start = time.perf_counter()
    epoch = time.time()
    if stages is not None:
        def seen(message) -> None:
            for stage, text in STAGES.items():
                if message.text.startswith(text):
                    stages.setdefault(stage, []).append(time.perf_counter() - start)
            mark = MARK.match(message.text)
            if mark and "snapshot maker" not in mark[1] and "kept" not in mark[1]:
                stages.setdefault(mark[1], []).append(int(mark[2]) / 1000 - epoch)
        page.on("console", seen)
    page.goto(url)
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=WAIT)
    page.locator("flt-semantics-placeholder").dispatch_event("click")
    page.wait_for_function(SHOWN, arg="New game", polling="raf", timeout=WAIT)
    return time.perf_counter() - start


def makes_snapshots(site_dir: Path) -> bool:
    """Whether the site keeps a Python snapshot after a first visit (builds before did not)."""
    return "scorerOrderSnapshot" in (site_dir / "python-worker.js").read_text(encoding="utf-8")


class Visits:
    """One site, its static server and one browser profile (one phone)."""

    def __init__(self, browser_type, site_dir: Path, profile: Path) -> None:
        self.browser_type = browser_type
        self.site_dir = site_dir
        self.size = sum(p.stat().st_size for p in site_dir.rglob("*") if p.is_file())
        self.site = StaticSite(site_dir).start()
        self.profile = profile
        self.failures: list[str] = []
        self.network = [0]
        self.repeats: list[float] = []
        self.stages: dict[str, list[float]] = {}

    def launch(self):
        context = self.browser_type.launch_persistent_context(
            str(self.profile), executable_path=chromium_path(), args=CHROMIUM_ARGS,
            headless=True, viewport=PHONE)
        block_other_hosts(context, self.failures)

        def counted(response) -> None:
            if not response.from_service_worker and response.url.startswith("http"):
                # (a failed request has no body: nothing came)
                with contextlib.suppress(Exception):
                    self.network[0] += len(response.body())

        context.on("response", counted)
        return context, (context.pages[0] if context.pages else context.new_page())

    def first(self) -> tuple[float, int]:
        """The first visit (seconds to home, bytes sent); then the server is stopped."""
        context, page = self.launch()
        if makes_snapshots(self.site_dir):
            with page.expect_console_message(lambda m: "snapshot maker ended" in m.text,
                                             timeout=WAIT):
                seconds = home(page, self.site.url)
        else:
            seconds = home(page, self.site.url)
        context.close()
        sent = self.site.bytes_sent
        self.site.stop()
        self.network[0] = 0
        return seconds, sent

    def repeat(self) -> float:
        context, page = self.launch()
        seconds = home(page, self.site.url, self.stages)
        context.close()
        self.repeats.append(seconds)
        return seconds


def compare(browser_type, sites: list[Path], repeats: int, tmp: Path) -> None:
    """Sites built before, their repeat visits alternating (see the module's docstring)."""
    runs = [Visits(browser_type, site, tmp / f"profile-{n}") for n, site in enumerate(sites)]
    for run in runs:
        seconds, sent = run.first()
        print(f"{run.site_dir}: first visit {sent / 1e6:.1f} MB sent, home in {seconds:.1f} s")
    for _ in range(repeats):
        for run in runs:
            print(f"{run.site_dir}: repeat visit, home in {run.repeat():.2f} s", flush=True)
    for run in runs:
        print(f"{run.site_dir}: repeat visits, median {statistics.median(run.repeats):.2f} s "
              f"(runs {', '.join(f'{r:.2f}' for r in run.repeats)}), "
              f"{run.network[0]} bytes from the network")
        print_stages(run.stages, "   ")


def print_stages(stages: dict[str, list[float]], indent: str) -> None:
    """The medians of when each stage was reached, in order."""
    for stage, times in sorted(stages.items(), key=lambda item: statistics.median(item[1])):
        print(f"{indent}{stage}: {statistics.median(times):.2f} s")


def measure(browser_type, renderer: str, tmp: Path) -> dict[str, float]:
    visits = Visits(browser_type, publish(tmp / f"site-{renderer}", renderer=renderer),
                    tmp / f"profile-{renderer}")
    site, network = visits.site, visits.network

    try:
        context, page = visits.launch()
        snapshot_kept: list[str] = []
        page.on("console", lambda message: snapshot_kept.append(message.text)
                if "snapshot maker ended" in message.text else None)
        first = home(page, site.url)
        first_bytes = site.bytes_sent
        # Import the 50-deal game and time saves.
        phone = Phone(page, site.url)
        with page.expect_file_chooser() as chooser:
            phone.tap("Import a game")
        chooser.value.set_files(str(big_game_file(tmp)))
        phone.tap("Open Draw Bridge: Ana, Ben")
        phone.see("Ana total 1000")
        saves = []
        total = 1000
        for _ in range(15):
            phone.tap("New deal")
            for name in ("Declarer Ana", "Level 1", "Clubs", "Tricks 7"):
                phone.tap(name)
            phone.see("1♣ by Ana: made: Ana 20")
            total += 20
            # The tap itself, timed from the moment it lands: Playwright's click would first
            # wait for the button to hold still over two frames (not the app's time).
            box = phone.button("Save deal").first.bounding_box()
            assert box is not None
            start = time.perf_counter()
            page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            page.wait_for_function(SHOWN, arg=f"Ana total {total}", polling="raf",
                                   timeout=60000)
            saves.append(time.perf_counter() - start)
        for _ in range(WAIT // 200):  # the first visit's snapshot is kept by now, or soon
            if snapshot_kept or not makes_snapshots(visits.site_dir):
                break
            page.wait_for_timeout(200)
        context.close()
        # Repeat visits with the static server gone.
        site.stop()
        served_before = site.bytes_sent
        network[0] = 0
        for _ in range(3):
            visits.repeat()
        repeats, stages = visits.repeats, visits.stages
        return {"size": visits.size, "first_s": first, "first_bytes": first_bytes,
                "repeat_s": statistics.median(repeats), "repeat_max_s": max(repeats),
                "repeat_bytes": network[0] + site.bytes_sent - served_before,
                **{f"{stage}_s": statistics.median(times) for stage, times in stages.items()},
                "stages": stages,
                "save_ms": statistics.median(saves) * 1000,
                "save_max_ms": max(saves) * 1000, "failures": len(visits.failures)}
    finally:
        site.stop()


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser()
    parser.add_argument("--renderer", choices=("canvaskit", "skwasm", "both"),
                        default="canvaskit")
    parser.add_argument("--site", action="append", type=Path, default=[],
                        help="bench this folder built before (repeatable: A/B)")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    renderers = (("canvaskit", "skwasm") if (choice := args.renderer) == "both"
                 else (choice,))
    tmp = Path(tempfile.mkdtemp(prefix="bench-web-"))
    try:
        with sync_playwright() as p:
            if args.site:
                compare(p.chromium, args.site, args.repeats, tmp)
                return
            for renderer in renderers:
                r = measure(p.chromium, renderer, tmp)
                print(f"[{renderer}] site {r['size'] / 1e6:.1f} MB on disk; first visit: "
                      f"{r['first_bytes'] / 1e6:.1f} MB sent, home in {r['first_s']:.1f} s")
                print(f"[{renderer}] repeat visit, server stopped: home in median "
                      f"{r['repeat_s']:.2f} s (max {r['repeat_max_s']:.2f}), "
                      f"{r['repeat_bytes']} bytes from the network; target <= 3 s, 0 bytes "
                      f"{'OK' if r['repeat_s'] <= 3 and not r['repeat_bytes'] else 'MISSED'}")
                print(f"[{renderer}]   of which: Flutter's client up at "
                      f"{r.get('flutter_s', float('nan')):.2f} s, Python (Pyodide, app, imports) "
                      f"ready at {r.get('python_s', float('nan')):.2f} s; every stage:")
                print_stages(r["stages"], f"[{renderer}]     ")
                print(f"[{renderer}] save -> scoreboard, 50-deal game: median "
                      f"{r['save_ms']:.0f} ms (max {r['save_max_ms']:.0f}); target <= 150 ms "
                      f"{'OK' if r['save_ms'] <= 150 else 'MISSED'}")
                if r["failures"]:
                    print(f"[{renderer}] {r['failures']} requests to other hosts (refused)")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
