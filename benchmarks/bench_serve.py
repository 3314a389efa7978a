"""What a phone downloads from `scorer serve`, and how fast it gets to work (issue 8, part 5).

Run: python benchmarks/bench_serve.py [auto|skwasm|canvaskit ...]
For each renderer (default: auto, skwasm, canvaskit, and "lan": auto as a phone on the Wi-Fi
gets it, see measure()), in Debian's Chromium at 360x640 on loopback:
- first visit: bytes transferred (after compression, headers included) against the 14.4 MB
  the uncompressed page weighed (target <= 60 %, 8.64 MB), bytes before compression, requests,
  time to the home screen;
- repeat visit (same browser, reload): bytes transferred (the cache at work), time;
- Save -> updated scoreboard, 50-deal game: median of 15 saves;
- every host the page contacted (anything but 127.0.0.1 is a failure).
The renderer is chosen with FLET_WEB_RENDERER, which `scorer serve` honours.
"""

from __future__ import annotations

import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from browser import CHROMIUM_ARGS, PHONE, SHOWN, chromium_path, served  # noqa: E402

from scorer.game import Game  # noqa: E402
from scorer.rules import Contract  # noqa: E402
from scorer.rules.draw_bridge import DrawBridgeDeal  # noqa: E402
from scorer.store import Store  # noqa: E402

TODAY = 14.4e6  # bytes of the first visit before this work (no compression), issue 8


# The app's accessibility tree is up: the page turns it on itself (a11y.js, decision 193).
TREE_UP = "flt-semantics-host span, flt-semantics-host [aria-label]"


def code_of(folder: Path, url: str) -> str:
    """The table code `scorer serve` printed."""
    log = folder.parent / f"serve-{url.rsplit(':', 1)[1].strip('/')}.log"
    for _ in range(300):
        found = re.search(r"\?code=(\d{6})", log.read_text())
        if found:
            return found.group(1)
        time.sleep(0.1)
    raise RuntimeError("no table code printed")


def seed(folder: Path) -> str:
    with Store(folder) as store:
        game = Game.new("draw-bridge", ["Ana", "Ben"], first_dealer=0, end="target=100000")
        for _ in range(50):
            game = game.add_deal(DrawBridgeDeal(0, Contract.parse("1C"), 7))
        return store.save(game).id


class Traffic:
    """Bytes and requests of one page, counted by Chromium's network domain. Each request is
    counted in the phase (first visit, repeat visit) in which it was sent, however late it
    ends: Flet fetches the fallback fonts well after the first frame."""

    def __init__(self, page: Any) -> None:
        self.session = page.context.new_cdp_session(page)
        self.session.send("Network.enable")
        self.phase = "first"
        self.sent: dict[str, tuple[str, str]] = {}  # request id -> (phase, url)
        self.wire: dict[str, int] = {}
        self.body: dict[str, int] = {}
        self.encodings: set[str] = set()
        self.big: list[tuple[int, str]] = []  # repeat-visit responses over 10 kB
        self.session.on("Network.requestWillBeSent", self._will)
        self.session.on("Network.loadingFinished", self._finished)
        self.session.on("Network.dataReceived", self._data)
        self.session.on("Network.requestWillBeSentExtraInfo", self._sent)

    def _will(self, event: dict[str, Any]) -> None:
        self.sent.setdefault(event["requestId"], (self.phase, event["request"]["url"]))

    def _finished(self, event: dict[str, Any]) -> None:
        phase, url = self.sent.get(event["requestId"], (self.phase, ""))
        size = int(event.get("encodedDataLength", 0))
        self.wire[phase] = self.wire.get(phase, 0) + size
        if phase == "repeat" and size > 10000:
            self.big.append((size, Path(urlsplit(url).path).name))

    def _data(self, event: dict[str, Any]) -> None:
        phase = self.sent.get(event["requestId"], (self.phase, ""))[0]
        self.body[phase] = self.body.get(phase, 0) + int(event.get("dataLength", 0))

    def _sent(self, event: dict[str, Any]) -> None:
        headers = {k.lower(): v for k, v in event.get("headers", {}).items()}
        if "accept-encoding" in headers:
            self.encodings.add(headers["accept-encoding"])

    def urls(self, phase: str) -> list[str]:
        return [url for p, url in self.sent.values() if p == phase]

    def total(self) -> int:
        return sum(self.wire.values())


def wait_quiet(page: Any, traffic: Traffic) -> None:
    """Until the network is quiet: the fallback fonts are fetched after the first frame."""
    page.wait_for_load_state("networkidle")
    seen, still = -1, 0
    for _ in range(60):
        still = still + 1 if traffic.total() == seen else 0
        if still == 4:
            return
        seen = traffic.total()
        time.sleep(1.5)


def wait_home(page: Any) -> None:
    page.wait_for_selector(TREE_UP, state="attached", timeout=120000)
    page.wait_for_function(SHOWN, arg="In progress", polling="raf", timeout=120000)


def measure(renderer: str) -> dict[str, Any]:
    """``renderer``: auto, skwasm or canvaskit; "lan" is auto as a phone on the Wi-Fi has it:
    a plain-HTTP address that is not localhost (no secure context, so no cross-origin
    isolation and no brotli), with the table code; still only loopback traffic (the name
    table.test is mapped to 127.0.0.1 inside Chromium)."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "data"
        game_id = seed(folder)
        lan = renderer == "lan"
        env = {} if renderer in ("auto", "lan") else {"FLET_WEB_RENDERER": renderer}
        args = ["--code"] if lan else []
        with served(folder, env=env, args=args) as local, sync_playwright() as p:
            url = local
            chromium = list(CHROMIUM_ARGS)
            if lan:
                url = local.replace("127.0.0.1", "table.test")
                chromium.append("--host-resolver-rules=MAP table.test 127.0.0.1")
            browser = p.chromium.launch(executable_path=chromium_path(), args=chromium)
            admit = f"?code={code_of(folder, local)}" if lan else ""
            firsts, repeats, first_times, repeat_times, hosts = [], [], [], [], set()
            bodies, requests, used, fonts, big = [], [], set(), set(), set()
            encodings: set[str] = set()
            for _ in range(3):
                context = browser.new_context(viewport=PHONE)
                page = context.new_page()
                traffic = Traffic(page)
                start = time.perf_counter()
                page.goto(url + admit)
                wait_home(page)
                first_times.append(time.perf_counter() - start)
                wait_quiet(page, traffic)
                traffic.phase = "repeat"
                start = time.perf_counter()
                page.goto(url)
                wait_home(page)
                repeat_times.append(time.perf_counter() - start)
                wait_quiet(page, traffic)
                firsts.append(traffic.wire.get("first", 0))
                bodies.append(traffic.body.get("first", 0))
                requests.append(len(traffic.urls("first")))
                repeats.append(traffic.wire.get("repeat", 0))
                every = traffic.urls("first") + traffic.urls("repeat")
                hosts |= {urlsplit(u).hostname for u in every if "://" in u[:8]}
                used |= {Path(urlsplit(u).path).name for u in every
                         if u.endswith((".wasm", "main.dart.js"))}
                fonts |= {Path(urlsplit(u).path).name for u in traffic.urls("first")
                          if "/fonts/Noto" in u}
                encodings |= traffic.encodings
                big |= {name for _, name in traffic.big}
                context.close()
            context = browser.new_context(viewport=PHONE)
            page = context.new_page()
            page.goto(f"{url}game/{game_id}{admit}")
            page.wait_for_selector(TREE_UP, state="attached",
                                   timeout=120000)
            page.wait_for_function(SHOWN, arg="Ana total 1000", polling="raf", timeout=60000)
            saves, total = [], 1000
            for _ in range(15):
                page.get_by_role("button", name="New deal", exact=True).first.click()
                for name in ("Declarer Ana", "Level 1", "Clubs", "Tricks 7"):
                    button = page.get_by_role("button", name=name, exact=True).or_(
                        page.get_by_role("checkbox", name=name, exact=True)).first
                    button.wait_for(timeout=20000)
                    time.sleep(0.15)
                    button.click()
                page.wait_for_function(SHOWN, arg="1♣ by Ana: made: Ana 20", timeout=20000)
                total += 20
                button = page.get_by_role("button", name="Save deal", exact=True).first
                start = time.perf_counter()
                button.click()
                page.wait_for_function(SHOWN, arg=f"Ana total {total}", polling="raf",
                                       timeout=20000)
                saves.append(time.perf_counter() - start)
            context.close()
            browser.close()
    return {"first": statistics.median(firsts), "body": statistics.median(bodies),
            "requests": statistics.median(requests), "first_s": statistics.median(first_times),
            "repeat": statistics.median(repeats), "repeat_s": statistics.median(repeat_times),
            "save_ms": statistics.median(saves) * 1000, "hosts": sorted(h or "" for h in hosts),
            "files": sorted(used), "encodings": sorted(encodings), "fonts": len(fonts),
            "big": sorted(big)}


def main() -> None:
    renderers = sys.argv[1:] or ["auto", "skwasm", "canvaskit", "lan"]
    failed = False
    for renderer in renderers:
        r = measure(renderer)
        share = r["first"] / TODAY
        print(f"[{renderer}] loads {', '.join(r['files'])}")
        print(f"[{renderer}] first visit: {r['first'] / 1e6:.2f} MB transferred "
              f"({share:.0%} of today's 14.4 MB; target <= 60% "
              f"{'OK' if share <= 0.6 else 'MISSED'}), {r['body'] / 1e6:.2f} MB before "
              f"compression, {r['requests']:.0f} requests ({r['fonts']} of the 4 fallback fonts), "
              f"home screen in {r['first_s']:.2f} s")
        print(f"[{renderer}] repeat visit: {r['repeat'] / 1e3:.1f} kB transferred, home screen "
              f"in {r['repeat_s']:.2f} s; over 10 kB: {', '.join(r['big']) or 'nothing'}")
        print(f"[{renderer}] save -> scoreboard, 50-deal game: median {r['save_ms']:.0f} ms")
        print(f"[{renderer}] hosts contacted: {', '.join(r['hosts'])}; Accept-Encoding sent: "
              f"{' | '.join(r['encodings'])}")
        failed |= any(h not in ("127.0.0.1", "table.test") for h in r["hosts"])
    if failed:
        print("FAILED: the page contacted a host other than 127.0.0.1")
        sys.exit(1)


if __name__ == "__main__":
    main()
