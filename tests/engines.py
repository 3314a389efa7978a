"""The app in the two other engines a player meets: Debian's Firefox ESR (Gecko) and WebKitGTK.

Chromium is driven by Playwright throughout the suite. Here are the other two, each by the
driver the benchmarks use (benchmarks/webkit_site.py), made to look like a Playwright page to
the helpers of ``browser.py`` (``Phone``, ``tab_to``, ``press``, ``check_screen``), so one test
reads the same in every engine:

- **Firefox ESR** by Playwright over WebDriver BiDi (its ``moz-firefox`` channel), through
  ``firefox_relay.py``, which answers the one command Firefox ESR does not know yet.
- **WebKitGTK** by its own WebDriver (``WebKitWebDriver``, Debian's ``webkit2gtk-driver``) and
  selenium, its MiniBrowser on an X server of its own (Xvfb). WebKit refuses WebDriver's clicks
  on Flutter's buttons; keys are sent as WebDriver key actions.

Where an engine is not installed its tests skip, naming what to install; where
``SCORER_ALL_ENGINES=1`` (``.ci/run`` sets it) a missing engine fails the test instead.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

FIREFOX = "firefox-esr"
# WebKitGTK's own browser, as Debian installs it (the folder names the machine's architecture).
MINIBROWSERS = "/usr/lib/*/webkit2gtk-4.1/MiniBrowser"
RELAY = Path(__file__).resolve().parent / "firefox_relay.py"
# WebKit's window: its page is a phone's width (the window's frame takes a little).
WEBKIT_WINDOW = (360, 720)
# A script's longest run in the page (a wait for frames is one script): beyond it selenium
# gives up on the call.
SCRIPT_SECONDS = 120


def missing(what: str, install: str) -> None:
    """An engine is not on this machine: skip, saying what to install, or in CI (where
    ``SCORER_ALL_ENGINES=1``) fail, since there the engines are installed by ``.ci/run``."""
    message = f"{what} is not installed ({install}; .ci/run installs it)"
    if os.environ.get("SCORER_ALL_ENGINES") == "1":
        pytest.fail(f"SCORER_ALL_ENGINES=1: {message}")
    pytest.skip(message)


def firefox_executable(folder: Path) -> str:
    """A shell script in ``folder`` that Playwright starts as Firefox: Firefox ESR behind the
    relay (Playwright wants an executable file)."""
    firefox = shutil.which(FIREFOX)
    if not firefox:
        missing("Debian's Firefox ESR", "apt-get install firefox-esr")
    assert firefox is not None
    script = folder / "firefox"
    script.write_text(f'#!/bin/sh\nexec "{sys.executable}" "{RELAY}" "{firefox}" "$@"\n',
                      encoding="utf-8")
    script.chmod(0o755)
    return str(script)


@contextlib.contextmanager
def firefox(playwright: Any, folder: Path) -> Iterator[Any]:
    """Firefox ESR launched by Playwright (headless), closed after the block."""
    launched = playwright.firefox.launch(channel="moz-firefox",
                                         executable_path=firefox_executable(folder),
                                         headless=True)
    try:
        yield launched
    finally:
        with contextlib.suppress(Exception):
            launched.close()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _free_display() -> int:
    for number in range(90, 400):
        if not Path(f"/tmp/.X{number}-lock").exists():
            return number
    raise RuntimeError("no free X display")


def _listening(port: int, process: subprocess.Popen, what: str, tries: int = 600) -> None:
    """Wait until ``process`` listens on ``port`` (up to ``tries`` connection tries, at least
    0.1 s apart); fail at once if it exits."""
    for _ in range(tries):
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
            return
        if process.poll() is not None:
            raise RuntimeError(f"{what} exited with {process.returncode}")
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(0.1)  # a wait for the other outcome: the process ending
    raise RuntimeError(f"{what} never listened on port {port}")


def _stop(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@contextlib.contextmanager
def webkit() -> Iterator[Any]:
    """WebKitGTK's MiniBrowser driven by WebKitWebDriver and selenium, on an Xvfb display of its
    own; everything ended after the block."""
    browsers = sorted(glob.glob(MINIBROWSERS))
    if not shutil.which("WebKitWebDriver") or not browsers:
        missing("WebKitGTK's WebDriver", "apt-get install webkit2gtk-driver")
    if not shutil.which("Xvfb"):
        missing("Xvfb", "apt-get install xvfb")
    try:
        from selenium import webdriver
        from selenium.webdriver import WebKitGTKOptions
        from selenium.webdriver.remote.client_config import ClientConfig
        from selenium.webdriver.remote.remote_connection import RemoteConnection
    except ImportError:
        missing("selenium", "the test extra: pip install -e '.[test]'")
    display, port = _free_display(), _free_port()
    xvfb = subprocess.Popen(["Xvfb", f":{display}", "-screen", "0", "1024x768x24", "-nolisten",
                             "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    driver_process = subprocess.Popen(["WebKitWebDriver", f"--port={port}"],
                                      env={**os.environ, "DISPLAY": f":{display}"},
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    driver = None
    try:
        _listening(port, driver_process, "WebKitWebDriver")
        options = WebKitGTKOptions()
        options.binary_location = browsers[0]
        options.add_argument("--automation")
        address = ClientConfig(remote_server_addr=f"http://127.0.0.1:{port}")
        driver = webdriver.Remote(command_executor=RemoteConnection(client_config=address),
                                  options=options)
        driver.set_page_load_timeout(240)
        driver.set_script_timeout(SCRIPT_SECONDS + 30)
        driver.set_window_size(*WEBKIT_WINDOW)
        yield driver
    finally:
        if driver is not None:
            with contextlib.suppress(Exception):
                driver.quit()
        _stop(driver_process)
        _stop(xvfb)


# Playwright's names of the keys the tests press, as WebDriver's key codes.
def _key(name: str) -> str:
    from selenium.webdriver.common.keys import Keys

    return {"Tab": Keys.TAB, "Enter": Keys.ENTER, "Space": Keys.SPACE,
            "ArrowRight": Keys.ARROW_RIGHT, "ArrowLeft": Keys.ARROW_LEFT,
            "Escape": Keys.ESCAPE, "Backspace": Keys.BACKSPACE}.get(name, name)


class SeleniumKeyboard:
    """Playwright's ``page.keyboard`` over WebDriver key actions (sent to what has the focus)."""

    def __init__(self, driver: Any) -> None:
        self.driver = driver

    def press(self, key: str) -> None:
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys

        *held, last = key.split("+")
        chain = ActionChains(self.driver)
        modifiers = [{"Shift": Keys.SHIFT, "Control": Keys.CONTROL, "Alt": Keys.ALT}[m]
                     for m in held]
        for modifier in modifiers:
            chain.key_down(modifier)
        chain.send_keys(_key(last))
        for modifier in reversed(modifiers):
            chain.key_up(modifier)
        chain.perform()

    def type(self, text: str) -> None:
        from selenium.webdriver.common.action_chains import ActionChains

        for character in text:  # one key at a time, as a player types
            ActionChains(self.driver).send_keys(character).perform()


# Runs a page function (Playwright's form: an arrow function of one argument) once per
# animation frame until it returns something true, or for ``limit`` ms; answers what it
# returned last. Built as text around the function (no eval: the page's policy may forbid it).
_EACH_FRAME = """
const arg = arguments[0], limit = arguments[1], done = arguments[arguments.length - 1];
const check = (%s);
const start = performance.now();
function step() {
  let result = null;
  try { result = check(arg); } catch (error) { result = null; }
  if (result || performance.now() - start > limit) { done(result || null); return; }
  requestAnimationFrame(step);
}
requestAnimationFrame(step);"""


class SeleniumPage:
    """The part of a Playwright page that ``browser.Phone`` and the keyboard helpers use
    (``evaluate``, ``wait_for_function``, ``keyboard``, ``url``, ``goto``, ``screenshot``),
    over a selenium session."""

    def __init__(self, driver: Any) -> None:
        self.driver = driver
        self.keyboard = SeleniumKeyboard(driver)
        self.viewport_size = None

    @property
    def url(self) -> str:
        return str(self.driver.current_url)

    def goto(self, url: str) -> None:
        self.driver.get(url)

    def evaluate(self, function: str, arg: Any = None) -> Any:
        return self.driver.execute_script(f"return ({function})(arguments[0]);", arg)

    def wait_for_function(self, function: str, arg: Any = None, polling: Any = None,
                          timeout: float = 30000) -> Any:
        """Like Playwright's: ``function`` asked once per animation frame until it returns
        something true, for at most ``timeout`` ms (in scripts of at most SCRIPT_SECONDS)."""
        end = time.monotonic() + timeout / 1000
        while True:
            left = max(0.0, end - time.monotonic())
            result = None
            with contextlib.suppress(_loading_errors()):
                result = self.driver.execute_async_script(
                    _EACH_FRAME % function, arg, min(left, SCRIPT_SECONDS) * 1000)
            if result:
                return result
            if time.monotonic() >= end:
                raise TimeoutError(f"wait_for_function: not true after {timeout / 1000:g} s: "
                                   f"{function[:200]}")

    def screenshot(self, path: str) -> None:
        self.driver.save_screenshot(path)


def _loading_errors() -> tuple[type[BaseException], ...]:
    """A script sent while the page loads or navigates fails: asked again."""
    from selenium.common.exceptions import JavascriptException, WebDriverException

    return (JavascriptException, WebDriverException)
