"""Faults a tester met playing at 360x640 in Chromium, by the accessibility tree and the
keyboard (decisions 400-409)."""

from __future__ import annotations

import pytest
from browser import FOCUSED_NAME, PHONE, press

pytestmark = pytest.mark.browser

# Where the focused node is drawn, and what it says.
FOCUS_BOX = """() => { const e = document.activeElement; if (!e) return null;
  const r = e.getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, text: (e.getAttribute('aria-label') || e.textContent
          || '').trim()}; }"""


def test_ending_the_game_shows_the_result_at_the_top_with_the_focus_on_it(phone):
    """End the game now, asked at the foot of the scoreboard: Escape keeps playing (the focus
    back on the button); End the game shows who won at the top, the focus on it (it was left
    scrolled at the share buttons, the focus on Share link: decision 402)."""
    phone.new_game("Call Break", ["Ana", "Ben", "Cleo", "Dan"], dealer="Ana",
                   end="End: Number of deals")
    phone.see("Deal 1 of 12")
    press(phone, "End the game now")
    phone.see("End the game now?")
    phone.page.keyboard.press("Escape")
    phone._until(lambda: phone.page.get_by_text("End the game now?").count() == 0,
                 "the question closed by Escape", 20000)
    phone._until(lambda: phone.page.evaluate(FOCUSED_NAME) == "End the game now",
                 "the focus back on End the game now", 20000)
    phone.page.keyboard.press("Enter")
    phone.see("End the game now?")
    press(phone, "End the game")
    phone.see("share the win")

    def result_focused() -> bool:
        box = phone.page.evaluate(FOCUS_BOX)
        return bool(box and "share the win" in box["text"] and box["top"] >= 0
                    and box["bottom"] <= PHONE["height"])
    phone._until(result_focused, "the result on screen with the focus", 20000)
