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
from datetime import datetime
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


# A page function: the app's accessibility tree is up (with a first control named in it), and
# Flutter's "Enable accessibility" placeholder is gone.
TREE = """() => !document.querySelector('flt-semantics-placeholder')
  && !!document.querySelector('flt-semantics-host [aria-label], flt-semantics-host span')"""

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
        """Wait for Flutter's page (just loaded or reloaded) with its accessibility tree, where
        controls are found by their names. Nothing is pressed first: the page turns the tree on
        itself (a11y.js, decision 193), as a screen-reader user needs it."""
        self.page.wait_for_function(TREE, timeout=timeout, polling="raf")
        return self

    def frames(self, count: int) -> None:
        """Wait until the page has drawn ``count`` more frames (at most a minute)."""
        self.frame_waits += 1
        self.page.wait_for_function(FRAMES, arg=[f"__scorerFrames{self.frame_waits}", count],
                                    polling="raf", timeout=60000)

    def button(self, name: str, exact: bool = True):
        """A button by its name; a choice (a chip of a group, a toggle) is a checkbox to a screen
        reader, checked or not (decision 194), and is pressed the same way."""
        page = self.page
        return page.get_by_role("button", name=name, exact=exact).or_(
            page.get_by_role("checkbox", name=name, exact=exact))

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
        # Which semantics node took the click (shown with a failed test's output, beside the
        # server's log of the taps it turned away as too late: decision 520).
        print(f"{datetime.now():%H:%M:%S.%f} tap {name!r} on {target.evaluate('e => e.id')}")
        target.click()
        self.taps += 1

    def hold(self, name: str, frames: int = 60, exact: bool = True) -> None:
        """Press the button ``name`` and keep the finger down for ``frames`` frames drawn (at
        least a second at 60 a second: well past Flutter's half-second long press)."""
        target = self.button(name, exact).first
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
                 end: str | None = None, rules: Sequence[str] = (),
                 filled: Callable[[], object] | None = None) -> None:
        """Start a game from the home screen as a player does: New game, the game (its English
        title), the players' names, the first dealer (None: the game has none to pick, and
        none is offered), the end and house rules tapped by name, then ``filled`` called (a
        check of the filled form). Start game is in view without scrolling; after it the
        scoreboard names the dealer."""
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
        if filled is not None:
            filled()
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

    def screen_text(self, bottom: int = 0) -> str:
        """Everything the accessibility tree says: texts, one per line, and names; with
        ``bottom``, only what is drawn wholly within the screen's last ``bottom`` px (a
        bottom bar)."""
        return self.page.evaluate(
            """bottom => {
                 const host = document.querySelector('flt-semantics-host');
                 if (!host) return '';
                 const parts = [], h = window.innerHeight;
                 host.querySelectorAll('span, h1, h2, h3, flt-semantics').forEach(e => {
                   const r = e.getBoundingClientRect();
                   if (bottom && (r.height === 0 || r.top < h - bottom || r.bottom > h + 1)) return;
                   const label = e.getAttribute('aria-label');
                   if (label) parts.push(label);
                   if (e.tagName !== 'FLT-SEMANTICS') parts.push(e.textContent);
                   else Array.from(e.childNodes).filter(n => n.nodeType === 3)
                          .forEach(n => parts.push(n.textContent));
                 });
                 return parts.join('\\n');
               }""", bottom)

    def enabled(self, name: str) -> bool:
        target = self.button(name).first
        self.shown(target, f"button {name!r}")
        return bool(target.evaluate(
            "e => !(e.getAttribute('aria-disabled') === 'true' || "
            "e.querySelector('[aria-disabled=\"true\"]'))"))


# A page function: every control of the page (a button, a choice, a tab, a link, a text
# field...), with its name, role, checked state, whether Flutter gave it a tap action
# (``flt-tappable``: without one, a screen reader's activation does nothing, a dead button)
# and its box (the tree as a screen reader walks it).
CONTROLS = """() => Array.from(document.querySelectorAll(['button', 'checkbox', 'switch',
    'radio', 'tab', 'link', 'slider', 'textbox'].map(r => `flt-semantics-host [role=${r}]`)
    .concat(['flt-semantics-host input', 'flt-semantics-host textarea']).join(', ')))
    .map(e => {
  const b = e.getBoundingClientRect();
  const role = e.getAttribute('role') || 'textbox';
  // At the top or bottom edge of a scroller around it: Flutter gives a control partly
  // scrolled out of view the box of its part in view (its height is then not its own).
  let edge = false;
  for (let a = e.parentElement; a && a.tagName !== 'FLT-SEMANTICS-HOST'; a = a.parentElement) {
    const s = getComputedStyle(a);
    if (s.overflowY === 'visible' && s.overflowX === 'visible') continue;
    const c = a.getBoundingClientRect();
    edge = edge || b.top <= c.top + 0.5 || b.bottom >= c.bottom - 0.5;
  }
  return {name: (e.getAttribute('aria-label') || e.textContent || '').trim(), role,
          checked: e.getAttribute(role === 'tab' ? 'aria-selected' : 'aria-checked'),
          tabbable: e.getAttribute('tabindex') === '0', tappable: e.hasAttribute('flt-tappable'),
          disabled: e.getAttribute('aria-disabled') === 'true', edge,
          x: b.x, y: b.y, width: b.width, height: b.height};
})"""
# A page function: the name of what has the keyboard's focus (a control's label or text).
FOCUSED_NAME = """() => { const e = document.activeElement;
  return e ? (e.getAttribute('aria-label') || e.textContent || '').trim() : ''; }"""
# A page function: where the focus is and where the control named ``name`` is among the
# page's controls Tab reaches, in the page's order (-1: not there).
TAB_PLACES = """name => {
  const all = Array.from(document.querySelectorAll('flt-semantics-host [tabindex="0"]'));
  const label = e => (e.getAttribute('aria-label') || e.textContent || '').trim();
  return [all.indexOf(document.activeElement), all.findIndex(e => label(e) === name)];
}"""


# The roles that say whether they are checked (or, a tab, selected); those pressed by a tap
# (a text field is focused by its own element, without Flutter's tap action or tabindex).
CHOICES = ("checkbox", "switch", "radio", "tab")
PRESSED = ("button", *CHOICES, "link")


def controls(phone: Phone) -> list[dict]:
    phone.frames(10)
    return list(phone.page.evaluate(CONTROLS))


def doubled(name: str) -> bool:
    """'Ana Ana total 330' or 'Board 1: board 1': a name that says a word, or a run of up to
    three words, twice in a row within a part of it (parts: between ';' and ','; '10 IMPs to
    Reds; Reds total 10' is two). Numbers alone may repeat ('calls 4 2 2 2': four calls)."""
    for part in re.split(r"[;,]", name.lower()):
        words = part.replace(":", " ").split()
        if any(words[i:i + n] == words[i + n:i + 2 * n]
               and not all(word.isdigit() for word in words[i:i + n])
               for n in (1, 2, 3) for i in range(len(words) - 2 * n + 1)):
            return True
    return False


def screen_faults(found: list[dict]) -> list[str]:
    """What a screen reader or a keyboard meets wrong among ``found`` (see
    :func:`check_screen`), one line each."""
    faults = []
    for control in found:
        name, role = control["name"], control["role"]
        if not name:
            faults.append(f"an unnamed {role} ({control})")
        elif doubled(name):
            faults.append(f"a doubled name {name!r}")
        if role in CHOICES and control["checked"] not in ("true", "false"):
            faults.append(f"{name!r} does not say whether it is checked ({control})")
        if not control["disabled"] and role in PRESSED:
            if not control["tabbable"]:
                faults.append(f"{name!r} is out of Tab's reach")
            if not control["tappable"]:
                faults.append(f"{name!r} ({role}) is dead: no tap action in the tree")
    return faults


def small_targets(found: list[dict], least: float) -> list[str]:
    """The enabled controls among ``found`` (see :data:`CONTROLS`) smaller than ``least`` px
    either way, one line each (one partly scrolled out of view is not measured)."""
    return [f"{c['name']!r} is {c['width']:.0f} x {c['height']:.0f} px (under {least:g})"
            for c in found if c["role"] in PRESSED and not c["disabled"] and not c["edge"]
            and (c["width"] < least or c["height"] < least)]


def check_screen(phone: Phone, where: str) -> list[dict]:
    """Every control of the screen is named once and meaningfully, a choice says whether it is
    checked, and nothing enabled is out of the keyboard's reach or dead to a screen reader's
    activation. Every fault of the screen is named at once."""
    found = controls(phone)
    assert found, f"{where}: no control in the accessibility tree"
    faults = screen_faults(found)
    assert not faults, f"{where}:\n" + "\n".join(faults)
    return found


def tab_to(phone: Phone, name: str, key: str | None = None, most: int = 60) -> int:
    """Press ``key`` (by default Tab, or Shift+Tab where ``name`` comes before the focus in the
    page's order) until ``name`` has the keyboard's focus; how many presses it took."""
    if key is None:
        focus, target = phone.page.evaluate(TAB_PLACES, name)
        key = "Shift+Tab" if 0 <= target < focus else "Tab"
    for presses in range(1, most + 1):
        before = phone.page.evaluate(FOCUSED_NAME)
        phone.page.keyboard.press(key)
        for _ in range(10):  # the focus moves at a frame: wait for it, not for a guess
            phone.frames(2)
            if phone.page.evaluate(FOCUSED_NAME) != before:
                break
        if phone.page.evaluate(FOCUSED_NAME) == name:
            return presses
    raise AssertionError(f"{name!r} never had the focus after {most} presses of {key}; "
                         f"last focus: {phone.page.evaluate(FOCUSED_NAME)!r}")


def press(phone: Phone, name: str, key: str = "Enter") -> int:
    """Reach ``name`` by Tab (or Shift+Tab) alone and press it with ``key`` (Enter or Space);
    how many keys that took."""
    presses = tab_to(phone, name)
    phone.page.keyboard.press(key)
    phone.frames(10)
    return presses + 1


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


# A page function: what large text can break, read from the rectangles of the accessibility
# tree's nodes (never from pixels): a node drawn past the page's left or right edge (cut; a
# node in a sideways scroller excepted), two texts or controls drawn over each other (neither
# holding the other), and a number of two or more digits broken over lines (narrower than a
# quarter of its height per digit: one line of digits is about 0.4 of its height per digit,
# a number one digit per line under 0.2).
LAYOUT = """() => {
  const host = document.querySelector('flt-semantics-host');
  if (!host) return ['no accessibility tree'];
  const W = window.innerWidth, faults = [], px = Math.round;
  const roles = ['button', 'checkbox', 'switch', 'radio', 'tab', 'link', 'slider', 'textbox',
                 'img', 'heading'];
  const sideways = e => { for (let a = e.parentElement; a && a !== host; a = a.parentElement) {
      const s = getComputedStyle(a); if (s.overflowX === 'scroll' || s.overflowX === 'auto')
        return true; } return false; };
  const own = e => Array.from(e.childNodes).filter(n => n.nodeType === 3)
      .map(n => n.textContent).join('').trim();
  // What of a node is in view: its box within each scroller around it (content scrolled
  // under an app bar or a bottom bar is hidden there, not drawn over it).
  const seen = e => { let r = e.getBoundingClientRect();
    let box = {left: r.left, right: r.right, top: r.top, bottom: r.bottom};
    for (let a = e.parentElement; a && a !== host; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowY === 'visible' && s.overflowX === 'visible') continue;
      const c = a.getBoundingClientRect();
      box = {left: Math.max(box.left, c.left), right: Math.min(box.right, c.right),
             top: Math.max(box.top, c.top), bottom: Math.min(box.bottom, c.bottom)};
    }
    box.width = box.right - box.left; box.height = box.bottom - box.top; return box; };
  const leaves = [];
  host.querySelectorAll('flt-semantics, span, h1, h2, h3, input, textarea').forEach(e => {
    const whole = e.getBoundingClientRect();
    if (whole.width < 1 || whole.height < 1) return;
    const r = seen(e);
    if (r.width < 1 || r.height < 1) return;  // scrolled out of view
    const role = e.getAttribute('role') || (/^H\\d$/.test(e.tagName) ? 'heading' : '');
    const text = (e.getAttribute('aria-label') || own(e)
        || (e.tagName === 'SPAN' ? e.textContent : '')).trim();
    if (!text && !roles.includes(role)) return;
    const name = text || role;
    if ((whole.left < -1 || whole.right > W + 1) && !sideways(e))
      faults.push(`${JSON.stringify(name)} drawn past the page's edge (${px(whole.left)} `
                  + `to ${px(whole.right)} of ${W})`);
    const digits = (text.match(/^[+\\-\\u2212]?([0-9][0-9.,]*)$/) || [null, ''])[1]
      .replace(/[.,]/g, '');
    if (digits.length >= 2 && whole.width < 0.25 * digits.length * whole.height)
      faults.push(`the number ${text} broken over lines (${px(whole.width)} x `
                  + `${px(whole.height)} px)`);
    leaves.push({e, name, r});
  });
  for (let i = 0; i < leaves.length; i++) for (let j = i + 1; j < leaves.length; j++) {
    const a = leaves[i], b = leaves[j];
    if (a.e.contains(b.e) || b.e.contains(a.e)) continue;
    const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
    const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
    if (w > 2 && h > 2)
      faults.push(`${JSON.stringify(a.name)} and ${JSON.stringify(b.name)} drawn over each `
                  + `other (${px(w)} x ${px(h)} px)`);
  }
  return faults;
}"""


def layout_faults(phone: Phone, text_scale: float | None = None) -> list[str]:
    """What large text broke on the screen shown (see :data:`LAYOUT`), one line each. With
    ``text_scale`` (the text's size against the usual), also each text field whose label
    cannot be drawn on one line inside it (:data:`LABEL_ROOM`): Flutter wraps it over the
    field's neighbours and the typed value, and the tree shows only the field's box."""
    phone.frames(10)
    faults = list(phone.page.evaluate(LAYOUT))
    if text_scale is not None:
        faults += phone.page.evaluate(LABEL_ROOM, text_scale)
    return faults


# A page function: the text fields whose label, at Flutter's 16 px body text times the text's
# scale, is wider than the field less its padding (12 px each side) and outline. The label's
# width is measured in the page's sans-serif at that size, less a tenth: Roboto, which Flutter
# draws with, is narrower than the fallbacks the page has (DejaVu, Liberation).
LABEL_ROOM = """scale => {
  const host = document.querySelector('flt-semantics-host');
  if (!host) return [];
  const ctx = document.createElement('canvas').getContext('2d');
  ctx.font = `${16 * scale}px sans-serif`;
  const faults = [];
  host.querySelectorAll('input, textarea, [role="textbox"]').forEach(e => {
    const label = (e.getAttribute('aria-label') || '').trim();
    const box = e.getBoundingClientRect();
    if (!label || box.width < 1) return;
    const need = 0.9 * ctx.measureText(label).width, room = box.width - 26;
    if (need > room)
      faults.push(`the label ${JSON.stringify(label)} wraps in its field (${Math.round(need)} `
                  + `px of text in ${Math.round(room)} px)`);
  });
  return faults;
}"""
