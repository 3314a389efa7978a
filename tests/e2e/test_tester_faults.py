"""Faults a tester met playing at 360x640 in Chromium, by the accessibility tree and the
keyboard (decisions 400-409)."""

from __future__ import annotations

import pytest
from browser import FOCUSED_NAME, PHONE, layout_faults, press

from .test_large_text import phone_at

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


def test_a_name_typed_twice_is_said_at_once_and_start_leaves_the_focus_on_it(phone):
    """The duplicate-name message was drawn but not in the accessibility tree until Start was
    pressed, and Start then moved the focus to the screen's title, six Tabs away
    (decision 403): it is said when it appears, and a refused Start leaves the focus on the
    first field at fault."""
    phone.tap("New game")
    phone.tap("Draw Bridge")
    phone.type("Player 1", "Ana")
    phone.type("Player 2", "ana")
    phone.page.keyboard.press("Tab")  # left the field: its fault is said
    phone.see("same name")
    assert "same name" in phone.screen_text(bottom=160)  # in the bar, above Start
    press(phone, "Start game")
    phone.see("same name")
    phone.focus_moves_to("Player 2", "a refused Start")
    phone.frames(30)
    assert phone.has_focus("Player 2"), phone.page.evaluate(FOCUSED_NAME)


@pytest.mark.parametrize("width", [360, 320])
def test_minibridge_point_fields_are_readable_at_200_percent(browser, server, width):
    """At 200 % text the four fields' labels ("North points (Ana)") wrapped to three lines
    over each other and the typed count, two fields a row (decision 406): one a row, each
    label on one line within its field (layout_faults with the text's scale)."""
    phone = phone_at(browser, server, 200, width)
    phone.see("No games yet")
    phone.new_game("MiniBridge", ["Ana", "Ben", "Cleo", "Dan"], dealer="Ana")
    phone.tap("New deal")
    phone.see("Cannot save yet")
    phone.into_view("North points (Ana)")
    phone.type("North points (Ana)", "12")
    phone.page.screenshot(path=f"/tmp/fixg_mb_{width}.png")
    faults = [f for f in layout_faults(phone, text_scale=2.0) if "points" in f]
    assert not faults, "\n".join(faults)
