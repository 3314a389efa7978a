"""A finger's press draws what it changed and nothing else (issue 33, decision 571).

Flutter's InkWell animates its splash and pressed highlight for 0.2-0.4 s after a press, even
in a transparent colour, and each of those frames is drawn and copied off the canvas: about
20 frames a tap, which kept the Python worker's answer waiting on the page's thread. A key of
``widgets.key`` is now pressed on a layer without ink, over the keyboard's InkWell.

Counted, not timed: the frames Flutter asks the browser for (``requestAnimationFrame``, one
for each frame it draws) from a touch to half a second later. The touches are a
finger's, at the key's place on the screen (a phone's touchscreen in Chromium), so they also
prove that a finger reaches the press layer; the keyboard's and the screen reader's way to
the same keys are checked in test_access.py."""

from __future__ import annotations

import pytest
from browser import PHONE, Phone, controls

pytestmark = pytest.mark.browser

# Counts the frames Flutter asks the browser for from now on (window.scorerFrames): it asks
# for one only when something is to be drawn, and for every frame while an animation runs.
COUNT_FRAMES = """() => {
  if (window.scorerFrames !== undefined) { window.scorerFrames = 0; return; }
  window.scorerFrames = 0;
  const ask = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) => { window.scorerFrames += 1; return ask(callback); };
}"""
# More than this many frames after one press: an animation is being drawn (the InkWell's
# press drew 10-21 here, the answer itself 1-2).
MOST_FRAMES = 4


@pytest.fixture
def finger(browser, server):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    yield Phone(context.new_page(), server).open()
    context.close()


def touch(phone: Phone, name: str) -> int:
    """Touch the key ``name`` where it is drawn; the frames Flutter drew in the 30 frames'
    time after (half a second at 60 a second)."""
    target = phone.button(name).first
    phone.shown(target, f"button {name!r}")
    box = phone.steady_box(target)
    assert box is not None, f"button {name!r} never stopped moving"
    phone.frames(10)  # whatever was being drawn is done
    phone.page.evaluate(COUNT_FRAMES)
    phone.page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    phone.frames(30)
    return int(phone.page.evaluate("window.scorerFrames"))


def checked(phone: Phone, name: str) -> str:
    return next(c.get("checked", "") for c in controls(phone) if c["name"] == name)


def test_a_fingers_press_on_a_key_draws_its_answer_and_no_animation(finger):
    finger.new_game("Draw Bridge", ["Ana", "Ben"], dealer="Ana")
    finger.see("Ana total 0")
    finger.tap("New deal")
    finger.see("Cannot save yet")
    copied = {}
    for name in ("Declarer Ana", "Level 1", "Clubs", "Tricks 7"):
        copied[name] = touch(finger, name)
        finger.frames(5)
        assert checked(finger, name) == "true", f"the finger's touch on {name!r} was not taken"
    finger.see("1♣ by Ana: made")
    print(f"frames drawn after each touch: {copied}")
    assert all(1 <= n <= MOST_FRAMES for n in copied.values()), copied
    copied["Save deal"] = touch(finger, "Save deal")
    finger.see("New deal")
    print(f"frames drawn after the Save: {copied['Save deal']}")
    assert copied["Save deal"] <= MOST_FRAMES + 2, copied  # a new screen: its layout, its fonts
