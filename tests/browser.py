"""Helpers to serve the real app and drive it in Debian's Chromium with Playwright.

The app is started as `scorer --data-dir DIR serve --port PORT` in a child process (the same
command a user runs), and driven through the accessibility tree Flutter builds: controls are
found by role and accessible name.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import socket
import subprocess
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]
PHONE = {"width": 360, "height": 640}
SEATS = ["North", "East", "South", "West"]
# How New game names the players of a game, by its English title: seats where the game has
# them, the teams of a team match, else 'Player 1', 'Player 2', ...
PLAYER_LABELS = {"MiniBridge": SEATS, "Rubber bridge": SEATS, "Chicago": SEATS,
                 "Team match": ["Team 1", "Team 2"]}
# A page function: resolves once the browser has drawn ``n`` more frames. Flutter moves things
# (and types, and configures its editing field) frame by frame, so waiting for frames waits for
# its progress, whatever the speed of the machine, where a sleep guesses it.
# A page predicate polled once per animation frame: true once it has been asked more than n
# times under its own key (so waiting for it waits n frames, with Playwright's timeout: a page
# that stops drawing fails the test instead of stalling the run).
FRAMES = """([key, n]) => { window[key] = (window[key] || 0) + 1; return window[key] > n; }"""
# A page function: is ``text`` shown or named on screen (for wait_for_function).
SHOWN = """text => {
  const host = document.querySelector('flt-semantics-host');
  if (!host) return false;
  if (host.textContent.includes(text)) return true;
  return Array.from(host.querySelectorAll('[aria-label]'))
    .some(e => e.getAttribute('aria-label').includes(text));
}"""


# A page function: what has the keyboard's focus (its accessible name, else its tag).
FOCUSED = """() => { const e = document.activeElement;
  return e ? (e.getAttribute('aria-label') || e.tagName.toLowerCase()) : null; }"""

# served() gives a starting server this many tries, at least 0.2 s apart while the port is closed:
# five minutes and more, for a busy machine; a server that exits fails at once.
SERVE_POLLS = 1500
# Phone.see() looks again every SEE_FRAMES frames drawn: its limit is a count of frames (as many
# as an idle page draws in the time asked for, at 60 a second), so a slow machine, which draws
# fewer, waits longer; a page that stops drawing fails at the next frame wait (a minute).
SEE_FRAMES = 6


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def served(data_dir: Path, port: int | None = None, args: Sequence[str] = (),
           env: dict[str, str] | None = None, files: int | None = None) -> Iterator[str]:
    """Run `scorer serve` (with extra ``args``; ``files``: its open-file limit, soft and hard)
    until the block ends; yields the URL. The server's output is in ``serve-PORT.log`` beside
    ``data_dir``."""
    port = port or free_port()
    log = open(data_dir.parent / f"serve-{port}.log", "w")  # noqa: SIM115

    def limit() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))

    child = subprocess.Popen(
        [sys.executable, "-m", "scorer.cli", "--data-dir", str(data_dir), "serve",
         "--port", str(port), *args], stdout=log, stderr=subprocess.STDOUT,
        env={**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})},
        preexec_fn=limit if files else None)
    url = f"http://127.0.0.1:{port}/"
    try:
        for _ in range(SERVE_POLLS):  # each poll: a connection try, then up to 0.2 s for an exit
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
                break
            with contextlib.suppress(subprocess.TimeoutExpired):
                child.wait(0.2)  # the pause is a wait for the other outcome: the child ending
            if child.poll() is not None:
                raise RuntimeError(f"scorer serve exited: {Path(log.name).read_text()}")
        else:
            raise RuntimeError(f"scorer serve (still running) did not accept a connection on "
                               f"port {port} in {SERVE_POLLS} tries (5 minutes or more); its "
                               f"output: {Path(log.name).read_text()}")
        yield url
    finally:
        child.terminate()
        try:
            child.wait(10)
        except subprocess.TimeoutExpired:
            child.kill()
        log.close()
        # Shown by pytest only when the test failed: what the server said (a handler's
        # traceback, a refused message) is then in the report, not in a lost temporary folder.
        print(f"--- the end of {log.name} ---\n"
              + "\n".join(Path(log.name).read_text(errors="replace").splitlines()[-40:]))


def chromium_path() -> str:
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if not path:
        raise RuntimeError("Debian's chromium is not installed (.ci/run installs it)")
    return path


class Phone:
    """One browser page at phone size, driving the app by accessible names."""

    def __init__(self, page, url: str) -> None:
        self.page = page
        self.url = url
        self.taps = 0
        self.frame_waits = 0

    def open(self, path: str = "") -> Phone:
        self.page.goto(self.url + path.lstrip("/"))
        return self.ready()

    def ready(self, timeout: float = 60000) -> Phone:
        """Wait for Flutter's page (just loaded or reloaded) and turn on its accessibility
        tree, where controls are found by their names."""
        self.page.wait_for_selector("flt-semantics-placeholder", state="attached",
                                    timeout=timeout)
        self.page.locator("flt-semantics-placeholder").dispatch_event("click")
        return self

    def frames(self, count: int) -> None:
        """Wait until the page has drawn ``count`` more frames (at most a minute)."""
        self.frame_waits += 1
        self.page.wait_for_function(FRAMES, arg=[f"__scorerFrames{self.frame_waits}", count],
                                    polling="raf", timeout=60000)

    def button(self, name: str, exact: bool = True):
        return self.page.get_by_role("button", name=name, exact=exact)

    def steady_box(self, target):
        """Where ``target`` is drawn once it has stopped moving (the same box five frames
        apart; a control redrawn by the server has no box for a frame or two); None if it
        never settles (bounded by a count of frames, not by time)."""
        box = None
        for _ in range(100):
            now = target.bounding_box()
            if now is not None and now == box:
                return box
            box = now
            self.frames(5)
        return box

    def tap(self, name: str, exact: bool = True) -> None:
        target = self.button(name, exact).first
        self.shown(target, f"button {name!r}")
        self.scroll_to(target, tries=20)
        target.click()
        self.taps += 1

    def hold(self, name: str, frames: int = 60) -> None:
        """Press the button ``name`` and keep the finger down for ``frames`` frames drawn (at
        least a second at 60 a second: well past Flutter's half-second long press)."""
        target = self.button(name).first
        self.shown(target, f"button {name!r}")
        self.scroll_to(target, tries=20)
        box = self.steady_box(target)
        assert box is not None, f"button {name!r} never stopped moving"
        self.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        self.page.mouse.down()
        self.frames(frames)
        self.page.mouse.up()
        self.taps += 1

    def type(self, label: str, text: str) -> None:
        box = self.page.get_by_role("textbox", name=label, exact=True)
        self.shown(box, f"text field {label!r}")
        # Flutter moves its one editing <input> to the focused field and configures it over the
        # next frames; typing before that lands nowhere. Then it takes the text in at a frame.
        # On a loaded machine a click can reach Flutter as a long press, which does not focus:
        # tapped again, as a player would (the last try waits 20 s and names what is shown).
        for _ in range(3):
            box.click()
            for _ in range(10):
                if self.has_focus(label):
                    break
                self.frames(SEE_FRAMES)
            else:
                continue
            break
        else:
            box.click()
            self._until(lambda: self.has_focus(label),
                        f"focus in text field {label!r}", 20000)
        self.frames(18)
        box.fill(text)
        self.frames(12)

    def focus_moves_to(self, label: str, by: str) -> None:
        """Wait until the text field ``label`` has the keyboard's focus, moved there by ``by``
        (a key pressed in the field before)."""
        self._until(lambda: self.has_focus(label),
                    f"the focus in text field {label!r} after {by}", 20000)

    def has_focus(self, label: str) -> bool:
        """Does the text field ``label`` have the keyboard's focus?"""
        return bool(self.page.evaluate(FOCUSED) == label)

    def into_view(self, label: str) -> None:
        """Scroll as a finger would until the text field ``label`` is on screen (the list of
        games pushes a four-player form's last names below a phone's fold)."""
        field = self.page.get_by_role("textbox", name=label, exact=True)
        self.shown(field, f"text field {label!r}")
        self.scroll_to(field, tries=10, top=60, bottom=90)

    def scroll_to(self, target, tries: int, top: int = 0, bottom: int = 0) -> None:
        """Wait for ``target`` to stop moving and, while it is not within the page less
        ``top`` and ``bottom`` px, scroll to it as a finger would (at most ``tries`` times).

        Moving: dialogs and pages animate in, the page scrolls; a tap during the movement lands
        where the control was drawn, not where it is. It has stopped when five frames later
        (at least 80 ms: the page draws at most 60 frames a second) it is still in the same
        place. (Fewer frames let a tap land before the server's answer to the previous tap had
        moved the control: seen once on a machine with load 40.) Scrolling with the wheel, not
        a click: a click would scroll the page under the pointer and land on whatever was drawn
        there before."""
        size = self.page.viewport_size or PHONE
        for _ in range(tries):
            box = self.steady_box(target)
            if box is None or (box["y"] >= top
                               and box["y"] + box["height"] <= size["height"] - bottom):
                return
            self.page.mouse.move(size["width"] / 2, size["height"] / 2)
            self.page.mouse.wheel(0, box["y"] + box["height"] / 2 - size["height"] / 2)

    def new_game(self, game: str, names: Sequence[str], *, dealer: str | None,
                 end: str | None = None, rules: Sequence[str] = ()) -> None:
        """Start a game from the home screen as a player does: New game, the game (its English
        title), the players' names, the first dealer (None: the game has none to pick, and
        none is offered), the end and house rules tapped by name. Start game is in view
        without scrolling; after it the scoreboard names the dealer."""
        self.tap("New game")
        self.tap(game)
        labels = PLAYER_LABELS.get(game, [f"Player {i + 1}" for i in range(len(names))])
        for label, name in zip(labels, names, strict=True):
            self.into_view(label)
            self.type(label, name)
        if dealer is None:
            assert not self.button(f"First dealer {names[0]}").count()
        else:
            self.tap(f"First dealer {dealer}")
        if end:
            self.tap(end)
        for rule in rules:
            self.tap(rule)
        start_button = self.button("Start game").first
        self.shown(start_button, "button 'Start game'")  # the form is drawn again
        start = self.steady_box(start_button)
        size = self.page.viewport_size or PHONE
        assert start is not None and start["y"] + start["height"] <= size["height"]  # in view
        self.tap("Start game")
        if dealer is not None:
            self.see(f"dealer: {dealer}")

    def see(self, text: str, timeout: float = 20000) -> None:
        """Wait until ``text`` (a substring, or a regex) is shown or named on screen: looked
        for again every few frames, for as many frames as an idle page draws in ``timeout``
        ms (a count, not a clock: a busy machine's slower frames give it more time)."""
        pattern = text if isinstance(text, re.Pattern) else re.compile(re.escape(text))
        self._until(lambda: bool(pattern.search(self.screen_text())), repr(text), timeout)

    def at(self, address: re.Pattern, timeout: float = 20000) -> None:
        """Wait until the browser's address matches ``address``, counting frames as
        :meth:`see` does: Flutter reports a new route to the browser at the end of a frame,
        and once, under load, the address still named the screen before when the new one was
        already shown (a reload then opened the old one)."""
        self._until(lambda: bool(address.search(self.page.url)),
                    f"the address matching {address.pattern!r}", timeout)

    def shown(self, target, what: str, timeout: float = 20000) -> None:
        """Wait until ``target`` (a locator) is drawn, counting frames as :meth:`see` does."""
        self._until(target.is_visible, what, timeout)

    def _until(self, check: Callable[[], bool], what: str, timeout: float) -> None:
        """Check again every few frames, for as many frames as an idle page draws in
        ``timeout`` ms; else fail, naming ``what`` and what the screen shows."""
        checks = max(1, round(timeout / 1000 * 60 / SEE_FRAMES))
        for _ in range(checks):
            if check():
                return
            self.frames(SEE_FRAMES)
        if check():
            return
        raise AssertionError(f"{what} not on screen after {checks * SEE_FRAMES} frames "
                             f"({timeout / 1000:g} s at 60 frames a second); the page's "
                             f"address is {self.page.url}, its focus on "
                             f"{self.page.evaluate(FOCUSED)!r}; screen shows:\n"
                             f"{self.screen_text()}")

    def screen_text(self) -> str:
        """Everything the accessibility tree says: texts, one per line, and names."""
        return self.page.evaluate(
            """() => {
                 const host = document.querySelector('flt-semantics-host');
                 if (!host) return '';
                 const parts = [];
                 host.querySelectorAll('span, h1, h2, h3, flt-semantics').forEach(e => {
                   const label = e.getAttribute('aria-label');
                   if (label) parts.push(label);
                   if (e.tagName !== 'FLT-SEMANTICS') parts.push(e.textContent);
                   else Array.from(e.childNodes).filter(n => n.nodeType === 3)
                          .forEach(n => parts.push(n.textContent));
                 });
                 return parts.join('\\n');
               }""")

    def enabled(self, name: str) -> bool:
        target = self.button(name).first
        self.shown(target, f"button {name!r}")
        return bool(target.evaluate(
            "e => !(e.getAttribute('aria-disabled') === 'true' || "
            "e.querySelector('[aria-disabled=\"true\"]'))"))


def contract_taps(phone: Phone, declarer: str, level: int, strain: str, tricks: int, *,
                  doubling: str | None = None, honours: str | None = None) -> None:
    """Declarer, contract, doubling, tricks (and honours) as a player taps them."""
    phone.tap(f"Declarer {declarer}")
    phone.tap(f"Level {level}")
    phone.tap(strain)
    if doubling:
        phone.tap(doubling)
    phone.tap(f"Tricks {tricks}")
    if honours:
        phone.tap(honours)


def bridge_deal(phone: Phone, declarer: str, level: int, strain: str, tricks: int,
                doubling: str | None = None, pick: bool = False) -> None:
    """Enter and save one contract deal from the scoreboard, as a player taps it."""
    phone.tap("New deal")
    if pick:  # after a deal entered by its counts, the next one starts with the counts
        phone.tap("Pick the declarer")
    contract_taps(phone, declarer, level, strain, tricks, doubling=doubling)
    phone.tap("Save deal")


class StaticSite:
    """A plain static file server on loopback for a folder (what any static host does), with
    the MIME types Pyodide needs; ``stop()`` and ``start()`` take it away and bring it back on
    the same port, ``serving()`` puts another build at the same address. Counts the bytes it
    sends."""

    def __init__(self, folder: Path, port: int | None = None) -> None:
        self.folder = Path(folder)
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.bytes_sent = 0
        self.requests = 0
        self.paths: list[str] = []  # of the files sent, in order
        self._server = None
        self._thread = None

    def start(self) -> StaticSite:
        import http.server
        import threading

        site = self

        class Handler(http.server.SimpleHTTPRequestHandler):
            extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                              ".mjs": "text/javascript", ".js": "text/javascript",
                              ".wasm": "application/wasm", ".json": "application/json",
                              ".gz": "application/gzip"}

            def __init__(self, *args, **kwargs) -> None:
                super().__init__(*args, directory=str(site.folder), **kwargs)

            def log_message(self, *args) -> None:
                pass

            def copyfile(self, source, outputfile) -> None:
                data = source.read()
                site.bytes_sent += len(data)
                site.requests += 1
                site.paths.append(self.path)
                outputfile.write(data)

        class Server(http.server.ThreadingHTTPServer):
            allow_reuse_address = True
            daemon_threads = True

        self._server = Server(("127.0.0.1", self.port), Handler)
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()
        return self

    @contextlib.contextmanager
    def serving(self, folder: Path) -> Iterator[Path]:
        """Serve ``folder`` (another build) at this address until the block ends: a new build
        reaching a phone that has opened the one before, as a static host's redeploy does."""
        before, self.folder = self.folder, Path(folder)
        try:
            yield self.folder
        finally:
            self.folder = before

    def quiet(self, phone: Phone, frames: int = 120, tries: int = 30) -> None:
        """Wait until ``phone``'s page has drawn ``frames`` frames without a file being sent:
        what it fetches after it is drawn (a fallback font for a name in another script) has
        been fetched. Counted in frames, as Phone waits: a slow machine waits longer."""
        for _ in range(tries):
            count = len(self.paths)
            phone.frames(frames)
            if len(self.paths) == count:
                return
        raise AssertionError(f"files still sent after {tries} waits of {frames} frames: "
                             f"{self.paths[-5:]}")

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None


def block_other_hosts(context, failures: list[str]) -> None:
    """Every request to a host other than this machine is refused and recorded."""

    def route(route) -> None:
        host = (route.request.url.split("/")[2].rsplit(":", 1)[0]
                if "://" in route.request.url else "")
        if route.request.url.startswith(("data:", "blob:")) or host in ("127.0.0.1",
                                                                         "localhost"):
            route.continue_()
        else:
            failures.append(route.request.url)
            route.abort()

    context.route("**/*", route)
