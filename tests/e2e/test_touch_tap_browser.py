"""A finger's quick tap on one of Flutter's keys is its click at once (scorer/assets/web/
touch-tap.js, decision 609), in Chromium with a touch screen; everything else a finger does
stays the browser's.

First on a plain page with the script and three elements like the app's (a key marked
``flt-tappable`` as Flutter marks one, a text field, a plain element), touched through
DevTools' touch events (start, moves, end, each where a finger would be and stamped with
when, so that a long press is long however busy the machine is): which clicks reach the
page, the browser's own (trusted) or the script's, and whether the browser still made its
tap gesture (its compatibility ``mousedown``). Then on the served app: a finger's taps on
deal entry's keys are the script's clicks and each one is taken, and a finger's tap on a
name field still puts the keyboard's focus there, so a name can be typed."""

from __future__ import annotations

import time

import pytest
from browser import PHONE, Phone, controls

from scorer.ui.serve.client_files import web_script

pytestmark = pytest.mark.browser

PAGE = """<!doctype html><html><head><meta name="viewport" content="width=device-width">
<script>SCRIPT</script></head><body style="margin:0">
<div id="key" flt-tappable="" role="button" style="position:absolute;left:0;top:0;
  width:160px;height:80px">key</div>
<div id="other" flt-tappable="" role="button" style="position:absolute;left:0;top:200px;
  width:160px;height:80px">other</div>
<input id="field" style="position:absolute;left:0;top:100px;width:160px;height:40px">
<div id="plain" style="position:absolute;left:200px;top:0;width:120px;height:80px">plain</div>
<script>
  window.seen = [];
  for (const name of ["click", "mousedown"]) {
    window.addEventListener(name, (event) => window.seen.push(
      [name, event.target.id, event.isTrusted]), true);
  }
  window.addEventListener("touchend", (event) => setTimeout(() => window.seen.push(
    ["touchend cancelled", event.defaultPrevented])), false);
</script></body></html>"""


@pytest.fixture
def finger_page(browser):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.set_content(PAGE.replace("SCRIPT", web_script("touch-tap.js")))
    yield page, context.new_cdp_session(page)
    context.close()


def press(cdp, path: list[tuple[float, float]], held_ms: int = 30, fingers: int = 1) -> None:
    """A finger down at ``path[0]``, moved through the rest of it, up ``held_ms`` later
    (``fingers``: that many side by side, 30 px apart). The events carry their own times, so
    how long the finger was down is ``held_ms`` however busy the machine is."""
    def points(x: float, y: float) -> list[dict]:
        return [{"x": x + 30 * n, "y": y, "id": n} for n in range(fingers)]

    start = time.time()
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": points(*path[0]),
                                          "timestamp": start})
    for n, (x, y) in enumerate(path[1:], 1):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": points(x, y),
                                              "timestamp": start + held_ms / 1000 * n / len(path)})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": [],
                                          "timestamp": start + held_ms / 1000})


# Resolves once the page has drawn ``n`` more frames.
FRAMES = """(n) => new Promise((done) => {
  const next = () => (--n > 0 ? requestAnimationFrame(next) : done());
  requestAnimationFrame(next);
})"""


def touch(page, cdp, path: list[tuple[float, float]], held_ms: int = 30,
          fingers: int = 1) -> list[list]:
    """:func:`press`, then what the page saw: the script's click comes within the touch's end,
    the browser's gesture at the frames after it (counted, not timed)."""
    page.evaluate("window.seen.length = 0")
    press(cdp, path, held_ms, fingers)
    page.wait_for_function("() => window.seen.some((e) => e[0] === 'touchend cancelled')")
    page.evaluate(FRAMES, 10)
    return page.evaluate("window.seen")


def clicks(seen: list[list]) -> list[tuple[str, bool]]:
    """The clicks seen: (target, trusted), the browser's own trusted, the script's not."""
    return [(event[1], event[2]) for event in seen if event[0] == "click"]


def test_a_quick_tap_on_a_key_is_one_click_of_the_scripts_and_no_gesture(finger_page):
    page, cdp = finger_page
    seen = touch(page, cdp, [(80, 40)])
    assert clicks(seen) == [("key", False)], seen
    assert not [e for e in seen if e[0] == "mousedown"], seen  # the browser's gesture was not made
    assert ["touchend cancelled", True] in seen, seen
    # a finger shaking by a few pixels still taps
    assert clicks(touch(page, cdp, [(80, 40), (84, 43), (82, 41)])) == [("key", False)]


def test_what_is_not_a_quick_tap_on_a_key_stays_the_browsers(finger_page):
    page, cdp = finger_page
    # a text field and a plain element: the browser's own tap, its click and its mousedown
    for x, y, target in ((80, 120, "field"), (260, 40, "plain")):
        touch(page, cdp, [(x, y)])
        page.wait_for_function("(target) => window.seen.some((e) => e[0] === 'click' && "
                               "e[1] === target)", arg=target)
        seen = page.evaluate("window.seen")
        assert clicks(seen) == [(target, True)], seen
        assert ["mousedown", target, True] in seen, seen
        if target == "field":
            assert page.evaluate("document.activeElement.id") == "field"
    # a finger that moves (a scroll), a long press, two fingers, a touch that ends on another
    # key: no click of the script's
    for path, held, fingers in (([(80, 40), (80, 60), (80, 75)], 30, 1),
                                ([(80, 40)], 800, 1),
                                ([(40, 40)], 30, 2),
                                ([(80, 40), (80, 120), (80, 240)], 30, 1)):
        seen = touch(page, cdp, path, held, fingers)
        assert ("key", False) not in clicks(seen) and ("other", False) not in clicks(seen), (
            path, held, fingers, seen)


# Counts the clicks that reach the page, the browser's own and the script's (untrusted).
COUNT_CLICKS = """() => {
  window.scorerClicks = {browser: 0, script: 0};
  window.addEventListener("click", (event) => {
    window.scorerClicks[event.isTrusted ? "browser" : "script"] += 1; }, true);
}"""


@pytest.fixture
def finger(browser, server):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    yield Phone(context.new_page(), server).open()
    context.close()


def tap_with_finger(phone: Phone, cdp, target) -> None:
    phone.shown(target, "the key")
    phone.scroll_to(target, tries=20)
    box = phone.steady_box(target)
    assert box is not None, "the key never stopped moving"
    press(cdp, [(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)])


def test_a_fingers_taps_in_the_app_are_the_scripts_clicks_and_text_fields_still_type(finger):
    cdp = finger.page.context.new_cdp_session(finger.page)
    finger.page.evaluate(COUNT_CLICKS)
    for name in ("New game", "Draw Bridge"):
        tap_with_finger(finger, cdp, finger.button(name).first)
    for label, name in (("Player 1", "Ana"), ("Player 2", "Ben")):
        tap_with_finger(finger, cdp, finger.page.get_by_role("textbox", name=label, exact=True))
        finger.focus_moves_to(label, "a finger's tap")  # the browser's own tap focuses it
        finger.frames(18)
        finger.page.get_by_role("textbox", name=label, exact=True).fill(name)
        finger.frames(12)
    keys = ("First dealer Ana", "Start game", "New deal", "Declarer Ana", "Level 1", "Clubs",
            "Tricks 7")
    for name in keys:
        tap_with_finger(finger, cdp, finger.button(name).first)
        finger.frames(5)
    finger.see("1♣ by Ana: made")
    assert next(c.get("checked") for c in controls(finger) if c["name"] == "Tricks 7") == "true"
    # every key by the script's click, the two fields by the browser's own tap
    assert finger.page.evaluate("window.scorerClicks") == {"browser": 2, "script": 9}
