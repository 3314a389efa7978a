"""The browser tests' own helpers, without a browser: ``Phone.see`` (a text) and
``Phone.shown`` (a control) wait on a count of frames (never on the clock) and say what they
awaited; ``served`` fails at once when the server exits. The page here is a stand-in that draws
a frame whenever it is asked to wait for frames."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from browser import FOCUSED, SEE_FRAMES, Phone, doubled, screen_faults, served


class Page:
    """Shows ``text`` once ``after`` frames have been drawn (never, with None); the focus is
    on ``focus`` from then on, on the page's body before."""

    url = "http://127.0.0.1/game/1"

    def __init__(self, text: str, after: int | None, focus: str = "body") -> None:
        self.text, self.after, self.focus, self.drawn = text, after, focus, 0

    def wait_for_function(self, script, arg, polling, timeout):
        assert polling == "raf"
        self.drawn += arg[1]

    def evaluate(self, script, arg=None):
        shown = self.after is not None and self.drawn >= self.after
        if script == FOCUSED:
            return self.focus if shown else "body"
        return f"Scorer\n{self.text}" if shown else "Scorer"


def test_see_waits_for_frames_until_the_text_is_shown():
    page = Page("Ana total 120", after=500)
    Phone(page, "http://127.0.0.1/").see("Ana total 120")
    assert 500 <= page.drawn < 500 + SEE_FRAMES  # looked again every few frames
    page = Page("dealer: Ana", after=0)
    Phone(page, "http://127.0.0.1/").see(re.compile(r"dealer: \w+"))
    assert page.drawn == 0


def test_see_gives_up_after_a_count_of_frames_and_says_what_it_awaited():
    page = Page("Ana total 120", after=None)
    with pytest.raises(AssertionError, match=r"'Ben total 40' not on screen after 1200 frames "
                                             r"\(20 s at 60 frames a second\); the page's "
                                             r"address is http://127.0.0.1/game/1, its focus "
                                             r"on 'body'; screen shows:"):
        Phone(page, "http://127.0.0.1/").see("Ben total 40")
    assert page.drawn == 1200
    page = Page("x", after=None)
    with pytest.raises(AssertionError, match="after 14400 frames"):
        Phone(page, "http://127.0.0.1/").see("y", timeout=240_000)  # the published site's


def test_focus_moves_to_waits_for_the_field_and_names_what_has_the_focus_when_it_never_comes():
    page = Page("East points", after=30, focus="East points (Ben)")
    Phone(page, "http://127.0.0.1/").focus_moves_to("East points (Ben)", by="Enter")
    assert 30 <= page.drawn < 30 + SEE_FRAMES
    page = Page("East points", after=None)
    with pytest.raises(AssertionError, match=r"the focus in text field 'East points \(Ben\)' "
                                             r"after Enter not on screen after 1200 frames "
                                             r".*its focus on 'body'"):
        Phone(page, "http://127.0.0.1/").focus_moves_to("East points (Ben)", by="Enter")


class MovingPage(Page):
    """Its address becomes ``later`` once ``after`` frames have been drawn (never, with None)."""

    def __init__(self, later: str, after: int | None) -> None:
        super().__init__("", None)
        self.later = later
        self.moves_after = after

    @property  # type: ignore[override]
    def url(self) -> str:
        moved = self.moves_after is not None and self.drawn >= self.moves_after
        return self.later if moved else "http://127.0.0.1/#/game/1/deal"


def test_at_waits_for_the_address_by_frames_and_names_it_when_it_never_comes():
    scoreboard = re.compile(r"#/game/[0-9a-f]+$")
    page = MovingPage("http://127.0.0.1/#/game/1", after=40)
    Phone(page, "http://127.0.0.1/").at(scoreboard)
    assert 40 <= page.drawn < 40 + SEE_FRAMES
    page = MovingPage("http://127.0.0.1/#/game/1", after=None)
    awaited = re.escape(f"the address matching {scoreboard.pattern!r} not on screen after "
                        f"1200 frames")
    with pytest.raises(AssertionError, match=awaited + r".*address is "
                                             r"http://127.0.0.1/#/game/1/deal"):
        Phone(page, "http://127.0.0.1/").at(scoreboard)


def test_served_fails_at_once_when_the_server_exits(tmp_path):
    not_a_folder = tmp_path / "data"
    not_a_folder.write_text("a file where the data folder should be")
    with pytest.raises(RuntimeError, match="scorer serve exited: .*is a file"), \
            served(not_a_folder):
        pass


class Control:
    """A locator's stand-in: drawn once its page has drawn ``after`` frames (never: None)."""

    def __init__(self, page: Page, after: int | None) -> None:
        self.page, self.after = page, after

    def is_visible(self) -> bool:
        return self.after is not None and self.page.drawn >= self.after


def test_shown_waits_for_a_control_by_frames_and_names_it_when_it_never_comes():
    page = Page("Save deal", after=0)
    Phone(page, "http://127.0.0.1/").shown(Control(page, after=90), "button 'Save deal'")
    assert 90 <= page.drawn < 90 + SEE_FRAMES
    page = Page("Save deal", after=0)
    with pytest.raises(AssertionError, match=r"button 'Start game' not on screen after 1200 "
                                             r"frames .*screen shows:\nScorer\nSave deal"):
        Phone(page, "http://127.0.0.1/").shown(Control(page, after=None), "button 'Start game'")
    assert page.drawn == 1200


def test_a_process_that_never_waits_is_found_hung_and_one_that_waits_is_not():
    import subprocess
    import sys
    import time

    from hung_pages import hung

    spinning = subprocess.Popen([sys.executable, "-c", "while True: pass", "scorer-spin"])
    waiting = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)",
                                "scorer-wait"])
    try:
        seen: dict[int, tuple[int, int]] = {}
        found: list[int] = []
        for _ in range(400):  # until the spinner used 0.3 s of CPU (a count of looks)
            found += hung(seen, os.getpid(), cpu_seconds=0.3,
                          select=lambda cmdline: b"scorer-spin" in cmdline
                          or b"scorer-wait" in cmdline)
            if found:
                break
            time.sleep(0.05)
        assert found == [spinning.pid]
        assert waiting.pid in seen  # looked at, never found
    finally:
        for process in (spinning, waiting):
            process.kill()
            process.wait()


def control(name: str, role: str = "button", **kw) -> dict:
    """A control as CONTROLS reads it from the tree: by default named, tabbable, tappable."""
    return {"name": name, "role": role, "checked": None, "tabbable": True, "tappable": True,
            "disabled": False, **kw}


def test_screen_faults_names_a_dead_button_an_unnamed_or_doubled_one_and_a_choice_unchecked():
    """Issue 29: a button without Flutter's tap action (no ``flt-tappable``) is dead to a
    screen reader's activation; a disabled one is not pressed, so it is not dead."""
    assert screen_faults([control("Save deal"), control("Tricks 9", "checkbox", checked="true"),
                          control("Save deal", disabled=True, tappable=False,
                                  tabbable=False),
                          control("North points (Ana)", "textbox", tabbable=False,
                                  tappable=False)]) == []
    assert screen_faults([control("Deal 1: 4S by Ana", tappable=False)]) == [
        "'Deal 1: 4S by Ana' (button) is dead: no tap action in the tree"]
    assert screen_faults([control("Back", tabbable=False)]) == ["'Back' is out of Tab's reach"]
    assert screen_faults([control("")])[0].startswith("an unnamed button")
    assert screen_faults([control("Tricks 9", "checkbox")])[0].startswith(
        "'Tricks 9' does not say whether it is checked")
    assert screen_faults([control("Declarer Declarer", "checkbox", checked="false")]) == [
        "a doubled name 'Declarer Declarer'"]
    assert doubled("Board 1: board 1") and not doubled("Deal 1: calls 4 2 2 2; tricks 5 3 2 3")
    assert not doubled("Board 1: 10 IMPs to Reds; Reds total 10, Blues total -10")


def test_a_missing_engine_skips_on_a_developer_s_machine(monkeypatch, tmp_path):
    """Without Firefox ESR (not on the path) a test of it skips, naming what to install."""
    import engines

    monkeypatch.delenv("SCORER_ALL_ENGINES", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(pytest.skip.Exception, match="apt-get install firefox-esr"):
        engines.firefox_executable(tmp_path)


def test_a_missing_engine_fails_in_ci(monkeypatch, tmp_path):
    """Under SCORER_ALL_ENGINES=1 (.ci/run) the same missing engine fails the test."""
    import engines

    monkeypatch.setenv("SCORER_ALL_ENGINES", "1")
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(pytest.fail.Exception, match="SCORER_ALL_ENGINES=1: .*firefox-esr"):
        engines.firefox_executable(tmp_path)
    with pytest.raises(pytest.fail.Exception, match="webkit2gtk-driver"), engines.webkit():
        pass


def test_firefox_is_started_behind_the_relay(monkeypatch, tmp_path):
    """The executable given to Playwright runs the relay with this Python and Firefox ESR."""
    import engines

    (tmp_path / "firefox-esr").write_text("#!/bin/sh\n")
    (tmp_path / "firefox-esr").chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path))
    (tmp_path / "out").mkdir()
    script = engines.firefox_executable(tmp_path / "out")
    text = Path(script).read_text(encoding="utf-8")
    assert os.access(script, os.X_OK)
    assert str(engines.RELAY) in text and str(tmp_path / "firefox-esr") in text, text
