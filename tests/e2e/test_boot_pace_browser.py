"""The boot screen's frames at a walking pace (scorer/assets/web/boot-pace.js, decision 585), in
Chromium: until the first screen is up, a spinner asking for a frame at every refresh gets one
every PACE ms; the first frame is not held; frames asked together run together, in order, a
cancelled one not at all, one that throws not stopping the others; and once the worker says the
first screen is up, or at the player's first key or press, every frame runs at the browser's
refresh again. On a repeat visit (a service worker controls the page from its start, decision
596) no frame at all is drawn before HOLD ms after the page opened, unless the first screen
comes first, and the page's splash stays until a frame is drawn. A frame's time is the
frame's: the page's own requestAnimationFrame, kept before the script ran, tells by it whether
a frame asked of the paced one ran at the same refresh. That the published app ends the pace
when its home screen is up is checked on the site itself (test_published.py)."""

from __future__ import annotations

import itertools
import re

import pytest

from scorer.ui.serve.client_files import web_script

pytestmark = pytest.mark.browser

PACE = int(re.search(r"var PACE = (\d+);", web_script("boot-pace.js"))[1])
HOLD = int(re.search(r"var HOLD = (\d+);", web_script("boot-pace.js"))[1])

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
window.splash = () => {  // the page's splash, and Flutter's bootstrap's listener that removes it
  const splash = document.createElement("div");
  splash.id = "loading";
  document.body.appendChild(splash);
  window.removedByFlutter = false;
  window.addEventListener("flutter-first-frame", () => {
    window.removedByFlutter = true;
    document.getElementById("loading")?.remove();
  }, {once: true});
};
window.splashShown = () => document.getElementById("loading") !== null;
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


# A repeat visit's page, as boot-pace.js tells it: a service worker controls it from the start.
CONTROLLED = """Object.defineProperty(navigator, "serviceWorker",
  {value: {controller: {}}, configurable: true})"""


@pytest.fixture(params=["first visit"])
def page(browser, request):
    page = browser.new_page(viewport={"width": 360, "height": 640})
    page.goto("about:blank")
    page.evaluate("() => { window.nativeFrame = window.requestAnimationFrame.bind(window); }")
    page.add_script_tag(content=HELPERS)
    if request.param == "repeat visit":
        page.evaluate(CONTROLLED)
        # Flutter's bootstrap is started after the script: its splash listener comes second.
        page.add_script_tag(content=web_script("boot-pace.js"))
        page.evaluate("splash()")
    else:
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


repeat_visit = pytest.mark.parametrize("page", ["repeat visit"], indirect=True)


@repeat_visit
def test_a_repeat_visit_draws_no_frame_before_hold_and_keeps_its_splash(page):
    page.evaluate("window.dispatchEvent(new Event('flutter-first-frame'))")
    assert page.evaluate("splashShown() && !removedByFlutter")
    times, shown = page.evaluate(
        "(async () => [await together(['first']), splashShown()])()")
    assert times["first"] > times["native"]
    # (a frame's time is when its refresh began: up to one refresh before the hold's end)
    assert times["first"] >= HOLD - 17, times
    # The splash gave its place to the first frame drawn; Flutter's listener never ran.
    assert not shown and not page.evaluate("removedByFlutter")
    assert not [line for line in page.lines if "paced until" in line]
    # Then the boot screen's pace, as on a first visit.
    at = page.evaluate("spin(3)")
    assert all(later - earlier >= PACE - 2 for earlier, later in itertools.pairwise(at)), at


@repeat_visit
def test_a_repeat_visits_first_screen_is_drawn_at_the_next_refresh(page):
    page.evaluate("window.dispatchEvent(new Event('flutter-first-frame'))")
    times = page.evaluate("""async () => {
      const times = {};
      await new Promise((done) => {
        let left = 2;
        requestAnimationFrame((time) => {
          times.waiting = time;
          times.splash = splashShown();
          if (--left === 0) done();
        });
        window.dispatchEvent(new Event('scorer-home-shown'));
        window.nativeFrame((time) => { times.native = time; if (--left === 0) done(); });
      });
      times.splashAfter = splashShown();
      return times;
    }""")
    assert times["waiting"] == times["native"] < HOLD, times
    # The splash is up while the first screen's frame runs, gone once it has run.
    assert times["splash"] and not times["splashAfter"]
    assert not page.evaluate("removedByFlutter")
    assert page.lines.count(
        "Scorer: the boot screen's frames were paced until the first screen was up "
        "(0 frames)") == 1, page.lines


@repeat_visit
def test_a_press_during_the_hold_draws_at_once(page):
    page.evaluate("window.dispatchEvent(new Event('flutter-first-frame'))")
    page.mouse.click(180, 320)
    times = page.evaluate("together(['after'])")
    assert times["after"] == times["native"] < HOLD, times
    assert not page.evaluate("splashShown()")


def test_a_first_visit_leaves_the_splash_to_flutter(page):
    page.evaluate("splash(); window.dispatchEvent(new Event('flutter-first-frame'))")
    assert page.evaluate("removedByFlutter && !splashShown()")
