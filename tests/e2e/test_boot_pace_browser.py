"""The boot screen's frames at a walking pace (scorer/assets/web/boot-pace.js, decision 585), in
Chromium: until the first screen is up, a spinner asking for a frame at every refresh gets one
every PACE ms; the first frame is not held; frames asked together run together, in order, a
cancelled one not at all, one that throws not stopping the others; and once the worker says the
first screen is up, or at the player's first key or press, every frame runs at the browser's
refresh again. A frame's time is the frame's: the page's own requestAnimationFrame, kept
before the script ran, tells by it whether a frame asked of the paced one ran at the same
refresh. That the published app ends the pace when its home screen is up is checked on the
site itself (test_published.py)."""

from __future__ import annotations

import itertools
import re

import pytest

from scorer.ui.serve.client_files import web_script

pytestmark = pytest.mark.browser

PACE = int(re.search(r"var PACE = (\d+);", web_script("boot-pace.js"))[1])

# together(names): frames asked in one task, through the paced requestAnimationFrame and the
# page's own (kept before the script ran); each one's frame time once all ran. spin(count): a
# spinner, a frame asked in each frame, ``count`` frames; the page's clock at each. Composed in
# one evaluate, a frame asked right after a spinner's is asked well within the pace.
HELPERS = """
window.together = async (names) => {
  const times = {};
  await new Promise((done) => {
    let left = names.length + 1;
    const seen = (name) => (time) => { times[name] = time; if (--left === 0) done(); };
    names.forEach((name) => requestAnimationFrame(seen(name)));
    window.nativeFrame(seen("native"));
  });
  return times;
};
window.spin = async (count) => {
  const at = [];
  await new Promise((done) => {
    const spin = () => {
      at.push(performance.now());
      if (at.length < count) { requestAnimationFrame(spin); } else { done(); }
    };
    requestAnimationFrame(spin);
  });
  return at;
};
"""


@pytest.fixture
def page(browser):
    page = browser.new_page(viewport={"width": 360, "height": 640})
    page.goto("about:blank")
    page.evaluate("() => { window.nativeFrame = window.requestAnimationFrame.bind(window); }")
    page.add_script_tag(content=HELPERS)
    page.add_script_tag(content=web_script("boot-pace.js"))
    lines: list[str] = []
    page.on("console", lambda message: lines.append(message.text))
    page.lines = lines
    yield page
    page.close()


def test_the_first_frame_is_not_held(page):
    times = page.evaluate("together(['first'])")
    assert times["first"] == times["native"]


def test_a_spinner_gets_a_frame_each_pace_until_the_first_screen_is_up(page):
    # Asked right after a paced frame, a frame waits for the pace: a later refresh than the
    # page's own.
    at, times = page.evaluate("(async () => [await spin(5), await together(['held'])])()")
    gaps = [later - earlier for earlier, later in itertools.pairwise(at)]
    # (a timer's own rounding may end it a millisecond early; unpaced, a gap is one refresh)
    assert all(gap >= PACE - 2 for gap in gaps), gaps
    assert times["held"] > times["native"]
    assert not [line for line in page.lines if "paced until" in line]

    page.evaluate("window.dispatchEvent(new Event('scorer-home-shown'))")
    times = page.evaluate("together(['after'])")
    assert times["after"] == times["native"]
    assert page.lines.count(
        "Scorer: the boot screen's frames were paced until the first screen was up "
        "(6 frames)") == 1, page.lines


def test_frames_waiting_when_the_first_screen_is_up_run_at_the_next_refresh(page):
    times = page.evaluate("""async () => {
      await spin(2);
      const times = {};
      await new Promise((done) => {
        let left = 2;
        requestAnimationFrame((time) => { times.waiting = time; if (--left === 0) done(); });
        window.dispatchEvent(new Event('scorer-home-shown'));
        window.nativeFrame((time) => { times.native = time; if (--left === 0) done(); });
      });
      return times;
    }""")
    assert times["waiting"] == times["native"]


def test_frames_asked_together_run_together_in_order_a_cancelled_one_never(page):
    ran = page.evaluate("""async () => {
      await spin(2);  // the next frames wait for the pace
      const ran = [];
      await new Promise((done) => {
        requestAnimationFrame((time) => ran.push(["a", time]));
        const b = requestAnimationFrame((time) => ran.push(["b", time]));
        requestAnimationFrame((time) => { ran.push(["c", time]); setTimeout(done, 300); });
        cancelAnimationFrame(b);
      });
      return ran;
    }""")
    assert [name for name, _ in ran] == ["a", "c"]
    assert ran[0][1] == ran[1][1]


def test_a_frame_that_throws_is_reported_and_the_others_still_run(page):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    ran = page.evaluate("""async () => {
      await spin(2);
      const ran = [];
      await new Promise((done) => {
        requestAnimationFrame(() => { throw new Error("drawn wrong"); });
        requestAnimationFrame(() => { ran.push("after it"); done(); });
      });
      return ran;
    }""")
    assert ran == ["after it"]
    page.wait_for_timeout(100)  # the error is reported in a task of its own
    assert any("drawn wrong" in error for error in errors), errors


@pytest.mark.parametrize("player", ["keydown", "pointerdown"])
def test_the_players_first_key_or_press_ends_the_pace(page, player):
    page.evaluate("spin(2)")
    if player == "keydown":
        page.keyboard.press("Shift")
    else:
        page.mouse.click(180, 320)
    times = page.evaluate("together(['after'])")
    assert times["after"] == times["native"]
    assert f"Scorer: the boot screen's frames were paced until a {player} (2 frames)" in \
        page.lines
