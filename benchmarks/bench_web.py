"""The published site (``scorer publish``) as a phone's browser sees it (issues 8 and 21).

Run: python benchmarks/bench_web.py [--renderer auto|canvaskit|skwasm|both] [--quick]
(auto, the default, is what `scorer publish` ships: Flutter picks skwasm in Chromium)
         [--cpu-budget CORES] [--json-out FILE] [--baseline FILE] [--no-omnibox-webui]
         [--played DEALS [--settle S]]

It publishes the site itself, serves it on loopback and drives headless Chromium (no GPU) at
phone size (360 x 640); every request to another host is refused. In one run:
- first visit: bytes sent by the static server (uncompressed) until the home screen is shown,
  and the time from navigation to it (service worker precache, Pyodide, store); then it waits
  until the site has kept its Python snapshot (nothing else is measured meanwhile), and the
  server is stopped;
- repeat visit, offline (server stopped): time to the home screen, median of ``--repeats``
  visits, and bytes from the network (0); where the time went, from the marks the site's
  Python worker logs ("Scorer mark: NAME EPOCH_MS", see scorer/assets/web/python-start.js):
  worker started, snapshot read, Pyodide restored (or loaded), archive unpacked, app started;
  and the CPU seconds the browser's processes used from the navigation to home (median), with
  the part of Chromium's own address-bar renderer (decision 551) and the least time those
  seconds fit in on the cores at hand: a repeat visit keeps both cores busy, so that is how
  close its time can come to the target (decision 606);
- then, in the last repeat visit's page (offline, as at a table), for each game (Draw Bridge,
  rubber bridge, Call Break: a 50-deal game imported from an export file; MiniBridge, Chicago,
  team match: a new game):
  - opening the game: the tap on it in the home list until its scoreboard shows the total,
    median of ``--opens`` (9);
  - tap -> preview in deal entry: a tap on a chip that changes the preview (Tricks 7 / 8
    alternating, Call Break: Ana took 5 / 4, team match: table 1 Tricks 10 / 11) until the
    preview shows the new result, median of ``--taps`` (21);
  - Save -> scoreboard: the tap on Save deal until the scoreboard shows the new total, median
    of ``--saves`` deals (15; each entered first by taps, not timed);
  each with 1 stored game (the game is imported alone, measured, then deleted in the app), and
  for the 50-deal games again with 500 stored games (one export of 500 small games imported
  first: ``--stored N``); and, for Draw Bridge, again in games of ``--lengths`` deals (10
  and 200; 1 stored game: opening and Saves, no taps): a Save must not cost more in a long
  game.
A timed tap is a mouse click at the control's centre once it holds still (Playwright's click
would first wait for it to hold still over two frames: not the app's time); the end is seen by
a page function polled at every animation frame. Beside each game's tap figure the bench gives
the same taps on the page's own clock: from the press (the pointerdown event's time) until the
preview's text is in Flutter's semantics tree, which Flutter sets in the frame that draws it
(a MutationObserver sees it): what a player's finger and eye see, without the bench's own
delays (the click sent over DevTools, the poll at the next frame, the answer back). The
semantics tree comes before the pixels: skwasm draws a frame's picture after Flutter has
written its semantics, so each tap's and Save's figure is also given until the frame that shows
the text reached the screen (``PRESENTS``: skwasm's handover of a drawn frame to the page's
canvas, decision 579). ``--touch``: the timed taps are touches on a page with a touch screen, as
a phone's finger gives them, instead of mouse clicks (decision 579 says what differs).

At the end every target of issue 33 is printed with OK or MISSED: tap <= 30 ms, Save <= 65 ms
and opening a game from home <= 150 ms, median in each game; Save and opening with 500 stored
games within 1.1x of the same with 1; a Save in the 200-deal game within 1.2x of one in the
10-deal game; offline repeat visit <= 1.0 s; first visit <= 8 MB sent and <= 4 s to home. With
``--cpu-budget 1`` the issue's one-core targets are judged (repeat visit <= 2.2 s, Save <= 70
ms, first visit <= 8 s), the rest printed as figures. ``--json-out FILE`` writes the figures;
``--baseline FILE`` (such a file from an earlier build) prints beside each figure its ratio of
improvement (baseline / now) and whether it reaches the issue's ratios: tap 1.2x, Save 2x,
opening the app again offline 1.8x, first-visit bytes 1.25x (opening a game: ratio shown, no
target). The machine's load average (1, 5, 15 min) is printed at the start and the end: a
figure taken under load says little.

A slow phone: ``--cpu-budget CORES`` (e.g. 1 or 0.5) runs Chromium and every process it starts
(the renderer, its Web Workers: Pyodide runs in one) inside a cgroup CPU quota of CORES
(cgroup v1 ``cpu.cfs_quota_us`` or v2 ``cpu.max``; needs root). Chromium is started through a
small script that puts itself in the cgroup and then execs Chromium, so every child inherits
it; the cgroup is removed at the end. (DevTools CPU throttling does not slow Web Workers.)

A player's phone: ``--played DEALS`` makes, after the first visit and before the timed repeat
visits, one visit (offline, not timed) in which the 50-deal Draw Bridge game is imported and
opened, DEALS deals are entered and saved, the game is deleted, and the page stays open
``--settle`` seconds (5). Chromium keeps compiled code for Flutter's two WebAssembly modules only
after a visit has run enough of them (decision 550); a first visit alone never does, 5 deals
played did in every profile tried, 2 not always (decision 587), and a player reopening the site
has played before: take 5 or more. Without it
(the default, as every figure before decision 587) the repeat visits are those of a phone that
only ever opened the site once. In ``--site`` runs every profile plays its own visit.

Parts: ``--quick`` (Draw Bridge only, no 500 stored games, 7 taps and saves, 5 openings, 2
repeat visits: about two minutes), ``--games draw-bridge,call-break,...`` (which games),
``--no-stored`` (no 500 stored games), ``--no-saves`` (visits only), ``--taps N``,
``--saves N``, ``--opens N``, ``--repeats N``.

A/B runs on a busy machine: ``--site DIR`` (repeatable) benches folders built before (e.g. by
an older checkout's ``scorer publish``), their repeat visits alternating A, B, then B, A, ...
``--repeats N`` sets how many repeat visits each gets. Beside each site's times it prints the
CPU seconds its browser's processes used from the navigation to the home screen (Linux
``/proc``): a figure the other work of a shared machine changes far less (decision 451).
``--profiles N`` gives each site N browser profiles of its own, each with its own first visit,
and spreads its repeat visits over them (the order reversed every other round): what a profile
keeps from its first visit (compiled code) differs from one profile to the next, and with one
profile per site that difference is taken for the sites' (decision 582). The profiles' first
visits alternate between the sites too, and their median is printed beside the repeat visits'
(with ``--profiles 4``, four first visits a site); ``--cpu-budget`` applies to them all.
``--press-placeholder`` makes every page press Flutter's "Enable accessibility" placeholder
itself as soon as it exists, as the site's a11y.js does: for a site built without a11y.js,
whose tree (where the bench sees the home screen) would never come otherwise (decision 232:
what a11y.js costs a repeat visit).
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import json
import os
import re
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

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
from scorer.rules.bridge_games import BridgeDeal  # noqa: E402
from scorer.rules.call_break import CallBreakDeal  # noqa: E402
from scorer.rules.draw_bridge import DrawBridgeDeal  # noqa: E402
from scorer.store import Store  # noqa: E402
from scorer.store.transfer import export_document  # noqa: E402
from scorer.ui.site.publish import publish  # noqa: E402

WAIT = 300_000
FOUR = ["Ana", "Ben", "Cleo", "Dan"]
# Issue 33's targets (ms, s, bytes) and its ratios of improvement over a baseline; with one
# core (--cpu-budget 1) the repeat visit, the Save and the first visit have their own.
TAP_MS, SAVE_MS, REPEAT_S, FIRST_BYTES, FIRST_S, OPEN_MS = 30, 65, 1.0, 8_000_000, 4.0, 150
FLAT, FLAT_DEALS = 1.1, 1.2  # 500 stored games / 1; the longest game / the shortest
ONE_CORE = {"repeat_s": 2.2, "save_ms": 70, "first_s": 8.0}
RATIOS = {"tap": 1.2, "save": 2.0, "repeat": 1.8, "bytes": 1.25}
OLD = "2020-01-01T00:00:00.000+00:00"  # the small games' time: older than the big ones


# The app's accessibility tree is up: the page turns it on itself (a11y.js, decision 193).
TREE_UP = "flt-semantics-host span, flt-semantics-host [aria-label]"
# --press-placeholder: the press a11y.js makes, alone (a page script run before the page's own).
PRESS_PLACEHOLDER = """new MutationObserver((changes, watcher) => {
  const placeholder = document.querySelector('flt-semantics-placeholder');
  if (!placeholder) return;
  const box = placeholder.getBoundingClientRect();
  placeholder.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true,
    clientX: box.left + box.width / 2, clientY: box.top + box.height / 2, view: window}));
  watcher.disconnect();
}).observe(document, {childList: true, subtree: true});"""


def big_game_file(folder: Path) -> Path:
    """A 50-deal Draw Bridge game as an export file (the phone imports it)."""
    return export_file(folder, "big.json", [GAMES["draw-bridge"].make()])


def export_file(folder: Path, name: str, games: list[Game]) -> Path:
    """``games`` as one export file, written by the app's store in a folder of its own."""
    with Store(folder / f"data-{name}") as store:
        store.import_data(export_document(games))
        path = folder / name
        path.write_text(store.export_json([g.id for g in games]), encoding="utf-8")
    return path


def small_games(count: int) -> list[Game]:
    """``count`` small Draw Bridge games (3 deals each, in progress), older than the big ones
    (so listed after them), with players named apart from theirs."""
    games = []
    for n in range(count):
        game = Game.new("draw-bridge", [f"Sam {n}", f"Tom {n}"], first_dealer=0,
                        end="target=500", now=lambda: OLD)
        for tricks in (7, 8, 9):
            game = game.add_deal(DrawBridgeDeal(n % 2, Contract.parse("1C"), tricks),
                                 now=lambda: OLD)
        games.append(game)
    return games


def rubber_deals() -> Iterator[BridgeDeal]:
    """A rubber bridge evening: games, part scores, a failed contract, rubbers won."""
    pattern = [(0, "4S", 10), (1, "3NT", 9), (2, "2H", 8), (3, "1C", 6), (0, "3NT", 10),
               (1, "2D", 8), (2, "4H", 10), (3, "4S", 9), (1, "5C", 11), (0, "1NT", 7)]
    while True:
        for declarer, contract, tricks in pattern:
            yield BridgeDeal(declarer, Contract.parse(contract), tricks)


@dataclass
class GameCase:
    """A game the bench plays: how it is made, named, and entered."""

    variant: str
    title: str                  # as the home list names it
    players: list[str]
    end: str | None
    deals: Callable[[], Iterator[Any]] | None   # the 50 deals of a big game; None: a new game
    save_taps: list[str]        # after New deal, a deal the saves enter
    save_deal: Any              # the same deal, for the expected total
    save_preview: str           # shown once it is entered
    tap_setup: list[str]        # after New deal, before the timed taps
    tap_pair: list[tuple[str, str]]   # (chip, preview text it brings), alternating
    unit: str = "deal"          # what its buttons call a deal: "board" in a team match
    totals: str = "{party} total {total}"   # how the scoreboard names the first party's total

    def make(self, deals: int = 50) -> Game:
        game = Game.new(self.variant, self.players, first_dealer=0, end=self.end)
        if self.deals is not None:
            made = self.deals()
            for _ in range(deals):
                game = game.add_deal(next(made))
        return game

    @property
    def open_name(self) -> str:
        return f"Open {self.title}: {', '.join(self.players)}"

    @property
    def big(self) -> bool:
        return self.deals is not None


def _contract(declarer: str, seat: str | None) -> tuple[list[str], list[tuple[str, str]]]:
    who = f"{declarer} ({seat})" if seat else declarer
    return ([f"Declarer {declarer}", "Level 1", "Clubs", "Tricks 7"],
            [("Tricks 8", f"1♣ by {who}: made +1:"), ("Tricks 7", f"1♣ by {who}: made:")])


_DRAW, _DRAW_PAIR = _contract("Ana", None)
_SEAT, _SEAT_PAIR = _contract("Ana", "North")
_CB_SETUP = ["Ana calls 4", "Ben calls 2", "Cleo calls 2", "Dan calls 2", "Ana took 5",
             "Ben took 3", "Cleo took 2"]
_TEAM_SETUP = ([f"Table 1 {n}" for n in ("Declarer North", "Level 4", "Spades", "Tricks 10")]
               + [f"Table 2 {n}" for n in ("Declarer North", "Level 4", "Spades", "Tricks 9")])

GAMES = {
    "draw-bridge": GameCase(
        "draw-bridge", "Draw Bridge", ["Ana", "Ben"], "target=100000",
        lambda: iter(lambda: DrawBridgeDeal(0, Contract.parse("1C"), 7), None),
        _DRAW, DrawBridgeDeal(0, Contract.parse("1C"), 7), "1♣ by Ana: made: Ana 20",
        _DRAW, _DRAW_PAIR),
    "rubber-bridge": GameCase(
        "rubber-bridge", "Rubber bridge", FOUR, "open", rubber_deals,
        _SEAT, BridgeDeal(0, Contract.parse("1C"), 7), "1♣ by Ana (North): made:",
        _SEAT, _SEAT_PAIR),
    "call-break": GameCase(
        "call-break", "Call Break", FOUR, "deals=1000",
        lambda: iter(lambda: CallBreakDeal((3, 3, 3, 3), (4, 3, 3, 3)), None),
        _CB_SETUP, CallBreakDeal((4, 2, 2, 2), (5, 3, 2, 3)), "4 of 4 calls met: Ana 41",
        _CB_SETUP, [("Ana took 4", "Ana called 4, took 4:"),
                    ("Ana took 5", "Ana called 4, took 5:")]),
    "minibridge": GameCase(
        "minibridge", "MiniBridge", FOUR, "open", None, [], None, "",
        ["Pick the declarer", *_SEAT], _SEAT_PAIR),  # a first deal opens on the counts
    "chicago": GameCase(
        "chicago", "Chicago", FOUR, "open", None, [], None, "", _SEAT, _SEAT_PAIR),
    "team-match": GameCase(
        "team-match", "Team match", ["Reds", "Blues"], "open", None, [], None, "",
        # Table 1 complete shows table 2 (decision 145): the timed taps are table 2's.
        _TEAM_SETUP, [("Table 2 Tricks 10", "N-S at table 2: 420 ·"),
                      ("Table 2 Tricks 9", "N-S at table 2: -50 ·")],
        unit="board", totals="{party} {total} IMPs"),  # IMPs won (decision 147)
}


# What the page says on the way (Flet's python.js, Flutter's loader): where the time goes.
STAGES = {"flutter": "Flutter app loaded", "python": "Python worker initialized"}


MARK = re.compile(r"Scorer mark: (.*) (\d{13})$")
# Chromium's own WebUI address-bar popup (a `--top-chrome-webui` renderer a freshly launched
# desktop Chromium starts beside the page, 0.2-0.5 s of CPU in each visit; not the site's work,
# and not what a phone's browser does): --no-omnibox-webui leaves it out (decision 551).
NO_OMNIBOX_WEBUI = ("--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,"
                    "WebUIOmniboxAimPopup")


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
    page.wait_for_selector(TREE_UP, state="attached", timeout=WAIT)
    page.wait_for_function(SHOWN, arg="New game", polling="raf", timeout=WAIT)
    return time.perf_counter() - start


WEBUI = " (webui)"  # the mark of Chromium's own renderers in browser_threads()' kinds


def browser_threads() -> collections.Counter[tuple[str, str]]:
    """CPU seconds (user + system) used so far by each thread of the browser's processes (every
    process under this one but Playwright's driver; Linux /proc, empty elsewhere), by (process
    type, thread name): ("renderer", "DedicatedWorker"), ("gpu-process", "chromium"), ..."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError, ValueError):
                parents[int(entry.name)] = int(
                    (entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
    mine = {os.getpid()}
    for _ in range(8):  # a process tree this deep is enough for Chromium's
        mine |= {pid for pid, parent in parents.items() if parent in mine}
    ticks = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    used: collections.Counter[tuple[str, str]] = collections.Counter()
    for pid in mine - {os.getpid()}:
        with contextlib.suppress(OSError, IndexError, ValueError):
            # (Chromium rewrites its children's command lines into one string)
            command = Path(f"/proc/{pid}/cmdline").read_text().replace("\0", " ").split()
            if not command or Path(f"/proc/{pid}/comm").read_text().strip() == "node":
                continue
            kind = next((arg.split("=", 1)[1] for arg in command
                         if arg.startswith("--type=")), "browser")
            if "--top-chrome-webui" in command:  # Chromium's own user interface
                kind += WEBUI
            for task in Path(f"/proc/{pid}/task").iterdir():
                with contextlib.suppress(OSError, IndexError, ValueError):
                    stat = (task / "stat").read_text().rsplit(")", 1)[1].split()
                    name = (task / "comm").read_text().strip().rstrip("0123456789")
                    if name.startswith("node-"):  # Playwright's driver (its process renamed)
                        continue
                    used[(kind, name)] += (int(stat[11]) + int(stat[12])) / ticks
    return used


KEY = re.compile(rb"https?://[!-~]+")


def wasm_code_caches(profile: Path) -> dict[str, int]:
    """Bytes of the side file (V8's compiled code, with the disk cache's header and the key)
    beside each ``.wasm`` entry of the profile's Cache Storage, 0 where there is none: the
    entries are Chromium's simple disk cache, ``HASH_0`` (the key, the headers, the body) and
    ``HASH_1`` (the side data, where the code cache goes)."""
    caches: dict[str, int] = {}
    for entry in (profile / "Default" / "Service Worker" / "CacheStorage").rglob("*_0"):
        with entry.open("rb") as file:
            key = KEY.search(file.read(1024))
        if key and b".wasm" in key[0]:
            name = key[0].decode("ascii").split("?")[0].split("/", 3)[-1]
            side = entry.with_name(entry.name[:-2] + "_1")
            caches[name] = side.stat().st_size if side.exists() else 0
    return dict(sorted(caches.items()))


def makes_snapshots(site_dir: Path) -> bool:
    """Whether the site keeps a Python snapshot after a first visit (builds before did not)."""
    return "scorerOrderSnapshot" in (site_dir / "python-worker.js").read_text(encoding="utf-8")


class CpuBudget:
    """A cgroup with a CPU quota of ``cores`` and an executable that starts Chromium in it."""

    PERIOD = 100_000  # µs

    def __init__(self, cores: float, tmp: Path) -> None:
        self.cores = cores
        v1 = Path("/sys/fs/cgroup/cpu")
        self.path: Path
        if (v1 / "cpu.cfs_quota_us").exists():
            self.path = v1 / f"scorer-bench-{os.getpid()}"
            self.procs = self.path / "cgroup.procs"
            writes = [("cpu.cfs_period_us", str(self.PERIOD)),
                      ("cpu.cfs_quota_us", str(round(cores * self.PERIOD)))]
        else:
            root = next((r for r in (Path("/sys/fs/cgroup"), Path("/sys/fs/cgroup/unified"))
                         if "cpu" in _read(r / "cgroup.controllers").split()), None)
            if root is None:
                raise SystemExit("bench_web: --cpu-budget: no cgroup CPU controller found "
                                 "(v1 /sys/fs/cgroup/cpu or v2 with 'cpu' in cgroup.controllers)")
            self.path = root / f"scorer-bench-{os.getpid()}"
            self.procs = self.path / "cgroup.procs"
            writes = [("cpu.max", f"{round(cores * self.PERIOD)} {self.PERIOD}")]
            if "cpu" not in _read(root / "cgroup.subtree_control").split():
                writes.insert(0, ("../cgroup.subtree_control", "+cpu"))
        try:
            self.path.mkdir()
            for name, value in writes:
                (self.path / name).write_text(value)
        except OSError as error:
            self.remove()
            raise SystemExit(f"bench_web: --cpu-budget: cgroup {self.path} not writable "
                             f"({error.strerror or error}; run as root)") from None
        self.executable = tmp / "chromium-in-cgroup"
        self.executable.write_text(f"#!/bin/sh\necho $$ > '{self.procs}' || exit 1\n"
                                   f"exec '{chromium_path()}' \"$@\"\n")
        self.executable.chmod(0o755)

    def remove(self) -> None:
        """Remove the cgroup (its processes gone: Chromium's may take a moment to end)."""
        for _ in range(50):
            try:
                self.path.rmdir()
                return
            except FileNotFoundError:
                return
            except OSError:
                time.sleep(0.2)
        print(f"bench_web: could not remove cgroup {self.path} (processes still in it: "
              f"{_read(self.procs).split()})")


def _read(path: Path) -> str:
    try:
        return path.read_text()
    except OSError:
        return ""


class Visits:
    """One site, its static server and one browser profile (one phone)."""

    def __init__(self, browser_type, site_dir: Path, profile: Path,
                 executable: str | None = None, press: bool = False,
                 extra_args: tuple[str, ...] = (), touch: bool = False) -> None:
        self.browser_type = browser_type
        self.touch = touch  # --touch: a page with a touch screen (the timed taps are touches)
        self.args = [*CHROMIUM_ARGS, *extra_args]
        self.press = press  # --press-placeholder
        self.site_dir = site_dir
        self.size = sum(p.stat().st_size for p in site_dir.rglob("*") if p.is_file())
        self.site = StaticSite(site_dir).start()
        self.profile = profile
        self.executable = executable or chromium_path()
        self.failures: list[str] = []
        self.network = [0]
        self.repeats: list[float] = []
        self.cpu: list[float] = []  # CPU seconds of the browser's processes in each repeat visit
        self.cpu_ui: list[float] = []  # of which Chromium's own user interface's (WEBUI)
        self.stages: dict[str, list[float]] = {}

    def launch(self):
        context = self.browser_type.launch_persistent_context(
            str(self.profile), executable_path=self.executable, args=self.args,
            headless=True, viewport=PHONE, has_touch=self.touch)
        block_other_hosts(context, self.failures)
        context.add_init_script(PRESENTS)
        if self.press:
            context.add_init_script(PRESS_PLACEHOLDER)

        def counted(response) -> None:
            if not response.from_service_worker and response.url.startswith("http"):
                # (a failed request has no body: nothing came)
                with contextlib.suppress(Exception):
                    self.network[0] += len(response.body())

        context.on("response", counted)
        return context, (context.pages[0] if context.pages else context.new_page())

    def first(self) -> tuple[float, int]:
        """The first visit (seconds to home, bytes sent), until the site has kept its
        snapshot; then the server is stopped."""
        context, page = self.launch()
        if makes_snapshots(self.site_dir):
            with page.expect_console_message(lambda m: "snapshot maker ended" in m.text,
                                             timeout=WAIT):
                seconds = home(page, self.site.url)
                sent = self.site.bytes_sent
        else:
            seconds = home(page, self.site.url)
            sent = self.site.bytes_sent
        context.close()
        self.site.stop()
        self.network[0] = 0
        return seconds, sent

    def played(self, deals: int, tmp: Path, settle: float) -> dict[str, int]:
        """A visit after the first as a player's at the table (offline): the 50-deal Draw
        Bridge game imported and opened, ``deals`` deals entered and saved, the game deleted;
        the page then stays open ``settle`` seconds, time in which V8 writes the compiled code
        it keeps (decision 587). Not a timed visit. Returns the bytes kept beside each wasm."""
        context, page = self.launch()
        home(page, self.site.url)
        case = GAMES["draw-bridge"]
        file = tmp / "played.json"  # the same game for every profile: written once
        if not file.exists():
            export_file(tmp, file.name, [case.make()])
        args = argparse.Namespace(opens=0, saves=deals, taps=0, touch=False,
                                  started=time.perf_counter())
        Table(page, self.site.url, tmp, args, lambda text: None).play(case, 1, file)
        time.sleep(settle)
        context.close()
        return wasm_code_caches(self.profile)

    def repeat(self, keep: bool = False):
        """A repeat visit: its seconds to home; with ``keep`` also its context and page."""
        context, page = self.launch()
        # The browser's CPU over the visit: its work on every thread of the page, its workers
        # and the browser, which the other work of a shared machine changes far less than the
        # visit's wall-clock time (a process that ended meanwhile is not counted).
        cpu = browser_threads()
        seconds = home(page, self.site.url, self.stages)
        used = browser_threads()
        used.subtract(cpu)
        self.cpu.append(sum(used.values()))
        self.cpu_ui.append(sum(v for (kind, _), v in used.items() if kind.endswith(WEBUI)))
        self.repeats.append(seconds)
        if keep:
            return seconds, context, page
        context.close()
        return seconds


def compare(browser_type, sites: list[Path], repeats: int, tmp: Path,
            press: bool = False, extra_args: tuple[str, ...] = (), profiles: int = 1,
            executable: str | None = None, played: int = 0, settle: float = 5.0) -> None:
    """Sites built before, their repeat visits alternating (see the module's docstring), each
    site's spread over ``profiles`` browser profiles of its own (and ``executable``: Chromium
    in a CPU budget, --cpu-budget)."""
    runs = [Visits(browser_type, site, tmp / f"profile-{n}-{k}", executable, press=press,
                   extra_args=extra_args)
            for k in range(profiles) for n, site in enumerate(sites)]
    firsts: dict[Path, list[float]] = {}
    for run in runs:
        seconds, sent = run.first()
        firsts.setdefault(run.site_dir, []).append(seconds)
        print(f"{run.site_dir}: first visit {sent / 1e6:.1f} MB sent, home in {seconds:.1f} s")
        if played:
            kept = run.played(played, tmp, settle)
            print(f"{run.site_dir}: a visit with {played} deals played; compiled code kept "
                  f"{kept}", flush=True)
    rounds = -(-repeats // profiles)  # each profile as many visits; at least `repeats` a site
    for round_ in range(rounds):
        for run in runs if round_ % 2 == 0 else runs[::-1]:
            print(f"{run.site_dir}: repeat visit, home in {run.repeat():.2f} s", flush=True)
    for site in sites:
        mine = [run for run in runs if run.site_dir == site]
        homes = [r for run in mine for r in run.repeats]
        cpu = [c for run in mine for c in run.cpu]
        stages: dict[str, list[float]] = {}
        for run in mine:
            for stage, times in run.stages.items():
                stages.setdefault(stage, []).extend(times)
        print(f"{site}: first visits, median {statistics.median(firsts[site]):.2f} s (runs "
              f"{', '.join(f'{f:.1f}' for f in firsts[site])})")
        print(f"{site}: repeat visits, median {statistics.median(homes):.2f} s "
              f"(runs {', '.join(f'{r:.2f}' for r in homes)}), "
              f"{sum(run.network[0] for run in mine)} bytes from the network")
        if profiles > 1:
            print(f"{site}: median of each profile's visits "
                  + ", ".join(f"{statistics.median(run.repeats):.2f}" for run in mine) + " s")
        print(f"{site}: CPU seconds of the browser from the navigation to home, median "
              f"{statistics.median(cpu):.2f} (runs {', '.join(f'{c:.2f}' for c in cpu)})")
        print_stages(stages, "   ")


def print_stages(stages: dict[str, list[float]], indent: str) -> None:
    """The medians of when each stage was reached, in order."""
    for stage, times in sorted(stages.items(), key=lambda item: statistics.median(item[1])):
        print(f"{indent}{stage}: {statistics.median(times):.2f} s")


# Armed before a timed tap: the page's own clock at the press (the pointerdown event's time)
# and when the text is first in the semantics tree (set in the frame that draws it), without
# the bench's own delays (the click sent over DevTools, the poll at the next frame, the answer
# back): what a player's finger and eye see.
ON_PAGE = """text => {
  const host = document.querySelector('flt-semantics-host');
  const seen = window.scorerTap = {down: null, drawn: null};
  window.scorerPixels.arm(text);  // and the frame that shows it (PRESENTS)
  addEventListener('pointerdown', e => { seen.down = seen.down ?? e.timeStamp; },
                   {capture: true, once: true});
  const shown = """ + SHOWN + """;
  const observer = new MutationObserver(() => {
    if (seen.down !== null && shown(text)) {
      seen.drawn = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(host, {subtree: true, childList: true, characterData: true, attributes: true});
}"""


# Installed in every page: when each frame's pixels reach the screen. skwasm hands every frame
# it has drawn to the page's canvas with ImageBitmapRenderingContext.transferFromImageBitmap, on
# the page's main thread, in both of its modes. Single-threaded (a page that is not cross-origin
# isolated) it draws and hands over in the same task as the frame's build; multi-threaded (an
# isolated page: decision 577) the page posts each frame to skwasm's worker ("renderPictures")
# and the pixels come back in a later task, one handover per post, in order, so the handover
# that follows a change may be an older frame's. Each post and each handover notes whether the
# awaited text is in the semantics tree once its task is over (a microtask): the frame that
# shows the text is the first post so marked (its handover is the one with the same number), or,
# with no posts (single-threaded), the first handover so marked.
PRESENTS = """(() => {
  const seen = window.scorerPixels = {posts: [], presents: [], text: null, before: 0};
  const isShown = """ + SHOWN + """;
  const shown = () => seen.text !== null && isShown(seen.text);
  const note = list => { const e = {t: performance.now(), shown: false}; list.push(e);
    queueMicrotask(() => { e.shown = shown(); }); };
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && message.l === 'renderPictures') {
      if (!seen.posts.length) seen.before = seen.presents.length;
      note(seen.posts);
    }
    return post.call(this, message, ...rest);
  };
  const hand = ImageBitmapRenderingContext.prototype.transferFromImageBitmap;
  ImageBitmapRenderingContext.prototype.transferFromImageBitmap = function (bitmap) {
    note(seen.presents);
    return hand.call(this, bitmap);
  };
  // The time the frame showing seen.text reached the screen, or null (not yet).
  seen.painted = () => {
    let presented;
    if (seen.posts.length) {  // multi-threaded: the handover numbered as the first post marked
      const posted = seen.posts.findIndex(e => e.t >= seen.armed && e.shown);
      presented = posted < 0 ? undefined : seen.presents[posted + seen.before];
    } else {
      presented = seen.presents.find(e => e.t >= seen.armed && e.shown);
    }
    return presented ? presented.t : null;
  };
  // Armed before a tap: from now on, wait for text. (before: the handovers made before the first
  // post, if skwasm drew any frame before its worker was up; then one handover per post.)
  seen.arm = text => { seen.text = text; seen.armed = performance.now(); };
})()"""
# A page function: the frame that shows the armed text has reached the screen.
PAINTED = "() => window.scorerPixels.painted() !== null"


class Table:
    """The app in one page, played game by game; the figures it measures (ms lists)."""

    def __init__(self, page, url: str, tmp: Path, args, log: Callable[[str], None]) -> None:
        self.phone = Phone(page, url)
        self.page = page
        self.tmp = tmp
        self.args = args
        self.log = log
        self.times: dict[str, list[float]] = {}
        self.started = args.started
        self.on_page: float | None = None  # the last timed tap's, on the page's clock (s)
        self.painted: float | None = None  # and until its pixels were on the screen (s)

    def timed_tap(self, target, text: str, timeout: float = 120_000,
                  in_bar: bool = False) -> float:
        """Seconds from a mouse click at ``target``'s centre (once it holds still in view)
        until ``text`` is shown. ``in_bar``: the control is in a bar that does not scroll."""
        # Else clear of the app bar and of deal entry's bar at the bottom (the preview, Save),
        # scrolled to as a finger would (see Phone.scroll_to).
        size = self.page.viewport_size or PHONE
        top, bottom = (0, 0) if in_bar else (60, 90)
        for _ in range(20):
            box = self.phone.steady_box(target)
            assert box is not None, "the control is not drawn"
            if top <= box["y"] and box["y"] + box["height"] <= size["height"] - bottom:
                break
            self.page.mouse.move(size["width"] / 2, size["height"] / 2)
            self.page.mouse.wheel(0, box["y"] + box["height"] / 2 - size["height"] / 2)
        self.page.evaluate(ON_PAGE, text)
        start = time.perf_counter()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        if getattr(self.args, "touch", False):  # (bench_where.py, bench_tap_py.py: a mouse)
            self.page.touchscreen.tap(x, y)
        else:
            self.page.mouse.click(x, y)
        try:
            self.page.wait_for_function(SHOWN, arg=text, polling="raf", timeout=timeout)
        except Exception as error:
            raise AssertionError(f"{text!r} not shown {timeout / 1000:g} s after a tap at "
                                 f"{box}; the screen shows:\n{self.phone.screen_text()}"
                                 ) from error
        seconds = time.perf_counter() - start
        self.page.wait_for_function(PAINTED, polling="raf", timeout=timeout)  # (not timed)
        down, drawn, painted = self.page.evaluate(
            "[window.scorerTap.down, window.scorerTap.drawn, window.scorerPixels.painted()]")
        self.on_page = (drawn - down) / 1000 if down is not None and drawn is not None else None
        self.painted = (painted - down) / 1000 if down is not None else None
        return seconds

    def record(self, key: str, seconds: list[float]) -> None:
        self.times[key] = [s * 1000 for s in seconds]
        self.log(f"  {key}: median {statistics.median(self.times[key]):.0f} ms "
                 f"(min {min(self.times[key]):.0f}, max {max(self.times[key]):.0f}, "
                 f"n={len(seconds)})")

    def import_file(self, path: Path, expect: str) -> None:
        with self.page.expect_file_chooser() as chooser:
            self.phone.tap("Import a game")
        chooser.value.set_files(str(path))
        self.phone.shown(self.phone.button(expect, exact=False).first, repr(expect),
                         timeout=WAIT)

    def play(self, case: GameCase, stored: int, file: Path, deals: int = 50) -> None:
        """Import ``case``'s game alone, open it, tap, save, and delete it again. ``deals``:
        another length of a big game than 50 (its figures under ``VARIANT@DEALS``; no taps)."""
        args, phone = self.args, self.phone
        suffix = f"{case.variant}{'' if deals == 50 else f'@{deals}'}/{stored}"
        self.log(f"{case.title}{'' if deals == 50 else f' ({deals} deals)'}, {stored} stored "
                 f"game{'s' if stored > 1 else ''} "
                 f"(at {time.perf_counter() - self.started:.0f} s, load average {load()}):")
        self.import_file(file, case.open_name)
        mirror = case.make(deals)
        party = mirror.parties[0]
        total = case.totals.format(party=party, total=mirror.totals[0])
        card = phone.button(case.open_name, exact=False).first
        if case.big and args.opens:
            opens = []
            for n in range(args.opens):
                opens.append(self.timed_tap(card, total))
                if n < args.opens - 1:
                    self.page.go_back()
                    phone.see("New game")
            self.record(f"open_ms/{suffix}", opens)
        else:
            phone.tap(case.open_name, exact=False)
            phone.see(total)
        if case.big and args.saves:
            saves, painted = [], []
            for _ in range(args.saves):
                phone.tap(f"New {case.unit}")
                for name in case.save_taps:
                    phone.tap(name)
                phone.see(case.save_preview)
                mirror = mirror.add_deal(case.save_deal)
                saves.append(self.timed_tap(
                    phone.button(f"Save {case.unit}").first,
                    case.totals.format(party=party, total=mirror.totals[0]), in_bar=True))
                if self.painted is not None:
                    painted.append(self.painted)
            self.record(f"save_ms/{suffix}", saves)
            if painted:
                self.record(f"save_paint_ms/{suffix}", painted)
        if args.taps and deals == 50:
            phone.tap(f"New {case.unit}")
            for name in case.tap_setup:
                phone.tap(name)
            phone.see(case.tap_pair[-1][1])
            taps, on_page, painted = [], [], []
            for n in range(args.taps):
                chip, text = case.tap_pair[n % len(case.tap_pair)]
                taps.append(self.timed_tap(phone.button(chip).first, text))
                if self.on_page is not None:
                    on_page.append(self.on_page)
                if self.painted is not None:
                    painted.append(self.painted)
            self.record(f"tap_ms/{suffix}", taps)
            if on_page:
                self.record(f"tap_page_ms/{suffix}", on_page)
            if painted:
                self.record(f"tap_paint_ms/{suffix}", painted)
            phone.tap(f"Save {case.unit}")
        phone.tap("Delete this game")
        phone.tap("Delete")
        phone.see("The game was deleted")


def measure(browser_type, renderer: str, tmp: Path, args, executable: str | None,
            tag: str) -> dict[str, Any]:
    def log(text: str) -> None:
        print(f"[{tag}] {text}", flush=True)

    built = args.built or publish(tmp / f"site-{renderer}", renderer=renderer)
    visits = Visits(browser_type, built, tmp / f"profile-{renderer}", executable,
                    extra_args=args.extra_args, touch=args.touch)
    site, network = visits.site, visits.network
    cases = [GAMES[name] for name in args.games]
    files = {case.variant: export_file(tmp, f"{case.variant}.json", [case.make()])
             for case in cases}
    lengths = [n for n in args.lengths if n != 50] if "draw-bridge" in args.games \
        and not args.no_saves else []
    long_files = {n: export_file(tmp, f"draw-bridge-{n}.json", [GAMES["draw-bridge"].make(n)])
                  for n in lengths}
    many = None
    if args.stored and any(case.big for case in cases) and not args.no_saves:
        many = export_file(tmp, "many.json", small_games(args.stored))
    try:
        first, first_bytes = visits.first()
        log(f"first visit: {first_bytes / 1e6:.1f} MB sent, home in {first:.1f} s")
        if args.played:
            kept = visits.played(args.played, tmp, args.settle)
            log(f"a visit with {args.played} deals played; compiled code kept {kept}")
        served_before = site.bytes_sent
        network[0] = 0
        for n in range(args.repeats):
            kept = n == args.repeats - 1 and not args.no_saves
            seconds = visits.repeat(keep=kept)
            if kept:
                seconds, context, page = seconds
            log(f"repeat visit (offline): home in {seconds:.2f} s")
        repeats, stages = visits.repeats, visits.stages
        times: dict[str, list[float]] = {}
        if not args.no_saves:
            table = Table(page, site.url, tmp, args, log)
            for case in cases:
                table.play(case, 1, files[case.variant])
            for n in lengths:  # a Save in a short and in a long game (issue 33)
                table.play(GAMES["draw-bridge"], 1, long_files[n], deals=n)
            if many is not None:
                log(f"importing {args.stored} small games")
                table.import_file(many, "Show all")
                for case in cases:
                    if case.big:
                        table.play(case, args.stored, files[case.variant])
            times = table.times
            context.close()
        return {"size": visits.size, "first_s": first, "first_bytes": first_bytes,
                "played": args.played,
                "repeat_s": statistics.median(repeats), "repeat_max_s": max(repeats),
                "repeat_bytes": network[0] + site.bytes_sent - served_before,
                "repeat_cpu_s": statistics.median(visits.cpu),
                "repeat_cpu_ui_s": statistics.median(visits.cpu_ui),
                "cores": args.cpu_budget or os.cpu_count() or 1,
                **{f"{stage}_s": statistics.median(times) for stage, times in stages.items()},
                "stages": stages, "times": times, "failures": len(visits.failures)}
    finally:
        site.stop()


def figures(r: dict[str, Any]) -> dict[str, float]:
    """The figures a baseline keeps: medians by name."""
    out = {"first_bytes": r["first_bytes"], "first_s": r["first_s"], "repeat_s": r["repeat_s"]}
    out.update({key: statistics.median(values) for key, values in r["times"].items()})
    return out


def _baseline_of(baseline: dict[str, Any] | None, renderer: str) -> dict[str, Any] | None:
    """The baseline's figures for ``renderer``, or its only renderer's (an older build that
    shipped one renderer against this one's automatic choice)."""
    runs = (baseline or {}).get("renderers", {})
    found = runs.get(renderer)
    if found is None and len(runs) == 1:
        found = next(iter(runs.values()))
    return found


def floor(cpu_s: float, count: float) -> str:
    """The least wall-clock time in which ``cpu_s`` seconds of CPU fit on ``count`` cores."""
    return f"{cpu_s / count:.2f} s on {cores(count)}"


def report(renderer: str, r: dict[str, Any], stored: int,
           baseline: dict[str, float] | None, judged: bool = True,
           one_core: bool = False) -> None:
    """Every figure with its target (OK or MISSED; not ``judged`` in a CPU budget, where the
    issue sets none, but for ``one_core``: its own targets for a repeat visit, a Save and the
    first visit) and, with a baseline, its ratio."""
    now = figures(r)
    save_ms = ONE_CORE["save_ms"] if one_core else SAVE_MS
    repeat_s = ONE_CORE["repeat_s"] if one_core else REPEAT_S
    first_s = ONE_CORE["first_s"] if one_core else FIRST_S
    judging = judged
    verdicts: list[bool] = []

    def line(text: str, key: str | None = None, verdict: bool | None = None,
             ratio: str | None = None) -> None:
        parts = [f"[{renderer}] {text}"]
        judged = judging or (one_core and key in ("repeat_s", "first_s")
                             or (key or "").startswith("save_ms/"))
        if verdict is not None and judged:
            parts.append("OK" if verdict else "MISSED")
            verdicts.append(verdict)
        if baseline is not None and key is not None and key in baseline and now.get(key):
            gain = baseline[key] / now[key]
            parts.append(f"| baseline {_fmt(key, baseline[key])}: {gain:.2f}x")
            if ratio is not None and judged:
                parts.append(f"(needs {RATIOS[ratio]}x: "
                             f"{'OK' if gain >= RATIOS[ratio] else 'MISSED'})")
        print(" ".join(parts))

    line(f"site {r['size'] / 1e6:.1f} MB on disk")
    line(f"first visit: {r['first_bytes'] / 1e6:.2f} MB sent (target <= "
         f"{FIRST_BYTES / 1e6:.0f} MB)", "first_bytes", r["first_bytes"] <= FIRST_BYTES,
         "bytes")
    line(f"first visit: home in {r['first_s']:.1f} s (target <= {first_s:g} s)", "first_s",
         r["first_s"] <= first_s)
    played = (f", after a visit with {r['played']} deals played" if r.get("played")
              else ", on a phone that has only opened the site once")  # decision 587
    line(f"repeat visit, offline{played}: home in median {r['repeat_s']:.2f} s (max "
         f"{r['repeat_max_s']:.2f}), {r['repeat_bytes']} bytes from the network (target <= "
         f"{repeat_s} s, 0 bytes)", "repeat_s",
         r["repeat_s"] <= repeat_s and not r["repeat_bytes"], "repeat")
    line(f"  of which: Flutter's client up at {r.get('flutter_s', float('nan')):.2f} s, "
         f"Python (Pyodide, app, imports) ready at {r.get('python_s', float('nan')):.2f} s; "
         "every stage:")
    print_stages(r["stages"], f"[{renderer}]     ")
    cpu, ui = r["repeat_cpu_s"], r["repeat_cpu_ui_s"]
    line(f"  the browser's CPU from the navigation to home: median {cpu:.2f} s, which takes "
         f"no less than {floor(cpu, r['cores'])} (decision 606)"
         + (f"; of it {ui:.2f} s Chromium's own address-bar renderer, which a phone's browser "
            f"does not run (decision 551): {floor(cpu - ui, r['cores'])} without it"
            if ui >= 0.01 else ""))
    times = now
    for key in sorted(k for k in times if k.startswith("tap_ms/")):
        line(f"tap -> preview, {_name(key)}: median {times[key]:.0f} ms (target <= "
             f"{TAP_MS} ms)", key, times[key] <= TAP_MS, "tap")
    for key in sorted(k for k in times if k.startswith("tap_page_ms/")):
        line(f"  of which on the page, press to preview drawn, {_name(key)}: median "
             f"{times[key]:.0f} ms (no target)", key)
    for key in sorted(k for k in times if k.startswith(("tap_paint_ms/", "save_paint_ms/"))):
        line(f"  on the page, press to its pixels on the screen, "
             f"{'tap' if key.startswith('tap') else 'Save'}, {_name(key)}: median "
             f"{times[key]:.0f} ms (no target)", key)
    for key in sorted(k for k in times if k.startswith("save_ms/")):
        if key.endswith("/1"):
            line(f"Save -> scoreboard, {_name(key)}: median {times[key]:.0f} ms (target <= "
                 f"{save_ms} ms)", key, times[key] <= save_ms, "save")
        else:
            line(f"Save -> scoreboard, {_name(key)}: median {times[key]:.0f} ms", key,
                 ratio="save")
    for key in sorted(k for k in times if k.startswith("open_ms/")):
        line(f"opening a game from home, {_name(key)}: median {times[key]:.0f} ms (target <= "
             f"{OPEN_MS} ms)", key, times[key] <= OPEN_MS)
    by_length = sorted((int(k.split("/")[1].split("@")[1]) if "@" in k else 50, k)
                       for k in times if k.startswith("save_ms/draw-bridge") and k.endswith("/1"))
    if len(by_length) > 1:
        (short, short_key), (long, long_key) = by_length[0], by_length[-1]
        flat = times[long_key] / times[short_key]
        line(f"Save, Draw Bridge: {long} deals / {short} deals = {flat:.2f}x (target <= "
             f"{FLAT_DEALS}x)", verdict=flat <= FLAT_DEALS)
    for kind in ("save_ms", "open_ms", "tap_ms"):
        for key in sorted(k for k in times if k.startswith(kind) and k.endswith("/1")):
            many = key[:-2] + f"/{stored}"
            if many in times:
                flat = times[many] / times[key]
                what = {"save_ms": "Save", "open_ms": "opening", "tap_ms": "tap"}[kind]
                line(f"{what}, {_name(key).split(',')[0]}: {stored} stored games / 1 = "
                     f"{flat:.2f}x"
                     + (f" (target <= {FLAT}x)" if kind != "tap_ms" else " (no target)"),
                     verdict=flat <= FLAT if kind != "tap_ms" else None)
    if r["failures"]:
        line(f"{r['failures']} requests to other hosts (refused)")
    line(f"targets: {verdicts.count(True)} OK, {verdicts.count(False)} MISSED" if judged else
         "targets: none in a CPU budget (figures only; they must fall with the work)")


def _name(key: str) -> str:
    _, variant, stored = key.split("/")
    variant, _, deals = variant.partition("@")
    return (f"{GAMES[variant].title}"
            + (f", {deals or 50} deals" if GAMES[variant].big and not key.startswith("tap")
               else "")
            + f", {stored} stored")


def _fmt(key: str, value: float) -> str:
    if key == "first_bytes":
        return f"{value / 1e6:.2f} MB"
    if key.endswith("_s"):
        return f"{value:.2f} s"
    return f"{value:.0f} ms"


def cores(budget: float) -> str:
    return f"{budget:g} core{'s' if budget > 1 else ''}"


def load() -> str:
    return ", ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--renderer", choices=("auto", "canvaskit", "skwasm", "both"),
                        default="auto")
    parser.add_argument("--site", action="append", type=Path, default=[],
                        help="bench this folder built before (repeatable: A/B)")
    parser.add_argument("--built", type=Path,
                        help="measure this site built before (e.g. main's and a branch's, "
                             "run after run) instead of publishing one now")
    parser.add_argument("--repeats", type=int, default=3, help="repeat visits (3)")
    parser.add_argument("--profiles", type=int, default=1,
                        help="with --site: browser profiles per site, its repeat visits spread "
                             "over them (1)")
    parser.add_argument("--press-placeholder", action="store_true",
                        help="each page presses Flutter's accessibility placeholder itself "
                             "(a site built without a11y.js)")
    parser.add_argument("--touch", action="store_true",
                        help="the timed taps touch the screen, as a phone's finger does, "
                             "instead of clicking it with a mouse (decision 578)")
    parser.add_argument("--quick", action="store_true",
                        help="Draw Bridge only, 1 stored game, 7 taps and saves, 5 openings, "
                             "2 repeat visits")
    parser.add_argument("--games", default=",".join(GAMES),
                        help=f"which games, comma-separated (all: {','.join(GAMES)})")
    parser.add_argument("--no-saves", action="store_true",
                        help="visits only: no games opened, no taps, no saves")
    parser.add_argument("--no-stored", action="store_true",
                        help="not again with many stored games")
    parser.add_argument("--stored", type=int, default=500, help="small games stored (500)")
    parser.add_argument("--lengths", default="10,200",
                        help="Draw Bridge games of these lengths too, 1 stored game: openings "
                             "and Saves (10,200; '' for none)")
    parser.add_argument("--taps", type=int, default=21, help="timed taps per game (21)")
    parser.add_argument("--saves", type=int, default=15, help="timed saves per game (15)")
    parser.add_argument("--opens", type=int, default=9, help="timed openings per game (9)")
    parser.add_argument("--cpu-budget", type=float, metavar="CORES",
                        help="run Chromium in a cgroup CPU quota of CORES (e.g. 1, 0.5)")
    parser.add_argument("--no-omnibox-webui", action="store_true",
                        help="Chromium without its WebUI address-bar popup (its own renderer "
                             "beside the page; decision 551)")
    parser.add_argument("--played", type=int, default=0, metavar="DEALS",
                        help="before the repeat visits, one visit (not timed) in which a player "
                             "enters and saves DEALS deals, as at a table: the compiled code "
                             "Chromium then keeps is the next visits' (decision 587; 0: none)")
    parser.add_argument("--settle", type=float, default=5.0, metavar="S",
                        help="with --played: seconds that visit's page stays open once its "
                             "game is deleted (5)")
    parser.add_argument("--json-out", type=Path, metavar="FILE", help="write the figures")
    parser.add_argument("--baseline", type=Path, metavar="FILE",
                        help="a --json-out file: print the ratios of improvement against it")
    args = parser.parse_args()
    args.games = [g.strip() for g in args.games.split(",") if g.strip()]
    args.lengths = [int(n) for n in args.lengths.split(",") if n.strip()]
    args.extra_args = (NO_OMNIBOX_WEBUI,) if args.no_omnibox_webui else ()
    if args.profiles < 1 or (args.profiles > 1 and not args.site):
        parser.error("--profiles takes a whole number from 1, and more than 1 only with --site")
    if unknown := [g for g in args.games if g not in GAMES]:
        parser.error(f"unknown games {unknown}; known: {', '.join(GAMES)}")
    if args.quick:
        args.games, args.stored = ["draw-bridge"], 0
        args.taps = args.saves = 7
        args.opens = 5
        args.repeats = min(args.repeats, 2)
    if args.no_stored:
        args.stored = 0
    if not args.no_saves:
        args.repeats = max(1, args.repeats)  # the games are played in the last one's page
    baseline = None
    if args.baseline:
        baseline = json.loads(args.baseline.read_text(encoding="utf-8"))
    renderers = (("canvaskit", "skwasm") if (choice := args.renderer) == "both"
                 else (choice,))
    load_start = os.getloadavg()
    print(f"load average at start: {load()} ({os.cpu_count()} cores)"
          + ("; Chromium without its omnibox WebUI" if args.no_omnibox_webui else "")
          + (f"; Chromium in a CPU budget of {cores(args.cpu_budget)}"
             if args.cpu_budget else ""), flush=True)
    tmp = Path(tempfile.mkdtemp(prefix="bench-web-"))
    budget = CpuBudget(args.cpu_budget, tmp) if args.cpu_budget else None
    results: dict[str, Any] = {}
    started = args.started = time.perf_counter()
    try:
        with sync_playwright() as p:
            executable = str(budget.executable) if budget else None
            if args.site:
                compare(p.chromium, args.site, args.repeats, tmp, args.press_placeholder,
                        args.extra_args, args.profiles, executable, args.played, args.settle)
                return
            for renderer in renderers:
                tag = renderer + (f", {cores(args.cpu_budget)}" if budget else "")
                r = measure(p.chromium, renderer, tmp, args, executable, tag)
                report(tag, r, args.stored,
                       _baseline_of(baseline, renderer), judged=not budget,
                       one_core=args.cpu_budget == 1)
                results[renderer] = figures(r)
    finally:
        if budget:
            budget.remove()
        shutil.rmtree(tmp, ignore_errors=True)
        print(f"load average at end: {load()}; run took "
              f"{time.perf_counter() - started:.0f} s", flush=True)
    if args.json_out and results:
        args.json_out.write_text(json.dumps(
            {"renderers": results, "cpu_budget": args.cpu_budget, "load_start": load_start,
             "load_end": os.getloadavg(),
             "stored": args.stored, "played": args.played,
             "when": time.strftime("%Y-%m-%d %H:%M:%S")}, indent=1),
            encoding="utf-8")


if __name__ == "__main__":
    main()
