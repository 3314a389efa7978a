"""The published site in WebKit: a second load of the site in the same tab, and a second window
(issue 17). A manual check, not run by the test suite: it needs WebKitGTK's WebDriver.

Run (as root on Debian, once: apt-get install xvfb webkit2gtk-driver; pip install selenium):
    python benchmarks/webkit_site.py [--wait SECONDS]

It publishes the site, serves it on loopback, starts Xvfb and WebKitWebDriver on free ports and
drives WebKitGTK's MiniBrowser (a fresh profile), as a player would, checking after each step:
1. the first visit reaches the home screen ("No games yet"); its Python worker holds the lock
   on the games (navigator.locks.query());
2. New game, then the site's address typed while on #/new: the new page reaches the home screen
   and its own worker holds the lock. Before the fix (scorer/assets/web/page-leave.js), WebKit
   kept the page left in its back/forward cache with its worker and the lock: the new page sat
   on Flet's "Working..." while Python started (a minute and more), then said "open in another
   tab", the lock still held by the old page's worker, and a reload did the same;
3. Back: the New game screen again (WebKit goes back to #/new in the page at hand), its
   worker alone holding the lock;
4. a second window still says "Scorer is already open in another tab or window of this browser";
5. offline (the server stopped), the site's address again in the first tab: the home screen.
It prints each step with OK or FAILED and exits 1 if one failed. WebKit ignores WebDriver's
clicks on Flutter's buttons: taps are pointer actions at the button's centre.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from browser import StaticSite, free_port  # noqa: E402

from scorer.ui.site.publish import publish  # noqa: E402

MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
BUSY = "Scorer is already open in another tab or window of this browser"
# The page's text and accessible names (turning Flutter's accessibility tree on first).
SCREEN = """
const placeholder = document.querySelector('flt-semantics-placeholder');
if (placeholder) placeholder.click();
const host = document.querySelector('flt-semantics-host');
const found = [];
for (const node of document.querySelectorAll('flt-semantics, [role]')) {
  const box = node.getBoundingClientRect();
  const name = node.getAttribute('aria-label') ||
    (node.children.length === 0 ? (node.textContent || '').trim() : '');
  if (name && box.width > 0)
    found.push({name, x: box.x + box.width / 2, y: box.y + box.height / 2});
}
return {text: host ? host.innerText : '', names: found};"""
HOLDERS = """
const done = arguments[arguments.length - 1];
navigator.locks.query().then((state) => done(state.held
  .filter((lock) => lock.name === 'scorer-games').map((lock) => lock.clientId)),
  (error) => done(['error: ' + error]));"""


def free_display() -> int:
    for number in range(90, 200):
        if not Path(f"/tmp/.X{number}-lock").exists():
            return number
    raise RuntimeError("no free X display")


def wait_port(port: int, seconds: float = 30) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
            return
        time.sleep(0.2)
    raise RuntimeError(f"nothing listens on port {port}")


@contextlib.contextmanager
def webkit_driver() -> Iterator[object]:
    """Xvfb, WebKitWebDriver and a MiniBrowser session (selenium), ended afterwards."""
    from selenium import webdriver
    from selenium.webdriver import WebKitGTKOptions

    if not shutil.which("Xvfb") or not shutil.which("WebKitWebDriver"):
        raise SystemExit("needs Xvfb and WebKitWebDriver: apt-get install xvfb webkit2gtk-driver")
    display, port = free_display(), free_port()
    xvfb = subprocess.Popen(["Xvfb", f":{display}", "-screen", "0", "1280x1024x24"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    driver_process = subprocess.Popen(["WebKitWebDriver", f"--port={port}"],
                                      env={**os.environ, "DISPLAY": f":{display}"},
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    driver = None
    try:
        wait_port(port)
        options = WebKitGTKOptions()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        driver = webdriver.Remote(command_executor=f"http://127.0.0.1:{port}", options=options)
        driver.set_page_load_timeout(120)
        driver.set_script_timeout(30)
        driver.set_window_size(400, 720)
        yield driver
    finally:
        if driver is not None:
            with contextlib.suppress(Exception):
                driver.quit()
        for process in (driver_process, xvfb):
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()


class Check:
    def __init__(self, driver, wait: float) -> None:
        self.driver = driver
        self.wait = wait
        self.failed: list[str] = []
        self.started = time.monotonic()

    def say(self, *words: object) -> None:
        print(f"[{time.monotonic() - self.started:6.1f}s]", *words, flush=True)

    def screen(self) -> dict:
        try:
            return self.driver.execute_script(SCREEN)
        except Exception:  # the page is loading
            return {"text": "", "names": []}

    def holders(self) -> list[str]:
        return self.driver.execute_async_script(HOLDERS)

    def shows(self, *texts: str) -> str | None:
        """The first of ``texts`` the page shows within the wait, else None."""
        end = time.monotonic() + self.wait
        while time.monotonic() < end:
            screen = self.screen()
            for text in texts:
                if text in screen["text"] or any(text in n["name"] for n in screen["names"]):
                    return text
            time.sleep(1)
        return None

    def step(self, name: str, expected: str, *others: str) -> bool:
        begun = time.monotonic()
        shown = self.shows(expected, *others)
        ok = shown == expected
        self.say("OK    " if ok else "FAILED", name, f"({time.monotonic() - begun:.0f} s):",
                 repr(shown or "nothing of " + repr((expected, *others))),
                 "| lock held by", json.dumps(self.holders()))
        if not ok:
            self.failed.append(name)
            self.driver.save_screenshot(str(Path(tempfile.gettempdir()) /
                                            f"webkit_site_{len(self.failed)}.png"))
        return ok

    def until(self, condition) -> bool:
        """Whether ``condition()`` comes true within the wait (asked once a second)."""
        end = time.monotonic() + self.wait
        while time.monotonic() < end:
            with contextlib.suppress(Exception):  # the page is loading
                if condition():
                    return True
            time.sleep(1)
        return False

    def tap(self, name: str) -> None:
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        for node in self.screen()["names"]:
            if node["name"] == name:
                actions = ActionBuilder(self.driver)
                actions.pointer_action.move_to_location(round(node["x"]), round(node["y"]))
                actions.pointer_action.click()
                actions.perform()
                return
        raise RuntimeError(f"no {name!r} on the screen")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--wait", type=float, default=400,
                        help="seconds a step may take (a busy machine is slow: 400)")
    args = parser.parse_args()
    failed = ["the browser"]
    with tempfile.TemporaryDirectory() as folder:
        site = StaticSite(publish(Path(folder) / "site")).start()
        try:
            with webkit_driver() as driver:
                check = Check(driver, args.wait)
                check.say("WebKit", driver.capabilities.get("browserVersion"), "site", site.url)
                driver.get(site.url)
                check.step("1. first visit", "No games yet", BUSY)
                first = check.holders()
                check.tap("New game")
                check.step("   New game", "MiniBridge")
                driver.get(site.url)  # typed while on #/new
                check.step("2. the site's address again, same tab", "No games yet", BUSY)
                if check.holders() in ([], first):
                    check.say("FAILED the new page does not hold the lock")
                    check.failed.append("2. lock")
                # WebKit goes back to #/new in the page at hand (its address differs only by
                # the fragment): popstate, no page from the cache.
                driver.back()
                check.step("3. Back", "MiniBridge", BUSY)
                if not check.until(lambda: len(check.holders()) == 1
                                   and check.holders() != first):
                    check.say("FAILED the page at hand does not hold the lock alone")
                    check.failed.append("3. lock")
                tabs = driver.window_handles
                driver.switch_to.new_window("window")  # a tab behind is not drawn
                driver.get(site.url)
                check.step("4. a second window", BUSY, "No games yet")
                driver.close()
                driver.switch_to.window(tabs[0])
                site.stop()
                driver.get(site.url + "?offline")
                check.step("5. offline, the site's address again", "No games yet", BUSY)
                failed = check.failed
        finally:
            site.stop()
    print("all OK" if not failed else f"FAILED: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
