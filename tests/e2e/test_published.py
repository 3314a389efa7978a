"""The published site (``scorer publish``): the whole app in the browser, no Python server.

The site is built once from the checkout and served by a plain static file server on loopback.
Each test drives Chromium with its own persistent profile (so IndexedDB and the service worker
survive a closed browser), and every request to another host is refused and fails the test.
"""

from __future__ import annotations

import base64
import contextlib
import functools
import gzip
import hashlib
import io
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tarfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser import (
    CHROMIUM_ARGS,
    PHONE,
    Phone,
    StaticSite,
    block_other_hosts,
    bridge_deal,
    chromium_path,
)
from builds import built_once

from scorer.game import Game
from scorer.link import link_for
from scorer.rules import Contract
from scorer.rules.draw_bridge import DrawBridgeDeal
from scorer.store import Store
from scorer.ui.theme import FLUTTER_FALLBACKS

pytestmark = pytest.mark.browser

START = 240_000  # ms: a first visit fetches the whole site (on a busy machine it takes a while)


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    server = StaticSite(built_once(tmp_path_factory, "root")).start()
    yield server
    server.stop()


@pytest.fixture
def site_copy(site, tmp_path) -> Path:
    """A copy of the shared build, for a test that changes its files (as a new build would)
    and serves it at an address of its own: copied in a blink, where a build takes 10-25 s of
    a core."""
    return Path(shutil.copytree(site.folder, tmp_path / "site"))


class Browser:
    """Chromium with a persistent profile (a phone's browser: its storage outlives the tab)."""

    def __init__(self, browser_type, profile: Path, failures: list[str]) -> None:
        self.browser_type = browser_type
        self.profile = profile
        self.failures = failures
        self.context = None

    def launch(self):
        self.context = self.browser_type.launch_persistent_context(
            str(self.profile), executable_path=chromium_path(), args=CHROMIUM_ARGS,
            headless=True, viewport=PHONE, accept_downloads=True)
        block_other_hosts(self.context, self.failures)
        return self.context

    def page(self):
        """The browser's one tab (a persistent profile opens with one)."""
        assert self.context is not None
        return self.context.pages[0] if self.context.pages else self.context.new_page()

    def phone(self, url: str) -> Phone:
        page = self.page()
        phone = Phone(page, url)
        page.goto(url)
        return started(phone)

    def kill(self) -> None:
        """Kill this browser's processes outright, as a phone does to a tab it drops."""
        killed = 0
        marker = f"--user-data-dir={self.profile}".encode()
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            with contextlib.suppress(OSError):
                if marker in (entry / "cmdline").read_bytes().split(b"\0"):
                    os.kill(int(entry.name), signal.SIGKILL)
                    killed += 1
        assert killed, "no browser process found to kill"
        with contextlib.suppress(Exception):
            self.context.close()
        self.context = None

    def close(self) -> None:
        if self.context is not None:
            with contextlib.suppress(Exception):
                self.context.close()
            self.context = None


def started(phone: Phone, showing: str = "Scorer", timeout: float = START) -> Phone:
    """Wait for the app (Pyodide and the store included) to show ``showing``."""
    phone.ready(timeout).see(showing, timeout=timeout)
    return phone


# The address of a game's scoreboard (hash routes).
SCOREBOARD = re.compile(r"#/game/[0-9a-f]+$")


def reload(phone: Phone, showing: str, timeout: float = START,
           address: re.Pattern | None = None) -> Phone:
    """Reload the page, once the browser's address matches ``address`` (the screen shown:
    the address follows it at the end of a frame), and wait for ``showing``."""
    if address is not None:
        phone.at(address)
    phone.page.reload()
    return started(phone, showing, timeout)


def launched(browser, profile: Path) -> Iterator[Browser]:
    """A fixture's body: Chromium on ``profile`` until the test ends, which fails if the page
    asked another host for anything."""
    failures: list[str] = []
    opened = Browser(browser.browser_type, profile, failures)
    opened.launch()
    yield opened
    opened.close()
    assert failures == [], f"requests to other hosts: {failures}"


@pytest.fixture
def chromium(browser, tmp_path):
    """A phone's browser that has never seen the site: its first visit fetches every file,
    starts Python without a snapshot and then has one made."""
    yield from launched(browser, tmp_path / "profile")


@pytest.fixture(scope="session")
def visited_profile(site, browser, tmp_path_factory):
    """A browser profile that has opened the site once, with nothing stored: the service
    worker installed with every file it keeps, and Python's snapshot made. Made once per
    worker process (its site's address is in it)."""
    failures: list[str] = []
    profile = tmp_path_factory.mktemp("visited") / "profile"
    opened = Browser(browser.browser_type, profile, failures)
    opened.launch()
    before = len(site.paths)
    try:
        page = opened.page()
        with kept_snapshot(page):
            page.goto(site.url)
            phone = started(Phone(page, site.url), "No games yet")
        page.evaluate(SERVICE_WORKER_IN_CHARGE)
        # Once the home screen is up, the fallback fonts are kept in the background (decision
        # 247): waited for, so that what they fetch is the first visit's.
        phone._until(lambda: len(page.evaluate(FONTS_KEPT)) == len(FALLBACK_FONT_FILES),
                     "every fallback font kept", START)
        site.quiet(phone)  # what is fetched once the screen is drawn (a font) is counted
    finally:
        opened.close()
    assert failures == [], f"requests to other hosts: {failures}"
    FIRST_VISITS[site.url] = site.paths[before:]
    return profile


# A page expression: the fallback fonts the site's service worker keeps (their paths).
FONTS_KEPT = ("caches.open('scorer-site').then(c => c.keys()).then(k => k.map("
              "r => new URL(r.url).pathname).filter(p => p.startsWith('/fonts/Noto')))")
FALLBACK_FONT_FILES = {"/" + name for name in set(FLUTTER_FALLBACKS.values())}


# The files that the first visit of :func:`visited_profile` fetched, by the site's address.
FIRST_VISITS: dict[str, list[str]] = {}


@pytest.fixture
def revisiting(browser, tmp_path, visited_profile):
    """A phone's browser that has opened the site before (a copy of :func:`visited_profile`):
    what most openings of the app are. For the tests that are not about a first visit: it
    skips the first visit's download, Python's start without a snapshot and the making of
    one, the largest part of such a test's time (issue 19 item 9)."""
    shutil.copytree(visited_profile, tmp_path / "profile", symlinks=True)
    yield from launched(browser, tmp_path / "profile")


def test_whole_draw_bridge_game_then_reload(site, revisiting):
    """A whole game, from a browser that has opened the site before (a game on the first
    visit, while the snapshot is being made, is played in the snapshot's own test below)."""
    missing: list[str] = []  # fonts the page asked for and the site does not have
    assert revisiting.context is not None
    revisiting.context.on("response", lambda r: r.status == 404 and "/fonts/" in r.url
                          and missing.append(r.url))
    phone = revisiting.phone(site.url)
    phone.see("No games yet")
    # No server: joining is not offered, the player is told how to get it.
    assert not phone.button("Join from another phone").count()
    phone.see('needs a computer at the table running "scorer serve"')
    phone.new_game("Draw Bridge", ["Ana", "Ben"], dealer="Ana", end="Target score 300")
    bridge_deal(phone, "Ana", 4, "Spades", 10)
    phone.see("Ana total 120")
    phone.tap("New deal")
    phone.tap("Passed out")
    phone.tap("Save deal")
    phone.see("Deal 2: passed out")
    bridge_deal(phone, "Ben", 3, "No-trump", 9, doubling="Doubled")
    phone.see("Ben total 200")
    bridge_deal(phone, "Ana", 2, "Hearts", 7)            # wrong: really 9 tricks
    phone.tap("Deal 4: 2H by Ana: down 1;", exact=False)
    phone.tap("Correct this deal")
    phone.tap("Tricks 9")
    phone.tap("Save deal")
    phone.see("Ana total 210")
    bridge_deal(phone, "Ana", 3, "Clubs", 10)             # 80 -> 290
    phone.see("Ana total 290")
    bridge_deal(phone, "Ana", 1, "Clubs", 7)              # 20 -> 310: Ana wins
    phone.see("Ana wins: reached the target of 300")
    # Once, when the game has just ended: keep a copy.
    phone.see("This game is kept in this browser only")
    assert phone.button("Download a backup copy of this game (JSON)").count()

    reload(phone, "Ana wins: reached the target of 300", address=SCOREBOARD)
    phone.see("Ana total 310")
    # Every letter drawn so far (Cyrillic on the home screen too) came from a font of the site.
    assert missing == []
    assert "This game is kept in this browser only" not in phone.screen_text()  # not again
    phone.tap("Deal 4: 2H by Ana: made +1;", exact=False)
    phone.see("2♥ by Ana, 7 tricks, became 2♥ by Ana, 9 tricks")  # the history survived too


def test_a_saved_deal_survives_a_killed_browser_and_opens_offline(site, revisiting):
    phone = revisiting.phone(site.url)
    phone.new_game("Draw Bridge", ["Ana", "Ben"], dealer="Ana")
    bridge_deal(phone, "Ben", 4, "Hearts", 10)
    phone.see("Ben total 120")  # acknowledged: in IndexedDB from here on
    revisiting.kill()

    revisiting.launch()
    phone = revisiting.phone(site.url)
    phone.tap("Open Draw Bridge: Ana, Ben", exact=False)
    phone.see("Ben total 120")
    phone.see("Deal 1: 4H by Ben: made")

    # The static server goes away: the service worker still opens the app and its games.
    # (What the page asked for online is sent first: the app now starts beside the service
    # worker's check for a new build, which may still be under way: issue 33.)
    site.quiet(phone)
    site.stop()
    try:
        served_before = site.requests
        reload(phone, "Ben total 120", address=SCOREBOARD)
        phone.tap("Back")
        phone.see("Open Draw Bridge: Ana, Ben")
        # And a change made offline is kept like any other.
        phone.tap("Open Draw Bridge: Ana, Ben", exact=False)
        bridge_deal(phone, "Ana", 1, "Clubs", 7)
        phone.see("Ana total 20")
        assert site.requests == served_before, site.paths[-4:]
    finally:
        site.start()


def test_export_to_scorer_serve_and_import_from_it(site, revisiting, tmp_path):
    phone = revisiting.phone(site.url)
    phone.new_game("Draw Bridge", ["Ana", "Ben"], dealer="Ana")
    bridge_deal(phone, "Ana", 4, "Spades", 10)
    bridge_deal(phone, "Ben", 2, "Hearts", 7)
    phone.see("Deal 2: 2H by Ben: down 1")
    with phone.page.expect_download() as info:
        phone.tap("Download JSON")
    exported = tmp_path / "from-phone.json"
    info.value.save_as(exported)
    shown = {party: total for party, total in
             (("Ana", _total(phone, "Ana")), ("Ben", _total(phone, "Ben")))}

    # Into the store `scorer serve` uses: the same game, the same totals.
    with Store(tmp_path / "served") as store:
        report = store.import_file(exported)
        assert len(report.imported) == 1
        game = store.load(report.imported[0])
        assert dict(zip(game.parties, game.totals, strict=True)) == shown
        # And a game from there into the phone.
        other = Game.new("draw-bridge", ["Cleo", "Dan"], first_dealer=1, end="target=1000")
        for tricks in (7, 9, 6):
            other = other.add_deal(DrawBridgeDeal(1, Contract.parse("1NT"), tricks))
        other = store.save(other)
        to_phone = tmp_path / "to-phone.json"
        to_phone.write_text(store.export_json([other.id]), encoding="utf-8")
        expected = dict(zip(other.parties, other.totals, strict=True))

    phone.tap("Back")
    with phone.page.expect_file_chooser() as chooser:
        phone.tap("Import a game")
    chooser.value.set_files(str(to_phone))
    phone.see("1 game imported.")
    phone.tap("Open Draw Bridge: Cleo, Dan", exact=False)
    for party, total in expected.items():
        phone.see(f"{party} total {total}")
    reload(phone, "Draw Bridge")  # the import is in IndexedDB too
    for party, total in expected.items():
        phone.see(f"{party} total {total}")
    assert json.loads(exported.read_text(encoding="utf-8"))["format"] == "scorer-export"


def test_a_file_of_100000_nested_brackets_is_refused_and_the_app_keeps_working(site, revisiting,
                                                                              tmp_path):
    """Issue 17 item 1: this file ended the phone app ("Pyodide has suffered a fatal error",
    no message, dead until a reload): Pyodide's stack is far smaller than CPython's."""
    phone = revisiting.phone(site.url)
    phone.see("No games yet")
    nested = tmp_path / "nested.json"
    nested.write_text("[" * 100_000 + "]" * 100_000)
    with phone.page.expect_file_chooser() as chooser:
        phone.tap("Import a game")
    chooser.value.set_files(str(nested))
    phone.see("Not imported: the file is nested deeper than 24 levels; it is not a Scorer "
              "export", timeout=60000)
    # Still alive: a game starts and saves.
    phone.new_game("Draw Bridge", ["Ana", "Ben"], dealer="Ana")
    bridge_deal(phone, "Ana", 4, "Spades", 10)
    phone.see("Deal 1: 4S by Ana")


# A page's init script: counts the bytes the page sends to Python's worker (Flutter's messages
# and the page's own), the reads of a picked file (a File's slice or contents, a FileReader on
# one), and every "Reading ..." line the screen shows (the import's progress).
IMPORT_WATCH = """(() => {
  window.__scorerToPython = 0;
  window.__scorerFileReads = 0;
  window.__scorerReading = [];
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (data) {
    const bytes = data && (data.byteLength !== undefined ? data : data.bytes);
    if (bytes && bytes.byteLength !== undefined) { window.__scorerToPython += bytes.byteLength; }
    return post.apply(this, arguments);
  };
  for (const name of ["slice", "arrayBuffer", "text", "stream"]) {
    const own = Blob.prototype[name];
    Blob.prototype[name] = function () {
      if (this instanceof File) { window.__scorerFileReads += 1; }
      return own.apply(this, arguments);
    };
  }
  for (const name of ["readAsArrayBuffer", "readAsDataURL", "readAsText", "readAsBinaryString"]) {
    const own = FileReader.prototype[name];
    FileReader.prototype[name] = function (blob) {
      if (blob instanceof File) { window.__scorerFileReads += 1; }
      return own.apply(this, arguments);
    };
  }
  new MutationObserver(() => {
    const host = document.querySelector("flt-semantics-host");
    if (!host) { return; }
    const texts = [host.textContent || ""];
    host.querySelectorAll("[aria-label]").forEach((e) => texts.push(e.getAttribute("aria-label")));
    for (const text of texts) {
      for (const line of text.match(/Reading [^\\n]*? MB/g) || []) {
        if (!window.__scorerReading.includes(line)) { window.__scorerReading.push(line); }
      }
    }
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
})();"""


def _pick(phone: Phone, path: Path) -> None:
    with phone.page.expect_file_chooser() as chooser:
        phone.tap("Import a game")
    chooser.value.set_files(str(path))


def test_an_import_larger_than_scorer_takes_is_refused_by_its_size_unread(site, revisiting,
                                                                         tmp_path):
    """Issue 30 item 12: the phone app read a picked file whole, and sent it to Python, before
    refusing it for its size. A 3 GB file (sparse: nothing on the disk) is refused by the size
    the picker tells; no byte of it is read by the page or sent to Python, and the app goes
    on."""
    big = tmp_path / "big.json"
    with open(big, "wb") as handle:
        handle.truncate(3 * 1024 ** 3)
    revisiting.context.add_init_script(IMPORT_WATCH)
    phone = revisiting.phone(site.url)
    phone.see("No games yet")
    sent = phone.page.evaluate("window.__scorerToPython")
    _pick(phone, big)
    phone.see("Not imported: big.json is 3072.0 MB, larger than the 16 MB Scorer imports at "
              "once.")
    assert phone.page.evaluate("window.__scorerFileReads") == 0
    sent = phone.page.evaluate("window.__scorerToPython") - sent
    assert sent < 64 * 1024, f"{sent} bytes went to Python"
    phone.new_game("Draw Bridge", ["Ana", "Ben"], dealer="Ana")
    bridge_deal(phone, "Ana", 4, "Spades", 10)
    phone.see("Deal 1: 4S by Ana")


def test_a_large_import_is_read_by_the_page_with_its_progress_shown(site, revisiting,
                                                                   tmp_path):
    """A file under the limit but of many megabytes (a real export, then 12 MB of the
    whitespace JSON allows): the screen says how much is read as it goes, its bytes reach
    Python once, whole, and the game is imported."""
    with Store(tmp_path / "data") as store:
        game = Game.new("draw-bridge", ["Cleo", "Dan"], first_dealer=1, end="target=1000")
        for tricks in (7, 9, 6):
            game = game.add_deal(DrawBridgeDeal(1, Contract.parse("1NT"), tricks))
        game = store.save(game)
        padded = tmp_path / "padded.json"
        padded.write_text(store.export_json([game.id]) + " " * (12 * 1024 * 1024),
                          encoding="utf-8")
    size = padded.stat().st_size
    revisiting.context.add_init_script(IMPORT_WATCH)
    phone = revisiting.phone(site.url)
    phone.see("No games yet")
    sent = phone.page.evaluate("window.__scorerToPython")
    _pick(phone, padded)
    phone.see("1 game imported.", timeout=60000)
    reading = phone.page.evaluate("window.__scorerReading")
    assert reading and all(re.fullmatch(r"Reading padded\.json: \d+ % of 12\.1 MB", line)
                           for line in reading), reading
    sent = phone.page.evaluate("window.__scorerToPython") - sent
    assert size <= sent < size + 256 * 1024, f"{sent} bytes went to Python for {size}"
    assert phone.page.evaluate("window.__scorerFileReads") > 0  # read by the page
    phone.tap("Open Draw Bridge: Cleo, Dan", exact=False)
    for party, total in zip(game.parties, game.totals, strict=True):
        phone.see(f"{party} total {total}")


def _total(phone, party):
    """``party``'s total, as the totals card says it ("Ana total 120, Ben total 0"), the
    first on the screen."""
    phone.see(f"{party} total ")
    found = re.search(rf"(?:^|, ){re.escape(party)} total (-?\d+)", phone.screen_text(), re.M)
    if found is None:
        raise AssertionError(f"no total for {party}")
    return int(found.group(1))


# The language list names नेपाली and हिन्दी in their own script, on every first home screen:
# the service worker keeps this font at its install (decisions 115, 248).
DEVANAGARI = "/fonts/NotoSansDevanagari.woff2"


def test_the_first_visit_keeps_every_fallback_font_each_once(site, visited_profile):
    """Decision 247 (in place of 72's fetching on demand only): the first visit fetched the
    Devanagari font for the language list, then, once its home screen was up, kept the other
    fallback fonts in the background; each once."""
    fetched = [p for p in FIRST_VISITS[site.url] if "noto" in p.lower()]
    assert sorted(fetched) == sorted(FALLBACK_FONT_FILES), fetched


def test_an_offline_phone_draws_chinese_names_from_links_it_never_showed(site, revisiting):
    """Issue 30 item 9: offline, a phone asked for the Chinese fallback font it had never
    cached ("Failed to load font Noto Sans SC") and drew the names as boxes. A phone that has
    opened the site once (and never shown a Chinese name) opens two games' links with no
    network: no font fails to load, no file is asked of the site, and the names are drawn."""
    links = [link_for(Game.new("draw-bridge", [name, "Ann"], first_dealer=0,
                               end="target=1000"), site.url).address for name in ("王", "李")]
    phone = revisiting.phone(site.url)
    phone.see("No games yet")
    phone.page.evaluate(SERVICE_WORKER_IN_CHARGE)
    said: list[str] = []
    phone.page.on("console", lambda message: said.append(message.text))
    site.stop()
    try:
        served_before = site.requests
        for link in links:
            phone.page.goto("about:blank")  # each address opened afresh, as a camera app does
            phone.page.goto(link)
            started(phone, "From a link: Draw Bridge")
            phone.tap("Keep on this phone")
            phone.see("The game from the link is kept on this phone")
        phone.tap("Back")
        cards = [phone.button(f"Open Draw Bridge: {name}, Ann", exact=False).first
                 for name in ("王", "李")]
        for card in cards:
            phone.shown(card, "a game card")
        assert drawn_apart(phone, cards), "the Chinese names are drawn as boxes"
        assert site.requests == served_before
        assert not [line for line in said if "Failed to load font" in line], said
    finally:
        site.start()


def drawn_apart(phone: Phone, targets) -> bool:
    """Whether two controls of as many characters in a script of its own are drawn differently:
    as boxes (tofu) they look the same, with glyphs they differ. The font arrives after the
    first frame: waited for by count."""
    for _ in range(300):
        shots = [phone.page.screenshot(clip=target.bounding_box()) for target in targets]
        if shots[0] != shots[1]:
            return True
        time.sleep(0.1)
    return False


def test_hindi_is_drawn_with_the_devanagari_font(site, revisiting):
    """The language list names नेपाली and हिन्दी in their own script: they are drawn with the
    font the first visit fetched for them (decision 115); chosen, the app speaks Hindi."""
    assert DEVANAGARI in FIRST_VISITS[site.url]
    phone = revisiting.phone(site.url)
    phone.see("No games yet")
    names = [phone.button(name).first for name in ("नेपाली", "हिन्दी")]  # alike, not chosen
    phone.scroll_to(names[1], tries=20)
    assert drawn_apart(phone, names), "Devanagari is drawn as boxes"
    phone.tap("हिन्दी")
    phone.see("अभी कोई खेल नहीं। शुरू करने के लिए नया खेल दबाएँ।")


def test_bad_input_keeps_its_clear_messages(site, revisiting):
    phone = revisiting.phone(site.url)
    # A second tab on the same games would undo this one's saves: it is kept out, and says so.
    second = Phone(revisiting.context.new_page(), site.url)
    second.page.goto(site.url)
    started(second, "Scorer is already open in another tab or window of this browser")
    second.page.close()
    # Draw Bridge: a deal without a declarer cannot be saved, and says why.
    phone.new_game("Draw Bridge", ["Ana", "Ben"], dealer="Ana")
    phone.tap("New deal")
    phone.tap("Level 4")
    phone.see("Cannot save yet: choose the declarer")
    assert not phone.enabled("Save deal")
    phone.tap("Back")
    phone.tap("Discard: Deal 1")  # kept when left (decision 150): thrown away here
    phone.tap("Discard it")  # once asked (issue 30)
    phone.tap("Back")
    # MiniBridge: an announced count that no hand can have.
    phone.new_game("MiniBridge", ["Ana", "Ben", "Cleo", "Dan"], dealer="Ana")
    phone.tap("New deal")
    phone.tap("Enter the points")
    phone.type("North points (Ana)", "40")
    phone.see("points must be a whole number from 0 to 37")
    assert not phone.enabled("Save deal")
    phone.tap("Back")
    phone.tap("Discard: Deal 1")  # kept when left (decision 150): thrown away here
    phone.tap("Discard it")  # once asked (issue 30)
    phone.tap("Back")
    # Call Break: tricks that do not add up to 13.
    phone.new_game("Call Break", ["Ana", "Ben", "Cleo", "Dan"], dealer="Ana")
    phone.tap("New deal")
    phone.see("Cannot save yet: choose Ben's call")
    for name in ("Ana", "Ben", "Cleo", "Dan"):
        phone.tap(f"{name} calls 2")
    phone.tap("Ana took 1")
    phone.see("Cannot save yet: tricks must total 13 (12 left to give)")
    assert not phone.enabled("Save deal")


def test_a_new_build_reaches_the_phone_and_costs_only_what_changed(site, site_copy, revisiting):
    """A phone that has opened the site; the site is then deployed again with a new build at
    the same address (a copy of the shared build, changed)."""
    from scorer.ui.site.offline import write_service_worker

    with site.serving(site_copy) as folder:
        phone = revisiting.phone(site.url)
        phone.see("No games yet")
        # Whatever the page fetches after the screen is up (once seen under load: counted as
        # the new build's) is fetched before the build changes.
        site.quiet(phone)
        build = "document.querySelector('meta[name=scorer-build]')?.content || null"
        assert phone.page.evaluate(build) is None
        # A new build in which only the page changed.
        page = (folder / "index.html").read_text(encoding="utf-8")
        (folder / "index.html").write_text(
            page.replace("<head>", '<head>\n  <meta name="scorer-build" content="2">', 1),
            encoding="utf-8")
        write_service_worker(folder, "/")
        sent_before = len(site.paths)
        # The browser finds the new worker at the next visit and keeps the new build's files;
        # the page it is on stays on the build it started with, and a reload while the new
        # worker installs or waits reaches the home screen (it once stayed on "Working...").
        reload(phone, "No games yet")
        reload(phone, "No games yet")
        assert phone.page.evaluate(build) is None
        # Once the app has been closed, the next opening is all of the new build.
        for _ in range(4):
            revisiting.close()
            revisiting.launch()
            phone = revisiting.phone(site.url)
            phone.see("No games yet")
            if phone.page.evaluate(build) == "2":
                break
        assert phone.page.evaluate(build) == "2"
        assert set(site.paths[sent_before:]) <= {"/sw.js", "/index.html", "/index.html.lzma"}, \
            site.paths[sent_before:]


# --- Python memory snapshots (scorer/assets/web/python-start.js) ---------------------------

SNAPSHOT_KEPT = "Scorer mark: snapshot maker ended: done"
# A page expression: the addresses under which the site keeps Python snapshots.
SNAPSHOTS_KEPT = ("caches.open('scorer-python-snapshot').then(c => c.keys())"
                  ".then(k => k.map(r => r.url))")


# A page function: have the browser look for a new service worker and wait until it is
# installed (it then waits to take over until no page of the site is open).
NEW_WORKER_INSTALLED = """async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration.update();
    const worker = registration.installing || registration.waiting;
    if (!worker) {
        return "no new worker";
    }
    if (worker.state !== "installed") {
        await new Promise((resolve) => worker.addEventListener("statechange", () => {
            if (worker.state === "installed" || worker.state === "redundant") {
                resolve();
            }
        }));
    }
    return worker.state;
}"""


def kept_snapshot(page):
    """A context that ends once the site's worker has had its Python snapshot kept."""
    return page.expect_console_message(lambda m: m.text.startswith(SNAPSHOT_KEPT),
                                       timeout=START)


def logged(chromium: Browser, url: str) -> tuple[Phone, list[str]]:
    """The app opened at ``url``, with every console line of the page and its workers."""
    page = chromium.page()
    lines: list[str] = []
    page.on("console", lambda message: lines.append(message.text))
    phone = Phone(page, url)
    page.goto(url)
    return started(phone), lines


def build_of(folder: Path) -> str:
    worker = (folder / "python-worker.js").read_text(encoding="utf-8")
    found = re.search(r'const SCORER_BUILD = "([0-9a-f]{16})"', worker)
    assert found, "python-worker.js names no build"
    return found[1]


def started_python(lines: list[str]) -> list[str]:
    return [line for line in lines
            if line.startswith(("Scorer: Python restored", "Scorer: Python started without"))]


def paced_until_home(lines: list[str]) -> bool:
    """Flet's boot screen was drawn at boot-pace.js's pace until the app's first screen was up
    (decision 585): the page was told by the worker, not by a press of the test."""
    return [line.split(" (")[0] for line in lines if "frames were paced" in line] == [
        "Scorer: the boot screen's frames were paced until the first screen was up"]


def held(lines: list[str]) -> bool:
    """The page drew no frame before the first screen (at most boot-pace.js's HOLD): a repeat
    visit's page, which the site's service worker controls from its start (decision 596)."""
    return any(line.startswith("Scorer: no frame until the first screen is up")
               for line in lines)


def test_a_repeat_visit_restores_python_from_the_snapshot_with_every_game(site, chromium):
    build = build_of(site.folder)
    page = chromium.page()
    # The first visit starts Python the normal way and then has a snapshot made.
    with kept_snapshot(page):
        phone, lines = logged(chromium, site.url)
        phone.new_game("Draw Bridge", ["Ana", "Ben"], dealer="Ana")
        bridge_deal(phone, "Ben", 4, "Hearts", 10)
        phone.see("Ben total 120")
    assert started_python(lines) == [f"Scorer: Python started without a snapshot, build {build}"]
    assert paced_until_home(lines), lines
    assert not held(lines), lines  # a first visit's boot screen: Python starts for seconds
    kept = f"{site.url}scorer-python-snapshot/{build}"
    assert phone.page.evaluate(SNAPSHOTS_KEPT) == [kept]

    # The next visit, offline: Python comes from the snapshot, the games from IndexedDB.
    chromium.close()
    site.stop()
    try:
        chromium.launch()
        phone, lines = logged(chromium, site.url)
        phone.tap("Open Draw Bridge: Ana, Ben", exact=False)
        phone.see("Ben total 120")
        assert started_python(lines) == [f"Scorer: Python restored from the snapshot of build "
                                         f"{build}"]
        assert paced_until_home(lines), lines
        assert held(lines), lines
        assert not [line for line in lines if "snapshot was not" in line]
        # A deal saved in the restored app is kept like any other (and survives a reload).
        bridge_deal(phone, "Ana", 1, "Clubs", 7)
        phone.see("Ana total 20")
        lines.clear()
        reload(phone, "Ana total 20", address=SCOREBOARD)
        phone.see("Ben total 120")
        assert started_python(lines) == [f"Scorer: Python restored from the snapshot of build "
                                         f"{build}"]

        # A snapshot that cannot be restored is dropped, the app starts the normal way with
        # every game, and no snapshot is made again for this build.
        phone.page.evaluate("""url => caches.open('scorer-python-snapshot').then(c => c.put(url,
            new Response(new Uint8Array(4096))))""", kept)
        lines.clear()
        reload(phone, "Ana total 20", address=SCOREBOARD)
        assert any("the Python snapshot was not restored, starting normally" in line
                   and "invalid magic number" in line for line in lines), lines
        assert started_python(lines) == [f"Scorer: Python started without a snapshot, build "
                                         f"{build}"]
        assert phone.page.evaluate(SNAPSHOTS_KEPT) == [kept + "-failed"]
        bridge_deal(phone, "Ben", 1, "Clubs", 8)
        phone.see("Ben total 160")
    finally:
        site.start()


def test_a_new_build_never_restores_the_snapshot_of_the_one_before(site, site_copy, revisiting):
    """A phone that has opened the site, and so keeps its build's snapshot; the site is then
    deployed again with a new build at the same address (a copy of the shared build)."""
    from scorer.ui.site.offline import write_service_worker

    old = build_of(site_copy)
    with site.serving(site_copy) as folder:
        phone, lines = logged(revisiting, site.url)
        phone.see("No games yet")
        assert started_python(lines) == [f"Scorer: Python restored from the snapshot of build "
                                         f"{old}"]
        # A new build: its worker names another build (as a changed app or runtime would).
        new = "0123456789abcdef"
        worker = folder / "python-worker.js"
        worker.write_text(worker.read_text(encoding="utf-8").replace(old, new),
                          encoding="utf-8")
        write_service_worker(folder, "/")
        # The browser finds it and keeps its files (the page stays on the old build) ...
        state = phone.page.evaluate(NEW_WORKER_INSTALLED)
        assert state == "installed", state
        # ... and the next opening is the new build: no snapshot of its own yet, and the old
        # build's is not restored; its own then replaces it.
        revisiting.close()
        revisiting.launch()
        page = revisiting.page()
        with kept_snapshot(page):
            phone, lines = logged(revisiting, site.url)
            phone.see("No games yet")
        assert started_python(lines) == [f"Scorer: Python started without a snapshot, "
                                         f"build {new}"]
        assert not [line for line in lines if old in line]
        assert phone.page.evaluate(SNAPSHOTS_KEPT) == [f"{site.url}scorer-python-snapshot/{new}"]


# The IndexedDB that Emscripten's IDBFS keeps the data folder in (scorer.ui.site.browser): its
# entries' keys (paths) and, for files, their timestamps.
IDB_FILES = """() => new Promise((resolve, reject) => {
  const open = indexedDB.open('/data');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const db = open.result;
    const store = db.transaction(['FILE_DATA'], 'readonly').objectStore('FILE_DATA');
    const entries = {};
    store.openCursor().onsuccess = (event) => {
      const cursor = event.target.result;
      if (!cursor) { db.close(); resolve(entries); return; }
      entries[cursor.key] = cursor.value.timestamp.getTime();
      cursor.continue();
    };
  };
})"""
# Removes one entry behind the app's back.
IDB_DROP = """(key) => new Promise((resolve, reject) => {
  const open = indexedDB.open('/data');
  open.onsuccess = () => {
    const db = open.result;
    const transaction = db.transaction(['FILE_DATA'], 'readwrite');
    transaction.objectStore('FILE_DATA').delete(key);
    transaction.oncomplete = () => { db.close(); resolve(); };
    transaction.onerror = () => reject(transaction.error);
  };
})"""


def _game_files(entries: dict) -> dict:
    return {key: stamp for key, stamp in entries.items()
            if key.startswith("/data/scorer/games/") and key.endswith(".json")}


def test_a_save_copies_only_the_files_it_wrote_and_a_deletion_removes_its_entry(site, revisiting):
    """Issue 21: a Save costs the same with 1 or 500 stored games, because it copies to
    IndexedDB only what it wrote (IDBFS's syncfs compared every file with every entry)."""
    phone = revisiting.phone(site.url)
    phone.new_game("Draw Bridge", ["Ana", "Ben"], dealer="Ana")
    bridge_deal(phone, "Ben", 4, "Hearts", 10)
    phone.see("Ben total 120")
    phone.tap("Back")
    phone.new_game("Draw Bridge", ["Cleo", "Dan"], dealer="Cleo")
    files = _game_files(phone.page.evaluate(IDB_FILES))
    assert len(files) == 2
    # Game 1's entry goes behind the app's back; a Save in game 2 does not bring it back (a
    # whole-folder sync would), and game 2's entry is renewed.
    first = min(files, key=files.get)  # written before game 2 was started
    phone.page.evaluate(IDB_DROP, first)
    bridge_deal(phone, "Dan", 3, "No-trump", 9)
    phone.see("Dan total 100")
    after = _game_files(phone.page.evaluate(IDB_FILES))
    (second,) = set(files) - {first}
    assert first not in after and after[second] > files[second]
    # Deleting game 2 removes its entry: after a reload it is gone, and so is game 1 (its
    # entry was dropped above: this build never wrote it again).
    phone.tap("Delete this game")
    phone.tap("Delete")
    phone.see("The game was deleted")
    assert _game_files(phone.page.evaluate(IDB_FILES)) == {}
    reload(phone, "No games yet")


# --- The renderer (decision 91) ---------------------------------------------------------------

def test_chromium_runs_skwasm_keeps_only_its_files_and_a_new_build_brings_them_offline(
        site, site_copy, revisiting):
    from scorer.ui.site.offline import write_service_worker

    # Flutter picked skwasm for Chromium: at the first visit (the visited profile's) its files
    # were fetched (as LZMA) and kept, none of CanvasKit's.
    first = FIRST_VISITS[site.url]
    assert {"/main.dart.wasm.lzma", "/main.dart.mjs.lzma"} <= set(first), first
    assert not [p for p in first if p.startswith(("/main.dart.js", "/canvaskit/canvas"))]
    with site.serving(site_copy) as folder:
        phone = revisiting.phone(site.url)
        phone.see("No games yet")
        # A new build in which the skwasm client changed: the new worker downloads it at its
        # install (this phone uses it), not when a page first asks for it ...
        client = folder / "main.dart.mjs"
        client.write_text(client.read_text(encoding="utf-8") + "\n// build 2\n",
                          encoding="utf-8")
        write_service_worker(folder, "/")
        sent_before = len(site.paths)
        assert phone.page.evaluate(NEW_WORKER_INSTALLED) == "installed"
        assert "/main.dart.mjs.lzma" in site.paths[sent_before:], site.paths[sent_before:]
        assert not [p for p in site.paths[sent_before:] if p.startswith("/main.dart.js")]
        # ... so the new build opens with no network.
        revisiting.close()
        site.stop()
        try:
            revisiting.launch()
            phone = revisiting.phone(site.url)
            phone.see("No games yet")
            assert phone.page.evaluate("document.querySelector('flutter-view') !== null")
        finally:
            site.start()

IMPORT_ALL = """
import importlib, json, pkgutil, sys
import scorer, flet, flet_charts, segno, tinydb, platformdirs, msgpack
_failed = {}
for _package in (scorer, flet, flet_charts, segno, tinydb, msgpack):
    for _info in pkgutil.walk_packages(_package.__path__, _package.__name__ + "."):
        if _info.name.startswith(("scorer.cli", "scorer.ui.serve", "scorer.ui.site.publish",
                                  "scorer.__main__", "flet_charts.matplotlib",
                                  "flet_charts.plotly", "flet.messaging.flet_socket")):
            continue  # the desktop's, or other packages' (matplotlib, plotly) not in the site
        try:
            importlib.import_module(_info.name)
        except ImportError as _error:  # one of the standard library's, or another's
            _cause = _error  # (flet.security re-raises a missing cryptography as ImportError)
            while _cause is not None and not getattr(_cause, "name", None):
                _cause = _cause.__cause__ or _cause.__context__
            if _cause is None or _cause.name.split(".")[0] in sys.stdlib_module_names:
                _failed[_info.name] = repr(_error)
import csv, datetime, gzip, json, zipfile, zoneinfo, uuid, decimal, html, email.message
json.dumps({"failed": _failed, "modules": len(sys.modules),
            "frozen": sorted(_m for _m in ("os", "io", "site", "codecs", "runpy", "stat")
                             if sys.modules[_m].__spec__.origin == "frozen"),
            "compiled": sorted(_m.__name__ for _m in list(sys.modules.values())
                               if (getattr(_m, "__file__", None) or "").endswith(".pyc"))})
"""


# A worker's function: run Python code in Pyodide, give its result.
RUN_PYTHON = "(code) => self.pyodide.runPython(code)"


def python_worker(phone: Phone):
    """The page's Python worker (the one that has Pyodide)."""
    workers = [w for w in phone.page.workers if w.evaluate("() => !!self.pyodide")]
    assert workers, "no Python worker"
    return workers[0]


def test_every_module_of_the_app_imports_in_the_published_site(site, revisiting):
    """The site's Python standard library is trimmed (decision 88): every module of Scorer and
    of the packages it ships imports there, in Pyodide, as does what the app imports later
    (a module that needs a package the site does not ship, such as matplotlib, is not
    counted: only a missing module of the standard library fails this). The standard
    library's modules the app imports ran from the bytecode the site ships (decision 583),
    as did Scorer's, and those whose source the zip left out ran frozen (decision 584)."""
    phone = revisiting.phone(site.url)
    worker = python_worker(phone)
    result = json.loads(worker.evaluate(RUN_PYTHON, IMPORT_ALL))
    assert result["failed"] == {} and result["modules"] > 500
    assert len(result["compiled"]) > 150 and {"json", "asyncio", "typing", "dataclasses",
                                              "email.message"} <= set(result["compiled"])
    assert {"scorer", "scorer.ui.shell.app", "scorer.ui.site.browser",
            "scorer.rules.pairs.scoring"} <= set(result["compiled"])
    assert not [m for m in result["compiled"] if m.startswith(("flet", "tinydb"))]
    assert result["frozen"] == ["codecs", "io", "os", "runpy", "site", "stat"]
    for gone in ("unittest", "multiprocessing", "pdb"):
        with pytest.raises(Exception, match="ModuleNotFoundError"):
            worker.evaluate(RUN_PYTHON, f"import {gone}")


# Run in the Python worker: a digest of every file the app's archive put in the working folder.
FILES_WRITTEN = """
import hashlib, json, os
_found = {}
for _folder, _, _names in os.walk("."):
    for _name in _names:
        _path = os.path.relpath(os.path.join(_folder, _name), ".")
        if _path == "main.py" or _path.startswith("__pypackages__"):
            with open(_path, "rb") as _file:
                _found[_path] = hashlib.sha256(_file.read()).hexdigest()
json.dumps(_found)
"""
# Run in the Python worker: (length, SHA-256) of what scorerTar and scorerStoredTar make of a
# gzip file given in base64 (null where a reader gave null or failed).
READ_TAR = """async (base64) => {
  const gz = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const digest = async (tar) => tar === null ? null : [tar.length, [...new Uint8Array(
    await crypto.subtle.digest("SHA-256", tar))].map((b) => b.toString(16).padStart(2, "0"))
    .join("")];
  let read;
  try { read = await digest(await self.scorerTar(gz)); } catch (error) { read = null; }
  return [read, await digest(self.scorerStoredTar(gz))];
}"""


def test_the_apps_archive_is_unpacked_whole_with_its_stored_tar_copied_out(site, revisiting):
    """A repeat visit unpacks app.tar.gz into Python's working folder byte for byte. The
    archive's tar is stored, not deflated (pack.py), and is copied out of its stored blocks
    without inflating (decision 590); a deflated archive is still inflated, and a stored one
    cut short or with a wrong length is not taken for a tar."""
    archive = (site.folder / "app.tar.gz").read_bytes()
    tar = gzip.decompress(archive)
    with tarfile.open(fileobj=io.BytesIO(tar)) as members:
        expected = {m.name: hashlib.sha256(members.extractfile(m).read()).hexdigest()
                    for m in members if m.isfile()}
    phone = revisiting.phone(site.url)
    worker = python_worker(phone)
    found = json.loads(worker.evaluate(RUN_PYTHON, FILES_WRITTEN))
    assert len(expected) > 400 and found == expected

    whole = [len(tar), hashlib.sha256(tar).hexdigest()]
    read = functools.partial(worker.evaluate, READ_TAR)
    assert read(base64.b64encode(archive).decode()) == [whole, whole]
    deflated = gzip.compress(tar, compresslevel=6, mtime=0)
    assert read(base64.b64encode(deflated).decode()) == [whole, None]
    wrong_length = archive[:-4] + (len(tar) + 512).to_bytes(4, "little")
    assert read(base64.b64encode(wrong_length).decode())[1] is None
    cut = archive[:len(archive) // 2] + archive[-8:]
    assert read(base64.b64encode(cut).decode()) == [None, None]


# Run in the Python worker: a snapshot in Pyodide's form (its header, then a heap; some of its
# 4 KiB pages zeros) kept as scorerPacked keeps it, then read back by scorerSnapshotRead
# from a Response, its heap written into a memory of stale bytes; then the same body cut
# short, and a body not in the packed form. Gives what each read made of it.
READ_SNAPSHOT = """async () => {
  const start = 48 + 80;  // Pyodide's header (48 bytes) and its JSON, to a multiple of 16
  const heapLength = 40 * 4096 + 123;
  const snapshot = new Uint8Array(start + heapLength);
  const words = new Uint32Array(snapshot.buffer, 0, 4);
  words[0] = 0x12345678; words[1] = start; words[2] = 80;
  snapshot.fill(7, 48, start);
  for (let page = 1; page <= 40; page++) {  // every third page zeros, or for one byte
    const at = page * 4096;
    if (page % 3 !== 1) { snapshot.fill(page + 1, at, at + 4096); }
  }
  snapshot[4 * 4096 + 9] = 200;
  const packed = await self.scorerPacked(snapshot).arrayBuffer();
  const read = async (body) => {
    const found = self.scorerSnapshotRead(new Response(body));
    try {
      const header = await found.header;
      const heap = await found.heap;
      const memory = new Uint8Array(heapLength + 4096).fill(0xaa);
      if (heap) { heap.fill(memory); }
      const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
      return {header: same(header, snapshot.subarray(0, start)) ? "snapshot's" :
                      same(header, new Uint8Array(body)) ? "whole body" : "other",
              heapLength: await found.heapLength,
              heap: heap === null ? null : same(memory.subarray(0, heapLength),
                                                snapshot.subarray(start)),
              beyond: memory.subarray(heapLength).every((x) => x === 0xaa),
              packed: packed.byteLength < snapshot.length};
    } catch (error) {
      return {error: String(error)};
    }
  };
  return [await read(packed), await read(packed.slice(0, packed.byteLength - 5)),
          await read(snapshot.buffer)];
}"""


def test_a_kept_snapshot_is_restored_from_its_runs_straight_into_pythons_memory(site, revisiting):
    """Decision 594: the kept snapshot (its 4 KiB pages of zeros left out, decision 450) is
    read as it is; Pyodide gets its header alone, and its heap is written from the kept runs
    into the wasm memory, zeros between them, byte for byte what was kept (the memory's bytes
    beyond the heap untouched). A kept body cut short is refused (Python then starts the
    normal way: ``test_a_repeat_visit_restores_python_from_the_snapshot_with_every_game``);
    a body not packed is handed to Pyodide whole, as it was."""
    phone = revisiting.phone(site.url)
    phone.see("New game")
    whole, cut, plain = python_worker(phone).evaluate(READ_SNAPSHOT)
    assert whole == {"header": "snapshot's", "heapLength": 40 * 4096 + 123, "heap": True,
                     "beyond": True, "packed": True}
    assert "cut short" in cut["error"]
    assert plain == {"header": "whole body", "heapLength": 40 * 4096 + 123, "heap": None,
                     "beyond": True, "packed": True}


PACKER = """
import json, sys
import msgpack.fallback
from scorer.ui.site import packing
connection = sys.modules["flet.messaging.pyodide_connection"]
value = [2, {"id": 7, "patch": [[0], [0, 0, "value", "1\u2663 by Ana"]]}, 2**40, -5, 1.5, None]
json.dumps({"installed": connection.msgpack.packb is packing.packb,
            "same": packing.packb(value) == msgpack.fallback.Packer().pack(value),
            "compiled": "msgpack._cmsgpack" in sys.modules})
"""


def test_the_published_site_packs_flets_messages_with_scorers_writer(site, revisiting):
    """Decision 541: in Pyodide Flet's connection packs with ``packing.packb`` (msgpack has
    only its pure-Python packer there), which writes what that packer writes; the home screen
    it sent is drawn."""
    phone = revisiting.phone(site.url)
    phone.see("New game")
    worker = python_worker(phone)
    result = json.loads(worker.evaluate(RUN_PYTHON, PACKER))
    assert result == {"installed": True, "same": True, "compiled": False}

# Resolves once this page is controlled by an installed service worker (every precached file
# kept: the worker activates only after its install has kept them all).
SERVICE_WORKER_IN_CHARGE = """async () => {
  await navigator.serviceWorker.ready;
  if (!navigator.serviceWorker.controller)
    await new Promise(done => navigator.serviceWorker.addEventListener('controllerchange', done));
}"""


def test_a_game_goes_to_another_phone_by_its_link(site, revisiting, browser, visited_profile,
                                                 tmp_path):
    """Show to the table on one phone; the other phone opens the address (as its camera app
    would), sees the game read-only, keeps it and plays on: no server but the static site."""
    phone = revisiting.phone(site.url)
    phone.new_game("Draw Bridge", ["Ana", "Ben"], dealer="Ana")
    bridge_deal(phone, "Ana", 4, "Spades", 10)
    phone.see("Ana total 120")
    phone.tap("Show to the table")
    phone.see("QR code of this game")
    phone.see("even with no network")
    found = re.search(re.escape(f"{site.url}#/g/1~") + r"[A-Za-z0-9_-]+", phone.screen_text())
    assert found, phone.screen_text()
    address = found.group(0)

    # A link made by `scorer link` on a computer, for a game the phones have never seen.
    game = Game.new("draw-bridge", ["Cleo", "Dan"], first_dealer=0, end="target=500")
    game = game.add_deal(DrawBridgeDeal(1, Contract.parse("2H"), 8))
    with Store(tmp_path / "computer") as store:
        store.save(game)
    made = subprocess.run([sys.executable, "-m", "scorer.cli", "--data-dir",
                           str(tmp_path / "computer"), "link", game.id, "--site-url", site.url],
                          capture_output=True, text=True, timeout=120, check=True)
    from_cli = made.stdout.strip().splitlines()[-1]
    assert from_cli.startswith(f"{site.url}#/g/1~"), made.stdout

    shutil.copytree(visited_profile, tmp_path / "other-phone", symlinks=True)
    other = Browser(browser.browser_type, tmp_path / "other-phone", revisiting.failures)
    other.launch()
    try:
        second = Phone(other.page(), site.url)
        second.page.goto(site.url)
        # The other phone has opened the site once; then there is no network at all.
        started(second, "New game")
        second.page.evaluate(SERVICE_WORKER_IN_CHARGE)
        site.stop()
        try:
            second.page.goto("about:blank")  # each address opened afresh, as a camera app does
            second.page.goto(address)
            started(second, "From a link: Draw Bridge, Ana, Ben, 1 deal")
            second.see("Ana total 120")
            second.tap("Keep on this phone")
            second.see("The game from the link is kept on this phone")
            bridge_deal(second, "Ben", 3, "No-trump", 9)
            second.see("Ben total 100")
            reload(second, "Ben total 100", address=SCOREBOARD)  # kept in that phone's browser
            second.page.goto("about:blank")
            second.page.goto(from_cli)
            started(second, "From a link: Draw Bridge, Cleo, Dan, 1 deal")
            second.see("Dan total 60")
        finally:
            site.start()
    finally:
        other.close()


def test_back_goes_up_in_the_published_site_online_and_offline(site, revisiting):
    """The page's history.js in the published build (hash routes): after three deals the
    browser's back from the scoreboard goes to the games; offline too, where a half-entered
    deal left by the browser's back is kept as by the app bar's (decision 150)."""
    phone = revisiting.phone(site.url)
    phone.new_game("Draw Bridge", ["Ana", "Ben"], dealer="Ana")
    for number in (1, 2, 3):
        bridge_deal(phone, "Ana", 1, "Clubs", 7)
        phone.see(f"Ana total {20 * number}")
    phone.page.go_back()
    phone.see("Open Draw Bridge: Ana, Ben")
    assert phone.page.url in (site.url, site.url + "#/")  # home, not a form
    site.stop()
    try:
        reload(phone, "Open Draw Bridge: Ana, Ben")
        phone.tap("Open Draw Bridge: Ana, Ben", exact=False)
        phone.tap("New deal")
        phone.tap("Declarer Ben")
        phone.page.go_back()
        phone.see("Deal 4: kept as entered so far")
        phone.tap("Continue: Deal 4")
        phone.see("Cannot save yet: choose the contract's level")
        phone.tap("Back")
        phone.see("Deal 4: kept as entered so far")
        reload(phone, "Deal 4: kept as entered so far")  # kept in the browser's storage
        phone.page.go_back()
        phone.see("Open Draw Bridge: Ana, Ben")
    finally:
        site.start()


# Where the tab's pages went when they were left: into the back/forward cache ("true") or not.
LEFT_FOR = """addEventListener('pagehide', (event) => {
  sessionStorage.setItem('scorer-test-left', String(event.persisted));
});"""
# Which clients (this page's worker, another page's) hold the lock on the games.
GAMES_HELD_BY = """async () => (await navigator.locks.query()).held
  .filter((lock) => lock.name === 'scorer-games').map((lock) => lock.clientId)"""


def test_a_page_left_for_another_address_frees_the_games_for_the_next_one(site, browser,
                                                                         visited_profile,
                                                                         tmp_path):
    """Issue 17, found in WebKit: a page left for another address of the site went into the
    back/forward cache with its Python worker, which held the lock on the games, so the next
    page of the site said "open in another tab" (or seemed to hang) and a reload did not help.
    The page now ends its workers when it goes into that cache (scorer/assets/web/page-leave.js).
    Chromium too caches the page (Playwright turns its cache off: turned on again here); it
    evicts it once another page asks for the lock, so only the lock still held when the next
    page loads shows the fault here. A second live tab is still kept out. The browser has
    opened the site before (a copy of :func:`visited_profile`): a first visit's download and
    snapshot are not what this is about."""
    failures: list[str] = []
    profile = shutil.copytree(visited_profile, tmp_path / "profile", symlinks=True)
    context = browser.browser_type.launch_persistent_context(
        str(profile), executable_path=chromium_path(), args=CHROMIUM_ARGS, headless=True,
        viewport=PHONE, ignore_default_args=["--disable-back-forward-cache"])
    try:
        block_other_hosts(context, failures)
        context.add_init_script(LEFT_FOR)
        phone = Phone(context.pages[0] if context.pages else context.new_page(), site.url)
        phone.page.goto(site.url)
        started(phone, "No games yet")
        first = phone.page.evaluate(GAMES_HELD_BY)
        assert len(first) == 1, first
        phone.tap("New game")
        phone.see("MiniBridge")
        phone.page.goto(site.url + "?again")  # the player types the site's address
        assert phone.page.evaluate("sessionStorage.getItem('scorer-test-left')") == "true", \
            "the page left did not go into the back/forward cache: this test shows nothing"
        assert phone.page.evaluate(GAMES_HELD_BY) == [], "the page left still holds the games"
        started(phone, "No games yet")
        phone.page.go_back(wait_until="commit")  # (a page shown from the cache is not loaded)
        started(phone, "MiniBridge")
        again = phone.page.evaluate(GAMES_HELD_BY)
        assert len(again) == 1 and again != first, again
        second = Phone(context.new_page(), site.url)
        second.page.goto(site.url)
        started(second, "Scorer is already open in another tab or window of this browser")
    finally:
        context.close()
    assert failures == [], f"requests to other hosts: {failures}"
